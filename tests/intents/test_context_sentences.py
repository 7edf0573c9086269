"""A story told before the request names no conditions; the request pointing back into it, or the one
project it is set in, keeps what the story named."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.demo_lexicon import LEXICON

PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))


def _jql(question: str) -> str:
    (intent,) = PARSER.parse(question).intents
    return intent.jql or ""


@pytest.mark.parametrize(("question", "absent"), [
    ("Billing keeps breaking at month end. Which open WEB bugs are Highest priority?", "Billing"),
    ("A customer on release 2026.Q4 complained. Which WEB stories are still open?", "2026.Q4"),
    ("Hiro Sato did most of the mobile work. Show me the open MOB bugs.", "assignee"),
    ("Search has been flaky all week - how many DATA bugs are unresolved?", "Search"),
    # "are there" asks whether any exist, pointing nowhere; "how good" asks nothing
    ("For the retro I want to compare stories with epics. How many unresolved MOB bugs are there?", "Story"),
    ("I'm curious how good our story writing was this year. How many MOB bugs are unresolved?", "Story"),
])
def test_a_name_in_the_story_before_the_request_is_no_condition(question: str, absent: str) -> None:
    jql = _jql(question)
    assert absent not in jql and "resolution is EMPTY" in jql, jql


@pytest.mark.parametrize(("question", "kept"), [
    ("Hiro Sato is on leave next month. Which open MOB bugs does he own?", "assignee ="),
    ("Our Data Platform board looks messy. Which issues there are still unresolved?", 'project = "DATA"'),
    ("Billing keeps breaking. Can you list the open bugs in that component?", 'component = "Billing"'),
])
def test_a_request_pointing_back_keeps_what_the_story_named(question: str, kept: str) -> None:
    assert kept in _jql(question)


@pytest.mark.parametrize("question", [
    "Our Operations backlog is growing. Show me the unresolved bugs.",
    "I just joined the Operations team and feel lost. Which bugs are still open?",
])
def test_the_one_project_a_story_is_set_in_stays_the_scope(question: str) -> None:
    assert 'project = "OPS"' in _jql(question)


def test_a_request_over_other_projects_does_not_take_the_storys_project() -> None:
    assert "OPS" not in _jql("We track Operations separately. For the other projects, list the open bugs.")


def test_a_relative_clause_on_a_version_does_not_point_back_into_the_story() -> None:
    jql = _jql("A customer on 2026.Q3 is upset. Which MOB bugs affect version 2026.Q4?")
    assert "2026.Q3" not in jql and "affectedVersion" in jql, jql


def test_that_beside_a_release_word_still_points_back_unless_it_starts_a_clause() -> None:
    assert "2026.Q4" in _jql("The 2026.Q4 release is slipping. Which MOB bugs are still open in that planned release?")
