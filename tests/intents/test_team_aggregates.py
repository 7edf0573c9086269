"""Breakdowns, rankings, statistics and comment questions asked without their usual words (issue 14): the
aggregation is read from the shape of the question, and the words inside that shape which select issues
("the biggest *open DATA story* in terms of estimate", "between *an OPS story* being created and…") still
select them. Written as variants of the development set's failure classes, not its wording."""

from __future__ import annotations

import pytest

from jirakg.intents.team_questions import normalised, read_team
from tests.intents.team_shapes import assert_shape, one

# question, intent, measure (the fields named must hold), JQL clauses that must be there, clauses that must not
SHAPES = [
    # breakdowns asked as "where in the workflow", "spread across the areas", "which tags show up", "belong to"
    ("where in the process are the open DATA bugs stuck?", "breakdown", {"group_by": ["status"]},
     ['project = "DATA"', 'issuetype = "Bug"', "resolution is EMPTY"], ["Blocked"]),
    ("where in the workflow is the unresolved OPS work sitting?", "breakdown", {"group_by": ["status"]},
     ['project = "OPS"', "resolution is EMPTY"], ["status ="]),
    ("how are the open OPS bugs distributed across the various components?", "breakdown",
     {"group_by": ["components"]}, ['project = "OPS"', 'issuetype = "Bug"', "resolution is EMPTY"], []),
    ("how is MOB's work spread over the different areas of the product?", "breakdown", {"group_by": ["components"]},
     ['project = "MOB"'], []),
    ("which labels appear on open MOB bugs, and how many times?", "breakdown", {"group_by": ["labels"]},
     ['project = "MOB"', 'issuetype = "Bug"', "resolution is EMPTY"], []),
    ("which components do the open WEB bugs belong to, with counts?", "breakdown", {"group_by": ["components"]},
     ['project = "WEB"', 'issuetype = "Bug"', "resolution is EMPTY"], []),
    ("which parts of the data platform project do the still-unfinished high priority tickets belong to, with counts?",
     "breakdown", {"group_by": ["components"]}, ['project = "DATA"', "resolution is EMPTY"], []),
    ("which MOB releases are the open tickets targeted at?", "breakdown", {"group_by": ["fixVersions"]},
     ['project = "MOB"', "resolution is EMPTY"], []),
    ("break down OPS bugs by priority and then by status within each priority", "breakdown",
     {"group_by": ["priority", "status"]}, ['project = "OPS"', 'issuetype = "Bug"'], []),
    ("how are DATA's bugs spread over urgency levels and the components they hit?", "breakdown",
     {"group_by": ["priority", "components"]}, ['project = "DATA"', 'issuetype = "Bug"'], []),
    ("how were the MOB bugs resolved?", "breakdown", {"group_by": ["resolution"]},
     ['project = "MOB"', 'issuetype = "Bug"'], []),
    ("how did OPS tasks end up: done, won't do, duplicate or still open?", "breakdown", {"group_by": ["resolution"]},
     ['project = "OPS"', 'issuetype = "Task"'], ["resolution"]),
    ("as the delivery manager, how are the open bugs distributed across projects?", "breakdown",
     {"group_by": ["project"]}, ['issuetype = "Bug"', "resolution is EMPTY"], ["project"]),
    ("what's the breakdown of open MOB work by who it's assigned to?", "breakdown", {"group_by": ["assignee"]},
     ['project = "MOB"', "resolution is EMPTY"], ["assignee"]),
    ("how many tickets were opened per month in OPS this year?", "breakdown", {"group_by": ["created_month"]},
     ['project = "OPS"', "created >="], []),
    ("how many bugs did each person file in WEB?", "breakdown", {"group_by": ["reporter"]},
     ['project = "WEB"', 'issuetype = "Bug"'], []),
    # rankings: the words between "top" and the role select; "filed" names the reporter; "smallest number"
    ("top 3 story reporters in WEB", "ranking", {"group_by": ["reporter"], "top": 3},
     ['project = "WEB"', 'issuetype = "Story"'], []),
    ("which engineer has reported the most open WEB tickets?", "ranking", {"group_by": ["reporter"]},
     ['project = "WEB"', "resolution is EMPTY"], ["reporter"]),
    ("which component of OPS has the lowest number of bugs?", "ranking",
     {"group_by": ["components"], "direction": "fewest"}, ['project = "OPS"', 'issuetype = "Bug"'], []),
    ("in MOB, which area has the smallest number of open tickets?", "ranking",
     {"group_by": ["components"], "direction": "fewest"}, ['project = "MOB"', "resolution is EMPTY"], []),
    ("the smallest open WEB story in terms of points", "ranking", {"metric": "points", "direction": "fewest"},
     ['project = "WEB"', 'issuetype = "Story"', "resolution is EMPTY"], []),
    ("what's the largest unresolved OPS task in terms of estimate?", "ranking",
     {"metric": "points", "direction": "most"}, ['project = "OPS"', 'issuetype = "Task"', "resolution is EMPTY"], []),
    ("what's the most talked-about MOB ticket?", "ranking", {"metric": "comments"}, ['project = "MOB"'], []),
    ("which area of OPS is the buggiest?", "ranking", {"group_by": ["components"]},
     ['project = "OPS"', 'issuetype = "Bug"'], []),
    ("what's the latest thing somebody filed against WEB?", "ranking", {"metric": "age", "direction": "fewest"},
     ['project = "WEB"'], []),
    ("oldest open DATA tikcet", "ranking", {"metric": "age"}, ['project = "DATA"', "resolution is EMPTY"], []),
    ("which developer closed the most bugs in WEB last month?", "ranking", {"group_by": ["assignee"]},
     ['project = "WEB"', 'issuetype = "Bug"', "resolutiondate >="], ["created"]),
    ("which person reported the most WEB bugs this year?", "ranking", {"group_by": ["reporter"]},
     ['project = "WEB"', 'issuetype = "Bug"', "created >="], []),
    ("what is the most common priority for open WEB bugs?", "ranking", {"group_by": ["priority"]},
     ['project = "WEB"', 'issuetype = "Bug"', "resolution is EMPTY"], []),
    ("the least used label in DATA", "ranking", {"group_by": ["labels"], "direction": "fewest"},
     ['project = "DATA"'], []),
    ("who is sitting on the most unresolved DATA tickets?", "ranking", {"group_by": ["assignee"]},
     ['project = "DATA"', "resolution is EMPTY"], []),
    ("who's got the highest story point total in MOB?", "ranking", {"group_by": ["assignee"], "metric": "points"},
     ['project = "MOB"'], []),
    ("which WEB issue is linked to the most other issues?", "ranking", {"metric": "links"}, ['project = "WEB"'], []),
    # statistics: story points are no issue type; time between two moments keeps what it measures over
    ("story points in the current OPS sprint", "stats", {"statistic": "sum", "metric": "points"},
     ['project = "OPS"', "openSprints()"], ["issuetype"]),
    ("how long on average do WEB bugs stay open?", "stats", {"statistic": "average", "metric": "resolution_time"},
     ['project = "WEB"', 'issuetype = "Bug"'], ["resolution"]),
    ("how many points are still remaining in the current DATA sprint?", "stats",
     {"statistic": "sum", "metric": "points"}, ['project = "DATA"', "resolution is EMPTY", "openSprints()"], []),
    ("how quickly do OPS bugs get fixed?", "stats", {"statistic": "average", "metric": "resolution_time"},
     ['project = "OPS"', 'issuetype = "Bug"'], ["statusCategory"]),
    ("how many days does it normally take to close a WEB story?", "stats",
     {"statistic": "average", "metric": "resolution_time"}, ['project = "WEB"', 'issuetype = "Story"'], []),
    ("total estimate of the open OPS stories", "stats", {"statistic": "sum", "metric": "points"},
     ['project = "OPS"', 'issuetype = "Story"', "resolution is EMPTY"], []),
    ("typically how many days go by between an OPS story being created and it being resolved?", "stats",
     {"statistic": "average", "metric": "resolution_time"}, ['project = "OPS"', 'issuetype = "Story"'], []),
    ("average days from creation to resolution for WEB bugs", "stats",
     {"statistic": "average", "metric": "resolution_time"}, ['project = "WEB"', 'issuetype = "Bug"'], []),
    ("over all projects, what was the mean time from creation to resolution for bugs?", "stats",
     {"statistic": "average", "metric": "resolution_time"}, ['issuetype = "Bug"'], ["project"]),
    ("how old is the typical open DATA ticket (the middle one, not the average)?", "stats",
     {"statistic": "median", "metric": "age"}, ['project = "DATA"', "resolution is EMPTY"], []),
    ("how much of the OPS work gets marked highest priority, as a percentage?", "stats", {"statistic": "share"},
     ['project = "OPS"'], ["priority"]),
    ("% of MOB bugs still open", "stats", {"statistic": "share"}, ['project = "MOB"', 'issuetype = "Bug"'], []),
    ("what fraction of WEB stories were never fixed?", "stats", {"statistic": "share"},
     ['project = "WEB"', 'issuetype = "Story"'], []),
    ("how often were WEB stories closed as won't do, as a percentage?", "stats", {"statistic": "share"},
     ['project = "WEB"', 'issuetype = "Story"'], ["resolution"]),
    # comments across issues
    ("which DATA commenters brought up dbt?", "comments", {"detail": "mentions"}, ['project = "DATA"'], []),
    ("in OPS discussions, who talked about the terraform?", "comments", {"detail": "mentions"},
     ['project = "OPS"'], []),
    ("DATA comments dbt", "comments", {"detail": "mentions"}, ['project = "DATA"'], []),
    ("OPS comments open", "comments", {"detail": "count"}, ['project = "OPS"', "resolution is EMPTY"], []),
    # a field's values ranked by their summed points, not the points' total with the field's word unused
    ("which component has the most story points in WEB?", "ranking",
     {"group_by": ["components"], "metric": "points"}, ['project = "WEB"'], []),
    ("which developer has the most story points in DATA?", "ranking",
     {"group_by": ["assignee"], "metric": "points"}, ['project = "DATA"'], []),
    ("which label has the fewest points on open OPS tasks", "ranking",
     {"group_by": ["labels"], "metric": "points", "direction": "fewest"},
     ['project = "OPS"', 'issuetype = "Task"', "resolution is EMPTY"], []),
]


