"""The lines an answer adds about how it read the question: the readings it chose (`Slots.assumed`: a category
for "being worked on", levels for "important") and the words it did not use (`Slots.ignored`). One wording, for
the handlers that write it and for the evaluation that checks a wider answer said why."""

from __future__ import annotations

from jirakg.intents.models import IntentCall


def reading_notes(call: IntentCall) -> list[str]:
    lines = list(call.slots.assumed)
    ignored = call.slots.ignored
    if ignored:
        what = {"search": "list", "count": "count"}.get(call.name, "answer")
        lines.append(f"I did not use {', '.join(repr(word) for word in ignored)} from the question; "
                     f"the {what} above does not take {'it' if len(ignored) == 1 else 'them'} into account.")
    return lines
