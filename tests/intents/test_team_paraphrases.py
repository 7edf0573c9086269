"""Reasoning, statistics and rankings asked the way a PM, lead or support engineer types them (issue 14): no
field names, synonyms, indirect requests ("I need to understand why…", "anything I should worry about in…",
"give me a sense of how long…"). Written before reading the parser, three or more wordings per meaning, none
of them in a data file; each must be read into its intent and key measure with every word accounted for."""

from __future__ import annotations

import pytest

from tests.intents.team_shapes import PARSER, assert_shape, one

OPEN = "resolution is EMPTY"
BUG, STORY, TASK = 'issuetype = "Bug"', 'issuetype = "Story"', 'issuetype = "Task"'


def project(key: str) -> str:
    return f'project = "{key}"'


# question, the issue key or project the reason is asked about
REASONS = [
    # why one issue is late
    ("I need to understand why WEB-410 is running late", "WEB-410"),
    ("why hasn't WEB-410 been delivered yet?", "WEB-410"),
    ("can you explain the delay on WEB-410?", "WEB-410"),
    ("what's the hold-up on DATA-413?", "DATA-413"),
    ("help me figure out why DATA-413 is overdue", "DATA-413"),
    ("DATA-413 is way past its date, what happened?", "DATA-413"),
    ("MOB-595 keeps slipping, what's going on with it?", "MOB-595"),
    ("what's causing the delay on MOB-595?", "MOB-595"),
    ("why is the MOB-595 epic taking so long?", "MOB-595"),
    ("PROJ-370 should have been done by now, why isn't it?", "PROJ-370"),
    ("explain to me why PROJ-370 is behind", "PROJ-370"),
    ("what's stopping OPS-483 from getting finished?", "OPS-483"),
    # where to look first in a project
    ("anything I should worry about in PROJ?", "PROJ"),
    ("is there anything worrying in the mobile project I should know about?", "MOB"),
    ("what needs my attention most in Core Platform?", "PROJ"),
    ("what's most pressing in the data platform right now?", "DATA"),
    ("where do I begin with OPS?", "OPS"),
    ("if I only had an hour for WEB today, what should I tackle?", "WEB"),
    ("what should be at the top of my list in DATA?", "DATA"),
    ("what deserves attention first in the storefront project?", "WEB"),
]


@pytest.mark.parametrize(("question", "about"), REASONS, ids=[r[0] for r in REASONS])
def test_reasons_asked_indirectly(question: str, about: str) -> None:
    call = one(question)
    assert call.name == "reasoning"
    assert call.slots.ignored == []
    if "-" in about:
        assert call.issue_keys == [about]
    else:
        assert call.slots.projects == [about]


def test_the_askers_situation_beside_a_report_selects_nothing() -> None:
    """"what's on fire" is the work at risk; when the asker takes over says nothing of the issues."""
    call = one("I'm taking over MOB tomorrow, what's on fire?")
    assert call.name == "risk" and call.slots.projects == ["MOB"] and call.slots.ignored == []
    assert "created" not in (call.jql or "")


