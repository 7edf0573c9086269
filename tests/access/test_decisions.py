"""How long a browse decision is believed: Jira's answer for `jira.permission_ttl_s`, and a key's decision
derived from it no longer, however often the key is seen; a whole trimmed result no longer than its
first-lapsing decision, and never across a change to its nodes."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from jirakg.access.people import Account
from jirakg.access.permissions import Granted
from jirakg.access.sight import Decisions, Sight
from jirakg.graph.node import Node


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_decision_expires_with_the_answer_it_came_from() -> None:
    clock = Clock()
    decisions = Decisions(ttl_s=60, clock=clock)
    answered = decisions.answered(["10000"], ["10000", "10001"])
    decisions.put("ana", "project", answered)
    assert {k: v[0] for k, v in decisions.known("ana", "project", ["10000", "10001", "10002"]).items()} == {
        "10000": True, "10001": False}
    assert decisions.known("bo", "project", ["10000"]) == {}  # another person's decisions are not theirs
    clock.now += 30
    derived = decisions.known("ana", "project", ["10000"])["10000"]
    decisions.put("ana", "key", {"PROJ-1": derived})  # seen again half-way: still the first answer's expiry
    clock.now += 31
    assert decisions.known("ana", "project", ["10000"]) == {} and decisions.known("ana", "key", ["PROJ-1"]) == {}


def test_a_result_trimmed_once_is_reused_until_a_decision_lapses_or_a_node_changes() -> None:
    """A person's cached turn trims the same nodes again without deciding them again; a new sub-task under
    a visible parent (which leaves the parent's version as it was) or a lapsed decision decides anew."""
    clock = Clock()
    asked: list[tuple[set[str], set[str]]] = []

    class Api:
        async def browsable(self, person, projects, issues):
            asked.append(({p.key for p in projects}, {i.key for i in issues}))
            return Granted(projects={p.id for p in projects if p.key == "OPEN"})

    secret = node("SHUT-1", "SHUT", "20")
    parent = node("OPEN-1", "OPEN", "10")

    async def lookup(keys: list[str]) -> dict[str, Node]:
        return {k: secret for k in keys if k == secret.key}

    sight = Sight(Account("ana"), Api(), Decisions(ttl_s=60, clock=clock), lookup)

    async def run() -> None:
        assert [n.key for n in await sight.trim([parent])] == ["OPEN-1"]
        assert [n.key for n in await sight.trim([parent])] == ["OPEN-1"] and len(asked) == 1
        with_child = parent.model_copy(update={"children": ["SHUT-1"]})  # same `updated`: a new sub-task
        trimmed = await sight.trim([with_child])
        assert trimmed[0].children == [] and len(asked) == 2
        clock.now += 61
        assert (await sight.trim([with_child]))[0].children == [] and len(asked) == 3

    asyncio.run(run())


def test_a_remembered_result_costs_what_it_hides_not_what_it_shows() -> None:
    """Up to OUTCOME_LIMIT results are remembered per process: each holds the keys kept out and the nodes
    cut, so a result of thousands of visible issues is remembered in a few bytes."""
    class Api:
        async def browsable(self, person, projects, issues):
            return Granted(projects={p.id for p in projects if p.key == "OPEN"})

    secret = node("SHUT-1", "SHUT", "20")
    shown = [node(f"OPEN-{n}", "OPEN", "10") for n in range(2, 3000)]
    linked = node("OPEN-1", "OPEN", "10").model_copy(update={"links": {"blocks": {"outward": ["SHUT-1"]}}})

    async def lookup(keys: list[str]) -> dict[str, Node]:
        return {k: secret for k in keys if k == secret.key}

    decisions = Decisions(ttl_s=60, clock=Clock())
    sight = Sight(Account("ana"), Api(), decisions, lookup)
    trimmed = asyncio.run(sight.trim([linked, *shown, secret]))
    assert [n.key for n in trimmed] == ["OPEN-1", *(n.key for n in shown)]
    assert trimmed[0].links == {"blocks": {"outward": []}} and trimmed[1:] == shown
    [(hidden, cut, _)] = decisions.outcomes.values()
    assert hidden == {"SHUT-1"} and cut == {"OPEN-1"}


def node(key: str, project: str, project_id: str) -> Node:
    return Node(key=key, id=key[-1], type="Task", project=project, updated=datetime(2026, 11, 1, tzinfo=UTC),
                fields={"project": {"id": project_id}, "security": None})
