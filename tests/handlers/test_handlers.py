"""The handler table: every intent of the map has a handler, and a failing part answers a sentence."""

from __future__ import annotations

import asyncio
import importlib

import pytest

from jirakg.connectors.jira import JiraUnavailable
from jirakg.handlers import Services, TurnInput, handler_for
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.plan import RetrievalPlan


@pytest.mark.parametrize("name", sorted(INTENTS))
def test_every_intent_has_a_handler_module_named_by_its_row(name: str) -> None:
    module = importlib.import_module(f"jirakg.handlers.{INTENTS[name].handler}")
    assert handler_for(name) is module.HANDLER
    assert callable(module.HANDLER.handle)


def test_a_part_whose_fetch_fails_answers_one_sentence_and_explains_why() -> None:
    async def fetch(plan, manager):
        raise JiraUnavailable("Jira did not answer within 10 s; try again shortly.")

    handler = JiraHandler(lambda call: RetrievalPlan(intent=call, operation="jql", jql="project = X"), fetch,
                          lambda facts: pytest.fail("no wording without facts"))
    part = asyncio.run(handler.handle(IntentCall(name="search", jql="project = X"), TurnInput(text="x"),
                                      Services(manager=None)))  # type: ignore[arg-type]
    assert part.text == "Jira did not answer within 10 s; try again shortly."
    assert [str(step) for step in part.explain] == ["search: jql project = X → failed: " + part.text]
    assert part.citations == [] and part.rows == []


def test_comments_across_issues_keep_the_cap_so_the_answer_says_it_read_only_part() -> None:
    """The comments handler reads its issues through the team fetch: what Jira matched beyond the cap stays known."""
    from jirakg.graph import QueryResult
    from jirakg.handlers import comments

    class Capped:
        async def get(self, jql, fields, changelog=False):
            return QueryResult(jql=jql, nodes=[], cache_hit=False, matched=5000, capped=True)

    call = IntentCall(name="comments", jql="project = X", slots={"text": "deploy"})
    facts = asyncio.run(comments.fetch(comments.plan(call), Capped()))  # type: ignore[arg-type]
    assert (facts.capped, facts.matched) == (True, 5000)


def test_a_persons_activity_fetches_the_reporter_it_counts_new_issues_by() -> None:
    """"what did Ana do this week": the issues she created are hers by their reporter; without that field
    fetched every person's activity read 0 new issues."""
    from jirakg.handlers import activity
    from jirakg.intents.models import Measure, Slots

    call = IntentCall(name="activity", jql='updated >= "2026/10/26 00:00"',
                      slots=Slots(measure=Measure(actor="Ana Schmidt")))
    assert "reporter" in activity.plan(call).fields


def test_activity_in_a_calendar_month_ends_before_the_next_month_begins() -> None:
    """"OPS in October": an issue resolved at November's first moment is not October's, and the answer shows
    the month's last day, not the next month's first."""
    from datetime import UTC, datetime

    from jirakg.graph.node import Node
    from jirakg.handlers import activity
    from jirakg.intents.models import Measure, Slots, TimeWindow
    from jirakg.retrieval.facts import TeamFacts

    window = TimeWindow(start="2026-10-01T00:00:00Z", end="2026-11-01T00:00:00Z", phrase="in october")
    call = IntentCall(name="activity", jql='project = "OPS"', slots=Slots(window=window, measure=Measure()))
    plan = activity.plan(call).model_copy(update={"as_of": datetime(2026, 11, 1, 12, tzinfo=UTC)})
    nodes = [Node(key="OPS-1", id="1", type="Task", project="OPS",
                  fields={"created": "2026-09-20T10:00:00.000+0000", "resolutiondate": "2026-11-01T00:00:00.000+0000"}),
             Node(key="OPS-2", id="2", type="Task", project="OPS",
                  fields={"created": "2026-10-31T23:00:00.000+0000", "resolutiondate": "2026-10-31T23:30:00.000+0000"})]
    text = activity.word(TeamFacts(plan=plan, nodes=nodes)).text
    assert text.startswith("In october (2026-10-01 to 2026-10-31) in issues matching project = \"OPS\": 1 new issue, "
                           "1 resolved"), text
