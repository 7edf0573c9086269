"""Team questions phrased as people type them (issue 14): the shape is read by general rules, the words
between the shape's own words still select the issues, and a question whose shape is not understood names
the words it did not use instead of answering over a wider set. The phrasings differ from those of
tests/data/team/words-*.jsonl, which score the same rules end to end."""

from __future__ import annotations

import pytest

from jirakg.intents.team_questions import normalised
from tests.intents.team_shapes import assert_shape, one

# question, intent, measure (the fields named must hold), JQL clauses that must be there, clauses that must not
SHAPES = [
    ("who in MOB has got the most bugs still open", "ranking", {"group_by": ["assignee"]},
     ['project = "MOB"', 'issuetype = "Bug"', "resolution is EMPTY"], []),
    ("which WEB engineer has the biggest pile of open tickets", "ranking", {"group_by": ["assignee"]},
     ['project = "WEB"', "resolution is EMPTY"], []),
    ("which area of WEB has the highest bug count?", "ranking", {"group_by": ["components"]},
     ['project = "WEB"', 'issuetype = "Bug"'], []),
    ("what mix of issue types does DATA have", "breakdown", {"group_by": ["issuetype"]}, ['project = "DATA"'], []),
    ("how severe are the open OPS bugs?", "breakdown", {"group_by": ["priority"]},
     ['project = "OPS"', 'issuetype = "Bug"', "resolution is EMPTY"], ["priority"]),
    ("how long do MOB stories take to get resolved on average", "stats",
     {"statistic": "average", "metric": "resolution_time"}, ['project = "MOB"', 'issuetype = "Story"'], []),
    ("did WEB ship everything in 2026.Q3?", "release", {}, ['project = "WEB"', 'fixVersion = "2026.Q3"'],
     ["statusCategory"]),
    ("is the storefront 2026.Q4 release gonna make it?", "release", {},
     ['project = "WEB"', 'fixVersion = "2026.Q4"'], []),
    ("the newest ticket anybody opened in WEB", "ranking", {"metric": "age", "direction": "fewest"},
     ['project = "WEB"'], ["created"]),
    ("can you show the DATA people's load, person by person", "workload", {"group_by": ["assignee"]},
     ['project = "DATA"'], []),
    ("is anything in MOB running behind schedule?", "risk", {}, ['project = "MOB"'], []),
    ("give me a recap of WEB changes since monday", "activity", {}, ['project = "WEB"'], []),
    ("which area of WEB gets hit by the most bugs?", "ranking", {"group_by": ["components"]},
     ['project = "WEB"', 'issuetype = "Bug"'], []),
    ("where are the open DATA stories stuck?", "breakdown", {"group_by": ["status"]},
     ['project = "DATA"', 'issuetype = "Story"', "resolution is EMPTY"], ["status ="]),
    ("is one person in OPS doing most of the work?", "workload", {"group_by": ["assignee"]}, ['project = "OPS"'], []),
    ("will the WEB sprint finish on time?", "sprint", {}, ['project = "WEB"', "openSprints()"], []),
    ("what's holding up the DATA 2026.Q4 release?", "release", {}, ['project = "DATA"', 'fixVersion = "2026.Q4"'],
     []),
    ("anything late or blocked in DATA?", "risk", {}, ['project = "DATA"'], ["Blocked", "duedate"]),
    ("what went on in OPS yesterday", "activity", {}, ['project = "OPS"'], ["created"]),
    ("the earliest MOB story", "ranking", {"metric": "age", "direction": "most"},
     ['project = "MOB"', 'issuetype = "Story"'], []),
    ("how many OPS tasks are done, as a percentage?", "stats", {"statistic": "share"},
     ['project = "OPS"', 'issuetype = "Task"'], ["statusCategory"]),
    ("who posts the most on DATA tickets?", "comments", {"detail": "authors"}, ['project = "DATA"'], []),
    ("the most commented WEB bug", "ranking", {"metric": "comments"}, ['project = "WEB"', 'issuetype = "Bug"'], []),
]


@pytest.mark.parametrize(("question", "name", "measure", "clauses", "absent"), SHAPES, ids=[s[0] for s in SHAPES])
def test_team_questions_in_peoples_words(question: str, name: str, measure: dict, clauses: list[str],
                                         absent: list[str]) -> None:
    assert_shape(question, name, measure, clauses, absent)


