"""A question about one issue named by its key is answered about that issue, however it is worded.

The words around the key describe the issue ("OPS-540, the alert routing export story", "MOB-152 has been open
forever", "until OPS-553 is finished") and select nothing; a search that leaves the named issue out would answer
over other issues. Written from what people type in Slack, before the rules."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.engine.history import ConversationState
from jirakg.intents.embedded import EmbeddedParser
from tests.intents.demo_lexicon import LEXICON

PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))


def only(question: str, history=None):
    calls = PARSER.parse(question).intents
    assert len(calls) == 1, calls
    return calls[0]


@pytest.mark.parametrize(("question", "field"), [
    ("I'm planning next week's on-call handover. when is OPS-540, the alert routing export story, supposed to be "
     "finished by?", "duedate"),
    ("By what day does OPS-540 have to be finished?", "duedate"),  # no field word: the issue's card, due date in it
    ("How big was MOB-60 estimated to be?", "customfield_10016"),
    ("somebody logged WEB-41 about promo codes showing stale data at peak. who raised it originally?", "reporter"),
    ("triaging old Decapod-like bugs in MOB. for MOB-88 (poor output quality) can you tell me its priority, which "
     "component it's filed under, and who reported it?", "reporter"),
])
def test_a_question_about_one_issue_reads_its_fields(question: str, field: str) -> None:
    call = only(question)
    assert call.name == "metadata" and call.issue_keys and field in call.slots.fields, call


@pytest.mark.parametrize(("question", "key", "link_type"), [
    ("WEB-74 has been sitting in progress for four sprints. is there something it's waiting on?", "WEB-74",
     "is blocked by"),
    ("Is anything holding up WEB-74? Which ticket needs to happen first?", "WEB-74", "is blocked by"),
    ("What other work can't go ahead until OPS-53 is finished?", "OPS-53", "blocks"),
    ("which tickets are stuck waiting for OPS-53 to be done?", "OPS-53", "blocks"),
    ("nobody has picked up OPS-53 (DNS failover) yet. before I deprioritise it, which tickets are stuck waiting for "
     "it to be done?", "OPS-53", "blocks"),
    ("WEB-23 was marked as the same problem as an earlier ticket. Which one?", "WEB-23", "duplicates"),
])
def test_blocking_said_in_everyday_words_is_the_issues_links(question: str, key: str, link_type: str) -> None:
    call = only(question)
    # the states said of the named issue ("until it is finished", "nobody has picked it up") select nothing
    assert (call.name, call.issue_keys, call.slots.link_type) == ("linked", [key], link_type), call


@pytest.mark.parametrize("question", [
    "OPS-52 keeps slipping and I suspect it's stuck behind other work. what is it waiting on, all the way down?",
    "What has to be finished before OPS-52 can move, including whatever those things are waiting for?",
])
def test_waiting_all_the_way_down_is_the_dependency_chain(question: str) -> None:
    call = only(question)
    assert (call.name, call.issue_keys) == ("dependencies", ["OPS-52"]), call


@pytest.mark.parametrize(("question", "jql"), [
    ("blocking cycles", None),
    ("Are there tickets that are each waiting on one another in a circle?", None),
    ("any deadlocks in WEB?", 'project = "WEB"'),
])
def test_cycles_without_an_issue_are_looked_for_everywhere_asked(question: str, jql: str | None) -> None:
    call = only(question)
    assert (call.name, call.issue_keys, call.jql) == ("dependencies", [], jql), call


@pytest.mark.parametrize("question", [
    "MOB-82 changes last 7 days",
    "Walk me through what was done to MOB-82 in the past seven days.",
    "MOB-83 assignee change date",
    "When did MOB-83 get handed to a different person?",
    "How long has DATA-37 been stuck, and since what date?",
])
def test_what_happened_to_an_issue_is_its_history(question: str) -> None:
    assert only(question).name == "changelog"


def test_a_story_introducing_the_issue_lets_the_request_point_at_it() -> None:
    call = only("the crash reporting story MOB-52 has been open forever. how many of its sub-tasks are actually "
                "finished? trying to figure out if it's nearly there")
    assert call.name == "count" and "MOB-52" in call.slots.parents + call.slots.descendants_of, call
    assert call.slots.issue_types == ["Sub-task"] and "crash" not in call.slots.ignored, call


@pytest.mark.parametrize(("question", "person"), [
    ("What has Priya Raman done in the tracker this week?", "Priya Raman"),
    ("Priya Raman changes this week", "Priya Raman"),
    ("I'm covering for Yusuf Demir while he's on leave. what open issues does he have?", "Yusuf Demir"),
    ("What tickets are on Marcus Whitfield's list?", "Marcus Whitfield"),
    ("bugs reported by Katarzyna Wojcik in MOB", "Katarzyna Wojcik"),
])
def test_a_full_name_nobody_has_is_asked_back_not_answered_for_everyone(question: str, person: str) -> None:
    call = only(question)
    assert call.name == "clarify" and f"nobody called '{person}'" in (call.slots.reason or ""), call


@pytest.mark.parametrize("question", ["Quick Question: how many open bugs in WEB?", "Core Platform open bugs",
                                      "WEB tickets about the New Relic integration", "open bugs due by Monday Morning"])
def test_capitalised_everyday_or_instance_words_are_no_stranger(question: str) -> None:
    assert only(question).name in ("count", "search")


@pytest.mark.parametrize("question", [
    "storefront stories that nobody has been handed yet",
    "which stories in WEB don't have an owner yet",
    "how many web bugs are still open with nobody on them?",
    "ops tickets that nobody was ever put on",
])
def test_nobody_on_the_work_is_no_assignee(question: str) -> None:
    call = only(question)
    assert "assignee is EMPTY" in (call.jql or "") and call.slots.ignored == [], call


@pytest.mark.parametrize(("question", "name", "jql_part"), [
    ("how many of its children are done?", "count", 'parent = "INIT-9"'),
    ("which of its sub-tasks are still open?", "search", "resolution is EMPTY"),
    ("what blocks it?", "linked", None),
])
def test_its_relatives_are_the_relatives_of_the_issue_in_the_conversation(question: str, name: str,
                                                                         jql_part: str | None) -> None:
    (call,) = PARSER.parse(question, ConversationState(active_keys=["INIT-9"])).intents
    assert call.name == name and "INIT-9" in call.issue_keys + call.slots.parents + call.slots.descendants_of, call
    assert jql_part is None or jql_part in (call.jql or ""), call


@pytest.mark.parametrize(("question", "name", "detail"), [
    ("show me epic DATA-65", "metadata", None),  # the issue itself, not "which issues do you mean?"
    ("who's actually the person on DATA-87 right now, before the release goes out?", "metadata", "assignee"),
    ("which release is DATA-87 in?", "metadata", "fixVersions"),
    ("what's in DATA-65?", "children", None),
    ("what are the blockers of OPS-53", "linked", "is blocked by"),  # "of" names no parent after "blockers"
    ("OPS-53 blockers", "linked", "is blocked by"),  # the link, not the Blocker priority
    ("OPS-53 blocks", "linked", "blocks"),
])
def test_what_one_issue_is_asked(question: str, name: str, detail: str | None) -> None:
    call = only(question)
    assert call.name == name and call.issue_keys, call
    assert detail is None or detail in (call.slots.fields if name == "metadata" else [call.slots.link_type]), call
    assert not call.slots.priorities and not call.slots.parents, call


@pytest.mark.parametrize(("question", "jql"), [
    ("how many of DATA-65's children are done?", 'status = "Done" AND parent = "DATA-65"'),
    ("DATA-65's open bugs", 'issuetype = "Bug" AND resolution is EMPTY'),  # an issue key is nobody's name
])
def test_an_issues_own_relatives_in_the_possessive(question: str, jql: str) -> None:
    call = only(question)
    assert call.jql == jql and "DATA-65" in call.slots.parents + call.slots.descendants_of, call
    assert call.slots.ignored == [], call


@pytest.mark.parametrize("question", ["when did the assignee of WEB-41 change?", "who took over WEB-41 and when?",
                                      "when did we close WEB-41?"])
def test_when_something_changed_on_an_issue_is_its_history(question: str) -> None:
    call = only(question)
    assert call.name == "changelog" and call.issue_keys == ["WEB-41"], call


def test_an_earlier_part_asks_about_the_one_issue_a_later_part_names() -> None:
    calls = PARSER.parse("when did the assignee change, and who has WEB-41 now?").intents
    assert [(c.name, c.issue_keys) for c in calls] == [("changelog", ["WEB-41"]), ("metadata", ["WEB-41"])]


@pytest.mark.parametrize("question", ["Show me everything that hangs off INIT-5, all levels down.",
                                      "the whole tree hanging off INIT-5"])
def test_everything_hanging_off_an_issue_at_every_level_is_its_subtree(question: str) -> None:
    call = only(question)
    assert call.name == "search" and call.slots.descendants_of == ["INIT-5"] and call.slots.ignored == [], call


def test_when_the_named_issue_is_due_describes_it() -> None:
    call = only("MOB-60 is due next week and I want to know which risks are recorded against it")
    assert call.name == "linked" and call.issue_keys == ["MOB-60"], call
    assert "duedate" not in (call.jql or "")
    call = only("MOB-60 is due next week. what's still left in it?")
    assert call.name == "search" and "duedate" not in (call.jql or "") and 'parent = "MOB-60"' in (call.jql or "")


def test_threats_recorded_against_an_issue_are_its_risks() -> None:
    call = only("What possible threats have been recorded against MOB-60?")
    assert call.name == "linked" and call.issue_keys == ["MOB-60"], call
