"""Two people sharing the first name said: the one who works in the project the question names is meant, and the
answer says so; when both or neither work there, the question is asked back. Whose work the asker covers ("I'm
covering for Carla in ops") is context: it selects nothing."""

from __future__ import annotations

import pytest

from tests.intents.demo_lexicon import LEXICON
from tests.intents.team_shapes import one

PEOPLE = {t.value: t.label for t in LEXICON.of("person")}


@pytest.mark.parametrize(("question", "meant"), [
    ("open bugs assigned to Jonas in OPS", "Jonas Lindqvist"),
    ("what is Jonas working on in the mobile project?", "Jonas Tanaka"),
    ("Ximena's open issues in WEB", "Ximena Novak"),
    ("which of Nikhil's WEB tickets are overdue?", "Nikhil Souza"),
    ("bugs reported by Pedro in OPS", "Pedro Weber"),
])
def test_the_one_working_in_the_named_project_is_meant(question: str, meant: str) -> None:
    call = one(question)
    people = [PEOPLE[p] for p in call.slots.assignees + call.slots.reporters]
    assert people == [meant], call
    assert any(meant in note and "works in" in note for note in call.slots.assumed)


@pytest.mark.parametrize("question", ["Pedro's open issues in PROJ", "open bugs assigned to Jonas",
                                      "Carla's open issues in OPS", "what is Ines working on in WEB?"])
def test_several_or_none_working_there_is_asked_back(question: str) -> None:
    call = one(question)
    assert call.name == "clarify" and "could be" in (call.slots.reason or ""), call


@pytest.mark.parametrize("question", ["I'm covering for Jonas in ops this week - what should I look at first?",
                                      "covering for Carla on mobile - which issues are at risk?"])
def test_whose_work_is_covered_selects_no_one(question: str) -> None:
    call = one(question)
    assert call.name != "clarify" and not call.slots.assignees and not call.slots.dates, call
