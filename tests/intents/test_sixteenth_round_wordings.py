"""The mechanisms the sixteenth round's tuning pool (tune42) showed missing, each in wordings of its own, with a near
neighbour that keeps its old reading: "no owner assigned" is nobody assigned, never somebody; an empty reporter; a
state an issue was in once beside the one it is in now ("blocked once, done now"); "5 points or larger" and "3 or
smaller"; work that "still needs finishing"; a resolution said to be other than one; "env" as a keyword for the
environment; "X only" after a list narrows it; "biggest first", "smallest first" and "soonest first" as orders;
"count bugs", "how many … in there" and "that number for WEB" after a list or a count; "someone else" after one
person's issues."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.test_eleventh_round_wordings import assert_reads
from tests.intents.test_everyday_conditions import PARSER
from tests.intents.test_fourteenth_round_wordings import _fluid_after
from tests.intents.test_sixth_round_wordings import assert_clauses
from tests.intents.test_thirteenth_round_wordings import _state_after, assert_follow_up

DEMO = [
    # an owner said to be missing, with the verb that would otherwise say somebody has it
    ("open PROJ stories with no owner assigned", ["assignee is EMPTY", 'project = "PROJ"'], ("is not EMPTY",)),
    ("High priority OPS tasks that have no assignee assigned yet", ["assignee is EMPTY"], ("is not EMPTY",)),
    # the same verb after another field said missing or set: that field's, never the assignee's
    ("WEB bugs that have no component assigned", ["component is EMPTY"], ("assignee",)),
    ("WEB bugs with no sprint assigned", ["sprint is EMPTY"], ("assignee",)),
    ("WEB stories with no epic assigned", ["parent is EMPTY"], ("assignee",)),
    ("WEB bugs with no labels added", ["labels is EMPTY"], ("assignee",)),
    ("WEB bugs with a fix version assigned", ["fixVersion is not EMPTY"], ("assignee",)),
    ("WEB bugs that have a sprint assigned", ["sprint is not EMPTY"], ("assignee",)),
    ("WEB stories with an epic assigned", ["parent is not EMPTY", 'issuetype = "Story"'], ("assignee", "Epic")),
    # near neighbour: assigned alone is somebody
    ("WEB bugs that are assigned", ["assignee is not EMPTY"], ("assignee is EMPTY",)),
    # an empty reporter
    ("bugs with no reporter", ["reporter is EMPTY", 'issuetype = "Bug"'], ("text ~",)),
    ("DATA issues missing a reporter", ["reporter is EMPTY", 'project = "DATA"'], ("text ~",)),
    ("OPS tasks where we don't know who raised them", ["reporter is EMPTY", 'project = "OPS"'], ("text ~",)),
    ("which stories have nobody recorded as the reporter?", ["reporter is EMPTY"], ("text ~",)),
    # near neighbour: a reporter named
    ("bugs reported by Elena Rossi", ["reporter ="], ("EMPTY",)),
    # a state the issues were in once, beside the one they are in now
    ("OPS issues that were blocked once and are done now", ['status was "Blocked"', 'status = "Done"'],
     ("status in",)),
    ("DATA bugs closed in the last 2 weeks, previously blocked", ['status was "Blocked"', "resolutiondate >= -14d"],
     ('status = "Blocked"',)),
    ("WEB stories that used to be blocked but are in review now", ['status was "Blocked"', 'status = "In Review"'],
     ("status in",)),
    # the past word before the second state is that state's, not the first's
    ("how many OPS issues are done and were previously blocked?", ['status = "Done"', 'status was "Blocked"'],
     ("was in",)),
    ("OPS issues that were blocked and are now done", ['status = "Done"', 'status was "Blocked"'], ("status in",)),
    ("stories closed this month, was blocked", ['status was "Blocked"', "resolutiondate >="], ('status = "Blocked"',)),
    ("OPS tickets stuck in Blocked at one time but now Done", ['status was "Blocked"', 'status = "Done"'],
     ("status in",)),
    # near neighbour: two states now
    ("OPS issues in Blocked or Done", ['status in ("Blocked", "Done")'], ("was",)),
    # a size and everything above or below it
    ("stories estimated at 5 points or larger", ['"Story point estimate" >= 5'], ('estimate" = 5',)),
    ("tasks of 3 points or smaller", ['"Story point estimate" <= 3'], ("text ~", 'estimate" = 3')),
    ("open stories sized 8 or bigger", ['"Story point estimate" >= 8'], ("text ~",)),
    ("which PROJ stories haven't been given a point estimate yet?", ['"Story point estimate" is EMPTY'], ("text ~",)),
    ("WEB stories without any story points in the current sprint",
     ['"Story point estimate" is EMPTY', 'issuetype = "Story"', "sprint in openSprints()"], ("!=",)),
    # near neighbour: the size alone
    ("stories estimated at 5 points", ['"Story point estimate" = 5'], (">=",)),
    # a state said before "in the current sprint" is the issues' own
    ("how many open in the current sprint for Elena Rossi", ["resolution is EMPTY", "sprint in openSprints()"], ()),
    # a kind said after a list of two is the kind of both
    ("OPS issues with the security or compliance labels", ['labels in ("security", "compliance")'], ("component",)),
    # near neighbour: the word alone keeps the usual kind
    ("OPS security bugs", ['component = "Security"'], ("labels",)),
    # issues given to a person within a time: the assignee changed to them then, not their assignee and creation
    ("which stories were reassigned to Elena Rossi in the last 10 days?",
     ['assignee changed to', "after -10d"], ("created", 'assignee = ')),
    ("bugs handed over to Elena Rossi this week", ["assignee changed to", "after"], ("created", "assignee = ")),
    # near neighbour: no time, the assignee now
    ("bugs handed over to Elena Rossi", ["assignee ="], ("changed",)),
    # a release moved, said as what it was and what it is now
    ("MOB stories that used to be planned for 2026.Q3 but are now planned for 2026.Q4",
     ['fixVersion = "2026.Q4"', 'fixVersion was "2026.Q3"'], ("fixVersion in",)),
    ("MOB fix version was 2026.Q3, now 2026.Q4", ['fixVersion = "2026.Q4"', 'fixVersion was "2026.Q3"'],
     ("fixVersion in",)),
    # an emptiness said with a verb that would say the field is set
    ("which open sprint items don't have anybody looking after them assigned?", ["assignee is EMPTY"],
     ("is not EMPTY",)),
    # "open" as what people did: created
    ("how many tickets did people open last month?", ['created >= "2026/10/01 00:00"'], ("resolution",)),
    # a person named without a role beside a resolution that turns a report down: the reporter, said so
    ("Elena Rossi's tickets that were closed as won't do", ["reporter =", "resolution = \"Won't Do\""],
     ("assignee =",)),
    # near neighbour: a word of owning keeps them the assignee
    ("tickets Elena Rossi owned that were closed as won't do", ["assignee =", "resolution = \"Won't Do\""],
     ("reporter =",)),
    # issues in each of two sprints: "both", or carried over from one into the other
    ("which DATA issues were in both DATA Sprint 51 and DATA Sprint 52?", ["sprint = ", " AND sprint = "],
     ("sprint in",)),
    ("DATA items that were in DATA Sprint 51 and got carried over into DATA Sprint 52", [" AND sprint = "],
     ("sprint in",)),
    # near neighbour: either sprint
    ("DATA issues in DATA Sprint 51 or DATA Sprint 52", ["sprint in ("], (" AND sprint = ",)),
    # work still to finish
    ("DATA stories that still need finishing", ["resolution is EMPTY", 'project = "DATA"'], ("text ~",)),
    ("which WEB bugs still need to be finished?", ["resolution is EMPTY"], ("text ~",)),
    # a resolution said to be other than one: resolved, some other way
    ("WEB bugs resolution other than Done", ['resolution != "Done"'], ("statusCategory", "is EMPTY")),
    ("WEB bugs whose resolution isn't Done", ['resolution != "Done"'], ("statusCategory", "is EMPTY")),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


FLUID = [
    ("ENGAGE bugs resolution not Fixed", ['resolution != "Fixed"', 'project = "ENGAGE"'], ("is EMPTY",)),
    ("uploader bugs where the resolution is not Fixed", ['resolution != "Fixed"'], ("is EMPTY",)),
    # "env" before the words, where the instance also knows "env" as a word of its own ("Coding Env")
    ("FLUID bugs env IE8", ['environment ~ "ie8"', 'project = "FLUID"'], ("text ~",)),
    ("critical bugs, env JAWS, unresolved", ['environment ~ "jaws"', 'priority = "Critical"'], ("text ~",)),
    ("bugs mentioning IE8 in the details about the setup", ['environment ~ "ie8"'], ("text ~",)),
    # a quoted name, its kind said after it
    ("open issues in the 'Uploader' component", ['component = "Uploader"'], ("text ~",)),
    ("FLUID tickets with a 'duplicates' relationship", ['issueLinkType = "duplicates"'], ("text ~",)),
    # "unres", "brand-new functionality", "smaller pieces split off"
    ("uploader bugs unres", ["resolution is EMPTY", 'component = "Uploader"'], ("text ~",)),
    ("ENGAGE tickets asking for brand-new functionality", ['issuetype = "New Feature"'], ("text ~",)),
    ("Inline Edit tickets closed since they duplicated an earlier report", ['resolution = "Duplicate"'], ("text ~",)),
    ("how many rep by colin clark in 2010", ['reporter = "colin.clark"'], ("text ~", "assignee")),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


FOLLOW_UPS = [
    # a value said with "only" after a list narrows it, however many words it takes
    ("open DATA bugs", "reported by Elena Rossi only", ['project = "DATA"', "reporter =", "resolution is EMPTY"], ()),
    ("open WEB stories", "the ones Carla Sato reported only", ['project = "WEB"', "reporter ="], ()),
    # an order said by size or nearness alone
    ("unassigned stories in the open sprint", "biggest first",
     ['ORDER BY "Story point estimate" DESC', "assignee is EMPTY"], ()),
    ("DATA stories", "smallest ones first", ['ORDER BY "Story point estimate" ASC', 'project = "DATA"'], ("text ~",)),
    ("WEB issues due in the next 2 weeks", "soonest first", ["ORDER BY duedate ASC", 'project = "WEB"'], ()),
    # near neighbour: the newest first is by creation
    ("WEB issues due in the next 2 weeks", "newest first", ["ORDER BY created DESC"], ()),
    ("DATA stories in the current sprint", "which ones still need finishing?",
     ["resolution is EMPTY", "sprint in openSprints()"], ()),
    # how many were settled some way, asked after a list: of those
    ("open WEB bugs assigned to Elena Rossi", "how many closed as won't do", ['project = "WEB"', "assignee ="], ()),
    # "and X too" after a list: that value joins the earlier one
    ("High priority WEB bugs", "and highest too", ['priority in ("High", "Highest")', 'project = "WEB"'], ()),
    # a list of a release's issues asked after how the release goes, then counted
    ("MOB 2026.Q4 release", "bugs", ['project = "MOB"', 'fixVersion = "2026.Q4"', 'issuetype = "Bug"'], ()),
    ("open WEB bugs", "how many reported by Elena Rossi", ['project = "WEB"', "reporter ="], ()),
    # a type counted or asked "in there" after a list: among those
    ("DATA issues created in the last 2 weeks", "count bugs", ['project = "DATA"', 'issuetype = "Bug"', "-14d"], ()),
    ("open MOB stories assigned to Elena Rossi", "how many high priority in there",
     ['project = "MOB"', 'priority = "High"', "assignee ="], ()),
    # "someone else" after one person's issues: anyone but that person, not the asker
    ("bugs Elena Rossi reported in September", "which are assigned to somebody else",
     ["assignee != ", 'issuetype = "Bug"'], ("currentUser",)),
]


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), FOLLOW_UPS,
                         ids=[f"{f} | {u}" for f, u, _, _ in FOLLOW_UPS])
def test_follow_ups(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_follow_up(first, follow_up, present, absent)


def test_a_count_of_issues_in_a_project_named_is_no_breakdown_by_project() -> None:
    (call,) = PARSER.parse("count of stories in project MOB with no assignee").intents
    assert call.name == "count"
    assert_clauses(call.jql or "", ['project = "MOB"', 'issuetype = "Story"', "assignee is EMPTY"], ())


def test_that_number_after_a_count_is_the_count_for_another_value() -> None:
    (call,) = PARSER.parse("what's that number for WEB?", _state_after("how many DATA bugs are open?")).intents
    assert call.name == "count"
    assert_clauses(call.jql or "", ['project = "WEB"', 'issuetype = "Bug"', "resolution is EMPTY"], ('"DATA"',))


def test_a_fluid_list_narrowed_by_a_person_only(fluid_parser: EmbeddedParser) -> None:
    state = _fluid_after(fluid_parser, "open UI Options bugs")
    (call,) = fluid_parser.parse("reported by Justin Obara only", state).intents
    assert call.name == "search"
    assert_clauses(call.jql or "", ['component = "UI Options"', 'reporter = "justin.obara"'], ())
