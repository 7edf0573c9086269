"""A value named by the shape of its slot that the demo instance does not have is asked about, with the
closest values of its kind; a near miss of a real value grounds to it instead."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.demo_lexicon import LEXICON, ORG

PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))
PERSON = ORG.people[0].display_name
SPRINT = next(t.label for t in LEXICON.of("sprint") if t.label.startswith("MOB"))


def _only(question: str):
    intents = PARSER.parse(question).intents
    assert len(intents) == 1, intents
    return intents[0]


@pytest.mark.parametrize(("question", "named"), [
    ("open tasks in the Payment Router component", "no component called 'Payment Router'"),
    ("stories on the Lighthouse module", "no component called 'Lighthouse'"),
    ("what's left in the Dashboards area?", "no component called 'Dashboards'"),
    ("Ottoline's unresolved tickets", "nobody called 'Ottoline'"),
    ("what was Hildegard Brandt working on last week?", "nobody called 'Hildegard Brandt'"),
    ("WEB issues in status Escalated", "no status called 'Escalated'"),
    ("bugs for release Orion", "no release or version called 'Orion'"),
    ("what is in WEB Sprint 412?", "no sprint called 'WEB Sprint 412'"),
    ("open stories in sprint Kestrel", "no sprint called 'Kestrel'"),
    ("how many Lantern project bugs are open", "no project called 'Lantern'"),
    ("tickets tagged with launch-blocker", "no label called 'launch-blocker'"),
    ("issues of type Incident Report in OPS", "no type called 'Incident Report'"),
    ("OPS tickets with priority P1", "no priority called 'P1'"),
    # a level said beside its field word must be one of the instance's levels, in lower case too; an everyday word
    # for a type is no type's name where a type is named
    ("critical priority stories in WEB", "no priority called 'critical'"),
    ("list the blocker priority tasks in OPS", "no priority called 'blocker'"),
    ("DATA bugs of mega-urgent priority", "no priority called 'mega-urgent'"),
    ("how many Enhancement issue type tickets in DATA", "no type called 'Enhancement'"),
    ("which MOB tickets are parked in Limbo?", "called 'Limbo'"),
    ("how many tickets are in the Lantern Lab project", "no project called 'Lantern Lab'"),  # a name of two words
])
def test_an_unknown_value_in_its_slot_is_asked_about(question: str, named: str) -> None:
    call = _only(question)
    assert call.name == "clarify", call
    assert named in (call.slots.reason or "")


def test_the_question_lists_the_closest_values_of_that_kind() -> None:
    reason = _only("bugs in the Checkouts Flow component").slots.reason or ""
    assert "no component called 'Checkouts Flow'" in reason and "Checkout" in reason


@pytest.mark.parametrize(("question", "jql_part"), [
    ("open tasks in the Notifcations component", 'component = "Notifications"'),
    (f"{PERSON[:-1]}'s open tickets", "assignee"),  # the last letter lost
    ("stories labelled quick-wn", 'labels = "quick-win"'),
    ("bugs in release 2026.Q3", 'fixVersion = "2026.Q3"'),
    (f"what is in {SPRINT}?", "sprint ="),
    ("open MOB bugs labelled either performance or regression", "labels in"),
    ("Highest-priority Operations issues", 'project = "OPS"'),
    ("MOB bugs created in October", 'project = "MOB"'),
    ("I was testing in Firefox yesterday and saw glitches. Which MOB bugs are open?", 'project = "MOB"'),
    ("We demoed the app in Berlin last week. What MOB stories are still open?", 'project = "MOB"'),
    ("Ahead of the Type Review, which WEB tasks are open?", 'project = "WEB"'),
])
def test_a_real_value_or_a_near_miss_of_one_still_answers(question: str, jql_part: str) -> None:
    call = _only(question)
    assert call.name != "clarify", call
    assert jql_part in (call.jql or ""), call.jql


@pytest.mark.parametrize(("question", "jql_part"), [("top priority OPS tickets that are open", 'priority = "Highest"'),
                                                   ("low priority bugs in MOB", 'priority = "Low"'),
                                                   ("open defects in Core Platform", 'issuetype = "Bug"')])
def test_a_description_or_a_real_level_is_no_unknown_value(question: str, jql_part: str) -> None:
    call = _only(question)
    assert call.name != "clarify" and jql_part in (call.jql or ""), call
    assert not call.slots.ignored, call.slots.ignored
