"""The mechanisms the fifteenth round's tuning pool (tune40) showed missing, each in wordings of its own, with a near
neighbour that keeps its old reading: words said to be in the summary or title are searched for there, never asked
about as an issue's summary; "missed their deadline" is overdue; a misspelt month is the month; "b4" is before; a
stale list ("no update 30d", "nobody touched", "left alone longest first") is read, not a resolution; a follow-up
that changes the period ("make it 30 days", "going back 60 days") replaces it, as a typed clause on the same field
does; another parent named after a parent's children switches the parent; "exclude" leaves a value out; "forget how
urgent they are" drops the priority; a reason after the request ("those need someone today") adds no date; words
said to be in the comments are searched for there."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.test_eleventh_round_wordings import assert_reads
from tests.intents.test_everyday_conditions import PARSER
from tests.intents.test_fourteenth_round_wordings import _fluid_after
from tests.intents.test_sixth_round_wordings import assert_clauses
from tests.intents.test_thirteenth_round_wordings import assert_follow_up

DEMO = [
    # words said to be in the summary or title: searched for there, the rest of the question read as conditions
    ("which unresolved issues have 'rate-limit' in the summary?", ['summary ~ "rate limit"', "resolution is EMPTY"],
     ("text ~",)),
    ("summary rate-limit open", ['summary ~ "rate limit"', "resolution is EMPTY"], ("limit open", "text ~")),
    ("open WEB tickets with the words retry logic in their title", ['summary ~ "retry logic"', 'project = "WEB"'], ()),
    # near neighbour: a summary asked of an issue named by its key stays that
    # missed deadlines are overdue
    ("how many PROJ tasks have missed their deadline?", ['project = "PROJ"', "duedate < now()"], ()),
    ("MOB stories that blew through their due date", ['project = "MOB"', "duedate < now()"], ()),
    # a month misspelt, "b4" for before
    ("how many stories were created in septmber", ['created >= "2026/09/01 00:00"', 'created < "2026/10/01 00:00"'],
     ()),
    ("WEB bugs from febuary", ['created >= "2026/02/01 00:00"', 'created < "2026/03/01 00:00"'], ("text ~",)),
    ("how many bugs in PROJ b4 2026", ['created < "2026/01/01 00:00"'], ('created >= "2026',)),
    # a stale list and its order
    ("open bugs not updated in 30 days, oldest update first", ["updated < -30d", "ORDER BY updated ASC"], ()),
    ("unresolved bugs nobody has touched in the last 30 days, the ones left alone longest first",
     ["updated < -30d", "ORDER BY updated ASC", "resolution is EMPTY"], ("Won't Do",)),
    ("stale bugs, no update 30d", ["updated < -30d", 'issuetype = "Bug"'], ()),
    ("MOB stories with no updates in 2 weeks", ["updated < -14d", 'project = "MOB"'], ()),
]


def test_a_summary_asked_of_one_issue_is_still_its_summary() -> None:
    (call,) = PARSER.parse("give me the summary of WEB-410").intents
    assert call.name == "summary" and call.issue_keys == ["WEB-410"]


FOLLOW_UPS = [
    # the period changed: the new one replaces the old, said in days, weeks or typed
    ("resolved issues assigned to Elena Rossi in the last 14 days", "make it 30 days", ["resolutiondate >= -30d"],
     ("-14d",)),
    ("resolved issues assigned to Elena Rossi in the last 14 days", "what about going back 60 days?",
     ["resolutiondate >= -60d"], ("-14d", "text ~")),
    ("WEB bugs created in the last 7 days", "extend that to two weeks", ['project = "WEB"', "created >= -14d"],
     ("-7d", "text ~")),
    ("resolved issues assigned to Elena Rossi in the last 14 days", "make it resolved >= -30d", ['resolved >= "-30d"'],
     ("-14d",)),
    # another parent after a parent's children
    ("issues under OPS-450", "same for OPS-541", ['parent = "OPS-541"'], ("OPS-450",)),
    ("parent = OPS-450", "now OPS-541", ['parent = "OPS-541"'], ("OPS-450",)),
    ("parent = OPS-450", "and the ones that belong to OPS-541?", ['parent = "OPS-541"'], ("OPS-450",)),
    ("parent = OPS-450", "Now do the same for OPS-541, the cluster epic.", ['parent = "OPS-541"'], ("OPS-450",)),
    # "exclude": a value left out
    ("open WEB bugs", 'exclude component "Checkout"', ['(component != "Checkout" OR component is EMPTY)'], ()),
    ("open WEB bugs", "exclude Elena Rossi", ["assignee !="], ()),
    # the priority taken away, said by what it means
    ("urgent open WEB bugs", "forget about how urgent they are, show me all of them", ['project = "WEB"'],
     ("priority", "text ~")),
    ("high priority DATA tasks", "whatever their priority", ['project = "DATA"', 'issuetype = "Task"'], ("priority",)),
    # a reason after the request adds nothing
    ("open WEB bugs assigned to Elena Rossi", "Narrow that to the Highest ones, those need attention today.",
     ['priority = "Highest"'], ("created",)),
    ("open WEB bugs", "only the High ones, they have to ship this week", ['priority = "High"'], ("created", "due")),
]


FLUID = [
    # words said to be in the comments or the description
    ('Uploader comments "file size"', ['component = "Uploader"', 'comment ~ "file size"'], ("text ~",)),
    ("pager tickets where comments say IE6", ['component = "Pager"', 'comment ~ "ie6"'], ('"Comments"',)),
    ("ui options issues desc mentions keyboard", ['component = "UI Options"', 'description ~ "keyboard"'],
     ("text ~",)),
    # a component said as a part or a piece of the product
    ("Which bug reports about the uploader part were created in 2009?",
     ['component = "Uploader"', 'created >= "2009/01/01 00:00"'], ("text ~",)),
    ("bugs Justin Obara filed about the Inline Edit piece", ['component = "Inline Edit"'], ("text ~",)),
    ("blocker tix in engage b4 2010", ['created < "2010/01/01 00:00"', 'project = "ENGAGE"'], ('created >= "2010',)),
]


# The round's second part (tune41 on): "hi" for High; work that "missed its deadline" asked of several issues; an
# environment named with "against" or "in the X environment"; a month said short in a follow-up, on the earlier
# date field, typed or not; the link type said by its name; "in their name" for the title; "the ones nobody has";
# a priority taken away as "the blocker part" or "not just the urgent ones"; a value added with "too" or "+"; words
# mentioned "somewhere in the comments", and "comments mention X" among keywords.
SECOND_PART_DEMO = [
    ("WEB bugs hi or highest prio", ['priority in ("High", "Highest")', 'project = "WEB"'], ()),
    ("hi prio tasks in OPS", ['priority = "High"', 'issuetype = "Task"'], ()),
    ("What work that Carla Sato owns has missed its deadline?", ["duedate < now()", "assignee ="], ()),
    ("how many issues reported against the Production environment are still open?",
     ['environment ~ "production"', "resolution is EMPTY"], ("reporter",)),
    ("open bugs in the staging environment", ['environment ~ "staging"', 'issuetype = "Bug"'], ()),
    ("in progress has risk link", ['issueLinkType = "has risk"', 'status = "In Progress"'], ("is risk for",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO + SECOND_PART_DEMO,
                         ids=[q for q, _, _ in DEMO + SECOND_PART_DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


def test_why_one_issue_missed_its_deadline_is_still_asked_of_it() -> None:
    (call,) = PARSER.parse("PROJ-12 missed its deadline, why?").intents
    assert call.name == "reasoning" and call.issue_keys == ["PROJ-12"]


SECOND_PART_FOLLOW_UPS = [
    ("project = DATA AND type = Bug AND resolved >= 2026-09-01 AND resolved < 2026-10-01", "what about aug",
     ['resolutiondate >= "2026/08/01 00:00"', 'project = "DATA"'], ("2026-09-01", "text ~", "created")),
    ("project = DATA AND type = Bug AND resolved >= 2026-09-01 AND resolved < 2026-10-01", "same for August 2026",
     ['resolutiondate >= "2026/08/01 00:00"'], ("2026-09-01", "created")),
    ("DATA bugs resolved in September", "aug instead", ['resolutiondate >= "2026/08/01 00:00"'],
     ('resolutiondate >= "2026/09/01', "text ~")),
]


SECOND_PART_FLUID = [
    ("bugs from 2010 with the words screen reader in their name", ['summary ~ "screen reader"'], ()),
    ("cannot reproduce, comments mention Safari, created 2009", ['comment ~ "safari"'], ("safari*",)),
    ("issues closed as Cannot Reproduce with Safari mentioned somewhere in the comments",
     ['comment ~ "safari"', 'resolution = "Cannot Reproduce"'], ("somewhere",)),
    ("vp issues linked as duplicates", ['project = "VP"', "issueLinkType"], ("resolution",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID + SECOND_PART_FLUID,
                         ids=[q for q, _, _ in FLUID + SECOND_PART_FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), [
    ("open SJRK bugs", 'exclude component "Storytelling Tool UI"',
     ['(component != "Storytelling Tool UI" OR component is EMPTY)', 'project = "SJRK"'], ()),
    ("UI Options open issues", "just the ones nobody has", ["assignee is EMPTY", 'component = "UI Options"'],
     ("text ~",)),
    ("inline edit blocker bugs michelle dsouza reported", "forget the blocker part show all",
     ['component = "Inline Edit"', 'issuetype = "Bug"'], ("priority",)),
    ("inline edit blocker bugs michelle dsouza reported", "Show me all of them then, not just the urgent ones.",
     ['component = "Inline Edit"', 'issuetype = "Bug"'], ("priority",)),
    ("bugs in the Capture component", "add the ones for the Export component too",
     ['component in ("Capture", "Export")', 'issuetype = "Bug"'], ()),
    ("bugs in the Capture component", "+ export", ['component in ("Capture", "Export")'], ()),
])
def test_fluid_follow_ups(fluid_parser: EmbeddedParser, first: str, follow_up: str, present: list[str],
                                      absent: tuple[str, ...]) -> None:
    (call,) = fluid_parser.parse(follow_up, _fluid_after(fluid_parser, first)).intents
    assert call.name == "search", (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


DEMO_FOLLOW_UPS = FOLLOW_UPS + SECOND_PART_FOLLOW_UPS + [
    # a condition after how a sprint goes: its issues, narrowed
    ("DATA active sprint", "unassigned only", ["sprint in openSprints()", "assignee is EMPTY", 'project = "DATA"'],
     ()),
    # a select field typed anew holds that value now
    ('Severity = "S1 - Critical" AND resolution is EMPTY', 'Severity = "S2 - Major" instead',
     ['Severity = "S2 - Major"', "resolution IS EMPTY"], ("S1",)),
    ("open S1 bugs", 'Severity = "S2 - Major" instead', ['Severity = "S2 - Major"', 'issuetype = "Bug"'], ("S1",)),
]


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), DEMO_FOLLOW_UPS,
                         ids=[f"{f} | {u}" for f, u, _, _ in DEMO_FOLLOW_UPS])
def test_follow_ups(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_follow_up(first, follow_up, present, absent)
