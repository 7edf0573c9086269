"""Conditions JQL cannot state, resolved through the issue graph before the query runs: "everything
under INIT-3 at any depth" becomes the keys of its subtree."""

from __future__ import annotations

from jirakg.graph import GraphManager
from jirakg.intents.models import Slots

SUBTREE_DEPTH = 6  # Initiative → Feature → Epic → Story → Sub-task, with room to spare


async def resolved_jql(jql: str, slots: Slots, manager: GraphManager) -> str:
    """`jql` narrowed to the descendants the slots ask for; unchanged when they ask for none."""
    if not slots.descendants_of:
        return jql
    keys: list[str] = []
    for key in slots.descendants_of:
        tree = await manager.subtree(key, depth=SUBTREE_DEPTH)
        keys += [node.key for node in tree.descendants(key) if node.key not in keys]
    within = f"key in ({', '.join(keys)})" if keys else "key is EMPTY"  # no descendants: nothing matches
    where, _, order = jql.partition(" ORDER BY ")
    where = f"{within} AND {where}" if where.strip() else within
    return f"{where} ORDER BY {order}" if order else where
