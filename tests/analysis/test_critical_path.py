"""The critical path of a dependency walk: the longest chain of issues not done, ties to the first key,
a deadlock neither looping nor lengthening it."""

from __future__ import annotations

from jirakg.analysis.critical_path import critical_path
from jirakg.graph import Node

BLOCKS = {"Blocks": {"inward": "is blocked by", "outward": "blocks"}}


def issue(key: str, blocked_by: list[str], done: bool = False) -> Node:
    return Node(key=key, id=key, url=f"http://jira/browse/{key}", type="Task", project="P",
                status="Done" if done else "In Progress", status_category="done" if done else "indeterminate",
                links={"Blocks": {"inward": blocked_by, "outward": []}}, link_verbs=BLOCKS)


def test_the_longest_chain_of_open_blockers_wins() -> None:
    nodes = [issue("P-2", ["P-4"]), issue("P-3", ["P-5"]), issue("P-4", ["P-6"]), issue("P-5", []),
             issue("P-6", ["P-7"], done=True), issue("P-7", [])]
    subject = issue("P-1", ["P-2", "P-3"])
    # P-6 is done: the chain through it stops before it, so P-2 → P-4 ties P-3 → P-5 and the first key wins.
    assert critical_path(subject, nodes) == ["P-1", "P-2", "P-4"]
    nodes[4] = issue("P-6", ["P-7"])
    assert critical_path(subject, nodes) == ["P-1", "P-2", "P-4", "P-6", "P-7"]


def test_a_deadlock_is_walked_once() -> None:
    nodes = [issue("P-2", ["P-3"]), issue("P-3", ["P-2", "P-4"]), issue("P-4", [])]
    assert critical_path(issue("P-1", ["P-2"]), nodes) == ["P-1", "P-2", "P-3", "P-4"]


def test_nothing_blocking_is_the_issue_alone() -> None:
    assert critical_path(issue("P-1", []), []) == ["P-1"]


def test_what_an_issue_holds_up_follows_the_other_direction() -> None:
    blocker = Node(key="P-9", id="9", url="u", type="Task", project="P", status_category="new",
                   links={"Blocks": {"inward": [], "outward": ["P-1"]}}, link_verbs=BLOCKS)
    held = Node(key="P-1", id="1", url="u", type="Task", project="P", status_category="new",
                links={"Blocks": {"inward": ["P-9"], "outward": []}}, link_verbs=BLOCKS)
    assert critical_path(blocker, [held], direction="outward") == ["P-9", "P-1"]
