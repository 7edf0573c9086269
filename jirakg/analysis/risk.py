"""Why an open issue is at risk, as data: days overdue, due soon and not started, the unresolved issue
blocking it, days without an update while in progress, high priority with nobody assigned."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from jirakg.analysis.values import date_of, days_text, in_days, is_open, person, values
from jirakg.graph import Node

SOON = timedelta(days=7)
STALE = timedelta(days=14)
HIGH = {"highest", "high", "blocker", "critical", "urgent"}


@dataclass
class AtRisk:
    node: Node
    reasons: list[str] = field(default_factory=list)
    overdue_days: float = 0.0  # sorts the most overdue first


def at_risk(nodes: list[Node], open_blockers: dict[str, Node], now: datetime) -> list[AtRisk]:
    """The open issues with at least one reason, most overdue first, then those with most reasons."""
    found = []
    for node in nodes:
        if not is_open(node):
            continue
        risk = AtRisk(node)
        due = date_of(node, "duedate")
        if due and due < now:
            risk.overdue_days = in_days(now - due)
            risk.reasons.append(f"overdue by {days_text(risk.overdue_days)} (due {due:%Y-%m-%d})")
        elif due and due - now <= SOON and node.status_category == "new":
            risk.reasons.append(f"due in {days_text(in_days(due - now))} ({due:%Y-%m-%d}) and not started")
        for key, _, _ in node.linked("is blocked by"):
            if key in open_blockers:
                risk.reasons.append(f"blocked by {key} ({open_blockers[key].status})")
        updated = date_of(node, "updated")
        if node.status_category == "indeterminate" and updated and now - updated >= STALE:
            risk.reasons.append(f"no update for {days_text(in_days(now - updated))} while {node.status}")
        if priority(node) in HIGH and person(node) is None:
            risk.reasons.append(f"{priority(node).title()} priority and unassigned")
        if risk.reasons:
            found.append(risk)
    return sorted(found, key=lambda r: (-r.overdue_days, -len(r.reasons), r.node.key))


def priority(node: Node) -> str:
    return values(node, "priority")[0].lower()
