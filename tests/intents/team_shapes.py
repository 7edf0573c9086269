"""What the team-question tests share: the demo parser at a fixed moment, one intent of a question, and
the check that a question's shape was read (intent, measure fields, clauses there and not there)."""

from __future__ import annotations

from datetime import UTC, datetime

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import IntentCall
from tests.intents.demo_lexicon import LEXICON

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)


def one(text: str) -> IntentCall:
    parsed = PARSER.parse(text)
    assert len(parsed.intents) == 1, parsed.intents
    return parsed.intents[0]


def assert_shape(question: str, name: str, measure: dict, clauses: list[str], absent: list[str]) -> None:
    call = one(question)
    assert call.name == name
    assert call.slots.ignored == []
    assert call.slots.measure is not None
    read = call.slots.measure.model_dump()
    assert {field: read[field] for field in measure} == measure
    for clause in clauses:
        assert clause in (call.jql or "")
    for clause in absent:
        assert clause not in (call.jql or "")
