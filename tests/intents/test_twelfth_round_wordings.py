"""The mechanisms the twelfth round's tuning pool (tune34) showed missing, each in wordings of its own, with a near
neighbour that keeps its old reading: "blocking" bugs keep the bug type (and are the Blocker level where the instance
has one and no block links of its own); a weekday said "since this Monday", "since last Monday" or short ("since
mon", "by fri"); a level with a "+" ("high+"); "dup" for duplicate; "unclaimed" work; "starter" is no "started"; a
hedge before the request ("I might be wrong about the wording, but"); a resolution restated in brackets after
"decided not to do"; a follow-up that "limits that to" a project, swaps the words searched for ("NVDA instead of
VoiceOver"), types `text ~` anew, or ends with a remark; (later in the round) a "#" after a dash; "decided not to do"
over a window; what someone "has been moving"; what "can be left out"; a project's sprint named by the project; issues
that slipped from one release into another (`fixVersion WAS`); one JQL clause typed alone after a list; "how many of
the things …"; a day ahead said beside what was closed; (tune35 on) issues with comments and without a single one;
"cust-", "rn", "wat"; "low priority" where no level is called Low; due between today and some days from now; what to
leave out past "that's already been"; no planned release; "blocker-level"; "that year" beside another pointer; a bare
version after bugs affecting one; "and where somebody …" after a comma; a count of an issue's linked issues in a
state; "bug count?" after a list; Fixed listed beside Won't Fix in a negation; closed "as something besides" or "with an
outcome"; examples after "other than X"; "resolution is Duplicate", "with resolution Duplicate"; a sprint happening
now; a quarter of a year where no release is named after it."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState, IntentCall
from tests.intents.test_eleventh_round_wordings import asked, assert_reads
from tests.intents.test_everyday_conditions import PARSER, one
from tests.intents.test_sixth_round_wordings import assert_clauses

DEMO = [
    # "blocking bugs": bugs that block something; the type is kept
    ("open blocking bugs in WEB", ['issuetype = "Bug"', 'issueLinkType = "blocks"', 'project = "WEB"'], ()),
    ("MOB blocking tickets", ['issueLinkType = "blocks"'], ("issuetype",)),
    # a weekday after since, with or without this/last, and written short
    ("OPS tickets raised since this Monday", ['created >= "2026/10/26 00:00"'], ("created <", "text ~")),
    ("OPS tickets changed since last Monday", ['updated >= "2026/10/26 00:00"'], ("updated <",)),
    ("OPS tickets opened since tues", ['created >= "2026/10/27 00:00"'], ("text ~",)),
    ("OPS bugs due by fri", ['duedate < "2026/11/07 00:00"'], ("text ~",)),
    ("OPS tickets opened last tuesday", ['created >= "2026/10/27 00:00"', 'created < "2026/10/28 00:00"'], ()),
    # a level and a plus: that level and every one above it
    ("open DATA bugs, high+ prio", ['priority in ("Highest", "High")', 'issuetype = "Bug"'], ("text ~",)),
    ("medium+ WEB stories", ['priority in ("Highest", "High", "Medium")'], ()),
    ("DATA Highest-prio bugs", ['priority = "Highest"'], ("text ~",)),
    # unclaimed work has nobody on it
    ("unclaimed MOB stories", ["assignee is EMPTY"], ("text ~",)),
    # "#" after a dash counts; "decided not to do" over a window is when they were closed
    ("Ana - # resolved last 30d", ["resolutiondate >= -30d"], ()),
    ("how many OPS tickets did we decide not to do in the last 60 days", ["resolutiondate >= -60d"], ("created",)),
    # what someone "has been moving" was updated; a move of the asker's own is no date of the issues
    ("what has Elena Rossi been moving since last month", ['updated >= "2026/10/01 00:00"'], ("created",)),
    ("Elena is moving to another team next month. What is assigned to Elena Rossi?", ["assignee = "],
     ("updated", "created")),
    # what can be left out is excluded
    ("Elena Rossi's tickets; the Won't Do ones can be left out", ['resolution != "Won\'t Do"'], ()),
    # a project's sprint named by the project alone is the one it is running
    ("which items in the Web Storefront sprint haven't been started", ["sprint in openSprints()", 'project = "WEB"'],
     ()),
    ("bugs in the WEB Sprint 50", ["sprint = "], ("openSprints",)),
    # issues moved from one release into another: in the second now, in the first before
    ("Which issues slipped from 2026.Q3 into 2026.Q4?", ['fixVersion = "2026.Q4"', 'fixVersion was "2026.Q3"'], ()),
    ("WEB issues that were planned for 2026.Q3 but are now in 2026.Q4",
     ['fixVersion = "2026.Q4"', 'fixVersion was "2026.Q3"'], ("fixVersion in",)),
    ("WEB issues in 2026.Q3 or 2026.Q4", ['fixVersion in ("2026.Q3", "2026.Q4")'], ("was",)),
    # a sprint by its number before its project
    ("bugs in sprint 50 on web", ['sprint = "'], ("text ~", "openSprints")),
    ("open stories in sprint 50 of the data platform project", ['sprint = "', "resolution is EMPTY"], ("text ~",)),
    # what the set is more than is no condition; "not just X but Y" is read whole as before
    ("WEB bugs, not only the open ones", ['project = "WEB"', 'issuetype = "Bug"'], ("resolution", "statusCategory")),
    # issues with comments, and without a single one
    ("open cust-reported bugs w/ comments",
     ['labels = "customer-reported"', "comment is not EMPTY", "resolution is EMPTY"], ("text ~",)),
    ("DATA bugs where somebody has already left a comment", ["comment is not EMPTY"], ()),
    ("how many OPS tickets in review have not received a single comment?", ["comment is EMPTY", 'status = "In Review"'],
     ()),
    ("which epics in progress don't have a single comment on them", ["comment is EMPTY", 'issuetype = "Epic"'], ()),
    ("DATA bugs with comments mentioning spark", ['comment ~ "spark"'], ("comment is",)),
    # "rn", a sprint right now; due between today and some days from now
    ("how many overdue things in the sprint rn", ["sprint in openSprints()", "duedate < now()"], ()),
    ("open MOB issues due between today and ten days from now", ["duedate >= now()", "duedate <= 10d"], ()),
    # what to leave out reaches past "that's already been"
    ("WEB bugs, leave out anything that's already been finished", ['statusCategory != "done"'],
     ('AND statusCategory = ',)),
    # a clause "and where somebody …" after a comma narrows the same request
    ("DATA bugs with the customer-reported label, which are not resolved yet, and where somebody has already left a "
     "comment", ['labels = "customer-reported"', "resolution is EMPTY", "comment is not EMPTY"], ()),
    # a count of an issue's linked issues in a state; the issue described after a comma is no condition
    ("how many open risks on DATA-407", ['linkedIssues(DATA-407, "has risk")', "resolution is EMPTY"], ()),
    ("How many open risks are still hanging over DATA-407, the Dbt models v3 epic?",
     ['linkedIssues(DATA-407, "has risk")'], ('"Epic"', "text ~")),
    ("tech-debt items in the sprint that's currently happening", ["sprint in openSprints()"], ()),
    # ... and where a release is named after the quarter, the release
    ("WEB bugs planned for the fourth quarter of 2026", ['fixVersion = "2026.Q4"'], ("created",)),
    ("how many open bugs slated for releases not out yet", ["fixVersion in unreleasedVersions()"], ()),
    # a state of the issues an issue is linked to makes a search over them; the type its link names does not
    ("OPS-553 is holding things up. Which of the issues it blocks are already in progress?",
     ['linkedIssues(OPS-553, "blocks")', 'status = "In Progress"'], ()),
    # children of several issues listed: of each
    ("children of WEB-410 and WEB-496 in Blocked", ['parent in ("WEB-410", "WEB-496")', 'status = "Blocked"'], ()),
    # a select field's option quoted beside the field's name is that option, no words to search for
    ("how many issues with the severity 'S2 - Major' are not resolved yet", ['"Severity" = "S2 - Major"'],
     ("text ~",)),
    ("bugs mentioning 'checkout'", ['text ~ "checkout"'], ("Severity",)),
    # a hedge before the request names nothing
    ("I might be wrong about the wording, but which WEB bugs are still open?", ["resolution is EMPTY"],
     ("text ~",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


def test_starter_work_is_no_state() -> None:
    call = one(PARSER, "some starter work in WEB that is still open")
    assert "statusCategory" not in (call.jql or "") and "resolution is EMPTY" in (call.jql or "")



FLUID = [
    # where the instance has a Blocker level and no block links, "blocking" said of issues is the level
    ("open blocking problems in FLUID", ['priority = "Blocker"', "resolution is EMPTY"], ("issueLinkType",)),
    ("Kettle issues flagged as blocking that nobody fixed yet", ['priority = "Blocker"', 'project = "KETTLE"'],
     ("issueLinkType",)),
    ("uploader tickets rated blocking or critical", ['priority in ("Blocker", "Critical")'], ()),
    # ... and "blocking other issues" is still the link
    ("FLUID issues blocking other issues", ["issueLinkType ="], ("priority",)),
    # "dup" for duplicate
    ("how many engage tickets closed as dup", ['resolution = "Duplicate"'], ("status",)),
    # a resolution restated in brackets after "decided not to do" is that resolution, no negation of it
    ("INFRA tickets we decided not to do (won't fix)", ['resolution = "Won\'t Fix"'], ("!=",)),
    ("FLUID issues we chose not to do (won't do)", ['resolution = "Won\'t Do"'], ("!=", "Won't Fix")),
    ("FLUID issues except the ones we decided not to do (won't fix)", ['resolution != "Won\'t Fix"'], ()),
    # "low priority" where no level is called Low: the bottom two levels, said
    ("storytelling ui low priority stuff still open", ['priority in ("Minor", "Trivial")'], ()),
    ("low prio improvements in FLUID", ['priority in ("Minor", "Trivial")', 'issuetype = "Improvement"'], ()),
    # no planned release
    ("how many DECA bugs are unresolved and don't have a planned release version?", ["fixVersion is EMPTY"], ()),
    ("affects 1.1.2, wontfix, no fix release", ['affectedVersion = "1.1.2"', "fixVersion is EMPTY"], ()),
    # a level said "-level"; "high-level" is plain English
    ("how many blocker-level tickets in VP", ['priority = "Blocker"'], ("text ~",)),
    ("a high-level view of FLUID bugs", ['issuetype = "Bug"'], ("priority",)),
    # "that year" in the request is the one year the story names, beside another pointer too
    ("The video player had a rough 2012. How many blocker-level tickets were opened for it that year?",
     ['created >= "2012/01/01 00:00"', 'created < "2013/01/01 00:00"', 'priority = "Blocker"'], ()),
    # Fixed listed beside Won't Fix in a negation; closed "as something besides" or "with an outcome" is no state;
    # examples after "other than X" only illustrate it
    ("VULab issues resolved as neither Fixed nor Won't Fix", ['resolution not in ("Fixed", "Won\'t Fix")'], ()),
    ("how many vulab issues closed as something besides fixed or wont fix",
     ['resolution not in ("Fixed", "Won\'t Fix")'], ('status = "Closed"',)),
    ("SJRK issues closed with an outcome other than Fixed, e.g. done or duplicate", ['resolution != "Fixed"'],
     ('status = "Closed"', "resolution in")),
    ("VULAB issues resolved as fixed or won't fix", ['resolution in ("Fixed", "Won\'t Fix")'], ("not in",)),
    # the resolution said with its field word
    ("SJRK issues whose resolution is Duplicate", ['resolution = "Duplicate"'], ()),
    ("SJRK issues with resolution Duplicate", ['resolution = "Duplicate"'], ("is not EMPTY",)),
    ("SJRK issues with a resolution", ["resolution is not EMPTY"], ()),
    # a quarter of a year, where no release is named so, is its three months
    ("status Won't Fix, created Q2 2021", ['created >= "2021/04/01 00:00"', 'created < "2021/07/01 00:00"'], ()),
    ("FLUID bugs created in the second quarter of 2021", ['created >= "2021/04/01 00:00"'], ("text ~",)),
    ("FLUID bugs from 2009 q4", ['created >= "2009/10/01 00:00"', 'created < "2010/01/01 00:00"'], ()),
    # nothing was closed or created in the future: a day ahead is the asker's
    ("Uploader issues we decided not to fix; I'll take care of them tomorrow", ['resolution = "Won\'t Fix"'],
     ("resolutiondate", "created")),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


def _after(first: str, follow_up: str) -> list[IntentCall]:
    earlier = one(PARSER, first)
    return PARSER.parse(follow_up, ConversationState(last_search=earlier.slots, last_intent=earlier.name)).intents


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), [
    # "limit that to" a project keeps the last list's conditions
    ("open bugs assigned to Elena Rossi", "Could you limit that to the Data Platform project?",
     ['project = "DATA"', 'issuetype = "Bug"', "assignee = ", "resolution is EMPTY"], ()),
    ("open WEB bugs", "please restrict it to the Checkout component",
     ['project = "WEB"', 'component = "Checkout"', "resolution is EMPTY"], ()),
    # the words searched for swapped, in English or typed as JQL
    ("open WEB bugs mentioning safari", "could you run the same search but for firefox instead of safari?",
     ['text ~ "firefox"', 'project = "WEB"'], ("safari",)),
    ("open WEB bugs mentioning safari", "text ~ firefox instead", ['text ~ "firefox"', 'project = "WEB"'],
     ("safari",)),
    # one JQL clause typed alone after a list changes it; several start afresh
    ("open WEB bugs", "priority in (Highest, High)", ['project = "WEB"', 'priority IN ("Highest", "High")'], ()),
    ("open WEB bugs", "project = MOB", ['project = "MOB"', 'issuetype = "Bug"'], ('"WEB"',)),
    ("open WEB bugs", "project = MOB and priority = High", ['project = "MOB"'], ('"Bug"', "resolution")),
    ("WEB stories nobody has taken", "How many of the things nobody has taken are bugs?",
     ['project = "WEB"', 'issuetype = "Bug"', "assignee is EMPTY"], ()),
    # "not just Highest" after "include High as well": both, no exclusion
    ("open WEB bugs, highest priority", "Broaden that to include High priority as well, not just Highest.",
     ['priority in ("Highest", "High")', 'project = "WEB"'], ("!=",)),
    # "same for" another sprint after a list of a sprint's issues: the list again, not the sprint's report
    ("Which bugs were in DATA Sprint 51?", "same for data sprint 50", ['issuetype = "Bug"', 'sprint = "'], ()),
    ("open OPS bugs of the highest priority", "wat about storefront", ['project = "WEB"', 'priority = "Highest"'],
     ("text ~",)),
    ("open MOB stories", "bug count", ['project = "MOB"', 'issuetype = "Bug"', "resolution is EMPTY"], ()),
    # a remark after the follow-up asks nothing of its own
    ("open WEB bugs mentioning safari", "Now the same for firefox; I suspect that list is longer.",
     ['text ~ "firefox"'], ("suspect", "longer")),
])
def test_follow_ups_keep_the_last_lists_conditions(first: str, follow_up: str, present: list[str],
                                                   absent: tuple[str, ...]) -> None:
    (call,) = _after(first, follow_up)
    assert call.name == asked(follow_up), (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


@pytest.mark.parametrize(("follow_up", "present", "absent"), [
    # a bare version after bugs affecting one is the version they affect; "fixed in" names the fix version
    ("same for 1.5", ['affectedVersion = "1.5"'], ("fixVersion", '"1.4"')),
    ("And if I look at version 1.5 rather than 1.4, which ones show up?", ['affectedVersion = "1.5"'],
     ("fixVersion", '"1.4"')),
    ("which of those were fixed in 1.5", ['fixVersion = "1.5"', 'affectedVersion = "1.4"'], ()),
])
def test_a_version_after_affected_versions(fluid_parser: EmbeddedParser, follow_up: str, present: list[str],
                                           absent: tuple[str, ...]) -> None:
    earlier = one(fluid_parser, "Uploader bugs affecting 1.4")
    (call,) = fluid_parser.parse(follow_up, ConversationState(last_search=earlier.slots,
                                                              last_intent=earlier.name)).intents
    assert_clauses(call.jql or "", [*present, 'component = "Uploader"'], absent)


def test_the_type_a_link_names_keeps_the_link_question() -> None:
    call = one(PARSER, "which risks are linked to DATA-407")
    assert (call.name, call.issue_keys) == ("linked", ["DATA-407"]), (call.name, call.jql)


def test_issues_under_several_listed_issues_are_under_each() -> None:
    call = one(PARSER, "stories under WEB-410, WEB-496 and WEB-522 that are blocked")
    assert call.slots.descendants_of == ["WEB-410", "WEB-496", "WEB-522"], call.slots
