"""Team reports (workload, sprint, release, risk, activity, reasoning) in wordings of our own: a mistyped
project key is asked back instead of answering over every project."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import IntentCall
from tests.intents.demo_lexicon import LEXICON

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)


def one(text: str) -> IntentCall:
    parsed = PARSER.parse(text)
    assert len(parsed.intents) == 1, parsed.intents
    return parsed.intents[0]


@pytest.mark.parametrize(("question", "typed", "closest"), [
    ("DTA issues at risk", "DTA", "DATA"),
    ("workload OPZ", "OPZ", "OPS"),
    ("OPZ who is overloaded", "OPZ", "OPS"),
    ("who has the most open bugs in MBO", "MBO", "MOB"),
    ("what should I look at first in PRJO?", "PRJO", "PROJ"),
])
def test_a_mistyped_project_key_is_asked_back(question: str, typed: str, closest: str) -> None:
    call = one(question)
    assert call.name == "clarify", call
    assert f"no project called '{typed}'" in call.slots.reason and closest in call.slots.reason


@pytest.mark.parametrize("question", ["open QA bugs in OPS", "API bugs in DATA", "UI issues in WEB by priority"])
def test_capitals_far_from_any_project_key_are_no_project(question: str) -> None:
    assert one(question).name != "clarify"
