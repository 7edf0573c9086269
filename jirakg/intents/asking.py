"""Calls that ask back instead of answering, shared by the parts of the embedded parser."""

from __future__ import annotations

from collections.abc import Iterable

from jirakg.intents.models import IntentCall, Slots

WHICH_ISSUE = "Which issue do you mean? Name it by its key, for example "


def clarify(reason: str) -> IntentCall:
    return IntentCall(name="clarify", slots=Slots(reason=reason))


def which_issue(project_keys: Iterable[str]) -> str:
    """"Which issue do you mean?" with a key of this instance as the example."""
    first = min(project_keys, default="PROJ")
    return f"{WHICH_ISSUE}{first}-12."