# question, statistic, metric (None: any), period (throughput only), clauses that must be there, words the part
# whose share is asked must hold (share only)
STATS = [
    # a share, said as percent, proportion, fraction, "how much of"
    ("what percent of MOB bugs have been fixed?", "share", None, None, [project("MOB"), BUG], ["done"]),
    ("roughly what proportion of DATA tickets are bugs?", "share", None, None, [project("DATA")], ["Bug"]),
    ("out of all the OPS issues, what fraction is closed?", "share", None, None, [project("OPS")], ["done"]),
    ("how much of the WEB work is still unfinished, in percent?", "share", None, None, [project("WEB")],
     ["resolution is EMPTY"]),
    # the age of open work
    ("how old are the open WEB bugs on average?", "average", "age", None, [project("WEB"), BUG, OPEN], []),
    ("on average how long have the open OPS tickets been sitting there?", "average", "age", None,
     [project("OPS"), OPEN], []),
    ("give me a sense of how old the MOB backlog is", "average", "age", None, [project("MOB"), OPEN], []),
    ("what's the median age of unresolved DATA tickets?", "median", "age", None, [project("DATA"), OPEN], []),
    # time to resolve
    ("give me a sense of how long it takes DATA to close a bug", "average", "resolution_time", None,
     [project("DATA"), BUG], []),
    ("how quickly does the web team fix bugs, on average?", "average", "resolution_time", None,
     [project("WEB"), BUG], []),
    ("what's the median turnaround for OPS tickets?", "median", "resolution_time", None, [project("OPS")], []),
    ("how many days does it usually take to resolve a PROJ story?", "average", "resolution_time", None,
     [project("PROJ"), STORY], []),
    ("mean time to close for MOB tasks", "average", "resolution_time", None, [project("MOB"), TASK], []),
    # story points added up
    ("how many story points are still open in WEB?", "sum", "points", None, [project("WEB"), OPEN], []),
    ("what's the total estimate of the open DATA stories?", "sum", "points", None, [project("DATA"), STORY, OPEN],
     []),
    ("how much work in points is left for MOB?", "sum", "points", None, [project("MOB"), OPEN], []),
    ("add up the points on the PROJ bugs", "sum", "points", None, [project("PROJ"), BUG], []),
    # created against resolved over time
    ("how many OPS tickets come in versus get closed each week?", "throughput", None, "week", [project("OPS")], []),
    ("are we closing DATA issues faster than they come in, month by month?", "throughput", None, "month",
     [project("DATA")], []),
    ("weekly inflow and outflow of WEB bugs", "throughput", None, "week", [project("WEB"), BUG], []),
    ("is the PROJ backlog growing or shrinking from month to month?", "throughput", None, "month",
     [project("PROJ")], []),
    ("new versus fixed MOB bugs per week", "throughput", None, "week", [project("MOB"), BUG], []),
]


@pytest.mark.parametrize(("question", "statistic", "metric", "period", "clauses", "part"), STATS,
                         ids=[s[0] for s in STATS])
def test_statistics_in_peoples_words(question: str, statistic: str, metric: str | None, period: str | None,
                                     clauses: list[str], part: list[str]) -> None:
    call = one(question)
    assert call.name == "stats"
    assert call.slots.ignored == []
    measure = call.slots.measure
    assert measure is not None and measure.statistic == statistic
    if metric is not None:
        assert measure.metric == metric
    if period is not None:
        assert measure.period == period
    for clause in clauses:
        assert clause in (call.jql or "")
    for word in part:
        assert word in (measure.subset_jql or "")


