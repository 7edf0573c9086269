"""A dependency is a blocking link seen from the waiting side: on an instance without a Blocks type (the Fluid
archive's), what an issue depends on blocks it, for every walk that asks about blocking."""

from __future__ import annotations

from jirakg.analysis.critical_path import critical_path
from jirakg.graph import IssueGraph, node_from_issue
from jirakg.graph.node import as_blocking
from jirakg.handlers.team import blocker_keys

DEPENDENCY = {"name": "Dependency", "outward": "depends on", "inward": "is depended on by"}
RELATES = {"name": "Relates", "outward": "relates to", "inward": "relates to"}


def issue(key: str, depends_on: list[str] = (), depended_on_by: list[str] = (), relates: list[str] = ()) -> dict:
    links = ([{"type": DEPENDENCY, "outwardIssue": {"key": k}} for k in depends_on]
             + [{"type": DEPENDENCY, "inwardIssue": {"key": k}} for k in depended_on_by]
             + [{"type": RELATES, "outwardIssue": {"key": k}} for k in relates])
    return {"key": key, "id": key, "fields": {"summary": key, "issuetype": {"name": "Bug"}, "project": {"key": "P"},
                                             "status": {"name": "Open", "statusCategory": {"key": "new"}},
                                             "issuelinks": links}}


# P-1 waits on P-2, which waits on P-3; P-4 and P-5 wait on each other; P-6 only relates to P-1
NODES = [node_from_issue(i) for i in (issue("P-1", ["P-2"], relates=["P-6"]), issue("P-2", ["P-3"], ["P-1"]),
                                      issue("P-3", depended_on_by=["P-2"]), issue("P-4", ["P-5"], ["P-5"]),
                                      issue("P-5", ["P-4"], ["P-4"]), issue("P-6"))]
GRAPH = IssueGraph(NODES)


def keys(found: list[tuple[str, str, str]]) -> list[str]:
    return sorted(key for key, _, _ in found)


def test_blocking_verbs_and_the_blocks_type_find_dependencies() -> None:
    p1, p2 = GRAPH.get("P-1"), GRAPH.get("P-2")
    assert keys(p1.linked("is blocked by")) == keys(p1.linked("depends on")) == ["P-2"]
    assert keys(p1.linked("Blocks", "inward")) == ["P-2"]
    assert keys(p2.linked("blocks")) == keys(p2.linked("Blocks", "outward")) == ["P-1"]
    # the type name alone still takes both sides, and other types are untouched
    assert keys(p2.linked("Dependency")) == ["P-1", "P-3"]
    assert keys(p1.linked("Relates")) == ["P-6"] and p1.linked("blocks") == []


def test_walks_over_dependencies() -> None:
    assert GRAPH.chain("P-1").layers == [["P-2"], ["P-3"]]  # everything P-1 waits on, transitively
    assert GRAPH.chain("P-3", "Blocks", "outward").layers == [["P-2"], ["P-1"]]
    assert GRAPH.cycles() == [["P-4", "P-5"]]
    assert critical_path(GRAPH.get("P-1"), NODES) == ["P-1", "P-2", "P-3"]


def test_a_dependency_verb_reads_as_its_blocking_verb() -> None:
    assert as_blocking("depends on") == "is blocked by" and as_blocking("is depended on by") == "blocks"
    assert as_blocking("relates to") == "relates to" and as_blocking(None) is None


def test_team_questions_count_a_dependency_as_a_blocker() -> None:
    """Workload and risk read blockers directly, for speed: the same relation as `Node.linked("is blocked by")`."""
    for node in NODES:
        assert sorted(blocker_keys(node)) == keys(node.linked("is blocked by"))
    assert blocker_keys(GRAPH.get("P-1")) == ["P-2"] and blocker_keys(GRAPH.get("P-3")) == []
