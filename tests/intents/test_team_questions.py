"""The shape of team questions: which aggregation a question asks for, in several forms, and which
questions keep being searches (a list of issues asked with a team word nearby)."""

from __future__ import annotations

import pytest

from jirakg.intents.team_questions import normalised, read_team
from tests.intents.team_shapes import one

SHAPES = [
    ("break down DECA issues by type", "breakdown", {"group_by": ["issuetype"]}),
    ("bugs per priority per component", "breakdown", {"group_by": ["priority", "components"]}),
    ("OPS bugs per priorty", "breakdown", {"group_by": ["priority"]}),
    ("open MOB tickets, status-wise", "breakdown", {"group_by": ["status"]}),
    ("who has the most open issues in C2LC?", "ranking", {"group_by": ["assignee"]}),
    ("who filed the fewest bugs in MOB", "ranking", {"group_by": ["reporter"], "direction": "fewest"}),
    ("which component of FLUID has the most unresolved bugs?", "ranking", {"group_by": ["components"]}),
    ("top 3 reporters in DECA", "ranking", {"group_by": ["reporter"], "top": 3}),
    ("oldest unresolved blocker in FLUID", "ranking", {"metric": "age"}),
    ("the 5 newest bugs in WEB", "ranking", {"metric": "age", "direction": "fewest", "top": 5}),
    ("which VP issue has the most comments?", "ranking", {"metric": "comments"}),
    ("what fraction of FLOE issues are resolved?", "stats", {"statistic": "share"}),
    ("median time to resolve OPS stories", "stats", {"statistic": "median", "metric": "resolution_time"}),
    ("how long does it take us to fix bugs in MOB on average?", "stats",
     {"statistic": "average", "metric": "resolution_time"}),
    ("total story points in the current DATA sprint", "stats", {"statistic": "sum", "metric": "points"}),
    ("created vs resolved per week in OPS", "stats", {"statistic": "throughput", "period": "week"}),
    ("who is overloaded in DATA?", "workload", {"group_by": ["assignee"]}),
    ("how is the current DATA sprint going?", "sprint", {}),
    ("how far along is the platform team in its ongoing iteration?", "sprint", {}),
    ("what is blocking the 2026.Q4 release?", "release", {}),
    ("which open issues in DATA are at risk?", "risk", {}),
    ("what changed in DATA this week?", "activity", {}),
    ("what should I look at first in MOB?", "reasoning", {}),
]
SEARCHES = [
    "open bugs in the current sprint",
    "We're at risk on the Q4 release. Which High priority issues with fix version 2026.Q4 are unresolved?",
    "sort the open WEB bugs by priority",
    "issues reported by Justin in FLUID",
    "which open WEB issues have had any activity since Monday?",
    "web current sprint unassigned",
    "the most urgent checkout tickets",
]


@pytest.mark.parametrize(("question", "name", "measure"), SHAPES, ids=[s[0] for s in SHAPES])
def test_team_shapes(question: str, name: str, measure: dict) -> None:
    ask = read_team(question.lower(), has_key=False)
    assert ask is not None and ask.name == name
    assert ask.measure.model_dump(exclude_defaults=True) == measure


@pytest.mark.parametrize("question", SEARCHES)
def test_searches_stay_searches(question: str) -> None:
    assert read_team(question.lower(), has_key=False) is None


def test_with_an_issue_only_comments_and_reasons_are_team_questions() -> None:
    latest = read_team("latest comment on issuekeyref", has_key=True)
    assert latest is not None and (latest.name, latest.measure.detail) == ("comments", "latest")
    why = read_team("why is issuekeyref late?", has_key=True)
    assert why is not None and why.name == "reasoning"
    assert read_team("what changed on issuekeyref last week?", has_key=True) is None  # the issue's changelog


def test_only_typos_are_corrected_not_other_forms_of_a_word() -> None:
    assert normalised("stroy points by componnet") == "story points by component"
    assert normalised("who reports the most, what changed") == "who reports the most, what changed"


@pytest.mark.parametrize(("question", "clause"), [
    ("risks nobody owns", "assignee is EMPTY"),
    ("OPS risks no one owns yet", "assignee is EMPTY"),
    ("risks owned by Ana Schmidt", "assignee = "),
])
def test_risks_with_an_owner_condition_are_risk_issues_not_a_risk_report(question: str, clause: str) -> None:
    call = one(question)
    assert call.name == "search" and 'issuetype = "Risk"' in (call.jql or "") and clause in (call.jql or ""), call
