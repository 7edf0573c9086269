"""The filters a child or link question may carry, applied to the issues found ("which stories under
MOB-2 are done?", "which bugs block PROJ-4?"); anything richer is a search."""

from __future__ import annotations

from jirakg.graph import Node
from jirakg.intents.models import Slots


def wanted(node: Node, slots: Slots) -> bool:
    return ((not slots.issue_types or node.type.lower() in {t.lower() for t in slots.issue_types})
            and (not slots.statuses or node.status in slots.statuses)
            and (not slots.status_categories or node.status_category in slots.status_categories)
            and (not slots.priorities or (node.fields.get("priority") or {}).get("name") in slots.priorities))