# question, measure fields that must hold, clauses that must be there
RANKINGS = [
    # people and fields ranked by how many issues they have
    ("who's sitting on the most open tickets in DATA?", {"group_by": ["assignee"]}, [project("DATA"), OPEN]),
    ("which of the WEB folks has the fewest bugs on their name?", {"group_by": ["assignee"], "direction": "fewest"},
     [project("WEB"), BUG]),
    ("which MOB component is the buggiest?", {"group_by": ["components"]}, [project("MOB"), BUG]),
    ("the buggiest area of the WEB storefront", {"group_by": ["components"]}, [project("WEB"), BUG]),
    ("who files the most bugs in OPS?", {"group_by": ["reporter"]}, [project("OPS"), BUG]),
    ("who raises the most tickets against DATA?", {"group_by": ["reporter"]}, [project("DATA")]),
    ("which WEB release has the most open bugs against it?", {"group_by": ["fixVersions"]},
     [project("WEB"), BUG, OPEN]),
    ("which label shows up most often in MOB?", {"group_by": ["labels"]}, [project("MOB")]),
    # oldest, newest, longest open, with or without a count
    ("what are the 5 oldest open issues in OPS?", {"metric": "age", "direction": "most", "top": 5},
     [project("OPS"), OPEN]),
    ("show me the three most recent DATA bugs", {"metric": "age", "direction": "fewest", "top": 3},
     [project("DATA"), BUG]),
    ("which PROJ bug has been waiting the longest for a fix?", {"metric": "age", "direction": "most"},
     [project("PROJ"), BUG]),
    ("what's been open the longest in DATA?", {"metric": "age", "direction": "most"}, [project("DATA"), OPEN]),
    ("the most recently filed WEB ticket", {"metric": "age", "direction": "fewest"}, [project("WEB")]),
    # comments, links, watchers, votes
    ("which WEB issue has the most discussion on it?", {"metric": "comments"}, [project("WEB")]),
    ("what's the chattiest ticket in MOB?", {"metric": "comments"}, [project("MOB")]),
    ("which OPS ticket has people talking the most?", {"metric": "comments"}, [project("OPS")]),
    ("which DATA issue is connected to the most other issues?", {"metric": "links"}, [project("DATA")]),
    ("the OPS ticket with the most links to other work", {"metric": "links"}, [project("OPS")]),
    ("which open WEB bug do the most people follow?", {"metric": "watchers"}, [project("WEB"), BUG, OPEN]),
    ("which MOB story has the most upvotes?", {"metric": "votes"}, [project("MOB"), STORY]),
    ("which WEB story have customers voted for most?", {"metric": "votes"}, [project("WEB"), STORY]),
    # story points
    ("which OPS story is the biggest in points?", {"metric": "points", "direction": "most"}, [project("OPS"), STORY]),
    ("the smallest open WEB story by estimate", {"metric": "points", "direction": "fewest"},
     [project("WEB"), STORY, OPEN]),
]


@pytest.mark.parametrize(("question", "measure", "clauses"), RANKINGS, ids=[r[0] for r in RANKINGS])
def test_rankings_in_peoples_words(question: str, measure: dict, clauses: list[str]) -> None:
    assert_shape(question, "ranking", measure, clauses, [])


@pytest.mark.parametrize(("question", "word"), [
    ("why is the zorblax migration in PROJ late?", "zorblax"),
    ("what's the flurbiest ticket in MOB?", "flurbiest"),
    ("how grobbly are the open WEB bugs on average?", "grobbly"),
])
def test_a_measure_not_understood_is_not_answered_confidently(question: str, word: str) -> None:
    """A question whose measure or subject is not understood asks or names the unused words."""
    calls = PARSER.parse(question).intents
    assert any(c.name == "clarify" or word in c.slots.ignored for c in calls)


def test_a_measure_said_twice_is_read_once() -> None:
    """"the longest discussion thread, i.e. the most comments": both say comments, "i.e." ends no sentence."""
    call = one("which WEB issue has the longest discussion thread, i.e. the most comments?")
    assert call.name == "ranking" and call.slots.measure is not None and call.slots.measure.metric == "comments"
    assert call.slots.ignored == [] and 'project = "WEB"' in (call.jql or "")


@pytest.mark.parametrize("question", [
    "tickets that are past their deadline",
    "what's the delay between filing and fixing MOB bugs?",
])
def test_late_words_about_many_issues_ask_no_reason(question: str) -> None:
    """A reason is asked of one issue; words of lateness about many select or are named, never ask which issue."""
    assert one(question).name not in ("reasoning", "clarify")


