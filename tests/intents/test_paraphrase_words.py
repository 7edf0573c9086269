"""Everyday paraphrases of search conditions: finishing work said as wrapping it up or knocking it out, "since the
start of last month" with no end, a deadline as the due date, and the work on someone's plate as their open work."""

from __future__ import annotations

import pytest

from jirakg.intents.models import IntentCall
from tests.intents.test_value_words import PARSER


def _one(question: str) -> IntentCall:
    (intent,) = PARSER.parse(question).intents
    return intent


@pytest.mark.parametrize("question", ["which OPS tickets did we wrap up in October?",
                                      "stuff the mobile team knocked out in october",
                                      "data work we're wrapping up this week"])
def test_wrapping_up_or_knocking_out_is_when_it_was_resolved(question: str) -> None:
    call = _one(question)
    assert "resolutiondate >=" in (call.jql or "") and "created" not in (call.jql or ""), call.jql
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize("question", ["OPS bugs closed since the start of last month",
                                      "web stories created since the beginning of last week"])
def test_since_the_start_of_last_period_has_no_end(question: str) -> None:
    call = _one(question)
    assert ">= \"2026/10/" in (call.jql or "") and " < \"" not in (call.jql or ""), call.jql
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize(("question", "clause"), [("DATA stories that have no deadline", "duedate is EMPTY"),
                                                  ("web bugs missing a deadline", "duedate is EMPTY"),
                                                  ("which OPS tasks have a deadline?", "duedate is not EMPTY"),
                                                  ("open customer complaints in WEB", 'labels = "customer-reported"'),
                                                  ("DATA stories waiting for a designer", 'labels = "needs-design"'),
                                                  ("bugs in the iphone app this month", 'component = "iOS App"'),
                                                  ("stories for the iphone", 'component = "iOS App"')])
def test_a_deadline_is_the_due_date_and_everyday_names_of_labels_and_components(question: str, clause: str) -> None:
    call = _one(question)
    assert clause in (call.jql or "") and not call.slots.ignored, (call.jql, call.slots.ignored)


@pytest.mark.parametrize("question", ["what does Hiro still have on his plate?", "what is on Divya's plate in WEB",
                                      "things Elena has on her plate", "what's on my plate for OPS"])
def test_the_work_on_a_plate_is_open_work(question: str) -> None:
    call = _one(question)
    assert "assignee" in (call.jql or "") and "resolution is EMPTY" in (call.jql or ""), call.jql
    assert not call.slots.ignored, call.slots.ignored


def test_work_kept_off_a_plate_is_not_limited_to_open_work() -> None:
    jql = _one("MOB stories apart from what is on Hiro's plate").jql or ""
    assert "assignee !=" in jql and "resolution" not in jql, jql


@pytest.mark.parametrize(("question", "clause"), [("MOB security tickets we turned down", 'labels = "security"'),
                                                  ("open security stuff in the web storefront", 'labels = "security"'),
                                                  ("OPS security bugs", 'component = "Security"'),
                                                  ("MOB bugs in the security component", 'component = "Security"')])
def test_a_name_shared_by_a_component_and_a_label_is_the_label_where_the_project_lacks_the_component(
        question: str, clause: str) -> None:
    jql = _one(question).jql or ""
    other = 'component = "Security"' if clause.startswith("labels") else 'labels = "security"'
    assert clause in jql and other not in jql, jql


@pytest.mark.parametrize(("question", "clause"), [("top priority WEB stories", 'priority = "Highest"'),
                                                  ("MOB tasks that are top priority", 'priority = "Highest"'),
                                                  ("DATA bugs that are high or top priority",
                                                   'priority in ("High", "Highest")')])
def test_top_priority_said_of_the_issues_is_a_priority_not_a_ranking(question: str, clause: str) -> None:
    call = _one(question)
    assert call.name == "search" and clause in (call.jql or ""), (call.name, call.jql)


def test_top_with_a_number_still_ranks() -> None:
    ranked = _one("top 3 reporters in WEB")
    assert ranked.name == "ranking" and ranked.slots.measure is not None and ranked.jql == 'project = "WEB"', ranked
    assert (ranked.slots.measure.group_by, ranked.slots.measure.top) == (["reporter"], 3), ranked.slots.measure


@pytest.mark.parametrize("question", ["MOB stories without story points", "which DATA stories has nobody sized yet?",
                                      "unestimated web stories", "OPS tasks that haven't been estimated"])
def test_work_nobody_has_estimated_has_no_story_points(question: str) -> None:
    call = _one(question)
    jql = call.jql or ""
    assert '"Story point estimate" is EMPTY' in jql and "!=" not in jql and "~" not in jql, jql
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize(("question", "due"), [
    ("what does the mobile team still need to deliver this month?", 'duedate >= "2026/11/01'),
    ("WEB stories we have to ship by the end of next week", 'duedate < "2026/11/09'),
    ("which OPS tasks did we have to finish last month?", 'duedate >= "2026/10/01')])
def test_what_has_to_be_delivered_by_a_time_is_due_then(question: str, due: str) -> None:
    jql = _one(question).jql or ""
    assert due in jql and "resolutiondate" not in jql and "created" not in jql, jql


@pytest.mark.parametrize("question", ["what do I still have to finish in WEB?", "what do I need to fix this sprint"])
def test_what_i_still_have_to_do_is_my_open_work(question: str) -> None:
    call = _one(question)
    assert "assignee = currentUser()" in (call.jql or "") and "resolution is EMPTY" in (call.jql or ""), call.jql
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize("question", ["MOB tickets that need a review", "DATA stories ready for review",
                                      "OPS work waiting on a reviewer", "web items awaiting code review",
                                      "MOB bugs waiting for someone to review them"])
def test_work_waiting_for_a_review_is_in_review_not_a_blocking_link(question: str) -> None:
    jql = _one(question).jql or ""
    assert 'status = "In Review"' in jql and "issueLinkType" not in jql, jql


@pytest.mark.parametrize(("question", "jql"), [
    ("customer complaints in WEB about things that broke again",
     'labels = "customer-reported" AND labels = "regression"'),
    ("security bugs in MOB that broke again", 'labels = "security" AND labels = "regression"'),
    ("MOB tickets labelled performance or regression", 'labels in ("performance", "regression")')])
def test_labels_said_apart_each_describe_the_issues_and_a_list_is_any(question: str, jql: str) -> None:
    found = _one(question).jql or ""
    assert jql in found, found
