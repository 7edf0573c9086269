"""Follow-up questions narrow the previous result set: the earlier conditions stay, the new ones add
to them or replace one of the same kind."""

from __future__ import annotations

from jirakg.intents.models import Slots, ValueFilters


def narrowed(previous: Slots, new: Slots) -> Slots:
    """A follow-up keeps the earlier conditions and adds or replaces what it states ("and in FLOE?",
    "how many of those are bugs?", "only the open ones", "sort them by priority")."""
    merged = previous.model_copy(deep=True)
    for name in ValueFilters.model_fields:
        if getattr(new, name):
            setattr(merged, name, list(getattr(new, name)))
        if getattr(new.excluded, name):
            both = getattr(merged.excluded, name) + getattr(new.excluded, name)
            setattr(merged.excluded, name, list(dict.fromkeys(both)))
    merged.empty = list(dict.fromkeys(merged.empty + new.empty))
    merged.filled = list(dict.fromkeys(merged.filled + new.filled))
    merged.dates = [d for d in merged.dates if d.field not in {n.field for n in new.dates}] + new.dates
    merged.links += [link for link in new.links if link not in merged.links]
    merged.parents = list(dict.fromkeys(merged.parents + new.parents))
    merged.descendants_of = list(dict.fromkeys(merged.descendants_of + new.descendants_of))
    merged.was_statuses = new.was_statuses or merged.was_statuses
    merged.history += [condition for condition in new.history if condition not in merged.history]
    # a named sprint or version replaces an earlier "current sprint" / "unreleased" and the other way round
    merged.version_state = new.version_state or (None if new.fix_versions else merged.version_state)
    if new.version_state and not new.fix_versions:
        merged.fix_versions = []
    merged.numbers = [n for n in merged.numbers if n.field not in {m.field for m in new.numbers}] + new.numbers
    merged.overdue = merged.overdue or new.overdue
    merged.sprint_state = new.sprint_state or (None if new.sprints else merged.sprint_state)
    if new.sprint_state and not new.sprints:
        merged.sprints = []
    merged.text = new.text or merged.text
    merged.typed_jql = " AND ".join(filter(None, [merged.typed_jql, new.typed_jql])) or None
    merged.order_by = new.order_by or merged.order_by
    merged.ignored = new.ignored
    if new.statuses:
        merged.status_categories = []
    return merged
