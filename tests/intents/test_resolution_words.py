"""Resolutions said in people's words, on an instance that has Fixed and Duplicate (as Jira Server does):
"duplicate bugs", "closed as a duplicate" in a follow-up, "did the team bother to fix", "repaired", and
"scheduled to be fixed in 0.5" (a plan, not a resolution). Titles that mention a component's name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import ConversationState
from tests.intents.demo_lexicon import ISSUES, META

RESOLVED = [{"key": f"MOB-{9000 + i}", "fields": {"resolution": {"name": name}}}
            for i, name in enumerate(["Fixed", "Duplicate", "Incomplete"])]
LEXICON = Lexicon.build(fields=META["fields"], statuses=META["statuses"], priorities=META["priorities"],
                        issue_types=META["issuetypes"], link_types=META["issueLinkTypes"],
                        projects=META["projects"], issues=ISSUES + RESOLVED)
PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))


def _one(question: str, state: ConversationState | None = None) -> tuple[str, str, list[str]]:
    (intent,) = PARSER.parse(question, state).intents
    return intent.name, intent.jql or "", intent.slots.ignored


@pytest.mark.parametrize("question", ["MOB duplicate bugs", "duplicate tickets in Web Storefront since 2025",
                                      "how many invalid or duplicate issues in OPS"])
def test_a_resolution_before_an_issue_noun_is_the_resolution(question: str) -> None:
    _, jql, ignored = _one(question)
    assert "Duplicate" in jql and "duplicate" not in ignored, (jql, ignored)


@pytest.mark.parametrize("question", ["which of those were closed as duplicates?",
                                      "and which of these got closed as a duplicate?",
                                      "how many of them were resolved as duplicate?"])
def test_closed_as_duplicate_in_a_follow_up_narrows_the_search(question: str) -> None:
    first = PARSER.parse("open bugs in MOB").intents[0]
    state = ConversationState(last_intent="search", last_search=first.slots, last_results=["MOB-1", "MOB-2"])
    name, jql, _ = _one(question, state)
    assert name in ("search", "count") and 'resolution = "Duplicate"' in jql and 'project = "MOB"' in jql, (name, jql)


@pytest.mark.parametrize("question", ["how many MOB bugs did the team bother to fix?",
                                      "how many Web Storefront defects did we end up fixing?",
                                      "which OPS bugs were actually repaired?",
                                      "MOB bugs that got repaired last month"])
def test_said_fixed_is_the_fixed_resolution(question: str) -> None:
    assert 'resolution = "Fixed"' in _one(question)[1]


@pytest.mark.parametrize("question", ["how many bugs were scheduled to be fixed in version 2026.Q4?",
                                      "MOB bugs planned to be fixed in 2026.Q4"])
def test_to_be_fixed_in_a_release_is_the_plan_not_the_resolution(question: str) -> None:
    jql = _one(question)[1]
    assert 'fixVersion = "2026.Q4"' in jql and "Fixed" not in jql, jql


@pytest.mark.parametrize(("question", "word"), [
    ("open MOB bugs whose title mentions billing", "billing"),
    ("Web Storefront issues with a summary containing search", "search"),
    ("OPS tickets whose title mentions the billing service", "billing"),
])
def test_words_a_title_mentions_are_searched_even_when_a_component_has_that_name(question: str, word: str) -> None:
    jql = _one(question)[1]
    assert "summary ~" in jql and word in jql and "component" not in jql, jql


@pytest.mark.parametrize("question", ["MOB bugs incomplete or cannot reproduce",
                                      "OPS issues closed as won't do or incomplete",
                                      "Web Storefront bugs that were duplicate or incomplete"])
def test_a_verb_like_resolution_listed_with_another_is_a_resolution(question: str) -> None:
    jql = _one(question)[1]
    assert '"Incomplete"' in jql and "resolution is EMPTY" not in jql, jql


@pytest.mark.parametrize("question", ["MOB bugs that were closed out because the reporter left them incomplete",
                                      "how many MOB tickets got left incomplete last year?"])
def test_left_as_a_resolution_is_that_resolution(question: str) -> None:
    _, jql, ignored = _one(question)
    assert 'resolution = "Incomplete"' in jql and "statusCategory" not in jql and "left" not in ignored, (jql, ignored)


@pytest.mark.parametrize("then", ["leave out the duplicate ones", "but without the fixed ones",
                                  "drop the duplicates please"])
def test_a_resolution_left_out_in_a_follow_up_is_excluded(then: str) -> None:
    first = PARSER.parse("open bugs in MOB").intents[0]
    state = ConversationState(last_intent="search", last_search=first.slots, last_results=["MOB-1", "MOB-2"])
    name, jql, _ = _one(then, state)
    assert name == "search" and 'resolution != "' in jql and 'resolution = "' not in jql, (name, jql)
