"""Abbreviations and numeronyms ("k8s", "a11y") name the instance's components by their expansion; a word of
letters and digits no value has is named as unused, never dropped; an aggregate that selects nothing of its own
("…, and how much each?") aggregates what the part before it selected."""

from __future__ import annotations

import pytest

from jirakg.intents.lexicon import Lexicon
from tests.intents.team_shapes import PARSER, one


@pytest.mark.parametrize(("question", "component"), [
    ("open k8s tickets per person", "Kubernetes"),
    ("how many k8s issues are unresolved?", "Kubernetes"),
    ("a11y bugs in WEB", "Accessibility"),
    ("what is open in o11y?", "Observability"),
])
def test_an_abbreviation_names_the_component_it_abbreviates(question: str, component: str) -> None:
    call = one(question)
    assert f'component = "{component}"' in (call.jql or ""), call
    assert call.slots.ignored == []


def test_an_abbreviation_names_nothing_when_two_values_expand_it() -> None:
    projects = [{"key": "A", "name": "Alpha", "components": [{"name": "Kubernetes"}, {"name": "Kubernetes Ops"}]}]
    lexicon = Lexicon.build(projects=projects)
    assert not [t for t in lexicon.of("component") if "k8s" in t.aliases]


@pytest.mark.parametrize("question", ["open h8s tickets per person", "how many open x9z issues does each person have?",
                                      "who is handling the open q7x work, and how much each?"])
def test_an_unknown_word_of_letters_and_digits_is_named(question: str) -> None:
    calls = PARSER.parse(question).intents
    assert calls and all(c.slots.ignored for c in calls), calls


@pytest.mark.parametrize(("question", "clause"), [
    ("who is handling the open k8s work, and how much each?", 'component = "Kubernetes"'),
    ("list open DATA bugs, and how many does each person have?", 'project = "DATA"'),
])
def test_an_aggregate_without_conditions_takes_the_part_before(question: str, clause: str) -> None:
    calls = PARSER.parse(question).intents
    assert calls[-1].name in ("workload", "breakdown") and clause in (calls[-1].jql or ""), calls