# A second round of wordings, tried after the first fixes: the same meanings said yet another way
MORE = [
    ("is there a reason DATA-413 is still open?", "reasoning", {}, []),
    ("why is MOB-595 dragging on?", "reasoning", {}, []),
    ("what is going on with WEB-410, it was due months ago", "reasoning", {}, []),
    ("what's the biggest problem in DATA right now?", "reasoning", {}, [project("DATA")]),
    ("what are the hot spots in OPS?", "reasoning", {}, [project("OPS")]),
    ("I have 30 minutes, what in MOB should I look at?", "reasoning", {}, [project("MOB")]),
    ("if you were me, what would you fix first in WEB?", "reasoning", {}, [project("WEB")]),
    ("what needs fixing most urgently in PROJ?", "reasoning", {}, [project("PROJ")]),
    ("which story in OPS needs a look first?", "reasoning", {}, [project("OPS"), STORY]),
    ("give me a feel for how long MOB bugs take to fix", "stats",
     {"statistic": "average", "metric": "resolution_time"}, [project("MOB"), BUG]),
    ("how long MOB bugs have been open", "stats", {"statistic": "average", "metric": "age"}, [project("MOB"), OPEN]),
    ("what's the average age of the DATA backlog?", "stats", {"statistic": "average", "metric": "age"},
     [project("DATA"), OPEN]),
    ("how are we doing on closing MOB bugs compared to new ones coming in?", "stats", {"statistic": "throughput"},
     [project("MOB"), BUG]),
    ("are OPS tickets coming in faster than we close them?", "stats", {"statistic": "throughput"}, [project("OPS")]),
    ("how many tickets did MOB close per month compared with how many were opened?", "stats",
     {"statistic": "throughput", "period": "month"}, [project("MOB")]),
    ("who on the WEB team has been assigned the most bugs?", "ranking", {"group_by": ["assignee"]},
     [project("WEB"), BUG]),
    ("which PROJ issue is everyone watching?", "ranking", {"metric": "watchers"}, [project("PROJ")]),
    ("which DATA ticket has gone the longest without being resolved?", "ranking", {"metric": "age"},
     [project("DATA"), OPEN]),
    ("which WEB bug has the busiest comment thread?", "ranking", {"metric": "comments"}, [project("WEB"), BUG]),
    ("what should the platform team be focusing on?", "reasoning", {}, ['"Platform Team"']),
    ("how big a chunk of PROJ issues are bugs?", "stats", {"statistic": "share"}, [project("PROJ")]),
    ("is most of the DATA work done yet? give me a percent", "stats", {"statistic": "share"}, [project("DATA")]),
    ("what's the median time it takes PROJ to resolve a ticket?", "stats",
     {"statistic": "median", "metric": "resolution_time"}, [project("PROJ")]),
    ("on average how many days old is an open MOB bug?", "stats", {"statistic": "average", "metric": "age"},
     [project("MOB"), BUG, OPEN]),
    ("what's the total story point count for open DATA work?", "stats", {"statistic": "sum", "metric": "points"},
     [project("DATA"), OPEN]),
    ("how many MOB bugs get opened each week vs closed?", "stats", {"statistic": "throughput", "period": "week"},
     [project("MOB"), BUG]),
    ("what's the trend of new vs closed DATA tickets by month?", "stats",
     {"statistic": "throughput", "period": "month"}, [project("DATA")]),
    ("any idea why DATA-413 hasn't moved?", "reasoning", {}, []),
    ("whats up with OPS-483 being late", "reasoning", {}, []),
    ("can you tell me what's blocking the DATA-413 epic from completing?", "reasoning", {}, []),
    ("I'm new to ops, what matters most right now?", "reasoning", {}, [project("OPS")]),
    ("what's the first thing I should deal with in DATA?", "reasoning", {}, [project("DATA")]),
    ("what would you prioritise in the storefront?", "reasoning", {}, [project("WEB")]),
    ("triage PROJ for me: what comes first?", "reasoning", {}, [project("PROJ")]),
    ("which DATA issues should I pay attention to?", "reasoning", {}, [project("DATA")]),
    ("what deserves my focus in OPS this week?", "reasoning", {}, [project("OPS")]),
    ("where's the fire in WEB?", "risk", {}, [project("WEB")]),
    ("for the quarterly review, what's the average number of days it takes DATA to ship a story?", "stats",
     {"statistic": "average", "metric": "resolution_time"}, [project("DATA"), STORY]),
    ("roughly how many tickets does OPS close per week compared with how many come in?", "stats",
     {"statistic": "throughput", "period": "week"}, [project("OPS")]),
    ("for my 1:1s, who in DATA has the fewest open tickets?", "ranking",
     {"group_by": ["assignee"], "direction": "fewest"}, [project("DATA"), OPEN]),
    ("which of our mobile bugs has gotten the most comments?", "ranking", {"metric": "comments"},
     [project("MOB"), BUG]),
    ("how long, on average, does it take us to close a bug?", "stats",
     {"statistic": "average", "metric": "resolution_time"}, [BUG]),
    ("what's the story point total on open PROJ bugs?", "stats", {"statistic": "sum", "metric": "points"},
     [project("PROJ"), BUG, OPEN]),
    # the verb after "has" still selects what is counted
    ("which assignee in MOB has closed the most tickets?", "ranking", {"group_by": ["assignee"]},
     [project("MOB"), "done"]),
]


