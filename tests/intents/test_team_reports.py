"""Team reports (workload, sprint, release, risk, activity, reasoning) in wordings of our own: a mistyped
project key is asked back instead of answering over every project."""

from __future__ import annotations

import re

import pytest

from jirakg.intents.models import ConversationState, IntentCall
from tests.intents.demo_lexicon import LEXICON
from tests.intents.team_shapes import PARSER, one


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


def follow(first: str, then: str) -> IntentCall:
    call = one(first)
    state = ConversationState(last_intent=call.name, last_search=call.slots)
    parsed = PARSER.parse(then, state)
    assert len(parsed.intents) == 1, parsed.intents
    return parsed.intents[0]


@pytest.mark.parametrize(("first", "then", "sprint"), [
    ("DATA sprint progress", "what about the previous one, DATA Sprint 51?", "DATA Sprint 51"),
    ("how is the current WEB sprint going?", "and WEB Sprint 50?", "WEB Sprint 50"),
    ("MOB current sprint", "and MOB Sprint 49?", "MOB Sprint 49"),
])
def test_a_named_sprint_in_a_follow_up_replaces_the_current_one(first: str, then: str, sprint: str) -> None:
    call = follow(first, then)
    assert call.name == "sprint" and call.jql is not None and "openSprints" not in call.jql
    assert [s.name for s in LEXICON.sprints if s.id in call.slots.sprints] == [sprint]



@pytest.mark.parametrize(("question", "sprint"), [
    ("did the mobile team finish what was in sprint 49?", "MOB Sprint 49"),
    ("how did sprint 48 go for the MOB team", "MOB Sprint 48"),
    ("how far did MOB get in iteration 37?", "MOB Sprint 37"),
])
def test_a_sprint_number_with_one_project_is_that_projects_sprint(question: str, sprint: str) -> None:
    call = one(question)
    assert call.name == "sprint" and call.slots.sprint_state is None
    assert [s.name for s in LEXICON.sprints if s.id in call.slots.sprints] == [sprint]


@pytest.mark.parametrize(("question", "version"), [
    ("how much of the ops work planned for the Q4 2026 version is finished?", "2026.Q4"),
    ("is the fourth quarter of 2026 release in WEB on track?", "2026.Q4"),
    ("OPS 2026 Q4 release progress", "2026.Q4"),
    ("what's blocking the third-quarter 2026 release in DATA?", "2026.Q3"),
])
def test_a_quarter_said_in_words_names_the_release(question: str, version: str) -> None:
    call = one(question)
    assert call.name == "release" and call.slots.fix_versions == [version] and not call.slots.dates


def test_a_year_alone_is_still_a_year() -> None:
    assert one("WEB bugs created in 2025").slots.dates


@pytest.mark.parametrize(("question", "name", "project"), [
    ("just joined the storefront team as lead, where should I start in WEB?", "reasoning", "WEB"),
    ("I am new on DATA, where should we start?", "reasoning", "DATA"),
    ("where is the ops team most likely to miss a deadline?", "risk", "OPS"),
    ("where are the MOB issues likely to miss their due date?", "risk", "MOB"),
    ("which DATA bugs might miss their dates?", "risk", "DATA"),
])
def test_where_questions_ask_for_risk_and_a_starting_point(question: str, name: str, project: str) -> None:
    call = one(question)
    assert call.name == name and call.slots.projects == [project]
    assert not {"start", "deadline", "due", "date", "dates"} & set(call.slots.ignored)


@pytest.mark.parametrize(("question", "project"), [
    ("how much of what the web team planned for this iteration is finished?", "WEB"),
    ("how much of the Operations iteration that's running now has been completed?", "OPS"),
    ("how much of what the mobile team committed to in the current sprint is done?", "MOB"),
    ("hows the current DATA sprint going", "DATA"),
])
def test_how_much_of_a_sprint_is_done_is_its_progress(question: str, project: str) -> None:
    call = one(question)
    assert call.name == "sprint" and call.slots.sprint_state == "open" and call.slots.projects == [project]


@pytest.mark.parametrize("question", [
    "Bruno needs an update on the Core Platform 2026.Q4 release, whats done and what's left?",
    "update on the PROJ 2026.Q4 release: what's done and what's left?",
    "for the WEB 2026.Q4 release, whats finished?",
])
def test_whats_done_beside_a_release_is_its_report(question: str) -> None:
    parsed = PARSER.parse(question)
    assert [c.name for c in parsed.intents] == ["release"]
    assert parsed.intents[0].slots.fix_versions == ["2026.Q4"]


@pytest.mark.parametrize(("question", "project"), [
    ("who is carrying how much of the unfinished mobile work?", "MOB"),
    ("on Data Platform, is one person carrying too much open work?", "DATA"),
    ("who owns what amount of the unfinished OPS work?", "OPS"),
    ("who has what share of the open WEB tickets?", "WEB"),
])
def test_who_carries_how_much_is_workload(question: str, project: str) -> None:
    call = one(question)
    assert call.name == "workload" and call.slots.projects == [project]


@pytest.mark.parametrize(("question", "project", "version"), [
    ("was everything in MOB 2026.Q3 finished? give me done out of total", "MOB", "2026.Q3"),
    ("is all of the WEB 2026.Q4 release done?", "WEB", "2026.Q4"),
    ("were all the tickets for OPS 2026.Q3 closed?", "OPS", "2026.Q3"),
])
def test_was_everything_in_a_release_done_is_its_report(question: str, project: str, version: str) -> None:
    call = one(question)
    assert call.name == "release" and call.slots.fix_versions == [version] and call.slots.projects == [project]


