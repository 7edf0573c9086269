"""Chat shorthand ("lst wk", "prio", "tmrw", "w/o", "plz") is read as the words it stands for: neither searched
for as text nor left out; an order said as where things go ("put the newest at the top") is an order."""

from __future__ import annotations

import pytest

from jirakg.intents.typos import Typos
from tests.intents.team_shapes import PARSER, one
from tests.intents.test_follow_ups import follow


@pytest.mark.parametrize(("question", "clauses"), [
    ("WEB bugs opened lst wk", ['created >= "2026/10/19 00:00"', 'created < "2026/10/26 00:00"']),
    ("highest prio tasks in OPS", ['priority = "Highest"']),
    ("anything in DATA due tmrw?", ['duedate >= "2026/11/02 00:00"', 'duedate < "2026/11/03 00:00"']),
    ("unresolved MOB stories w/o assignee", ["assignee is EMPTY", "resolution is EMPTY"]),
    ("PROJ tasks resolved in the past 3 mnths plz", ['project = "PROJ"', 'resolutiondate >= -3M']),
])
def test_shorthand_is_read_as_the_words_it_stands_for(question: str, clauses: list[str]) -> None:
    call = one(question)
    assert all(c in (call.jql or "") for c in clauses), call
    assert "text ~" not in (call.jql or "") and call.slots.ignored == [], call


@pytest.mark.parametrize(("then", "order"), [
    ("put them oldest first", "ORDER BY created ASC"),
    ("can you show the most recently updated at the top", "ORDER BY updated DESC"),
    ("newest ones on top pls", "ORDER BY created DESC"),
])
def test_where_the_results_go_is_an_order(then: str, order: str) -> None:
    call = follow("open bugs in WEB", then)
    assert (call.jql or "").endswith(order) and "text ~" not in (call.jql or ""), call
    assert 'project = "WEB"' in (call.jql or "") and call.slots.ignored == [], call


def test_shorthand_the_instance_uses_as_a_name_is_kept_as_typed() -> None:
    typos = Typos({"ty", "alpha"})
    assert typos.corrected("open TY bugs thx") == "open TY bugs thanks"


@pytest.mark.parametrize(("question", "order"), [
    ("which OPS bugs are open? sort them by priority", "ORDER BY priority DESC"),
    ("how many WEB tasks are unresolved? list them newest first", "ORDER BY created DESC"),
])
def test_a_part_only_ordering_the_set_before_orders_that_one_answer(question: str, order: str) -> None:
    calls = PARSER.parse(question).intents
    assert len(calls) == 1 and calls[0].name == "search" and (calls[0].jql or "").endswith(order), calls
