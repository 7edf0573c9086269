"""The mechanisms the sixth round's tuning pools (tune16, tune17) showed missing, each in wordings of its own: a
reporter said with emphasis ("originally flagged", "was the one to raise"), one person in both roles said after the
name, settling said in everyday words ("put to bed", "unsettled", "still has going"), work held up by another piece
of work, orders said as a range ("from highest to lowest"), iterations that are running, and words that name no
condition ("regardless of who fixed it", "able to do", "my question"). Each has a near neighbour that keeps its
old reading."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.test_everyday_conditions import ACCOUNT, NOW, PARSER, one
from tests.intents.test_follow_ups import follow
from tests.jira_env import fluid_lexicon

SAMIR, QUINN, HIRO = ACCOUNT["Samir Patel"], ACCOUNT["Quinn Kowalski"], ACCOUNT["Hiro Sato"]

DEMO = [
    # the reporter, said with emphasis or as "the one to"
    ("MOB bugs that Samir Patel personally flagged", [f'reporter = "{SAMIR}"'], ("assignee",)),
    ("Samir Patel is moving teams. Which WEB stories was he the one to log?", [f'reporter = "{SAMIR}"'],
     ("assignee",)),
    ("OPS tasks Samir Patel originally raised himself", [f'reporter = "{SAMIR}"', 'project = "OPS"'], ("text ~",)),
    # …while "flagged as" stays a marking, not a person's act
    ("WEB bugs flagged by Quinn Kowalski", [f'reporter = "{QUINN}"'], ("assignee",)),
    # one person in both roles, said after the name; a second person takes the other role
    ("DATA tasks Quinn Kowalski both reported and is assigned to", [f'reporter = "{QUINN}"', f'assignee = "{QUINN}"'],
     ("assignee is not EMPTY",)),
    ("bugs Quinn Kowalski reported and assigned to Hiro Sato", [f'reporter = "{QUINN}"', f'assignee = "{HIRO}"'], ()),
    # settling in everyday words, negated
    ("MOB bugs that haven't been put to bed", ["resolution is EMPTY"], ("statusCategory",)),
    ("which OPS tasks are still unsettled", ["resolution is EMPTY"], ()),
    ("WEB stories that aren't sorted out yet", ["resolution is EMPTY"], ('resolution != "Fixed"',)),
    ("everything Hiro Sato still has going in DATA", [f'assignee = "{HIRO}"', "resolution is EMPTY"], ()),
    ("PROJ stories still waiting to be wrapped up", ["resolution is EMPTY"], ('statusCategory = "done"',)),
    # held up by another piece of work; the other item's state is not theirs
    ("open MOB tasks held up by some other piece of work", ['issueLinkType = "is blocked by"', "resolution is EMPTY"],
     ("status",)),
    ("WEB stories waiting on another ticket to be finished first", ['issueLinkType = "is blocked by"'],
     ("statusCategory",)),
    # orders said as a range or a starting point
    ("open OPS bugs sorted by priority from highest to lowest", ["ORDER BY priority DESC"], ("priority in",)),
    ("open OPS bugs sorted by priority lowest to highest", ["ORDER BY priority ASC"], ()),
    ("unresolved DATA risks, ordered from top urgency down", ["ORDER BY priority DESC"], ('priority = "Highest"',)),
    ("open MOB bugs, starting with the earliest", ["ORDER BY created ASC"], ()),
    # sprints called iterations, running or in flight
    ("MOB stories in the running iteration", ["sprint in openSprints()"], ()),
    ("how many DATA tasks in the iterations in flight haven't been started", ["sprint in openSprints()",
                                                                             'statusCategory = "new"'], ()),
    ("open bugs in the current sprint", ["sprint in openSprints()", "resolution is EMPTY"], ("created",)),
    ("DATA stories in this two week iteration", ["sprint in openSprints()"], ()),
    # "still to do" read as unresolved where the workflow has a To Do state says so; "left to do" needs no word
    ("DATA stories in the current sprint that are still to do", ["resolution is EMPTY"], ()),
    # emptiness and settling said in longer everyday phrases
    ("new MOB bugs that still have no person attached to them", ["assignee is EMPTY"], ()),
    ("how many WEB tasks have not been dealt with and closed yet", ["resolution is EMPTY"], ("statusCategory",)),
    ("OPS stories still in the works", ["resolution is EMPTY"], ()),
    ("done PROJ tasks never associated with any particular release", ["fixVersion is EMPTY"], ()),
    ("unresolved DATA bugs that had any change made to them since March 2026", ['updated >= "2026/03/01'],
     ("created",)),
    # "still broken": unresolved, and broken things are bugs
    ("what's still broken in WEB", ['issuetype = "Bug"', "resolution is EMPTY"], ()),
    # where the issues went says nothing of whether they are open
    ("stories Samir Patel filed that ended up on Hiro Sato's plate", [f'assignee = "{HIRO}"'], ("resolution",)),
    # priorities past the one named, above or below it
    ("anything more urgent than medium in OPS", ['priority in ("Highest", "High")'], ('"Medium"',)),
    ("WEB tasks with priority below high", ['priority in ("Medium", "Low", "Lowest")'], ('"High"',)),
    # a release or sprint an issue never made it into
    ("MOB stories that didn't make it into any release", ["fixVersion is EMPTY"], ()),
    ("DATA bugs that never got into a sprint", ["sprint is EMPTY"], ()),
    # typed fast: a letter left out of a word every question uses
    ("how many tikets does Quinn Kowalski have", [f'assignee = "{QUINN}"'], ("text ~",)),
    ("stroies in the curent sprint", ["sprint in openSprints()", 'issuetype = "Story"'], ()),
    ("unfinshed MOB tasks", ["resolution is EMPTY"], ()),
    # the title said to say a word
    ("MOB bugs whose title says crash", ['summary ~ "crash"'], ("text ~",)),
    # outside the current sprint, the backlog included; "not done in the current sprint" is in it and not done
    ("WEB bugs not in the current sprint", ["(sprint not in openSprints() OR sprint is EMPTY)"], ()),
    ("MOB stories not done in the current sprint", ["sprint in openSprints()", 'statusCategory != "done"'],
     ("resolutiondate", 'status = "Done"')),
    # no epic, no sprint, said with "aren't"
    ("MOB stories that aren't in any epic", ["parent is EMPTY"], ('issuetype != "Epic"',)),
    ("DATA bugs that aren't in any sprint", ["sprint is EMPTY"], ()),
    # a list said to start somewhere is a list in that order, not the one oldest issue
    ("list the open WEB tickets raised before 2025, starting with the earliest one", ["ORDER BY created ASC"], ()),
    # the asker's own time beside the issues'
    ("I was off last week, so show me the DATA issues updated in the last 7 days", ["updated >= -7d"],
     ("created",)),
    ("WEB bugs rated at the very bottom of the importance scale", ['priority = "Lowest"'], ()),
    # what the asker is doing, before the request, is no request of its own
    ("We're auditing how many WEB bugs were thrown away. Please list the WEB bugs created in 2025 that were "
     "resolved as won't do.", ['resolution = "Won\'t Do"', 'created >= "2025/01/01'], ()),
    # a keyword query ending in an order is a list in that order; counted, it is a breakdown
    ("data open risks by priority", ["ORDER BY priority DESC"], ()),
    ("Samir Patel open by due date", ["ORDER BY duedate ASC"], ("text ~",)),
    ("MOB blocked work, ordered from most to least urgent", ["ORDER BY priority DESC"], ('priority = "Lowest"',)),
    ("open DATA risks sorted by priority with the highest first", ["ORDER BY priority DESC"],
     ('priority = "Highest"',)),
    # waiting on other work, said at length
    ("open WEB items held up waiting on some other piece of work", ['issueLinkType = "is blocked by"',
                                                                    "resolution is EMPTY"], ("status",)),
    ("what in WEB is not finished and can't move until something else gets done first",
     ['issueLinkType = "is blocked by"', "resolution is EMPTY"], ("done",)),
    # a due date said as what the work is meant to be done by; past it
    ("unfinished OPS items meant to be done this month", ['duedate >= "2026/11/01', "resolution is EMPTY"],
     ("resolutiondate",)),
    ("what in DATA has slipped past its deadline and is still open", ["duedate < now()", "resolution is EMPTY"], ()),
    ("MOB tasks that slipped past the date they were meant to be finished by", ["duedate < now()"], ()),
    # a running cycle said after its team
    ("stories in the two-week cycle the mobile team is running right now", ["sprint in openSprints()",
                                                                            'project = "MOB"'], ()),
    # a label said in quotes after "marked" or "tagged"
    ("MOB things marked 'regression' that are still open", ['labels = "regression"'], ("text ~",)),
    # no component said as where it belongs; versions not out yet
    ("OPS items that don't say which part of the platform they belong to", ["component is EMPTY"], ()),
    ("blocked work planned for releases that haven't gone out yet", ["fixVersion in unreleasedVersions()"], ()),
    ("blocked WEB work in a not-yet-released version", ["fixVersion in unreleasedVersions()"], ()),
    # the ones about something being broken, left out
    ("Samir Patel's open WEB items, apart from the ones about something being broken", ['issuetype != "Bug"'], ()),
    # a key's children in a state, not what blocks the key
    ("PROJ-12 child issues blocked", ['parent = "PROJ-12"'], ("linkedIssues",)),
    # declined in other words; never tagged; sitting with reviewers
    ("which INIT items did we decide not to go ahead with", ["resolution = \"Won't Do\""], ()),
    ("open MOB bugs that haven't been tagged with anything", ["labels is EMPTY"], ()),
    ("which of Samir Patel's items are sitting with reviewers", ['status = "In Review"'], ()),
    ("I'm reconstructing what happened during the WEB push in the summer of 2025. Can you list the WEB issues "
     "Samir Patel reported between June 1 and August 31, 2025?", [f'reporter = "{SAMIR}"', 'created >= "2025/06/01'],
     ("updated",)),
    # a list of a sprint's issues in a state is a search, not the sprint's report
    ("We're halfway through the WEB sprint, so show me the Web Storefront issues in the currently active sprint "
     "whose status category is still To Do", ["sprint in openSprints()", "To Do"], ("resolution is EMPTY",)),
    # words that name no condition
    ("MOB bugs Samir Patel raised, regardless of who fixed them", [f'reporter = "{SAMIR}"'], ("statusCategory",)),
    ("here's my question: how many unresolved WEB issues are there", ["resolution is EMPTY"], ("currentUser",)),
    ("WEB stories about what the app should be able to do offline", ['project = "WEB"'], ('statusCategory = "new"',)),
    ("OPS tickets Samir Patel raised, whatever kind they are", [f'reporter = "{SAMIR}"'], ("issuetype",)),
]


def assert_clauses(jql: str, present: list[str], absent: tuple[str, ...]) -> None:
    for clause in present:
        assert clause in jql, jql
    for clause in absent:
        assert clause not in jql, jql


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    assert call.name == ("count" if "how many" in question.split(".")[-1] else "search"), call.name
    jql = call.jql or ""
    assert_clauses(jql, present, absent)


def test_a_named_sprint_is_not_a_planned_one() -> None:
    sprint = next(t for t in PARSER.lexicon.of("sprint") if t.label.startswith("MOB"))
    call = one(PARSER, f"items planned in {sprint.label} that are still open")
    assert f'sprint = "{sprint.value}"' in (call.jql or "") and "futureSprints" not in (call.jql or ""), call.jql


def test_a_state_name_read_as_unresolved_is_said() -> None:
    said = one(PARSER, "DATA stories in the current sprint that are still to do").slots.assumed
    assert "I read 'still to do' as unresolved, in any state, not only the To Do status." in said
    assert one(PARSER, "what's left to do in MOB").slots.assumed == []


@pytest.fixture(scope="module")
def fluid() -> EmbeddedParser:
    return EmbeddedParser(fluid_lexicon(), now=lambda: NOW)


FLUID = [
    # a state the workflow names, said "at" it or listed with another state
    ("FLOE bugs still at Open", ['status = "Open"'], ("resolution is EMPTY",)),
    ("FLOE issues that are open or were reopened", ['status in ("Open", "Reopened")'], ()),
    ("open FLOE bugs", ["resolution is EMPTY"], ("status",)),
    # a person's plate is open work unless the question says a state
    ("what's on Antranig's plate that got reopened", ['status = "Reopened"'], ("resolution is EMPTY",)),
    ("what's on Antranig's plate", ["resolution is EMPTY"], ()),
    # "open" beside a workflow state of that name: unresolved, and said
    ("FLOE bugs open and updated in 2012", ["resolution is EMPTY"], ("status",)),
    # "that year" points at the one year the story names
    ("The storytelling kit had a rough 2020. Show me the bugs filed against SJRK that year.",
     ['created >= "2020/01/01', 'created < "2021/01/01', 'project = "SJRK"'], ()),
    # the affected version said with "is" or pointed at
    ("which bugs say they affect the 1.4 release", ['affectedVersion = "1.4"'], ("fixVersion",)),
    ("FLOE issues that duplicate another", ['issueLinkType = "duplicates"'], ("text ~",)),
    ("open FLUID bugs that don't say which release they were found in", ["affectedVersion is EMPTY"], ()),
    # relying on other work, "decided we wouldn't fix", hit in a version, moved elsewhere
    ("FLOE items still outstanding that rely on something else getting done first",
     ['issueLinkType = "depends on"', "resolution is EMPTY"], ("status",)),
    ("which VP bugs did we decide we wouldn't fix", ['resolution = "Won\'t Fix"'], ()),
    ("defects people hit in 0.3b", ['affectedVersion = "0.3b"'], ("fixVersion",)),
    ("FLOE items closed by moving them elsewhere", ['resolution = "Migrated"'], ()),
    # someone's reports are what they reported; what they brought up or put forward too
    ("which of Justin's still-outstanding Infusion reports have no component", ['reporter = "justin.obara"'],
     ("assignee",)),
    ("what Jonathan brought up in VP that we declined to fix", ['reporter = "jonathan.hung"'], ("assignee",)),
    # a key before a link verb names linked issues, not children
    ("INFRA-60 depends on issues assigned to Alan Harnum", ['linkedIssues(INFRA-60, "depends on")'], ("parent",)),
    # the most important first, said as where the list starts
    ("unfinished IoC System work, starting with the most important", ["ORDER BY priority DESC"], ("priority in",)),
    # a reason that denies being done is no resolution
    ("FLUID items that came back because they weren't really finished", ['status = "Reopened"'], ("resolution =",)),
    ("bugs whose affected version is 0.3b", ['affectedVersion = "0.3b"'], ("fixVersion",)),
]


@pytest.mark.fluid_archive
@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid: EmbeddedParser, question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(fluid, question)
    jql = call.jql or ""
    if "open" in question.split() and "resolution is EMPTY" in present:
        assert "I read 'open' as unresolved, in any state, not only the Open status." in call.slots.assumed
    assert_clauses(jql, present, absent)


@pytest.mark.parametrize(("then", "order"), [("oldest first", "created ASC"), ("newest first", "created DESC"),
                                             ("most recently updated at the top", "updated DESC")])
def test_an_order_said_alone_sorts_the_last_set(then: str, order: str) -> None:
    call = follow("open MOB bugs nobody is assigned to", then)
    assert call.name == "search" and call.jql is not None
    assert call.jql.endswith(f"ORDER BY {order}") and "assignee is EMPTY" in call.jql and '"MOB"' in call.jql


@pytest.mark.parametrize(("first", "then", "present", "absent"), [
    # a state said in a follow-up replaces the earlier one instead of contradicting it
    ("open MOB bugs", "what about the closed ones?", ['statusCategory = "done"'], ("resolution is EMPTY",)),
    ("MOB bugs resolved as won't do", "only the open ones", ["resolution is EMPTY"], ("Won't Do",)),
    # …and narrows where it agrees with it
    ("open MOB bugs", "just the critical ones", ["resolution is EMPTY", "priority"], ()),
    ("open MOB bugs", "which of those are blocked?", ["resolution is EMPTY", 'status = "Blocked"'], ()),
])
def test_a_state_said_in_a_follow_up_replaces_the_earlier_state(first: str, then: str, present: list[str],
                                                                absent: tuple[str, ...]) -> None:
    jql = follow(first, then).jql or ""
    assert '"MOB"' in jql and '"Bug"' in jql, jql
    assert_clauses(jql, present, absent)


def test_a_count_by_priority_stays_a_breakdown_and_an_affected_version_a_count() -> None:
    assert [c.name for c in PARSER.parse("how many open WEB bugs by priority").intents] == ["breakdown"]
    assert [c.name for c in PARSER.parse("WEB bugs broken down by priority").intents] == ["breakdown"]
    call = one(PARSER, "count web affects version 2026.Q2")
    assert call.name == "count" and 'affectedVersion = "2026.Q2"' in (call.jql or ""), call
