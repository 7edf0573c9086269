"""A link question in the instance's own link words: the direction follows where the issue stands ("what does
X depend on" is X's "depends on", "what depends on X" its inverse), and those words are never named as unused."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon

LINKS = [{"name": "Dependency", "outward": "depends on", "inward": "is depended on by"},
         {"name": "Supersession", "outward": "supersedes", "inward": "is superseded by"}]
PARSER = EmbeddedParser(Lexicon.build(link_types=LINKS, projects=[{"key": "ALPHA", "name": "Alpha"}]),
                        now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))


@pytest.mark.parametrize(("question", "link_type"), [
    ("what does ALPHA-7 depend on?", "depends on"),
    ("which issues depend on ALPHA-7?", "is depended on by"),
    ("list what ALPHA-7 supersedes", "supersedes"),
    ("tickets superseded by ALPHA-7", "supersedes"),
    ("is ALPHA-7 superseded by anything?", "is superseded by"),
])
def test_the_direction_follows_where_the_issue_stands(question: str, link_type: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "linked" and call.slots.link_type == link_type, call
    assert call.slots.ignored == [], call


@pytest.mark.parametrize("question", ["ALPHA-7 dependency links", "what is ALPHA-7 tied to through a dependency?",
                                      "which issues have a dependency relationship with ALPHA-7?"])
def test_words_that_only_say_it_is_a_link_question_are_used(question: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "linked" and call.slots.ignored == [], call


@pytest.mark.parametrize(("question", "link_type"), [
    ("ALPHA tickets that depend on something else", "depends on"),
    ("which Alpha issues depend on other tickets?", "depends on"),
    ("alpha tickets that supersede older ones", "supersedes"),
    ("ALPHA issues superseded by newer ones", "is superseded by"),
])
def test_a_link_to_unnamed_issues_is_a_condition_of_the_search(question: str, link_type: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "search" and call.jql == f'project = "ALPHA" AND issueLinkType = "{link_type}"', call.jql
    assert call.slots.ignored == [], call


@pytest.mark.parametrize("question", ["ALPHA bugs that depend on someone else",
                                      "ALPHA tasks that depend on other people"])
def test_depending_on_people_is_no_link(question: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "search" and call.jql == 'project = "ALPHA"', call.jql  # no link condition, the project kept


@pytest.mark.parametrize(("question", "link_type"), [
    ("ALPHA supersedes links", "supersedes"),  # keywords: the link named with its noun
    ("ALPHA open is superseded by", "is superseded by"),  # keywords ending on the link's own words
    ("ALPHA depends on count", "depends on"),
    ("how many Alpha issues have a depends on link to something else?", "depends on"),
    ("alpha tickets that depend on at least one other ticket", "depends on"),
])
def test_a_link_said_as_keywords_or_with_its_noun_is_a_condition(question: str, link_type: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert f'issueLinkType = "{link_type}"' in (call.jql or ""), call.jql
    assert 'project = "ALPHA"' in (call.jql or "") and call.slots.ignored == [], call
