"""A node's values as people read them: the names a breakdown groups by, its dates, its points."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Literal

from jirakg.graph import Node

NONE = "none"  # the group of issues with no value in a field
DERIVED = {"project", "created_month", "created_week", "epic"}  # groupings that are not Jira fields


def values(node: Node, field: str) -> list[str]:
    """The names of `field`'s values on `node` (several for components, labels, versions), or ["none"]."""
    if field == "project":
        return [node.project]
    if field == "status":
        return [node.status or NONE]
    if field == "issuetype":
        return [node.type or NONE]
    if field == "epic":
        epic = _epic(node)
        return [epic["key"]] if epic else [NONE]
    if field in ("created_month", "created_week"):
        created = date_of(node, "created")
        return [period_of(created, "month" if field == "created_month" else "week")] if created else [NONE]
    raw = node.fields.get(field)
    items = raw if isinstance(raw, list) else [raw]
    names = [name for item in items if (name := _name(item))]
    return names or [NONE]


def epic_titles(nodes: list[Node]) -> dict[str, str]:
    """The summaries of the epics `nodes` belong to, by key, as Jira embeds them in each child's parent field."""
    return {epic["key"]: (epic.get("fields") or {}).get("summary") or "" for node in nodes if (epic := _epic(node))}


def _epic(node: Node) -> dict | None:
    """The parent Jira embeds in `node`, when it is an epic (a sub-task's parent is a story)."""
    parent = node.fields.get("parent")
    if not isinstance(parent, dict) or not parent.get("key"):
        return None
    return parent if ((parent.get("fields") or {}).get("issuetype") or {}).get("name") == "Epic" else None


def period_of(moment: datetime, period: Literal["week", "month"]) -> str:
    """"2026-10" for a month, "week of 2026-10-26" (its Monday) for a week."""
    if period == "week":
        return (moment - timedelta(days=moment.weekday())).strftime("week of %Y-%m-%d")
    return moment.strftime("%Y-%m")


def _name(item: object) -> str | None:
    if isinstance(item, dict):
        return item.get("displayName") or item.get("name") or item.get("value") or item.get("key")
    if isinstance(item, str) and item:
        return item
    return None


def person(node: Node, role: str = "assignee") -> str | None:
    name = _name(node.fields.get(role))
    return name or None


def date_of(node: Node, field: str) -> datetime | None:
    """created, updated, resolutiondate or duedate as an aware datetime (a bare date is midnight UTC)."""
    raw = node.fields.get(field)
    if not isinstance(raw, str) or not raw:
        return node.updated if field == "updated" else None
    return moment(raw)


def moment(raw: object) -> datetime | None:
    """A Jira timestamp or date as an aware datetime (a bare date is midnight UTC); None when absent."""
    if not isinstance(raw, str) or not raw:
        return None
    return _parsed(raw)


@lru_cache(maxsize=65_536)
def _parsed(raw: str) -> datetime:
    # Team answers read the same due dates and timestamps on every cached turn; datetimes are immutable.
    parsed = datetime.fromisoformat(raw)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


# The Jira field holding each popularity metric and its figure inside it ("watches": {"watchCount": 3})
POPULARITY = {"watchers": ("watches", "watchCount"), "votes": ("votes", "votes")}


def popularity(node: Node, metric: str) -> float | None:
    """The issue's watcher or vote count; None when Jira did not return the field (an archive without it)."""
    field, figure = POPULARITY[metric]
    raw = node.fields.get(field)
    count = raw.get(figure) if isinstance(raw, dict) else None
    return float(count) if isinstance(count, int | float) else None


def number(node: Node, field: str | None) -> float:
    raw = node.fields.get(field) if field else None
    return float(raw) if isinstance(raw, int | float) else 0.0


def is_open(node: Node) -> bool:
    """Unresolved: no resolution (a done status without one still counts as open, as Jira's JQL does)."""
    return not node.fields.get("resolution")


def is_done(node: Node) -> bool:
    return node.status_category == "done"


def in_days(delta: timedelta) -> float:
    return delta.total_seconds() / 86400


def days_text(count: float) -> str:
    """Whole days, rounded half up: "1 day", "12 days"."""
    whole = int(count + 0.5) if count >= 0 else -int(-count + 0.5)
    return "1 day" if abs(whole) == 1 else f"{whole} days"


def shown_number(value: float) -> str:
    """9 → "9", 9.5 → "9.5": no thousands separators, at most one decimal."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"
