"""Breakdowns, release progress, comments and workload asked as people ask them (issue 14), on the demo
organisation and on the Fluid archive: each question is read into its intent and the measure it needs,
and the words that select issues still select them. Written before reading the team parser, from the
demo schema and the archive's projects, versions and components; none is in a data file."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import IntentCall
from tests.intents.team_shapes import assert_shape, one

SPRINT = "customfield_10020"  # the demo organisation's sprint field

# question, intent, measure (the fields named must hold), clauses that must be in the JQL (or issue keys)
DEMO = [
    # breakdown: grouping words, one and two levels
    ("how do the open WEB bugs split across priorities?", "breakdown", {"group_by": ["priority"]},
     ['project = "WEB"', 'issuetype = "Bug"', "resolution is EMPTY"]),
    ("what's the spread of DATA issues over components", "breakdown", {"group_by": ["components"]},
     ['project = "DATA"']),
    ("give me the distribution of MOB tickets by status", "breakdown", {"group_by": ["status"]},
     ['project = "MOB"']),
    ("how do OPS issues divide up between the components?", "breakdown", {"group_by": ["components"]},
     ['project = "OPS"']),
    ("for every component in WEB, how many bugs are there per priority", "breakdown",
     {"group_by": ["components", "priority"]}, ['project = "WEB"', 'issuetype = "Bug"']),
    ("bugs per priority per component in PROJ", "breakdown", {"group_by": ["priority", "components"]},
     ['project = "PROJ"', 'issuetype = "Bug"']),
    ("count WEB issues by type and status", "breakdown", {"group_by": ["issuetype", "status"]},
     ['project = "WEB"']),
    ("what's the priority mix among open DATA stories", "breakdown", {"group_by": ["priority"]},
     ['project = "DATA"', 'issuetype = "Story"', "resolution is EMPTY"]),
    ("each component of OPS: how many open tickets?", "breakdown", {"group_by": ["components"]},
     ['project = "OPS"', "resolution is EMPTY"]),
    ("how are PROJ issues spread out across statuses and types?", "breakdown",
     {"group_by": ["status", "issuetype"]}, ['project = "PROJ"']),
    ("how many WEB bugs landed in each sprint", "breakdown", {"group_by": [SPRINT]},
     ['project = "WEB"', 'issuetype = "Bug"']),
    ("split the open MOB work by component, then by priority", "breakdown",
     {"group_by": ["components", "priority"]}, ['project = "MOB"', "resolution is EMPTY"]),
    ("how do DATA's open issues break out by assignee?", "breakdown", {"group_by": ["assignee"]},
     ['project = "DATA"', "resolution is EMPTY"]),
    ("open DATA tickets, broken out by priority within each component", "breakdown",
     {"group_by": ["priority", "components"]}, ['project = "DATA"', "resolution is EMPTY"]),
    # release progress and blockers
    ("how far along is the WEB 2026.Q4 release?", "release", {}, ['project = "WEB"', 'fixVersion = "2026.Q4"']),
    ("what's standing in the way of DATA shipping 2026.Q4?", "release", {},
     ['project = "DATA"', 'fixVersion = "2026.Q4"']),
    ("are we on track for the MOB 2026.Q4 release", "release", {}, ['project = "MOB"', 'fixVersion = "2026.Q4"']),
    ("how much is left before OPS 2026.Q4 can go out?", "release", {},
     ['project = "OPS"', 'fixVersion = "2026.Q4"']),
    # comments
    ("who chimed in on WEB-12?", "comments", {"detail": "authors"}, ["WEB-12"]),
    ("any discussion on DATA-40?", "comments", {"detail": "all"}, ["DATA-40"]),
    ("what was the last remark on MOB-7", "comments", {"detail": "latest"}, ["MOB-7"]),
    ("how chatty is OPS-15?", "comments", {"detail": "count"}, ["OPS-15"]),
    ("what did people last say on PROJ-3", "comments", {"detail": "latest"}, ["PROJ-3"]),
    ("who's been weighing in on the open WEB bugs", "comments", {"detail": "authors"},
     ['project = "WEB"', 'issuetype = "Bug"', "resolution is EMPTY"]),
    ("how many comments has DATA-40 got so far", "comments", {"detail": "count"}, ["DATA-40"]),
    # workload
    ("who is swamped in DATA?", "workload", {"group_by": ["assignee"]}, ['project = "DATA"']),
    ("how's capacity looking across the MOB team", "workload", {"group_by": ["assignee"]}, ['project = "MOB"']),
    ("how is the work spread across the OPS people?", "workload", {"group_by": ["assignee"]}, ['project = "OPS"']),
    ("is anyone in PROJ overloaded", "workload", {"group_by": ["assignee"]}, ['project = "PROJ"']),
    ("show me the spread of work in DATA", "workload", {"group_by": ["assignee"]}, ['project = "DATA"']),
    ("who's drowning in tickets on MOB", "workload", {"group_by": ["assignee"]}, ['project = "MOB"']),
    ("is the load balanced across the WEB devs?", "workload", {"group_by": ["assignee"]}, ['project = "WEB"']),
    # a second round, after the first fixes
    ("can I get a priority by component matrix for DATA bugs", "breakdown", {"group_by": ["priority", "components"]},
     ['project = "DATA"', 'issuetype = "Bug"']),
    ("how many open issues sit in each status in PROJ", "breakdown", {"group_by": ["status"]},
     ['project = "PROJ"', "resolution is EMPTY"]),
    ("what's the split of DATA work between stories, tasks and bugs", "breakdown", {"group_by": ["issuetype"]},
     ['project = "DATA"', 'issuetype in ("Story", "Task", "Bug")']),
    ("who's got too much on in OPS", "workload", {"group_by": ["assignee"]}, ['project = "OPS"']),
    ("is work evenly spread in MOB", "workload", {"group_by": ["assignee"]}, ['project = "MOB"']),
    ("does anybody in DATA have way more open tickets than the others", "workload", {"group_by": ["assignee"]},
     ['project = "DATA"']),
    ("how loaded is each OPS engineer", "workload", {"group_by": ["assignee"]}, ['project = "OPS"']),
    ("how close is DATA 2026.Q4 to done", "release", {}, ['project = "DATA"', 'fixVersion = "2026.Q4"']),
    ("anything holding back MOB's 2026.Q4 release?", "release", {}, ['project = "MOB"', 'fixVersion = "2026.Q4"']),
    ("could you group PROJ's backlog by component and by priority", "breakdown",
     {"group_by": ["components", "priority"]}, ['project = "PROJ"', "resolution is EMPTY"]),
    ("what's the status picture for DATA bugs by component", "breakdown", {"group_by": ["status", "components"]},
     ['project = "DATA"', 'issuetype = "Bug"']),
    ("what does everyone on the WEB team have on their plate", "workload", {"group_by": ["assignee"]},
     ['project = "WEB"']),
    ("what's on each DATA engineer's plate", "workload", {"group_by": ["assignee"]}, ['project = "DATA"']),
    ("how much open work does each OPS person carry", "workload", {"group_by": ["assignee"]},
     ['project = "OPS"', "resolution is EMPTY"]),
    ("how is the work shared out across OPS", "workload", {"group_by": ["assignee"]}, ['project = "OPS"']),
    # a split between kinds of issue is still a ratio, a split by a field still a breakdown
    ("how is the DATA work split between bugs and stories", "stats", {"statistic": "ratio"}, ['project = "DATA"']),
    ("how is the MOB work split by priority", "breakdown", {"group_by": ["priority"]}, ['project = "MOB"']),
    ("how many issues are in WEB 2026.Q4, by status", "breakdown", {"group_by": ["status"]},
     ['project = "WEB"', 'fixVersion = "2026.Q4"']),
    ("can you check whether anyone on the DATA team is overloaded compared to the rest?", "workload",
     {"group_by": ["assignee"]}, ['project = "DATA"']),
    ("how heavy is everyone's load in WEB right now?", "workload", {"group_by": ["assignee"]}, ['project = "WEB"']),
    ("who on MOB could use some help?", "workload", {"group_by": ["assignee"]}, ['project = "MOB"']),
    ("for the standup: who has what open in WEB", "workload", {"group_by": ["assignee"]},
     ['project = "WEB"', "resolution is EMPTY"]),
    ("who's doing what on the OPS team", "workload", {"group_by": ["assignee"]}, ['project = "OPS"']),
    ("monthly counts of new DATA tickets", "breakdown", {"group_by": ["created_month"]}, ['project = "DATA"']),
    ("how many WEB bugs were created monthly", "breakdown", {"group_by": ["created_month"]},
     ['project = "WEB"', 'issuetype = "Bug"']),
    ("what labels do the open OPS bugs carry, and how often", "breakdown", {"group_by": ["labels"]},
     ['project = "OPS"', 'issuetype = "Bug"', "resolution is EMPTY"]),
    ("how many OPS tickets sit under each epic", "breakdown", {"group_by": ["epic"]}, ['project = "OPS"']),
    ("what's the WEB 2026.Q4 scope looking like", "release", {}, ['project = "WEB"', 'fixVersion = "2026.Q4"']),
    ("is WEB 2026.Q4 going to ship on time?", "release", {}, ['project = "WEB"', 'fixVersion = "2026.Q4"']),
    ("how ready is OPS for 2026.Q4", "release", {}, ['project = "OPS"', 'fixVersion = "2026.Q4"']),
    ("2026.Q4 for WEB: will we make it?", "release", {}, ['project = "WEB"', 'fixVersion = "2026.Q4"']),
    ("quick sanity check, how are the open OPS bugs split between the components?", "breakdown",
     {"group_by": ["components"]}, ['project = "OPS"', 'issuetype = "Bug"', "resolution is EMPTY"]),
]

FLUID = [
    # breakdown
    ("how do the open FLUID bugs split across components?", "breakdown", {"group_by": ["components"]},
     ['project = "FLUID"', 'issuetype = "Bug"', "resolution is EMPTY"]),
    ("what's the priority mix of DECA issues", "breakdown", {"group_by": ["priority"]}, ['project = "DECA"']),
    ("distribution of FLOE tickets by status", "breakdown", {"group_by": ["status"]}, ['project = "FLOE"']),
    ("for every component in FLUID, how many blockers are open", "breakdown", {"group_by": ["components"]},
     ['project = "FLUID"', 'priority = "Blocker"', "resolution is EMPTY"]),
    ("break C2LC issues down by fix version and status", "breakdown", {"group_by": ["fixVersions", "status"]},
     ['project = "C2LC"']),
    ("how do VULAB issues divide up between issue types?", "breakdown", {"group_by": ["issuetype"]},
     ['project = "VULAB"']),
    ("bugs per priority per component in DECA", "breakdown", {"group_by": ["priority", "components"]},
     ['project = "DECA"', 'issuetype = "Bug"']),
    ("how many Infusion 1.5 issues does each assignee have", "breakdown", {"group_by": ["assignee"]},
     ['fixVersion = "1.5"']),
    ("spread of ENGAGE issues over the people they're assigned to", "breakdown", {"group_by": ["assignee"]},
     ['project = "ENGAGE"']),
    ("how are the issues in the 1.4 release split by type?", "breakdown", {"group_by": ["issuetype"]},
     ['fixVersion = "1.4"']),
    ("what's the status mix of the SJRK stories", "breakdown", {"group_by": ["status"]},
     ['project = "SJRK"', 'issuetype = "Story"']),
    ("for each FLOE component, how do the issues divide up by priority?", "breakdown",
     {"group_by": ["components", "priority"]}, ['project = "FLOE"']),
    # release progress and blockers, releases named as people say them
    ("how far along is Infusion 1.5?", "release", {}, ['fixVersion = "1.5"']),
    ("what's blocking the 1.5 release?", "release", {}, ['fixVersion = "1.5"']),
    ("is v1.5 of Infusion done yet?", "release", {}, ['fixVersion = "1.5"']),
    ("how much is left for Infusion 1.4", "release", {}, ['fixVersion = "1.4"']),
    ("what's holding up DECA 0.5?", "release", {}, ['project = "DECA"', 'fixVersion = "0.5"']),
    ("progress on the Coding Env 0.9 release", "release", {}, ['fixVersion = "Coding Env 0.9"']),
    ("did the 2.0 release of Infusion ship everything?", "release", {}, ['fixVersion = "2.0"']),
    ("how's Infusion v2.0 coming along", "release", {}, ['fixVersion = "2.0"']),
    # comments
    ("who chimed in on FLUID-4000?", "comments", {"detail": "authors"}, ["FLUID-4000"]),
    ("last remark on DECA-100", "comments", {"detail": "latest"}, ["DECA-100"]),
    ("how chatty has FLOE-50 been", "comments", {"detail": "count"}, ["FLOE-50"]),
    ("any discussion on C2LC-300?", "comments", {"detail": "all"}, ["C2LC-300"]),
    ("what did folks say last on VULAB-20", "comments", {"detail": "latest"}, ["VULAB-20"]),
    ("who took part in the discussion on SJRK-100", "comments", {"detail": "authors"}, ["SJRK-100"]),
    # workload
    ("who is swamped in FLUID?", "workload", {"group_by": ["assignee"]}, ['project = "FLUID"']),
    ("how's the work spread across the DECA folks?", "workload", {"group_by": ["assignee"]}, ['project = "DECA"']),
    ("is anyone overloaded on C2LC", "workload", {"group_by": ["assignee"]}, ['project = "C2LC"']),
    ("how's capacity across the SJRK team", "workload", {"group_by": ["assignee"]}, ['project = "SJRK"']),
    ("what does the workload look like for Infusion 1.5", "workload", {"group_by": ["assignee"]},
     ['fixVersion = "1.5"']),
    ("who's drowning in C2LC tickets", "workload", {"group_by": ["assignee"]}, ['project = "C2LC"']),
    # a second round, after the first fixes
    ("give me a component by priority grid for open FLUID issues", "breakdown",
     {"group_by": ["components", "priority"]}, ['project = "FLUID"', "resolution is EMPTY"]),
    ("is anything blocking DECA 0.6", "release", {}, ['project = "DECA"', 'fixVersion = "0.6"']),
    ("what's holding back v1.9", "release", {}, ['fixVersion = "1.9"']),
    ("is the FLOE work shared fairly", "workload", {"group_by": ["assignee"]}, ['project = "FLOE"']),
    ("how busy are the FLUID devs", "workload", {"group_by": ["assignee"]}, ['project = "FLUID"']),
    ("who's been most vocal in the comments on FLUID bugs", "comments", {"detail": "authors"},
     ['project = "FLUID"', 'issuetype = "Bug"']),
    ("which FLUID bug got the most discussion", "ranking", {"metric": "comments"},
     ['project = "FLUID"', 'issuetype = "Bug"']),
    ("which C2LC ticket has had the most back and forth", "ranking", {"metric": "comments"}, ['project = "C2LC"']),
    ("how many people commented on FLUID-4000", "comments", {"detail": "authors"}, ["FLUID-4000"]),
    ("how many issues are in Infusion 1.5, by status", "breakdown", {"group_by": ["status"]}, ['fixVersion = "1.5"']),
    ("Infusion 1.5: done vs not done", "release", {}, ['fixVersion = "1.5"']),
    ("who's the biggest bug reporter on FLOE", "ranking", {"group_by": ["reporter"]},
     ['project = "FLOE"', 'issuetype = "Bug"']),
    ("who is the most prolific reporter in DECA", "ranking", {"group_by": ["reporter"]}, ['project = "DECA"']),
]


def check(call: IntentCall, name: str, measure: dict, clauses: list[str]) -> None:
    assert call.name == name, call
    assert call.slots.ignored == [], call.slots.ignored
    assert call.slots.measure is not None, call
    read = call.slots.measure.model_dump()
    assert {field: read[field] for field in measure} == measure, read
    for clause in clauses:
        assert clause in (call.jql or "") or clause in call.issue_keys, (clause, call.jql, call.issue_keys)


@pytest.mark.parametrize(("question", "name", "measure", "clauses"), DEMO, ids=[c[0] for c in DEMO])
def test_demo(question: str, name: str, measure: dict, clauses: list[str]) -> None:
    check(one(question), name, measure, clauses)



@pytest.mark.fluid_archive
@pytest.mark.slow
@pytest.mark.parametrize(("question", "name", "measure", "clauses"), FLUID, ids=[c[0] for c in FLUID])
def test_fluid(fluid_parser: EmbeddedParser, question: str, name: str, measure: dict, clauses: list[str]) -> None:
    parsed = fluid_parser.parse(question)
    assert len(parsed.intents) == 1, parsed.intents
    check(parsed.intents[0], name, measure, clauses)


def test_done_versus_open_reports_the_whole_release() -> None:
    call = one("WEB 2026.Q4: done vs open")
    assert call.name == "release" and call.slots.ignored == []
    assert call.jql == 'project = "WEB" AND fixVersion = "2026.Q4"'


def test_open_versus_done_counts_both_sides() -> None:
    call = one("per component, what's the open vs done count in DATA")
    assert call.name == "breakdown" and call.slots.ignored == []
    assert call.slots.measure is not None and call.slots.measure.group_by == ["components", "status"]
    assert call.jql == 'project = "DATA"'


def test_what_still_needs_doing_is_unresolved() -> None:
    call = one("what still needs doing for MOB 2026.Q4")
    assert call.name == "search" and call.slots.ignored == []
    assert call.jql == 'project = "MOB" AND fixVersion = "2026.Q4" AND resolution is EMPTY'


@pytest.mark.fluid_archive
@pytest.mark.slow
@pytest.mark.parametrize("question", ["what's holding up the 0.5 release?", "how far along is v0.3"])
def test_a_version_several_projects_have_is_asked_about(fluid_parser: EmbeddedParser, question: str) -> None:
    call = fluid_parser.parse(question).intents[0]
    assert call.name == "clarify" and "DECA" in (call.slots.reason or "") and "FLUID" in (call.slots.reason or "")


def test_a_release_every_project_has_is_one_release_train() -> None:
    call = one("how is the 2026.Q4 release going")
    assert call.name == "release" and call.jql == 'fixVersion = "2026.Q4"'


def test_enough_questions() -> None:
    assert len(DEMO) + len(FLUID) >= 60


# Every verb of creation reads alike: "logged" and "submitted" are "created" (one list, conditions.REPORTED_VERBS)
CREATION = [
    ("how many OPS tickets were logged per month", "breakdown", {"group_by": ["created_month"]}, ['project = "OPS"'],
     ["created"]),
    ("OPS tickets submitted each week", "breakdown", {"group_by": ["created_week"]}, ['project = "OPS"'], []),
    ("DATA bugs logged monthly", "breakdown", {"group_by": ["created_month"]}, ['issuetype = "Bug"'], []),
    ("monthly counts of submitted DATA tickets", "breakdown", {"group_by": ["created_month"]}, ['project = "DATA"'],
     []),
    ("DATA tickets logged vs closed per week", "stats", {"statistic": "throughput", "period": "week"},
     ['project = "DATA"'], ["statusCategory"]),
    ("the most recently submitted bug in OPS", "ranking", {"metric": "age", "direction": "fewest"},
     ['project = "OPS"', 'issuetype = "Bug"'], []),
    ("the first OPS ticket ever logged", "ranking", {"metric": "age", "direction": "most"}, ['project = "OPS"'],
     ["text ~"]),
    # the age said after the issue asked for, as "which of them was created most recently" says it
    ("which WEB bug was filed most recently", "ranking", {"metric": "age", "direction": "fewest"},
     ['project = "WEB"', 'issuetype = "Bug"'], []),
    ("which open DATA ticket was created first", "ranking", {"metric": "age", "direction": "most"},
     ['project = "DATA"', "resolution is EMPTY"], []),
    ("which MOB story was logged last", "ranking", {"metric": "age", "direction": "fewest"},
     ['project = "MOB"', 'issuetype = "Story"'], []),
]


@pytest.mark.parametrize(("question", "name", "measure", "clauses", "absent"), CREATION, ids=[c[0] for c in CREATION])
def test_every_creation_verb_reads_as_creation(question: str, name: str, measure: dict, clauses: list[str],
                                               absent: list[str]) -> None:
    assert_shape(question, name, measure, clauses, absent)


@pytest.mark.parametrize(("question", "name"), [
    ("who submitted the most bugs in OPS", "ranking"),
    ("which person has submitted the most bugs in OPS", "ranking"),
    ("how many bugs did each person submit in OPS", "breakdown"),
])
def test_submitting_is_reporting(question: str, name: str) -> None:
    """"submitted" names the reporter as "filed" does: ranked or grouped, never the assignee."""
    assert_shape(question, name, {"group_by": ["reporter"]}, ['project = "OPS"', 'issuetype = "Bug"'], [])


@pytest.mark.parametrize("question", ["which of them was created last week", "which WEB bugs were filed last month?"])
def test_created_last_before_a_time_is_a_date_not_a_ranking(question: str) -> None:
    call = one(question)
    assert call.name != "ranking" and "created >= " in (call.jql or "") and call.slots.ignored == [], call


@pytest.mark.parametrize(("question", "field", "clauses"), [
    ("WEB stories closed last week by assignee", "assignee",
     ['resolutiondate >= "2026/10/19 00:00"', 'project = "WEB"']),
    ("DATA tasks opened this month per priority", "priority", ['created >= "2026/11/01 00:00"', 'project = "DATA"']),
    ("MOB bugs updated in the past week by status", "status", ['updated >= -7d', 'project = "MOB"']),
])
def test_a_date_before_the_grouping_is_a_condition_not_a_second_level(question: str, field: str,
                                                                       clauses: list[str]) -> None:
    call = one(question)
    assert call.name == "breakdown" and call.slots.measure.group_by == [field], call
    assert all(c in (call.jql or "") for c in clauses) and call.slots.ignored == [], call
