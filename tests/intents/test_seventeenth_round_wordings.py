"""The mechanisms the seventeenth round's tuning pools (tune44, tune45) showed missing, each in wordings of its own,
with a near neighbour that keeps its old reading: a state the issues were in on a day ("what was in review on
October 20"); an assignee that changed hands within a time, and work taken from a person; settled work never started;
a release moved, said with "now" after the first or the second named first; "8pt+"; "aren't with anyone" and "no
person responsible"; shorthand that borrows JQL's = and ~ ("env ~ Firefox", "res=Incomplete"); "rep"/"asg"/"lbl";
"created asc"; "wrote up" as reporting, not authorship; a follow-up "which came back …", "leave out any that were
resolved as …", "X type only", "just give me the number"; where a bug happened said as what its setup details say;
typed JQL joined by commas, sorted by "sort by", "desc ~" and unquoted words searched for; shorthand outside quotes;
a pronoun for a role named ("our new designer … her attention") with nobody to ask about."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.test_eleventh_round_wordings import assert_reads
from tests.intents.test_everyday_conditions import PARSER
from tests.intents.test_fourteenth_round_wordings import _fluid_after
from tests.intents.test_sixth_round_wordings import assert_clauses
from tests.intents.test_thirteenth_round_wordings import assert_follow_up

DEMO = [
    # a state on a day: where the issues were then, not their state now and a creation date
    ("which DATA stories were in review on October 20?", ['status was "In Review" after "2026/10/20 00:00"'],
     ("created", 'status = "In Review"')),
    ("what was blocked in WEB as of 2026-10-05", ['status was "Blocked" after "2026/10/05 00:00"'], ("created",)),
    ("WEB bugs in progress on oct 12", ['status was "In Progress" after "2026/10/12 00:00"'], ("created",)),
    # near neighbours: a creation date said with its verb, a settled state on a day
    ("bugs created on October 10 that are in progress", ['status = "In Progress"', 'created >= "2026/10/10 00:00"'],
     ("was",)),
    ("which stories were resolved on October 10?", ['resolutiondate >= "2026/10/10 00:00"'], ("status was",)),
    # the assignee changed within a time, to and from whoever
    ("which OPS stories got a new owner this week?", ["assignee changed after"], ("created", "updated")),
    ("DATA bugs reassigned in the last 10 days", ["assignee changed after -10d"], ("created",)),
    ("what MOB work was passed on to someone else in the past fourteen days?", ["assignee changed after -14d"],
     ("created",)),
    # near neighbour: reassigned to a person is that person's change
    ("bugs reassigned to Elena Rossi in the last 10 days", ["assignee changed to", "after -10d"], ("created",)),
    # work taken from a person, within the time said or the one time left
    ("which stories were moved off Elena Rossi since October?", ["assignee changed from", 'after "2026/10/01 00:00"'],
     ("created", "assignee =")),
    ("what did Elena Rossi pass on last week", ["assignee changed from", "after", "before"], ("created",)),
    ("Since September, which tickets have been taken off Carla Sato's plate?",
     ["assignee changed from", 'after "2026/09/01 00:00"'], ("created", "assignee =")),
    # near neighbour: a creation date claimed by its verb stays the creation date
    ("bugs created last week that were taken off Elena Rossi", ["assignee changed from", "created >="], ()),
    # settled work never started: never In Progress
    ("stories closed as won't do without anyone starting on them", ['status was not "In Progress"'],
     ("statusCategory",)),
    ("which bugs were resolved without ever being in progress?", ['status was not "In Progress"'],
     ("status != ",)),
    # near neighbour: open work not started is work in To Do now
    ("open WEB bugs that were never started", ["resolution is EMPTY"], ("status was not",)),
    # a release moved, said with "now" after the first, or the second named first
    ("MOB stories originally planned for 2026.Q3 now in 2026.Q4",
     ['fixVersion = "2026.Q4"', 'fixVersion was "2026.Q3"'], ("fixVersion in",)),
    ("how many stories now in 2026.Q4 were first planned for 2026.Q3?",
     ['fixVersion = "2026.Q4"', 'fixVersion was "2026.Q3"'], ("fixVersion in",)),
    # near neighbour: two releases, neither said to be earlier
    ("stories in 2026.Q4 planned for 2026.Q3", ["fixVersion in"], ("was",)),
    # points with a plus sign after them
    ("5pt+ stories in the open sprint", ['"Story point estimate" >= 5'], ("text ~",)),
    ("3 sp+ tasks", ['"Story point estimate" >= 3'], ("priority",)),
    # nobody holds them
    ("which DATA stories aren't with anyone yet?", ["assignee is EMPTY"], ("text ~",)),
    ("OPS tasks in review with no person responsible for them", ["assignee is EMPTY", 'status = "In Review"'], ()),
    # near neighbour: with a person
    ("OPS tasks that are with Elena Rossi", ["assignee ="], ("EMPTY",)),
    # roles and labels written short
    ("bugs rep Elena Rossi asg Carla Sato", ["reporter =", "assignee ="], ("assignee in",)),
    ("lbl security open bugs", ['labels = "security"'], ("text ~", "component")),
    ("WEB stories, created asc", ["ORDER BY created ASC"], ("text ~",)),
    ("DATA bugs priority desc", ["ORDER BY priority DESC"], ("text ~",)),
    # a person after "by either": one of them
    ("stories reported by either Elena Rossi or Carla Sato", ["reporter in ("], ("assignee",)),
    # "proposed", "suggested": reporting
    ("improvements proposed by Elena Rossi", ["reporter ="], ("assignee",)),
    # a list asked for beside a release: the issues, not how the release goes
    ("which items in the MOB 2026.Q4 release are not finished yet?", ['fixVersion = "2026.Q4"', "resolution is EMPTY"],
     ()),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


FLUID = [
    # shorthand borrowing JQL's signs, read as the words it is
    ("FLUID open, env ~ Chrome", ['environment ~ "chrome"', 'project = "FLUID"'], ("text ~",)),
    ("asg Justin Obara, desc ~ focus", ['assignee = "justin.obara"', 'description ~ "focus"'], ()),
    ("ENGAGE res=Duplicate, created 2010", ['resolution = "Duplicate"', 'project = "ENGAGE"', "2010/01/01"],
     ()),
    # "wrote up": what a reporter does, not an author
    ("everything Colin Clark wrote up in 2009", ['reporter = "colin.clark"'], ()),
    # "leave out any that were …": excluded, however many words point at it
    ("FLUID bugs from 2010, leave out any that were closed as duplicates",
     ['(resolution != "Duplicate" OR resolution is EMPTY)'], ('resolution = "Duplicate"',)),
    ("FLUID bugs from 2010, getting rid of the ones that ended up as won't fix",
     ['(resolution != "Won\'t Fix" OR resolution is EMPTY)'], ()),
    # near neighbour: those wanted
    ("FLUID bugs from 2010, any closed as duplicates", ['resolution = "Duplicate"'], ("!=",)),
    ("FLUID bugs priority lower than major", ['priority in ("Minor", "Trivial")'], ('priority = "Major"',)),
    ("open FLUID tasks, less than major priority", ['priority in ("Minor", "Trivial")'], ('priority = "Major"',)),
    # where a bug happened, said as what the setup details say
    ("FLUID bugs where the setup details note that they happened on Linux", ['environment ~ "linux"'], ("text ~",)),
    ("how many bugs show in their setup details that they occurred in Opera?", ['environment ~ "opera"'], ()),
    # typed JQL with commas between clauses, "sort by", "desc ~" and words searched for unquoted
    ("project = FLUID, status = Reopened", ['project = "FLUID"', 'status = "Reopened"'], ()),
    ("component = Uploader, sort by created desc", ['component = "Uploader"', "ORDER BY created DESC"], ()),
    ("project = FLUID AND desc ~ keyboard focus", ['description ~ "keyboard focus"'], ("text ~",)),
    # shorthand spelt out outside quotes, the quoted words kept as typed
    ('Uploader bugs res fixed, desc ~ "flash uplaod"', ['resolution = "Fixed"', 'description ~ "flash uplaod"'],
     ("text ~",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


FOLLOW_UPS = [
    # "which <verb> …" after a list: of those
    ("open WEB bugs", "which went back to in progress?", ['project = "WEB"', 'status = "In Progress"'], ()),
    ("DATA stories reported by Elena Rossi", "which ended up in review?", ['project = "DATA"', "reporter ="], ()),
    # nobody holds them, after a list
    ("stories labelled security", "and which aren't with anybody?", ['labels = "security"', "assignee is EMPTY"], ()),
]


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), FOLLOW_UPS,
                         ids=[f"{f} | {u}" for f, u, _, _ in FOLLOW_UPS])
def test_follow_ups(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_follow_up(first, follow_up, present, absent)


def test_just_the_number_after_a_list_is_a_count() -> None:
    from tests.intents.test_thirteenth_round_wordings import _state_after
    (call,) = PARSER.parse("only the number please", _state_after("open MOB bugs")).intents
    assert call.name == "count"
    assert_clauses(call.jql or "", ['project = "MOB"', 'issuetype = "Bug"'], ())


@pytest.mark.parametrize(("first", "follow_up", "present"), [
    ("FLUID bugs reported by Justin Obara", "which came back after being closed?",
     ['reporter = "justin.obara"', 'status = "Reopened"']),
    ("FLUID bugs reported by Justin Obara in 2009", "take away the ones that turned out to be duplicates",
     ['reporter = "justin.obara"', '(resolution != "Duplicate" OR resolution is EMPTY)']),
    ("bugs Colin Clark reported, unresolved", "Improvement type only",
     ['reporter = "colin.clark"', 'issuetype = "Improvement"', "resolution is EMPTY"]),
    ("everything Colin Clark wrote up", "now just the ones Justin Obara was asked to fix",
     ['reporter = "colin.clark"', 'assignee = "justin.obara"']),
    # "in any release" after a negation is in none, not "whichever release" (the earlier version kept)
    ("Video Player bugs affecting 0.1", "which of those were never scheduled for any release?",
     ['affectedVersion = "0.1"', "fixVersion is EMPTY"]),
    ("FLUID bugs", "which of those aren't filed under any component?", ['project = "FLUID"', "component is EMPTY"]),
])
def test_fluid_follow_ups(fluid_parser: EmbeddedParser, first: str, follow_up: str, present: list[str]) -> None:
    (call,) = fluid_parser.parse(follow_up, _fluid_after(fluid_parser, first)).intents
    assert call.name == "search"
    assert_clauses(call.jql or "", present, ())
    assert not call.slots.ignored, call.slots.ignored


def test_a_pronoun_for_a_role_named_is_no_person_to_ask_about() -> None:
    (call,) = PARSER.parse("Our new designer starts Monday. Which WEB stories labelled needs-design need her "
                           "attention first?").intents
    assert call.name == "search"
    assert_clauses(call.jql or "", ['project = "WEB"', 'labels = "needs-design"'], ("assignee",))


@pytest.mark.parametrize(("question", "present"), [
    ("Colin Clark suggested some new features and improvements; which of those are still unresolved?",
     ['reporter = "colin.clark"', 'issuetype in ("New Feature", "Improvement")', "resolution is EMPTY"]),
    ("Justin Obara filed Uploader bugs last year. How many of them are reopened?",
     ['reporter = "justin.obara"', 'component = "Uploader"', 'status = "Reopened"']),
])
def test_a_request_pointing_back_at_the_statement_before_it(fluid_parser: EmbeddedParser, question: str,
                                                            present: list[str]) -> None:
    (call,) = fluid_parser.parse(question).intents
    assert_clauses(call.jql or "", present, ())
    assert not set(call.slots.ignored) & {"colin", "clark", "justin", "obara"}, call.slots.ignored


def test_a_statement_after_the_request_is_no_set_it_points_at(fluid_parser: EmbeddedParser) -> None:
    (call,) = fluid_parser.parse("Any unresolved Uploader bugs with nobody on them? Those need an owner today."
                                 ).intents
    assert_clauses(call.jql or "", ['component = "Uploader"', "assignee is EMPTY"], ("created",))


@pytest.mark.parametrize("question", ["how many?", "how many are there right now?"])
def test_a_count_of_nothing_said_is_asked_back(question: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "clarify", call


def test_a_count_of_every_issue_said_so_is_counted() -> None:
    (call,) = PARSER.parse("how many issues are there in total?").intents
    assert call.name == "count" and not call.jql


def test_a_period_typed_as_jql_after_a_date_word() -> None:
    assert_reads(PARSER, "bugs created -30d", ['issuetype = "Bug"', "created >= -30d"], ())


@pytest.mark.parametrize("question", ["MOB bugs and not updated > 14d", "project = MOB AND updated > 14d ago"])
def test_a_period_typed_without_a_sign_after_updated_is_an_age(question: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert_clauses(call.jql or "", ['project = "MOB"', 'updated < "-14d"'], ('> "14d"', "NOT"))
    assert any("more than 14d ago" in line for line in call.slots.assumed), call.slots.assumed


def test_typed_history_clauses_run_as_jql() -> None:
    (call,) = PARSER.parse('assignee changed FROM "Elena Rossi" AFTER "2026-09-01"').intents
    assert call.name == "search"
    assert (call.jql or "").startswith("assignee CHANGED FROM")
