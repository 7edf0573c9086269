"""Everyday words on an archive shaped like Fluid's (statuses Resolved and Reopened, a Blocker priority, resolutions
Incomplete and Cannot Reproduce, a component called "Inline Edit"): questions that name no field."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon

CATEGORY = {"Open": "new", "Reopened": "new", "In Progress": "indeterminate", "Resolved": "done", "Closed": "done"}
PROJECTS = [{"key": "SJRK", "name": "Social Justice Repair Kit", "components": [{"name": "Storytelling Tool UI"}]},
            {"key": "WIDG", "name": "Widget Library", "components": [{"name": "Inline Edit"}, {"name": "Renderer"},
                                                                     {"name": "Uploader"}]}]
PEOPLE = ["Justin Obara", "Colin Clark", "Michelle Dsouza"]
RESOLUTIONS = ["Fixed", "Won't Fix", "Duplicate", "Incomplete", "Cannot Reproduce", None]


def _issue(n: int) -> dict:
    person = PEOPLE[n % len(PEOPLE)]
    resolution = RESOLUTIONS[n % len(RESOLUTIONS)]
    return {"key": f"WIDG-{n}", "fields": {
        "project": {"key": "WIDG"}, "assignee": {"key": person.lower().replace(" ", "."), "displayName": person},
        "reporter": {"key": "colin.clark", "displayName": "Colin Clark"},
        "status": {"name": list(CATEGORY)[n % len(CATEGORY)]}, "issuetype": {"name": ["Bug", "Task"][n % 2]},
        "resolution": {"name": resolution} if resolution else None, "priority": {"name": "Blocker"},
        "components": [{"name": "Uploader"}]}}


LEXICON = Lexicon.build(
    statuses=[{"name": name, "statusCategory": {"key": key}} for name, key in CATEGORY.items()],
    priorities=[{"name": p} for p in ("Blocker", "Critical", "Major", "Minor")],
    issue_types=[{"name": t} for t in ("Bug", "Task", "New Feature")], projects=PROJECTS,
    issues=[_issue(n) for n in range(30)])
PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))


def _one(question: str) -> tuple[str, str, list[str]]:
    (intent,) = PARSER.parse(question).intents
    return intent.name, intent.jql or "", intent.slots.ignored


ACCOUNTS = {"Colin": "colin.clark", "Justin": "justin.obara"}


def _named(question: str) -> str:
    """The account of the one person the question names (read from the question, not from the parser)."""
    (who,) = [name for name in ACCOUNTS if name.lower() in question.lower()]
    return ACCOUNTS[who]


@pytest.mark.parametrize("question", ["inline edit problems from 2019", "what came in for the renderer from 2019"])
def test_from_a_year_is_that_year(question: str) -> None:
    jql = _one(question)[1]
    assert 'created >= "2019/01/01 00:00" AND created < "2020/01/01 00:00"' in jql, jql


def test_from_a_year_on_is_since_that_year() -> None:
    jql = _one("renderer bugs from 2019 on")[1]
    assert 'created >= "2019/01/01 00:00"' in jql and "2020" not in jql, jql


def test_a_date_word_inside_a_component_name_names_no_date_field() -> None:
    jql = _one("inline edit tasks in 2020")[1]
    assert 'component = "Inline Edit"' in jql and 'created >= "2020/01/01' in jql and "updated" not in jql, jql


@pytest.mark.parametrize("question", ["uploader bugs nobody has grabbed", "renderer tasks that no one claimed yet",
                                      "uploader work nobody took on", "renderer bugs that were never given an owner",
                                      "uploader bugs nobodys grabbed",
                                      "things colin reported that never got anyone assigned"])
def test_nobody_taking_it_on_is_unassigned(question: str) -> None:
    jql, ignored = _one(question)[1:]
    assert "assignee is EMPTY" in jql and not ignored, (jql, ignored)


@pytest.mark.parametrize("question", ["uploader bugs that came back", "renderer tasks opened again"])
def test_coming_back_is_the_reopened_status(question: str) -> None:
    assert 'status = "Reopened"' in _one(question)[1]


def test_sorted_out_is_fixed_and_sorted_by_still_orders() -> None:
    assert 'resolution = "Fixed"' in _one("renderer bugs that got sorted out")[1]
    jql = _one("renderer bugs sorted by priority")[1]
    assert "ORDER BY priority" in jql and "Fixed" not in jql, jql


def test_a_fact_word_beside_values_of_the_instance_still_searches() -> None:
    name, jql, _ = _one("uploader chores that Colin wrote up")
    assert name == "search" and 'reporter = "colin.clark"' in jql and 'component = "Uploader"' in jql, (name, jql)
    assert _one("who is Colin Clark married to")[0] == "kg_question"


def test_back_before_a_date_says_when_and_is_no_word_to_search() -> None:
    jql, ignored = _one("what did Justin write about the uploader back in 2015")[1:]
    assert "text" not in jql and 'component = "Uploader"' in jql and 'created >= "2015/01/01' in jql, jql
    assert not ignored, ignored


@pytest.mark.parametrize(("question", "status"), [("uploader bugs marked resolved", "Resolved"),
                                                  ("renderer tasks that were set to open", "Open")])
def test_marked_with_a_status_name_is_that_workflow_state(question: str, status: str) -> None:
    jql, ignored = _one(question)[1:]
    assert f'status = "{status}"' in jql and "statusCategory" not in jql and not ignored, (jql, ignored)


@pytest.mark.parametrize("question", ["uploader bugs that were closed but never fixed",
                                      "renderer tasks resolved without being fixed"])
def test_ended_but_not_fixed_is_another_resolution_not_none(question: str) -> None:
    jql = _one(question)[1]
    assert 'resolution != "Fixed"' in jql and "resolution is EMPTY" not in jql, jql


def test_not_fixed_alone_is_still_unresolved() -> None:
    assert "resolution is EMPTY" in _one("uploader bugs not fixed yet")[1]


@pytest.mark.parametrize("question", ["renderer bugs Colin is sitting on", "uploader bugs Colin dug into",
                                      "renderer tasks Justin is looking into", "uploader bugs Justin has on his plate",
                                      "what renderer work Colin got on his plate",
                                      "uploader tasks Justin is chewing on"])
def test_what_someone_is_sitting_on_digging_into_or_has_on_their_plate_is_theirs(question: str) -> None:
    jql, ignored = _one(question)[1:]
    assert f'assignee = "{_named(question)}"' in jql and "reporter" not in jql and "text" not in jql, jql
    assert not ignored, ignored


@pytest.mark.parametrize("question", ["uploader bugs we were unable to reproduce",
                                      "uploader bugs nobody could recreate",
                                      "uploader bugs closed because nobody could make them happen"])
def test_failing_to_reproduce_is_cannot_reproduce(question: str) -> None:
    jql, ignored = _one(question)[1:]
    assert 'resolution = "Cannot Reproduce"' in jql and "statusCategory" not in jql and not ignored, (jql, ignored)


def test_what_someone_is_sitting_on_right_now_is_their_open_work() -> None:
    jql = _one("critical renderer bugs Colin is sitting on right now")[1]
    assert 'assignee = "colin.clark"' in jql and "resolution is EMPTY" in jql and 'priority = "Critical"' in jql, jql


@pytest.mark.parametrize(("question", "levels"), [
    ("serious uploader bugs", '("Blocker", "Critical")'),  # no High here: the level below the top, and above
    ("major uploader bugs", '"Major"'),  # the scheme's own name wins over the everyday word
])
def test_a_word_for_a_serious_level_on_a_scheme_without_high(question: str, levels: str) -> None:
    jql = _one(question)[1]
    assert f"priority {'in' if '(' in levels else '='} {levels}" in jql, jql


@pytest.mark.parametrize("question", ["uploader bugs still lying around", "renderer work left unfinished",
                                      "renderer tasks Colin raised that are still around",
                                      "renderer bugs that were never dealt with"])
def test_left_lying_around_is_unresolved(question: str) -> None:
    jql, ignored = _one(question)[1:]
    assert "resolution is EMPTY" in jql and "text" not in jql and not ignored, (jql, ignored)


def test_decided_to_skip_is_declined_not_a_negated_project() -> None:
    jql = _one("things we decided to skip in SJRK")[1]
    assert 'project = "SJRK"' in jql and "Won't Fix" in jql, jql


@pytest.mark.parametrize("question", ["the renderer tasks Colin asked for", "uploader bugs Justin requested in 2020",
                                      "renderer bugs Colin put in", "uploader tasks Justin sent in last year"])
def test_what_someone_asked_for_or_put_in_they_reported(question: str) -> None:
    jql, ignored = _one(question)[1:]
    assert f'reporter = "{_named(question)}"' in jql and "assignee" not in jql and not ignored, (jql, ignored)


def test_someone_asking_for_a_list_is_still_the_asker() -> None:
    jql = _one("Justin asked for the open uploader bugs")[1]
    assert "reporter" not in jql and "assignee" not in jql, jql
    assert 'component = "Uploader"' in jql and "resolution is EMPTY" in jql, jql  # the list asked for is read


@pytest.mark.parametrize(("question", "resolution"), [
    ("uploader tasks shelved as incomplete", "Incomplete"),
    ("renderer bugs abandoned as a duplicate", "Duplicate"),
    ("renderer bugs thrown out as duplicates", "Duplicate"),
    ("renderer bugs that got binned", "Won't Fix"),
    ("renderer tickets that ended up incomplete", "Incomplete"),
    ("uploader issues we decided weren't worth fixing", "Won't Fix"),
    ("renderer bugs that turned out to be duplicates", "Duplicate"),
])
def test_how_an_issue_ended_is_its_resolution(question: str, resolution: str) -> None:
    jql, ignored = _one(question)[1:]
    assert f'resolution = "{resolution}"' in jql and jql.count("resolution") == 1 and "EMPTY" not in jql, jql
    assert not ignored, ignored


def test_filed_against_a_component_is_that_component() -> None:
    jql, ignored = _one("what did colin raise against the Renderer")[1:]
    assert jql == 'reporter = "colin.clark" AND component = "Renderer"' and not ignored, (jql, ignored)


def test_assigned_to_do_something_is_no_assignee() -> None:
    jql = _one("uploader bugs we never had anyone assigned to review")[1]
    assert 'component = "Uploader"' in jql and "assignee" not in jql, jql


def test_against_takes_no_verb_another_reader_needs() -> None:
    # "filed … by" apart is no reporter cue yet; "filed" stays unused and is named, never taken silently
    jql, ignored = _one("bugs filed against the Renderer by colin clark")[1:]
    assert 'component = "Renderer"' in jql and "filed" in ignored and "against" not in ignored, (jql, ignored)