@pytest.mark.parametrize(("question", "project", "version"), [
    ("WEB fix version 2026.Q4", "WEB", "2026.Q4"), ("MOB 2026.Q3 release", "MOB", "2026.Q3"),
    ("DATA version 2026.Q4", "DATA", "2026.Q4"),
])
def test_a_release_named_alone_is_its_report(question: str, project: str, version: str) -> None:
    call = one(question)
    assert call.name == "release" and call.slots.fix_versions == [version] and call.slots.projects == [project]


def test_a_release_with_issues_asked_for_stays_a_search() -> None:
    assert one("WEB release 2026.Q4 open bugs").name == "search"


@pytest.mark.parametrize("question", [
    "our OPS-483 epic slipped past its due date, what's blocking it?",
    "OPS-483 slid past the deadline - what now?",
])
def test_an_issue_that_slipped_past_its_date_asks_why(question: str) -> None:
    call = one(question)
    assert call.name == "reasoning" and call.issue_keys == ["OPS-483"]


def test_what_blocks_an_issue_stays_its_links() -> None:
    assert one("what is blocking OPS-483?").name == "linked"


@pytest.mark.parametrize("question", [
    "checkout is critical for us - which open Checkout issues are at risk?",
    "payments are really important to the business; which WEB bugs are open?",
    "the mobile app is crucial to our team, what is at risk in MOB?",
])
def test_how_much_something_matters_to_us_is_no_priority(question: str) -> None:
    assert not one(question).slots.priorities


def test_a_critical_bug_is_still_a_priority() -> None:
    assert one("critical bugs in WEB").slots.priorities


@pytest.mark.parametrize(("question", "register"), [
    ("OPS risks", "Risk"), ("Checkout component risks", "Risk"), ("what are the risks in DATA?", "Risk"),
    ("at-risk MOB bugs", None), ("which WEB epics are at risk?", None),
])
def test_risks_said_as_a_noun_reads_what_is_at_risk_and_the_risk_type(question: str, register: str | None) -> None:
    call = one(question)
    assert call.name == "risk" and call.slots.measure is not None, call
    assert call.slots.measure.register_type == register
    assert 'issuetype = "Risk"' not in (call.jql or "")


@pytest.mark.parametrize("question", ["which of the big WEB initiatives are slipping?",
                                      "are any OPS initiatives at risk?", "DATA initiatives per assignee"])
def test_a_type_above_the_projects_hierarchy_reads_as_their_largest(question: str) -> None:
    call = one(question)
    assert call.slots.issue_types == ["Epic"], call
    assert any("no Initiative issues" in note and "INIT" in note for note in call.slots.assumed)


def test_a_type_the_project_lacks_below_its_top_stays() -> None:
    call = one("INIT bugs at risk")
    assert call.slots.issue_types == ["Bug"] and not call.slots.assumed, call


@pytest.mark.parametrize("question", ["data platform open risks", "How many risks are open in Data Platform?",
                                      "list the unresolved OPS risks", "which risks were raised in WEB last week?"])
def test_risks_said_with_a_state_count_or_list_are_the_risk_type(question: str) -> None:
    call = one(question)
    assert call.name in ("search", "count") and 'issuetype = "Risk"' in (call.jql or ""), call


@pytest.mark.parametrize(("question", "actor", "window"), [
    ("Ana Patel this week", "Ana Patel", "this week"),
    ("bruno achebe last week", "Bruno Achebe", "last week"),
    ("ana since monday", "Ana Patel", "since monday"),
    ("Ines Garcia yesterday?", "Ines Garcia", "yesterday"),
])
def test_a_person_and_a_window_alone_ask_what_they_did(question: str, actor: str, window: str) -> None:
    call = one(question)
    assert call.name == "activity" and call.slots.measure is not None and call.slots.window is not None
    assert (call.slots.measure.actor, call.slots.window.phrase) == (actor, window)
    assert "assignee" not in (call.jql or "")


@pytest.mark.parametrize("question", ["Ana Patel's bugs this week", "issues assigned to Ana Patel this week",
                                      "what did Ana Patel report in 2025?"])
def test_a_person_with_issues_asked_for_stays_a_search(question: str) -> None:
    call = one(question)
    assert call.name == "search" and re.search(r"\b(?:assignee|reporter) = ", call.jql or "")


@pytest.mark.parametrize(("question", "start", "end"), [
    ("what did the Operations project look like over the past month (october)?", "2026-10-01", "2026-11-01"),
    ("what changed in OPS over the past month, in September?", "2026-09-01", "2026-10-01"),
    ("what happened in OPS in September", "2026-09-01", "2026-10-01"),
    ("activity in Mobile Apps during the first week of October", "2026-10-01", "2026-10-08"),
])
def test_activity_in_a_named_calendar_period_counts_that_period(question: str, start: str, end: str) -> None:
    call = one(question)
    assert call.name == "activity" and call.slots.window is not None and not call.slots.ignored
    assert (call.slots.window.start or "")[:10] == start and (call.slots.window.end or "")[:10] == end
    assert "created" not in (call.jql or "")


@pytest.mark.parametrize(("question", "project", "since"), [
    ("doing the monthly ops report - how many issues were created and resolved in OPS during October, and how many "
     "status changes?", "OPS", "2026/10/01"),
    ("how many tickets were opened and closed in WEB last week and how many status changes were there?", "WEB",
     "2026/10/19"),
    ("how many status changes happened in MOB yesterday", "MOB", "2026/10/31"),
])
def test_created_resolved_and_status_changes_together_are_one_activity_report(question: str, project: str,
                                                                                since: str) -> None:
    call = one(question)
    assert call.name == "activity"
    assert call.jql == f'project = "{project}" AND updated >= "{since} 00:00"'
    assert call.slots.ignored == []