OPEN = "resolution is EMPTY"
# The words people use for a grouping, a ranking or a statistic without the field's name (issue 14: general
# vocabulary, checked on phrasings that are in no data file)
VOCABULARY = [
    # a person said as "dev", "teammate"; any verb right before "the most" counts ("piles up", "attracts")
    ("which MOB dev holds the largest number of unresolved bugs", "ranking", {"group_by": ["assignee"]},
     ['project = "MOB"', 'issuetype = "Bug"', OPEN], []),
    ("which WEB component piles up the most open bugs", "ranking", {"group_by": ["components"]},
     ['project = "WEB"', 'issuetype = "Bug"', OPEN], []),
    ("which label in OPS attracts the fewest tickets", "ranking", {"group_by": ["labels"], "direction": "fewest"},
     ['project = "OPS"'], []),
    ("rank the MOB components by number of open bugs", "ranking", {"group_by": ["components"]},
     ['project = "MOB"', 'issuetype = "Bug"', OPEN], []),
    # a backlog or a load is open work, the smallest or least of it ranks from the bottom
    ("who has the smallest backlog in WEB?", "ranking", {"group_by": ["assignee"], "direction": "fewest"},
     ['project = "WEB"', OPEN], []),
    ("which OPS person is the least loaded?", "ranking", {"group_by": ["assignee"], "direction": "fewest"},
     ['project = "OPS"', OPEN], []),
    ("which of the WEB epics has the longest list of open children?", "ranking", {"group_by": ["epic"]},
     ['project = "WEB"', OPEN], []),
    # an issue's age said after it, or how long it has waited with conditions in between
    ("which open MOB story is the oldest?", "ranking", {"metric": "age", "direction": "most"},
     ['project = "MOB"', 'issuetype = "Story"', OPEN], []),
    ("which PROJ ticket has been hanging around unresolved the longest?", "ranking", {"metric": "age"},
     ['project = "PROJ"', OPEN], []),
    ("which open WEB story did users vote for the most?", "ranking", {"metric": "votes"},
     ['project = "WEB"', 'issuetype = "Story"', OPEN], []),
    ("which DATA task is tracked by the most people", "ranking", {"metric": "watchers"},
     ['project = "DATA"', 'issuetype = "Task"'], []),
    # groupings: "broken out by", "by how urgent", "spread over the product areas", "how many of each"
    ("MOB bugs broken out by fix version", "breakdown", {"group_by": ["fixVersions"]},
     ['project = "MOB"', 'issuetype = "Bug"'], []),
    ("WEB bugs by how urgent they are", "breakdown", {"group_by": ["priority"]},
     ['project = "WEB"', 'issuetype = "Bug"'], ["priority"]),
    ("how are the open DATA tickets spread over the product areas?", "breakdown", {"group_by": ["components"]},
     ['project = "DATA"', OPEN], []),
    ("break down the open MOB work by which part of the product it touches", "breakdown",
     {"group_by": ["components"]}, ['project = "MOB"', OPEN], []),
    ("what kinds of issues does the mobile team look after and how many of each", "breakdown",
     {"group_by": ["issuetype"]}, ['project = "MOB"'], []),
    # workload said as a plate or being overstretched; points shared among people are summed per person
    ("how many open stories does each WEB person have on their plate?", "workload", {"group_by": ["assignee"]},
     ['project = "WEB"', 'issuetype = "Story"', OPEN], []),
    ("is anyone on the DATA team overstretched compared with everyone else?", "workload",
     {"group_by": ["assignee"]}, ['project = "DATA"'], []),
    ("how are the story points divided among the DATA team?", "breakdown",
     {"group_by": ["assignee"], "metric": "points"}, ['project = "DATA"'], ["Story"]),
    # ratios with the owner between the parts, or as counts compared
    ("how many bugs does the data team log for each story", "stats", {"statistic": "ratio"}, ['project = "DATA"'],
     []),
    ("how does the count of stories stack up against the count of bugs in WEB?", "stats", {"statistic": "ratio"},
     ['project = "WEB"'], []),
    # "top 3 people with the most", "which 3 components": how many values; "top" is no priority here
    ("top 3 people with the most open WEB bugs", "ranking", {"group_by": ["assignee"], "top": 3},
     ['project = "WEB"', 'issuetype = "Bug"', OPEN], ["priority"]),
    ("which 3 DATA components have the most open bugs?", "ranking", {"group_by": ["components"], "top": 3},
     ['project = "DATA"', OPEN], []),
    ("which part of the app has the most open bugs in MOB?", "ranking", {"group_by": ["components"]},
     ['project = "MOB"', OPEN], []),
    ("who's carrying the biggest load in OPS?", "workload", {"group_by": ["assignee"]}, ['project = "OPS"'], []),
    # "across" a field, "who's on them"
    ("open DATA bugs across components", "breakdown", {"group_by": ["components"]}, ['project = "DATA"', OPEN], []),
    ("how many open OPS tickets across the different statuses", "breakdown", {"group_by": ["status"]},
     ['project = "OPS"', OPEN], []),
    ("what's the distribution of priorities among open MOB bugs?", "breakdown", {"group_by": ["priority"]},
     ['project = "MOB"', OPEN], []),
    ("open WEB tickets grouped by who's on them", "breakdown", {"group_by": ["assignee"]}, ['project = "WEB"', OPEN],
     []),
    # the least loaded person asked for: ranked from the bottom over open work (not "more work" as the most)
    ("who could take on more work in OPS?", "ranking", {"group_by": ["assignee"], "direction": "fewest"},
     ['project = "OPS"', OPEN], []),
    ("which of the WEB engineers has the most spare capacity?", "ranking",
     {"group_by": ["assignee"], "direction": "fewest"}, ['project = "WEB"', OPEN], []),
    ("who has the lightest workload in DATA?", "ranking", {"group_by": ["assignee"], "direction": "fewest"},
     ['project = "DATA"', OPEN], []),
    ("how many days on average does a WEB bug stay open?", "stats",
     {"statistic": "average", "metric": "resolution_time"}, ['project = "WEB"', 'issuetype = "Bug"'], []),
    # the group asked for before what is counted, and words that only say who is ranked
    ("which statuses are the open OPS tickets in?", "breakdown", {"group_by": ["status"]},
     ['project = "OPS"', OPEN], ["status ="]),
    ("give me a per-component view of MOB bugs", "breakdown", {"group_by": ["components"]},
     ['project = "MOB"', 'issuetype = "Bug"'], []),
    ("how are the open MOB bugs divided up by priority?", "breakdown", {"group_by": ["priority"]},
     ['project = "MOB"', OPEN], ["priority ="]),
    ("who owns the most unresolved MOB tickets?", "ranking", {"group_by": ["assignee"]}, ['project = "MOB"', OPEN],
     []),
    ("which engineer has the most bugs assigned in DATA?", "ranking", {"group_by": ["assignee"]},
     ['project = "DATA"', 'issuetype = "Bug"'], []),
    ("which status is most common in DATA?", "ranking", {"group_by": ["status"]}, ['project = "DATA"'], []),
    # a statistic said as a habit
    ("how long do MOB stories usually stay open?", "stats", {"statistic": "average", "metric": "resolution_time"},
     ['project = "MOB"', 'issuetype = "Story"'], []),
]


