"""Which reading a state or scale word gets, and the line that says so when it is broad or chosen.

The rule, as a careful Jira user reads a question: a workflow status said by its own name ("in progress",
"to do") means that status where the projects asked about have it in their workflow; a description without
the name ("being worked on", "started", "underway") means the status category, and the answer says which
statuses that spans. Likewise a priority said by its name ("high priority") is that priority; an everyday word
for a level ("important", "urgent", "showstoppers") is read as levels of the instance's scheme, said with the
answer."""

from __future__ import annotations

import re

from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import Slots

CATEGORY_LABELS = {"new": "To Do", "indeterminate": "In Progress", "done": "Done"}
# Status names that are also everyday phrases; each is the status only where the workflow has it.
NAMED_STATES = {"in progress": "in progress", "to do": "to do", "todo": "to do"}
MOST_LISTED = 5  # statuses named in a category line; more are "…"


def literal_status(lexicon: Lexicon, phrase: str, projects: list[str]) -> str | None:
    """The status `phrase` names, when the instance has it and every named project's issues use it (a
    project whose workflow lacks it means the category: FLUID bugs are never "In Progress", only reopened
    or in a pull request)."""
    wanted = NAMED_STATES.get(phrase)
    status = next((t.value for t in lexicon.of("status") if t.value.lower() == wanted), None) if wanted else None
    if status is None:
        return None
    used = [lexicon.statuses_in[p] for p in projects if p in lexicon.statuses_in]
    return status if all(status in names for names in used) else None


def category_note(lexicon: Lexicon, said: str, category: str, projects: list[str], outside: bool = False) -> str:
    """"I read 'being worked on' as any status in the In Progress category (In Progress, In Review, Blocked).";
    outside: "I read 'unfinished' as not in the Done category (Done, Closed)." """
    names = [name for name, key in lexicon.status_categories.items() if key == category]
    if projects and lexicon.statuses_in:
        used = {name for p in projects for name in lexicon.statuses_in.get(p, [])}
        names = [name for name in names if name in used] or names
    spans = f" ({', '.join(names[:MOST_LISTED])}{', …' if len(names) > MOST_LISTED else ''})" if names else ""
    said = re.sub(r"\b(\w+n) t\b", r"\1't", said)  # "aren t" as typed: "aren't"
    label = CATEGORY_LABELS.get(category, category)
    if outside:
        return f"I read '{said}' as not in the {label} category{spans}."
    return f"I read '{said}' as any status in the {label} category{spans}."


def priority_note(said: str, values: list[str]) -> str | None:
    """A line for a priority read from a word that is not its name ("urgent" → Highest); none for the name."""
    if said in {v.lower() for v in values} or said.removesuffix("s") in {v.lower() for v in values}:
        return None
    levels = values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"
    return f"I read '{said}' as priority {levels}."


def settled_by_state(lexicon: Lexicon, slots: Slots) -> None:
    """In projects that close issues without a resolution, whether an issue is settled is its state: "unresolved"
    is outside the Done category and "resolved" inside it (said with the answer); the resolution would be empty
    on every issue."""
    projects = slots.projects
    if not projects or not set(projects) <= set(lexicon.closed_without_resolution):
        return
    names = ", ".join(projects)
    for said, taken_from, categories, meaning in (("open", slots.empty, slots.excluded.status_categories, "not in"),
                                                  ("resolved", slots.filled, slots.status_categories, "in")):
        if "resolution" in taken_from:
            taken_from.remove("resolution")
            categories += [] if "done" in categories else ["done"]
            slots.assumed.append(f"{names} closes issues without a resolution, so {said} here means {meaning} the "
                                 "Done category.")
