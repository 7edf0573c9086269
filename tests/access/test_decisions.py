"""How long a browse decision is believed: Jira's answer for `jira.permission_ttl_s`, and a key's decision
derived from it no longer, however often the key is seen."""

from __future__ import annotations

from jirakg.access.sight import Decisions


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