@pytest.mark.parametrize(("question", "name", "measure", "clauses", "absent"), VOCABULARY,
                         ids=[s[0] for s in VOCABULARY])
def test_team_vocabulary_without_field_names(question: str, name: str, measure: dict, clauses: list[str],
                                             absent: list[str]) -> None:
    assert_shape(question, name, measure, clauses, absent)


@pytest.mark.parametrize("question", [
    "Billing work that was once on her plate and now belongs to another person",
    "which parts of the storefront eat most of our tickets",
])
def test_everyday_words_near_the_vocabulary_are_not_team_shapes(question: str) -> None:
    """A plate without an amount is no workload; "most of" is the bulk of the issues, not a ranking."""
    assert one(question).name not in ("workload", "ranking")


def test_which_tickets_missed_their_date_is_a_list_not_an_issue_to_explain() -> None:
    call = one("which WEB tickets missed their due date")
    assert call.name == "search" and "duedate <" in (call.jql or "") and 'project = "WEB"' in (call.jql or "")


def test_a_progress_report_answers_whats_left_beside_it() -> None:
    """"what's done and what's blocking the release": one release report, not a search over every project."""
    assert one("what's done and what's blocking the MOB 2026.Q4 release?").name == "release"


def test_a_sprint_meeting_is_no_sprint_condition() -> None:
    call = one("list the open DATA bugs before sprint planning")
    assert call.name == "search" and "openSprints" not in (call.jql or "")
    assert 'project = "DATA"' in (call.jql or "")


@pytest.mark.parametrize(("question", "word"), [
    ("which DATA person has the flurpiest backlog of tickets", "flurpiest"),
])
def test_a_who_question_not_understood_names_its_words(question: str, word: str) -> None:
    """A list of issues does not name the person asked for: the words that said which person are reported."""
    call = one(question)
    assert call.name == "search" and word in call.slots.ignored


def test_a_who_question_about_a_role_stays_a_plain_search() -> None:
    call = one("who is working on the open MOB bugs")
    assert call.name == "search" and call.slots.ignored == []


@pytest.mark.parametrize(("question", "detail"), [
    ("who replied last on PROJ-3", "latest"),
    ("who's been talking on PROJ-3?", "authors"),
])
def test_people_speaking_on_an_issue_are_its_comments(question: str, detail: str) -> None:
    call = one(question)
    assert call.name == "comments" and call.slots.measure is not None and call.slots.measure.detail == detail


def test_a_word_repeated_around_by_means_per() -> None:
    assert normalised("open tickets person by person") == "open tickets per person"
