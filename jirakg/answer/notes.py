"""The lines an answer adds about how it read the question: the readings it chose (`Slots.assumed`: a category
for "being worked on", levels for "important"), where words were searched for, and the words it did not use
(`Slots.ignored`). One wording, for the handlers that write it and for the evaluation that checks a wider answer
said why."""

from __future__ import annotations

from jirakg.intents.models import IntentCall


def reading_notes(call: IntentCall) -> list[str]:
    lines = list(call.slots.assumed)
    if call.slots.text and call.slots.text_field == "text" and call.name in ("search", "count"):
        # where the words were looked for: a title-only reading ("safari tickets") would select fewer
        lines.append(f"I looked for '{call.slots.text}' anywhere in the issues' text (summary, description and "
                     "comments), not only in their titles.")
    ignored = call.slots.ignored
    if ignored:
        what = {"search": "list", "count": "count"}.get(call.name, "answer")
        lines.append(f"I did not use {', '.join(repr(word) for word in ignored)} from the question; "
                     f"the {what} above does not take {'it' if len(ignored) == 1 else 'them'} into account.")
    return lines
