"""One reading per state and scale word, in wordings of our own: a status said by its name is that status where the
workflow has it, a description is the status category; a priority said by its name is that priority, an everyday
word for a level is read as levels; every broad or chosen reading is said with the answer, and the evaluation
counts a wider answer as silent unless its text says how it read the question."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from jirakg.answer.notes import reading_notes
from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.evaluation import Case, evaluate
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import IntentCall, ParsedQuery, Slots
from tests.intents.demo_lexicon import LEXICON

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)


def call(parser: EmbeddedParser, question: str) -> IntentCall:
    (intent,) = parser.parse(question).intents
    return intent


@pytest.mark.parametrize("question", [
    "stories in progress in MOB",
    "how many tasks are in progress?",
    "list the OPS bugs that are still in progress",
    "Hiro Sato's tickets in progress",
])
def test_the_status_said_by_its_name_is_that_status(question: str) -> None:
    found = call(PARSER, question)
    assert 'status = "In Progress"' in (found.jql or "") and "statusCategory" not in (found.jql or "")


@pytest.mark.parametrize(("question", "said"), [
    ("OPS tickets someone is actively working on", "working on"),
    ("which DATA stories are underway", "underway"),
    ("tasks that have been started in WEB", "started"),
    ("bugs currently being worked on", "being worked on"),
])
def test_a_description_is_the_category_and_the_answer_says_so(question: str, said: str) -> None:
    found = call(PARSER, question)
    assert 'statusCategory = "indeterminate"' in (found.jql or "")
    (note,) = [line for line in found.slots.assumed if "category" in line]
    assert said in note and "(In Progress, " in note  # which statuses the category spans


def test_the_status_name_is_the_category_where_the_projects_workflow_lacks_it() -> None:
    statuses = [{"name": "Open", "statusCategory": {"key": "new"}},
                {"name": "In Progress", "statusCategory": {"key": "indeterminate"}},
                {"name": "Reopened", "statusCategory": {"key": "indeterminate"}}]
    issues = [{"key": f"{project}-{n}", "fields": {"project": {"key": project}, "status": {"name": status},
                                                   "issuetype": {"name": "Bug"}}}
              for n, (project, status) in enumerate([("ALPHA", "Open"), ("ALPHA", "Reopened"),
                                                     ("BETA", "In Progress"), ("BETA", "Open")])]
    lexicon = Lexicon.build(statuses=statuses, issue_types=[{"name": "Bug"}], issues=issues,
                            projects=[{"key": "ALPHA", "name": "Alpha"}, {"key": "BETA", "name": "Beta"}])
    parser = EmbeddedParser(lexicon, now=lambda: NOW)
    alpha = call(parser, "ALPHA bugs in progress")
    assert 'statusCategory = "indeterminate"' in (alpha.jql or "")
    assert any("'in progress'" in line and "Reopened" in line for line in alpha.slots.assumed)
    assert 'status = "In Progress"' in (call(parser, "BETA bugs in progress").jql or "")


@pytest.mark.parametrize("question", ["high priority stories in WEB", "OPS tasks with high priority",
                                      "how many high-priority bugs are open?"])
def test_a_priority_said_by_its_name_is_that_priority(question: str) -> None:
    found = call(PARSER, question)
    assert 'priority = "High"' in (found.jql or "") and not found.slots.assumed


@pytest.mark.parametrize(("question", "jql", "said"), [
    ("important OPS tasks", 'priority in ("Highest", "High")', "important"),
    ("which stories are important and still open", 'priority in ("Highest", "High")', "important"),
    ("urgent stories in DATA", 'priority = "Highest"', "urgent"),
    ("showstoppers in Mobile Apps", 'priority = "Highest"', "showstoppers"),
])
def test_an_everyday_word_for_a_level_is_read_and_said(question: str, jql: str, said: str) -> None:
    found = call(PARSER, question)
    assert jql in (found.jql or "")
    assert any(f"'{said}'" in line for line in found.slots.assumed)


def test_a_wider_answer_is_silent_unless_its_text_says_how_it_read_the_question() -> None:
    cases = [Case.model_validate({"query": q, "intents": [{"name": "search"}], "jql": "narrow"})
             for q in ("said", "unused word", "silent")]
    answers = {"said": Slots(assumed=["I read 'started' as any status in the In Progress category."]),
               "unused word": Slots(ignored=["overdue"]), "silent": Slots()}

    async def run_jql(jql: str, slots=None):
        return {"X-1"} if jql == "narrow" else {"X-1", "X-2"}

    async def parse(case: Case, conversation: str | None) -> ParsedQuery:
        return ParsedQuery(text=case.query, intents=[IntentCall(name="search", jql="wide", slots=answers[case.query])])

    report = asyncio.run(evaluate(cases, parse, run_jql))
    assert report.widened_silently == 1
    assert [f["query"] for f in report.failures if f["widened_silently"]] == ["silent"]
    assert reading_notes(IntentCall(name="count", slots=answers["unused word"])) == [
        "I did not use 'overdue' from the question; the count above does not take it into account."]


@pytest.mark.parametrize("question", ["ALPHA work waiting for code review", "what's under review in ALPHA?",
                                      "ALPHA tickets in review"])
def test_review_is_the_pull_request_status_where_the_workflow_reviews_that_way(question: str) -> None:
    statuses = [{"name": "Open", "statusCategory": {"key": "new"}},
                {"name": "Pull Request", "statusCategory": {"key": "indeterminate"}}]
    lexicon = Lexicon.build(statuses=statuses, projects=[{"key": "ALPHA", "name": "Alpha"}])
    found = call(EmbeddedParser(lexicon, now=lambda: NOW), question)
    assert 'status = "Pull Request"' in (found.jql or "") and found.slots.ignored == [], found