@pytest.mark.parametrize(("question", "name", "measure", "clauses", "absent"), SHAPES, ids=[s[0] for s in SHAPES])
def test_aggregates_without_their_usual_words(question: str, name: str, measure: dict, clauses: list[str],
                                              absent: list[str]) -> None:
    assert_shape(question, name, measure, clauses, absent)


@pytest.mark.parametrize(("question", "part"), [
    ("how much of the OPS work gets marked highest priority, as a percentage?", 'priority = "Highest"'),
    ("what share of DATA's bug reports never got resolved?", "resolution is EMPTY"),
    ("what fraction of WEB stories were never fixed?", "resolution is EMPTY"),
    ("how often were OPS tickets closed out as not worth doing, by percentage?", 'resolution = "Won\'t Do"'),
])
def test_the_part_of_a_share_is_read_with_its_negation_and_without_its_verb(question: str, part: str) -> None:
    measure = one(question).slots.measure
    assert measure is not None and measure.subset_jql == part


@pytest.mark.parametrize(("question", "detail"), [
    ("who commented most recently on OPS-29?", "latest"),
    ("who chimed in most recently on PROJ-3", "latest"),
    ("which people took part in the discussion on PROJ-3?", "authors"),
    ("who participated in the comments on PROJ-3?", "authors"),
])
def test_comments_on_one_issue(question: str, detail: str) -> None:
    call = one(question)
    assert call.name == "comments" and call.slots.measure is not None and call.slots.measure.detail == detail


def test_the_askers_role_selects_only_when_the_breakdown_is_not_per_project() -> None:
    """"I'm the WEB lead" beside a breakdown per priority may mean WEB's issues: it is kept, never dropped."""
    call = one("I'm the WEB lead, how many open bugs per priority?")
    assert call.name == "breakdown" and 'project = "WEB"' in (call.jql or "")


def test_an_occasion_named_by_a_person_is_no_condition() -> None:
    """"for Bruno's platform review" says why the breakdown is asked, not whose issues."""
    call = one("for Bruno's quarterly review, break down WEB by type and then by status inside each type")
    assert call.name == "breakdown" and "assignee" not in (call.jql or "") and call.slots.ignored == []


def test_a_four_letter_slip_in_an_issue_noun_is_corrected_but_other_words_are_not() -> None:
    assert normalised("newest ops isue") == "newest ops issue"
    assert normalised("what is the plan for this week") == "what is the plan for this week"
    ask = read_team("newest ops isue", has_key=False)
    assert ask is not None and ask.name == "ranking"
