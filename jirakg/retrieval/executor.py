"""Run retrieval plans through the GraphManager (cache first) and select what the answer needs."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from jirakg.graph import GraphManager, Node
from jirakg.graph.node import ChangeEntry
from jirakg.retrieval.plan import RetrievalPlan


class Retrieved(BaseModel):
    plan: RetrievalPlan
    nodes: list[Node] = Field(default_factory=list)  # the issues the answer is about, in order
    subject: Node | None = None  # the issue asked about, when there is one
    chain: list[list[str]] = Field(default_factory=list)  # dependencies: keys by hop
    cycles: list[list[str]] = Field(default_factory=list)
    changes: list[ChangeEntry] = Field(default_factory=list)  # changelog, newest first
    cache_hit: bool | None = None


async def execute(plan: RetrievalPlan, manager: GraphManager) -> Retrieved:
    slots = plan.intent.slots
    if plan.operation == "none":
        return Retrieved(plan=plan)
    if plan.operation == "jql":
        result = await manager.get(plan.jql, plan.fields)
        return Retrieved(plan=plan, nodes=result.nodes, cache_hit=result.cache_hit)
    key = plan.keys[0]
    subject = await manager.node(key, plan.fields, changelog=plan.changelog)
    if plan.operation == "node":
        others = await manager.nodes(plan.keys[1:], plan.fields)
        return Retrieved(plan=plan, subject=subject, nodes=[subject, *others.values()])
    if plan.operation == "children":
        tree = await manager.subtree(key, plan.fields, depth=1)
        children = tree.children(key, slots.issue_type)
        if slots.statuses:
            children = [n for n in children if n.status in slots.statuses]
        if slots.status_categories:
            children = [n for n in children if n.status_category in slots.status_categories]
        if slots.priorities:
            children = [n for n in children if (n.fields.get("priority") or {}).get("name") in slots.priorities]
        return Retrieved(plan=plan, subject=subject, nodes=children)
    if plan.operation == "linked":
        wanted = subject.linked(slots.link_type)
        linked = await manager.nodes([k for k, _, _ in wanted], plan.fields)
        return Retrieved(plan=plan, subject=subject, nodes=[linked[k] for k, _, _ in wanted if k in linked])
    if plan.operation == "dependencies":
        link = slots.link_type or "is blocked by"
        kind, direction = ("Blocks", "outward") if link == "blocks" else ("Blocks", "inward")
        chain, cycles, graph = await manager.dependencies(key, kind, direction, plan.depth)
        nodes = [graph.get(k) for k in chain.keys if graph.get(k)]
        return Retrieved(plan=plan, subject=subject, nodes=nodes, chain=chain.layers, cycles=cycles)
    if plan.operation == "changelog":
        changes = sorted(subject.changelog or [], key=lambda e: e.created, reverse=True)
        if slots.fields:
            wanted = {f.lower() for f in slots.fields}
            changes = [e for e in changes if any(_field_matches(i.field, wanted) for i in e.items)]
        if slots.window is not None:
            changes = [e for e in changes if _in_window(e.created, slots.window.start, slots.window.end)]
        return Retrieved(plan=plan, subject=subject, changes=changes)
    tree = await manager.subtree(key, plan.fields, depth=plan.depth)
    return Retrieved(plan=plan, subject=subject, nodes=tree.descendants(key))


def _field_matches(changed: str, wanted: set[str]) -> bool:
    name = changed.lower()
    return name in wanted or name.replace(" ", "") in wanted or (name == "fix version" and "fixversions" in wanted)


def _in_window(moment: datetime, start: str | None, end: str | None) -> bool:
    return (start is None or moment >= datetime.fromisoformat(start.replace("Z", "+00:00"))) and (
        end is None or moment < datetime.fromisoformat(end.replace("Z", "+00:00")))
