"""A date on the issues' last activity lists issues ("tickets whose last activity was before 2012"); "no
activity since" means the last one was before; a meeting called a discussion asks for no comments."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.demo_lexicon import LEXICON

PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))


def _one(question: str) -> tuple[str, str]:
    (intent,) = PARSER.parse(question).intents
    return intent.name, intent.jql or ""


@pytest.mark.parametrize(("question", "clause"), [
    ("MOB tickets still open whose last activity was before 2025", 'updated < "2025/01/01'),
    ("open WEB bugs that saw activity in 2026 or later", 'updated >= "2026/01/01'),
    ("unresolved OPS issues whose activity was before March 2026", 'updated < "2026/03/01'),
    ("open DATA issues with no activity since 2025", 'updated < "2025/01/01'),
    ("MOB bugs without any update since June 2026", 'updated < "2026/06/01'),
])
def test_a_date_on_the_last_activity_is_a_search_on_updated(question: str, clause: str) -> None:
    name, jql = _one(question)
    assert name == "search" and clause in jql, (name, jql)


def test_activity_of_a_project_in_a_month_still_asks_what_happened() -> None:
    assert _one("OPS activity in october 2026")[0] == "activity"


@pytest.mark.parametrize("question", [
    "For the staffing discussion I need one number: how many unresolved MOB bugs have nobody assigned?",
    "Before the planning discussion, how many open WEB bugs are there?",
])
def test_a_meeting_called_a_discussion_asks_for_no_comments(question: str) -> None:
    assert _one(question)[0] == "count"


@pytest.mark.parametrize(("question", "field"), [("MOB bugs created before March 2026", "created"),
                                                 ("OPS issues updated prior to June 2026", "updated")])
def test_before_a_month_ends_where_the_month_starts(question: str, field: str) -> None:
    jql = _one(question)[1]
    assert f'{field} < "2026/0' in jql and f"{field} >=" not in jql, jql
