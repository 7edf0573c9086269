"""A later part of one question that points back ("… and which of them are blocked?") narrows the set the part
before selected, as a follow-up narrows the last answer's; a part that only repeats that set is answered once."""

from __future__ import annotations

import pytest

from tests.intents.team_shapes import PARSER


@pytest.mark.parametrize(("question", "first", "added"), [
    ("how many DATA stories are unresolved, and which of those are blocked?", 'project = "DATA"',
     'status = "Blocked"'),
    ("show me the open WEB bugs and tell me which of them have no assignee", 'project = "WEB"', "assignee is EMPTY"),
    ("how many MOB tasks were created in October? How many of these are done already?", 'project = "MOB"',
     'status = "Done"'),
])
def test_a_part_pointing_back_narrows_the_part_before(question: str, first: str, added: str) -> None:
    calls = PARSER.parse(question).intents
    assert len(calls) == 2, calls
    assert first in (calls[0].jql or "") and added not in (calls[0].jql or ""), calls
    earlier = set((calls[0].jql or "").split(" AND "))
    assert earlier < set((calls[1].jql or "").split(" AND ")) and added in (calls[1].jql or ""), calls


def test_parts_that_name_their_own_issues_stay_apart() -> None:
    calls = PARSER.parse("how many bugs are open in OPS and how many stories are open in DATA?").intents
    assert [c.name for c in calls] == ["count", "count"], calls
    assert 'project = "DATA"' not in (calls[0].jql or "") and 'project = "OPS"' not in (calls[1].jql or ""), calls


def test_a_part_that_only_points_back_is_answered_once() -> None:
    calls = PARSER.parse("which OPS bugs are still open? who are they assigned to?").intents
    assert len(calls) == 1 and 'project = "OPS"' in (calls[0].jql or ""), calls


def test_a_reading_of_the_part_before_is_still_said() -> None:
    calls = PARSER.parse("how many WEB bugs are being worked on, and which of them are high priority?").intents
    assert len(calls) == 2 and 'priority = "High"' in (calls[1].jql or ""), calls
    said = [note for note in calls[1].slots.assumed if "'being worked on'" in note]  # the first part's word read
    assert said and said[0] in calls[0].slots.assumed, calls


@pytest.mark.parametrize(("question", "clauses"), [
    ("tasks that Jonas filed in OPS and which are still unresolved", ['project = "OPS"', "resolution is EMPTY"]),
    ("which WEB stories were created in October and which have no assignee?", ['project = "WEB"',
                                                                              "assignee is EMPTY"]),
])
def test_which_with_no_noun_of_its_own_continues_the_part_before(question: str, clauses: list[str]) -> None:
    calls = PARSER.parse(question).intents
    assert len(calls) == 1 and all(c in (calls[0].jql or "") for c in clauses), calls


def test_which_after_a_question_mark_asks_of_the_set_before() -> None:
    calls = PARSER.parse("how many OPS tasks are unresolved? which are high priority?").intents
    assert [c.name for c in calls] == ["count", "search"], calls
    assert 'project = "OPS"' in (calls[1].jql or "") and 'priority = "High"' in (calls[1].jql or ""), calls


def test_a_part_keeping_only_the_ones_restates_the_question() -> None:
    (call,) = PARSER.parse("How many Data Platform bugs were reported in 2025? Please only count the ones created in "
                           "2025.").intents
    assert call.name == "count" and 'project = "DATA"' in (call.jql or ""), call
