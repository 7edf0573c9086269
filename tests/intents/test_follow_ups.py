"""Follow-ups keep the earlier conditions: a role word moves the person named earlier, a person or date
said alone takes the earlier one's role or field, a few words naming no issues refine the last set, and
"instead" is no word to search for. Wordings of our own over the parser tests' demo organisation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState, IntentCall
from jirakg.intents.typos import Typos
from tests.intents.demo_lexicon import LEXICON, META

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)
ACCOUNT = {user["displayName"]: user["accountId"] for user in META["users"]}


def follow(*questions: str) -> IntentCall:
    state = ConversationState()
    for question in questions:
        parsed = PARSER.parse(question, state)
        assert len(parsed.intents) == 1, parsed.intents
        call = parsed.intents[0]
        state = ConversationState(last_intent=call.name, last_search=call.slots)
    return call


@pytest.mark.parametrize(("first", "then"), [
    ("open bugs assigned to Carla Souza", "and the ones she reported?"),
    ("Carla Souza's unresolved tasks", "what about those she filed?"),
    ("open stories Carla Souza is working on", "and the ones she raised herself?"),
    ("what does Carla Souza have open in WEB?", "now the ones she logged"),
])
def test_a_role_word_moves_the_earlier_person_to_reporter(first: str, then: str) -> None:
    call = follow(first, then)
    assert call.slots.reporters == [ACCOUNT["Carla Souza"]] and not call.slots.assignees, call.jql
    assert call.slots.text is None and not call.slots.ignored, call.slots


@pytest.mark.parametrize(("first", "then"), [
    ("bugs reported by Hiro Sato", "and the ones assigned to him?"),
    ("what did Hiro Sato file in MOB?", "what about those he is assigned?"),
    ("what did Hiro Sato file in MOB?", "what about the ones he is working on?"),
    ("tasks reported by Hiro Sato", "now flip it: which ones is he assigned to?"),
])
def test_a_role_word_moves_the_earlier_person_to_assignee(first: str, then: str) -> None:
    call = follow(first, then)
    assert call.slots.assignees == [ACCOUNT["Hiro Sato"]] and not call.slots.reporters, call.jql


def test_a_role_word_picking_out_of_the_set_keeps_both_roles() -> None:
    call = follow("what did Hiro Sato file in MOB?", "which of those is he assigned?")
    assert call.slots.assignees == call.slots.reporters == [ACCOUNT["Hiro Sato"]], call.jql


@pytest.mark.parametrize(("first", "then"), [
    ("what did Hiro Sato file in MOB?", "which of those is he assigned?"),
    ("bugs reported by Hiro Sato", "assigned to him"),
    ("bugs reported by Hiro Sato", "out of that list, just the ones that person is the assignee on"),
    ("bugs reported by Hiro Sato", "of these, which is he handling himself"),
    ("open issues Hiro Sato is working on", "filed by him too"),
    ("open issues Hiro Sato is working on", "keep the ones he raised"),
])
def test_a_pronoun_in_a_role_narrows_to_the_same_person_in_both_roles(first: str, then: str) -> None:
    call = follow(first, then)
    assert call.name == "search", call
    assert call.slots.assignees == call.slots.reporters == [ACCOUNT["Hiro Sato"]], call.jql


@pytest.mark.parametrize(("first", "then", "role", "excluded"), [
    ("what did Hiro Sato report this year?", "his open bugs", "assignees", False),
    ("tasks reported by Hiro Sato", "not his", "assignees", True),
    ("open issues assigned to Hiro Sato", "which of these did he raise in the first place?", "reporters", False),
])
def test_a_pronoun_takes_the_role_its_words_give(first: str, then: str, role: str, excluded: bool) -> None:
    call = follow(first, then)
    assert getattr(call.slots.excluded if excluded else call.slots, role) == [ACCOUNT["Hiro Sato"]], call.jql


@pytest.mark.parametrize(("first", "then", "asked"), [
    ("open bugs assigned to Carla Souza reported by Hiro Sato", "which of those did she file?",
     "Carla Souza or Hiro Sato"),  # in the order the question names them
    ("open bugs", "her open bugs", "Who do you mean by 'her'"),
    ("open bugs", "assigned to him", "Who do you mean by 'him'"),
])
def test_a_pronoun_with_no_one_or_two_people_to_point_at_is_asked_about(first: str, then: str, asked: str) -> None:
    call = follow(first, then)
    assert call.name == "clarify" and asked in (call.slots.reason or ""), call


@pytest.mark.parametrize(("first", "then"), [
    ("what did Hiro Sato report this year?", "and what about Nikhil Rossi?"),
    ("bugs reported by Hiro Sato", "same for Nikhil Rossi"),
])
def test_a_person_said_alone_takes_the_earlier_persons_role(first: str, then: str) -> None:
    call = follow(first, then)
    assert call.slots.reporters == [ACCOUNT["Nikhil Rossi"]] and not call.slots.assignees, call.jql


@pytest.mark.parametrize(("first", "then", "field"), [
    ("issues resolved in OPS last week", "what about this week?", "resolved"),
    ("WEB issues updated last month", "and in September instead?", "updated"),
    ("open stories due next week", "and the week after?", "due"),
])
def test_a_date_said_alone_stays_on_the_earlier_field(first: str, then: str, field: str) -> None:
    call = follow(first, then)
    assert [d.field for d in call.slots.dates] == [field], call.jql


@pytest.mark.parametrize("then", ["what about the ones that came in this week?", "and those submitted this week?",
                                  "and the ones entered this week?"])
def test_a_date_said_with_its_own_date_word_stays_on_that_field(then: str) -> None:
    # the conditions reader's creation words decide, not a shorter list of the follow-up's own
    call = follow("bugs resolved in OPS last week", then)
    assert {d.field: d.phrase for d in call.slots.dates} == {"resolved": "last week", "created": "this week"}, call.jql


@pytest.mark.parametrize(("first", "then", "kept"), [
    ("highest priority bugs in OPS", "tagged regression", ("OPS", "Bug", "Highest", "regression")),
    ("blocked issues in DATA", "medium priority", ("DATA", "Blocked", "Medium")),
    ("stories in release 2026.Q4", "how many still open?", ("2026.Q4", "Story", "resolution is EMPTY")),
    ("open epics in MOB", "labelled ux", ("MOB", "Epic", "resolution is EMPTY", "ux")),
])
def test_a_few_words_naming_no_issues_refine_the_last_set(first: str, then: str, kept: tuple[str, ...]) -> None:
    call = follow(first, then)
    assert call.jql is not None and all(value in call.jql for value in kept), call.jql


def test_words_that_name_issues_start_afresh() -> None:
    call = follow("highest priority bugs in OPS", "open stories in WEB")
    assert call.jql is not None and "OPS" not in call.jql and "Highest" not in call.jql and "Bug" not in call.jql


@pytest.mark.parametrize(("first", "then", "kept", "gone"), [
    ("open bugs in WEB", "Okay. And in MOB instead?", ("MOB", "Bug", "resolution is EMPTY"), "WEB"),
    ("open high priority issues in OPS", "only the highest ones instead", ("OPS", "Highest"), "instead"),
    ("stories in fix version 2026.Q2", "Thanks. What about 2026.Q3 instead?", ("2026.Q3", "Story"), "2026.Q2"),
])
def test_instead_replaces_a_value_and_is_not_searched_for(first: str, then: str, kept: tuple[str, ...],
                                                          gone: str) -> None:
    call = follow(first, then)
    assert call.jql is not None and all(value in call.jql for value in kept) and gone not in call.jql, call.jql
    assert "text ~" not in call.jql


@pytest.mark.parametrize(("first", "then", "direction"), [
    ("open bugs in MOB", "whats the oldest one", "most"),
    ("open stories assigned to Hiro Sato", "newest one", "fewest"),
    ("unresolved epics in DATA", "oldest one please", "most"),
])
def test_a_superlative_said_alone_ranks_the_last_set(first: str, then: str, direction: str) -> None:
    earlier = follow(first).slots
    call = follow(first, then)
    assert call.name == "ranking" and call.slots.measure is not None and call.slots.measure.direction == direction
    assert (call.slots.projects, call.slots.issue_types, call.slots.assignees, call.slots.empty) == (
        earlier.projects, earlier.issue_types, earlier.assignees, earlier.empty)


@pytest.mark.parametrize(("first", "then"), [
    ("unresolved issues in MOB", "only teh bugs"),
    ("open bugs in MOB", "waht about the blocked ones?"),
    ("open bugs in MOB", "whcih are stil high priority?"),
    ("open bugs in MOB", "sort tehm by priorty"),
])
def test_swapped_or_dropped_letters_in_question_words_are_no_words_to_search_for(first: str, then: str) -> None:
    call = follow(first, then)
    assert call.name == "search" and call.slots.text is None and not call.slots.ignored, call
    assert call.slots.projects == ["MOB"], call.jql


@pytest.mark.parametrize(("first", "then", "newest"), [
    ("open bugs in MOB", "the oldest of those", False),
    ("open bugs in MOB", "which one is the oldest?", False),
    ("unresolved epics in WEB", "which of them was created most recently?", True),
    ("unresolved epics in WEB", "newest among them", True),
    ("open bugs in MOB", "which of those was opened first?", False),
])
def test_a_superlative_over_the_last_list_ranks_that_list(first: str, then: str, newest: bool) -> None:
    call = follow(first, then)
    assert call.name == "ranking" and call.slots.measure is not None, call
    assert call.slots.measure.metric == "age" and (call.slots.measure.direction == "fewest") == newest
    assert call.slots.projects and call.slots.issue_types, call.jql  # the last list, not every issue


@pytest.mark.parametrize(("first", "then", "start"), [
    ("stories resolved in WEB in September 2026", "and August?", "2026/08/01"),
    ("stories resolved in WEB in September 2026", "could I see the same for October instead?", "2026/10/01"),
    ("bugs created in MOB in June 2026", "what about July", "2026/07/01"),
])
def test_a_month_said_alone_is_the_earlier_dates_window(first: str, then: str, start: str) -> None:
    call = follow(first, then)
    assert [d.field for d in call.slots.dates] == [follow(first).slots.dates[0].field], call.jql
    assert start in (call.jql or "") and call.slots.text is None and not call.slots.ignored, call


@pytest.mark.parametrize(("first", "then"), [
    ("everything open in WEB", "Right, that's a lot. Can we cut it down to the blocked stuff?"),
    ("open tasks in WEB", "are any of them blocked?"),
    ("open tasks in WEB", "Thanks. Any of those blocked at the moment? Show me those."),
    ("open tasks in WEB", "hmm, which ones are blocked"),
])
def test_a_status_said_of_the_last_list_narrows_it(first: str, then: str) -> None:
    parsed = PARSER.parse(then, ConversationState(last_intent="search", last_search=follow(first).slots))
    assert [c.name for c in parsed.intents] == ["search"], parsed.intents
    call = parsed.intents[0]
    assert call.slots.projects == ["WEB"] and call.slots.statuses == ["Blocked"] and not call.slots.ignored, call


@pytest.mark.parametrize("then", ["and the ones he filled?", "what about those he filled in?"])
def test_filled_typed_for_filed_is_the_reporters(then: str) -> None:
    call = follow("open bugs assigned to Hiro Sato", then)
    assert call.slots.reporters == [ACCOUNT["Hiro Sato"]] and not call.slots.assignees, call.jql


@pytest.mark.parametrize("question", [
    "MOB tickets that used to be assigned to Hiro Sato",
    "which MOB issues did Hiro Sato previously own but no longer does?",
    "MOB bugs Hiro Sato used to own",
    "MOB issues formerly owned by Hiro Sato",
])
def test_a_person_who_had_the_issues_once_is_assignee_changed_from(question: str) -> None:
    call = follow(question)
    assert [(h.field, h.operator, h.value) for h in call.slots.history] == [
        ("assignee", "changed from", ACCOUNT["Hiro Sato"])], call.jql
    assert not call.slots.assignees and call.slots.projects == ["MOB"] and not call.slots.ignored, call


@pytest.mark.parametrize("question", [
    "what got blocked in the course of last week?",
    "Things felt slow last week - which tickets got moved into Blocked during that week?",
    'status CHANGED TO "Blocked" AFTER "2026-10-19" BEFORE "2026-10-26"',
])
def test_a_move_into_a_status_within_a_window_is_status_changed_to(question: str) -> None:
    call = follow(question)
    assert "changed to" in (call.jql or "").lower() and "2026" in (call.jql or ""), call
    assert "created" not in (call.jql or ""), call  # the window bounds the change, not the creation


def test_another_form_of_a_question_word_is_not_corrected_to_it() -> None:
    corrected = PARSER.typos.corrected("avg time to resolve MOB bugs, stil open")
    assert corrected == "avg time to resolve MOB bugs, still open"


def test_a_short_word_is_corrected_only_to_a_question_word() -> None:
    typos = Typos(["ned", "zimmerman"])
    assert typos.corrected("from the end of July, teh bugs") == "from the end of July, the bugs"


@pytest.mark.parametrize(("first", "then", "name", "clauses"), [
    ("how many unresolved tasks are in OPS?", "just the blockers", "count",
     ['project = "OPS"', 'issuetype = "Task"', 'priority = "Highest"']),
    # "with children" adds no condition today (the word is left in slots.ignored): only the earlier set is checked
    ("how many open stories does DATA have?", "only the ones with children", "count",
     ['project = "DATA"', 'issuetype = "Story"']),
    ("list the unresolved tasks in OPS", "just the blockers", "search",
     ['project = "OPS"', 'issuetype = "Task"', 'priority = "Highest"']),
])
def test_a_link_word_without_an_issue_narrows_in_the_earlier_intent(first: str, then: str, name: str,
                                                                    clauses: list[str]) -> None:
    call = follow(first, then)
    assert call.name == name and "resolution is EMPTY" in (call.jql or ""), call
    assert all(c in (call.jql or "") for c in clauses) and "issueLinkType" not in (call.jql or ""), call


@pytest.mark.parametrize(("first", "then", "clauses"), [
    ("unresolved WEB tasks due next week", "and the week after that?",
     ['duedate >= "2026/11/09 00:00"', 'duedate < "2026/11/16 00:00"', 'project = "WEB"']),
    ("DATA stories created in August", "what about the month before?",
     ['created >= "2026/07/01 00:00"', 'created < "2026/08/01 00:00"', 'project = "DATA"']),
    ("bugs resolved in OPS last week", "and the previous week",
     ['resolutiondate >= "2026/10/12 00:00"', 'resolutiondate < "2026/10/19 00:00"']),
])
def test_a_window_said_next_to_the_earlier_one_moves_it(first: str, then: str, clauses: list[str]) -> None:
    call = follow(first, then)
    assert all(c in (call.jql or "") for c in clauses) and call.slots.ignored == [], call


@pytest.mark.parametrize("then", ["Show me those? Are any of them blocked?",
                                  "Are any of those blocked? Show me those."])
def test_a_part_only_pointing_back_beside_one_narrowing_is_the_narrowed_set(then: str) -> None:
    call = follow("unresolved OPS tasks", then)
    assert 'project = "OPS"' in (call.jql or "") and 'status = "Blocked"' in (call.jql or ""), call