def test_how_long_open_before_done_counts_the_resolved() -> None:
    """"open before it's done" is the time to resolve: the resolved issues are measured, not the open ones."""
    call = one("how long is the typical WEB story open before it's done?")
    assert call.name == "stats" and call.slots.measure is not None
    assert call.slots.measure.metric == "resolution_time" and OPEN not in (call.jql or "")
    assert call.slots.ignored == []


@pytest.mark.parametrize(("question", "name", "measure", "clauses"), MORE, ids=[m[0] for m in MORE])
def test_more_wordings_of_the_same_meanings(question: str, name: str, measure: dict, clauses: list[str]) -> None:
    call = one(question)
    assert call.name == name and call.slots.ignored == []
    if measure:
        assert call.slots.measure is not None
        read = call.slots.measure.model_dump()
        assert {field: read[field] for field in measure} == measure
    for clause in clauses:
        assert clause in (call.jql or "")
    if name == "reasoning" and not clauses:
        assert call.issue_keys


# The same meanings typed as keywords
KEYWORDS = [
    ("DATA-413 delay", "reasoning", {}, []),
    ("MOB-595 overdue why", "reasoning", {}, []),
    ("OPS focus areas", "reasoning", {}, [project("OPS")]),
    ("PROJ what first", "reasoning", {}, [project("PROJ")]),
    ("DATA top priorities now", "reasoning", {}, [project("DATA")]),
    ("MOB attention needed", "reasoning", {}, [project("MOB")]),
    ("PROJ story points open sum", "stats", {"statistic": "sum", "metric": "points"}, [project("PROJ"), OPEN]),
    ("% done MOB stories", "stats", {"statistic": "share"}, [project("MOB"), STORY]),
    ("top 5 commented WEB issues", "ranking", {"metric": "comments", "top": 5}, [project("WEB")]),
]


@pytest.mark.parametrize(("question", "name", "measure", "clauses"), KEYWORDS, ids=[k[0] for k in KEYWORDS])
def test_the_same_meanings_as_keywords(question: str, name: str, measure: dict, clauses: list[str]) -> None:
    test_more_wordings_of_the_same_meanings(question, name, measure, clauses)


def test_top_priority_said_of_issues_is_their_priority_not_a_ranking() -> None:
    """"top priority bugs" are the Highest-priority bugs; "top" ranks only the values of a field said alone."""
    call = one("top priority bugs in DATA")
    assert call.name == "search" and 'priority = "Highest"' in (call.jql or "")
    ranked = one("top 3 reporters in MOB")
    assert ranked.name == "ranking" and ranked.slots.measure is not None
    assert (ranked.slots.measure.group_by, ranked.slots.measure.top) == (["reporter"], 3)
    assert ranked.jql == 'project = "MOB"'
