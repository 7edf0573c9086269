"""Graph walks on the demo organisation, checked against computations on the raw issue JSON."""

from __future__ import annotations

from collections import defaultdict, deque
from itertools import pairwise

import pytest

from jirakg.devjira.demo.generator import generate
from jirakg.graph import IssueGraph, node_from_issue

_, STREAM = generate(seed=21, issues=2500)
RAW = {issue["key"]: issue for issue in STREAM}
GRAPH = IssueGraph(node_from_issue(issue) for issue in RAW.values())


def raw_children(key: str) -> set[str]:
    return {k for k, i in RAW.items() if (i["fields"].get("parent") or {}).get("key") == key}


def raw_blockers(key: str) -> set[str]:
    """Issues that block `key`: links on `key` of type Blocks seen from the inward side."""
    return {link["inwardIssue"]["key"] for link in RAW[key]["fields"]["issuelinks"]
            if link["type"]["name"] == "Blocks" and "inwardIssue" in link}


def test_node_fields() -> None:
    issue = next(i for i in RAW.values() if i["fields"].get("parent") and i["changelog"]["total"])
    node = GRAPH.get(issue["key"])
    assert node.id == issue["id"] and "url" not in node.model_dump()  # links are made per process
    assert node.type == issue["fields"]["issuetype"]["name"]
    assert node.status == issue["fields"]["status"]["name"]
    assert node.status_category == issue["fields"]["status"]["statusCategory"]["key"]
    assert node.parent == issue["fields"]["parent"]["key"]
    assert len(node.changelog) == issue["changelog"]["total"]
    assert node.changelog[0].items[0].field == issue["changelog"]["histories"][0]["items"][0]["field"]


def test_children_and_descendants() -> None:
    for initiative in [k for k, i in RAW.items() if i["fields"]["issuetype"]["name"] == "Initiative"][:5]:
        assert {n.key for n in GRAPH.children(initiative)} == raw_children(initiative)
        expected, frontier = set(), {initiative}
        while frontier:
            frontier = {c for k in frontier for c in raw_children(k)} | {
                s["key"] for k in frontier for s in RAW[k]["fields"]["subtasks"]}
            expected |= frontier
        assert {n.key for n in GRAPH.descendants(initiative)} == expected
    epic = next(k for k, i in RAW.items() if i["fields"]["issuetype"]["name"] == "Epic" and raw_children(k))
    stories = GRAPH.children(epic, issue_type="story")
    assert {n.key for n in stories} == {k for k in raw_children(epic)
                                        if RAW[k]["fields"]["issuetype"]["name"] == "Story"}
    sub_task = next(k for k, i in RAW.items() if i["fields"]["issuetype"]["name"] == "Sub-task")
    assert GRAPH.ancestors(sub_task)[0].key == RAW[sub_task]["fields"]["parent"]["key"]


def test_links_by_type_and_direction() -> None:
    for key, issue in list(RAW.items())[:400]:
        for kind in ("Blocks", "Relates", "Duplicate", "Risk"):
            for side in ("outward", "inward"):
                expected = sorted(link[f"{side}Issue"]["key"] for link in issue["fields"]["issuelinks"]
                                  if link["type"]["name"] == kind and f"{side}Issue" in link)
                assert sorted(o for o, _, _ in GRAPH.linked(key, kind, side)) == expected
    risk = next(k for k, i in RAW.items() if i["fields"]["issuetype"]["name"] == "Risk")
    assert GRAPH.linked(risk, "is risk for")  # by verb as well as by type name


def test_transitive_blockers_match_a_breadth_first_search_of_the_raw_links() -> None:
    checked = 0
    for key in RAW:
        if not raw_blockers(key):
            continue
        expected, seen, queue = set(), {key}, deque([key])
        while queue:
            for blocker in raw_blockers(queue.popleft()):
                if blocker not in seen:
                    seen.add(blocker)
                    expected.add(blocker)
                    queue.append(blocker)
        chain = GRAPH.chain(key, "Blocks", "inward", depth=50)
        assert set(chain.keys) == expected
        for reached in chain.keys:
            path = chain.path_to(reached)
            assert path[0] == key and all(b in raw_blockers(a) for a, b in pairwise(path))
        checked += 1
    assert checked > 20


def test_cycles_are_real_deadlocks() -> None:
    cycles = GRAPH.cycles("Blocks")
    assert cycles
    for cycle in cycles:
        for blocker, blocked in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            assert blocker in raw_blockers(blocked)


def test_cycles_on_a_hand_made_graph() -> None:
    def issue(key, blocks=()):
        return {"key": key, "id": key, "fields": {"issuetype": {"name": "Task"}, "issuelinks": [
            {"type": {"name": "Blocks", "outward": "blocks", "inward": "is blocked by"}, "outwardIssue": {"key": b}}
            for b in blocks]}}
    graph = IssueGraph(node_from_issue(i) for i in [
        issue("A-1", ["A-2"]), issue("A-2", ["A-3"]), issue("A-3", ["A-1", "A-4"]), issue("A-4"),
        issue("A-5", ["A-5"]), issue("A-6", ["A-7"]), issue("A-7")])
    assert graph.cycles() == [["A-1", "A-2", "A-3"], ["A-5"]]


def test_shortest_path() -> None:
    adjacency = defaultdict(set)
    for key, issue in RAW.items():
        for link in issue["fields"]["issuelinks"]:
            other = (link.get("outwardIssue") or link.get("inwardIssue"))["key"]
            adjacency[key].add(other)
            adjacency[other].add(key)
        parent = (issue["fields"].get("parent") or {}).get("key")
        if parent:
            adjacency[key].add(parent)
            adjacency[parent].add(key)

    def distance(a: str, b: str) -> int | None:
        seen, queue = {a: 0}, deque([a])
        while queue:
            current = queue.popleft()
            if current == b:
                return seen[current]
            for nxt in adjacency[current]:
                if nxt not in seen:
                    seen[nxt] = seen[current] + 1
                    queue.append(nxt)
        return None

    keys = list(RAW)
    pairs = [(keys[i], keys[-1 - i * 7]) for i in range(15)]
    for start, goal in pairs:
        path = GRAPH.shortest_path(start, goal)
        expected = distance(start, goal)
        if expected is None:
            assert path is None
            continue
        assert len(path) - 1 == expected
        assert path[0][0] == start and path[-1][0] == goal
        assert all(b in adjacency[a] for (a, _), (b, _) in pairwise(path))
    assert GRAPH.shortest_path("PROJ-1", "NOPE-1") is None


@pytest.mark.parametrize("key", ["NOPE-1"])
def test_unknown_keys_are_empty_not_errors(key: str) -> None:
    assert GRAPH.children(key) == [] and GRAPH.linked(key) == [] and GRAPH.chain(key).keys == []
