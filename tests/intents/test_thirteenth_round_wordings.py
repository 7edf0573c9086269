"""The mechanisms the thirteenth round's tuning pool (tune36) showed missing, each in wordings of its own, with a near
neighbour that keeps its old reading: a follow-up that narrows an issue's links or children just listed ("which of
those risks are still open?"); a follow-up that names where the earlier words are searched ("only where it's in the
headline", "not just in the title"); one JQL clause typed after typed JQL that named the same field replaces it;
shorthand ("fixver", "affects ver", "no SP", "0 comments"); the highest priority "at the top" as an order, not a
level; a person who was the assignee at some point and someone else now; what to "take out of that"; "how many are
left"; issues "made" or "written" then; a month said alone after a window within one year is in that year; a
component's issues in a fix version are a search, not the release's report; a resolution left out keeps the
unresolved issues unless the question says they are resolved ("resolved as anything except Fixed"); (tune37 on) a
history condition typed in lower case ("status changed to Blocked after -14d"); "how many: AND …" after typed JQL; a
select field's options listed by name beside it ("a severity rating of critical or major"); work carried over into
the running sprint; "env", "no component set"; a follow-up's words searched in the field it names; typed JQL with OR
joined to the last list in brackets; a field said empty as in a keyword query ("resolution empty"); "anywhere" and
"full text" beside the words searched for; "headline has the word X"; a range of days without "from" ("mar 15 to jun
30 2014"), and months written short before a day or year; "the last three months of 2008"; "A. Cheetham"; "res"; a
priority level moved into ("escalated to Highest"), with its time if said; "count of bugs in that" after a list; "the
release that will contain the fix hasn't gone out yet"; "affects-ver"; "Data-quality check:" says why; issues that
"never had a resolution recorded"."""

from __future__ import annotations

import pytest

from jirakg.engine.history import Conversation, TurnRecord
from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState
from tests.intents.test_eleventh_round_wordings import asked, assert_reads
from tests.intents.test_everyday_conditions import PARSER, one
from tests.intents.test_sixth_round_wordings import assert_clauses


def _state_after(first: str) -> ConversationState:
    """The state the engine keeps after answering `first`: its intents as a turn of the conversation."""
    intents = PARSER.parse(first, ConversationState()).intents
    turn = TurnRecord(id="t1", question=first, intents=intents, plans=[], answer="", citations=[])
    return Conversation(id="c1", turns=[turn]).state()


def _asked_after(follow_up: str) -> str:
    return "count" if follow_up.startswith("count") else asked(follow_up)


def assert_follow_up(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    """The follow-up, asked after `first`, is the search or count its words ask, with every clause `present` and
    none `absent`."""
    (call,) = PARSER.parse(follow_up, _state_after(first)).intents
    assert call.name == _asked_after(follow_up), (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


FOLLOW_UPS = [
    # a state or a type asked of the links or children just listed narrows that list
    ("What risks are logged against PROJ-462?", "Which of those risks are still open? The closed ones don't worry me.",
     ['linkedIssues(PROJ-462, "has risk")', "resolution is EMPTY"], ()),
    ("what blocks OPS-553", "how many of those are still open",
     ["linkedIssues(OPS-553", "resolution is EMPTY"], ()),
    ("what are the children of WEB-410", "Which of those children are actually bugs rather than planned work?",
     ['parent = "WEB-410"', 'issuetype = "Bug"'], ()),
    # a part of the last set taken out
    ("open WEB issues of high priority", "Can you take the bug reports out of that?",
     ['project = "WEB"', 'issuetype != "Bug"', "resolution is EMPTY"], ()),
    ("open WEB issues", "leave the stories out", ['project = "WEB"', 'issuetype != "Story"'], ()),
    # what is left of it is the same set, counted
    ("open Checkout bugs", "How many are left, then?", ['component = "Checkout"', "resolution is EMPTY"], ("text ~",)),
    # a month alone after a window within one year: that year's month
    ("WEB bugs created in March 2025", "what about april", ['created >= "2025/04/01 00:00"',
                                                            'created < "2025/05/01 00:00"'], ("2026",)),
    ("WEB bugs created in March 2025", "and in may?", ['created >= "2025/05/01 00:00"'], ("2026",)),
    ("project = MOB AND fixVersion = 2026.Q4", 'how many: AND status = "To Do"',
     ['project = "MOB"', 'fixVersion = "2026.Q4"', 'status = "To Do"'], ()),
    ("open MOB bugs", "env production only", ['environment ~ "production"', 'project = "MOB"'], ("text ~",)),
    ("project = WEB AND created >= 2025-01-01", "AND (resolution != \"Won't Do\" OR resolution is EMPTY)",
     ['AND (resolution != "Won\'t Do" OR resolution IS EMPTY)'], ()),
    ("PROJ label customer-reported", "count of bugs in that",
     ['project = "PROJ"', 'labels = "customer-reported"', 'issuetype = "Bug"'], ()),
    ("open issues affects-ver 2026.Q2", "no fixver set", ['affectedVersion = "2026.Q2"', "fixVersion is EMPTY"],
     ('fixVersion = "2026.Q2"',)),
    ("Which bugs were escalated to Highest priority at some point?", "Are any of those still unresolved?",
     ['priority changed to "Highest"', "resolution is EMPTY"], ('priority = "Highest"',)),
]


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), FOLLOW_UPS, ids=[f for _, f, _, _ in FOLLOW_UPS])
def test_follow_ups(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_follow_up(first, follow_up, present, absent)


def test_another_issue_named_after_a_link_list_is_its_own_question() -> None:
    (call,) = PARSER.parse("and what blocks WEB-410?", _state_after("what blocks OPS-553")).intents
    assert (call.name, call.issue_keys) == ("linked", ["WEB-410"])


@pytest.mark.parametrize(("follow_up", "present", "absent"), [
    # where the earlier words are searched, said alone
    ("Only the ones where it's in the headline, please.", ['summary ~ "tenant isolation"'], ("text ~",)),
    ("just where its in the title", ['summary ~ "tenant isolation"'], ("text ~", '"title"')),
    ("only where the description says it", ['description ~ "tenant isolation"'], ("text ~",)),
    # not only the title: anywhere
    ("what about beyond the title?", ['text ~ "tenant isolation"'], ("summary ~",)),
    # a narrowing that names no place keeps the earlier one
    ("which of those are bugs", ['summary ~ "tenant isolation"', 'issuetype = "Bug"'], ()),
])
def test_a_follow_up_says_where_the_words_are_searched(follow_up: str, present: list[str],
                                                       absent: tuple[str, ...]) -> None:
    first = "open issues with tenant isolation in the title" if "beyond" in follow_up or "bugs" in follow_up \
        else "open issues mentioning tenant isolation"
    (call,) = PARSER.parse(follow_up, _state_after(first)).intents
    assert call.name == "search", (call.name, call.slots.reason)
    assert_clauses(call.jql or "", [*present, "resolution is EMPTY"], absent)
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), [
    # a field typed again replaces what the typed JQL before said of it
    ('assignee = "Elena Rossi" AND resolution IS EMPTY', 'assignee = "Carla Sato"', ["resolution IS EMPTY"],
     ()),
    ("project = OPS AND status = Blocked", "project = DATA", ['project = "DATA"', 'status = "Blocked"'], ('"OPS"',)),
    # another field adds to it
    ("project = OPS AND status = Blocked", "AND priority = High",
     ['project = "OPS"', 'status = "Blocked"', 'priority = "High"'], ()),
])
def test_a_typed_clause_after_typed_jql(first: str, follow_up: str, present: list[str],
                                       absent: tuple[str, ...]) -> None:
    (call,) = PARSER.parse(follow_up, _state_after(first)).intents
    assert call.name == "search", (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)
    assert call.jql.count("assignee") <= 1


DEMO = [
    # shorthand for fields
    ("WEB open bugs w/o fixver pls", ['project = "WEB"', "fixVersion is EMPTY", "resolution is EMPTY"], ("text ~",)),
    ("MOB stories with no SP", ['"Story point estimate" is EMPTY'], ("text ~",)),
    ("Highest prio, unresolved, 0 comments", ['priority = "Highest"', "comment is EMPTY"], ()),
    ("open WEB bugs that have comments", ["comment is not EMPTY"], ("comment is EMPTY",)),
    # the highest priority at the top orders the list; it selects no level
    ("everything Elena Rossi still has unresolved, sorted so the highest-priority items are at the top",
     ["assignee = ", "ORDER BY priority DESC"], ('priority = "Highest"',)),
    ("open WEB bugs of the highest priority", ['priority = "Highest"'], ("ORDER BY",)),
    # the assignee once, someone else now
    ("unresolved, assignee was Elena Rossi, currently someone else",
     ["assignee changed from ", "assignee != ", "resolution is EMPTY"], ("assignee = ",)),
    ("Which not-yet-finished items were at some point given to Elena Rossi but now belong to a different person?",
     ["assignee changed from ", "assignee != "], ("assignee = ",)),
    ("open items Elena Rossi is assigned", ["assignee = "], ("changed",)),
    ("WEB issues made in March 2025", ['created >= "2025/03/01 00:00"'], ("text ~",)),
    ("WEB bugs about dark mode written last year", ['text ~ "dark mode"', 'created >= "2025/01/01 00:00"'],
     ('"dark mode written"',)),
    ("open WEB bugs, take out the stories", ['issuetype != "Story"'], ()),
    ("open WEB bugs with a pull request out", ['project = "WEB"'], ("!=",)),
    ("WEB bugs, unresolved, empty desc", ["description is EMPTY"], ("text ~",)),
    ("WEB bugs sorted by created desc", ["ORDER BY created DESC"], ("description",)),
    # a history condition typed as JQL in lower case
    ("status changed to Blocked after -14d", ['status CHANGED TO "Blocked" AFTER "-14d"'], ('status = "Blocked"',)),
    # a select field's options listed by name beside the field's name
    ("How many problems that are still open have a severity rating of critical or major?",
     ['"Severity" in ("S1 - Critical", "S2 - Major")', "resolution is EMPTY"], ("priority",)),
    ("open critical or major severity bugs in MOB", ['"Severity" in ("S1 - Critical", "S2 - Major")'], ("priority",)),
    ("critical bugs in MOB", ['priority = "Highest"'], ("Severity",)),
    # work carried over: in the running sprint and in a closed one
    ("Which tickets in the current sprints got carried over from an earlier one?",
     ["sprint in openSprints()", "sprint in closedSprints()"], ("statusCategory",)),
    ("carried-over items: in an active sprint AND in a closed sprint",
     ["sprint in openSprints()", "sprint in closedSprints()"], ("statusCategory",)),
    ("data platform carried over from closed sprints unresolved", ["sprint in closedSprints()"], ("openSprints",)),
    ("what might spill over from the active DATA sprint", ["sprint in openSprints()"], ("closedSprints",)),
    ("how many OPS issues were in the last closed sprint", ['sprint = "'], ("closedSprints",)),
    # shorthand and leftovers
    ("unresolved bugs no component set", ["component is EMPTY"], ("text ~",)),
    ("open MOB bugs, env production", ['environment ~ "production"'], ("text ~",)),
    ("Which bugs were escalated to Highest priority at some point in their life?",
     ['priority changed to "Highest"', 'issuetype = "Bug"'], ('priority = "Highest"',)),
    ("bugs whose priority was raised to Highest in the last 30 days", ['priority changed to "Highest" after -30d'],
     ("created",)),
    ("Highest priority bugs", ['priority = "Highest"'], ("changed",)),
    ("bugs raised last week", ["created >= "], ("changed",)),
    ("Which problem reports have been fixed and marked done, but the release that will contain the fix hasn't gone "
     "out yet?", ["fixVersion in unreleasedVersions()", 'resolution = "Done"'], ()),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


def test_a_sort_direction_typed_short_stays_jql() -> None:
    call = one(PARSER, "assignee = currentUser() and status = Blocked order by updated desc")
    assert call.jql is not None and call.jql.endswith("ORDER BY updated DESC"), call.slots.reason


FLUID = [
    # a resolution left out: the unresolved issues stay
    ("FLUID bugs from 2014, leaving out the ones closed as duplicates",
     ['(resolution != "Duplicate" OR resolution is EMPTY)', 'issuetype = "Bug"'], ('resolution = "Duplicate"',)),
    ("FLUID bugs from 2014 except the ones closed as duplicate", ['(resolution != "Duplicate" OR resolution is EMPTY)'],
     ()),
    # …unless the question says they have one
    ("decapod tickets resolved as anything except fixed", ['resolution != "Fixed"'], ("is EMPTY",)),
    ("how many vulab issues closed as something besides fixed or wont fix",
     ['resolution not in ("Fixed", "Won\'t Fix")'], ("is EMPTY",)),
    ("unresolved FLUID bugs that are not duplicates", ["resolution is EMPTY"], ("OR resolution",)),
    # a component's issues in a release: a search
    ("Uploader, fixVersion 1.2", ['component = "Uploader"', 'fixVersion = "1.2"'], ()),
    ("uploader stuff w fix version 1.2", ['component = "Uploader"', 'fixVersion = "1.2"'], ()),
    # a field said empty, as in a keyword query
    ("status=Closed but resolution empty", ['status = "Closed"', "resolution is EMPTY"], ("text ~",)),
    ("FLUID bugs where fix version is blank", ["fixVersion is EMPTY"], ("text ~",)),
    # where the words are searched, said beside them
    ("JAWS anywhere in text, unresolved", ['text ~ "jaws"', "resolution is EMPTY"], ("anywhere",)),
    ('FLOE - full text search "screen reader"', ['text ~ "screen reader"'], ("full",)),
    ("bugs where Safari comes up anywhere in the write-up", ['text ~ "safari"'], ("anywhere",)),
    ("bug reports whose headline has the word Safari in it", ['summary ~ "safari"'], ("text ~",)),
    # days and months said short
    ("how many tickets created mar 15 to jun 30 2014",
     ['created >= "2014/03/15 00:00"', 'created < "2014/07/01 00:00"'], ("2015",)),
    ("tickets created between march 15 and june 30 2014", ['created >= "2014/03/15 00:00"'], ("2015",)),
    ("FLUID bugs since oct 2012", ['created >= "2012/10/01 00:00"'], ()),
    ("FLUID tickets updated in 2020 from jan 20 to dec 20", ['updated >= "2020/01/01 00:00"'], ()),
    ("How many tickets were created in the Fluid Infusion project in the last three months of 2008?",
     ['created >= "2008/10/01 00:00"', 'created < "2009/01/01 00:00"'], ("-3M",)),
    # a person by initial and surname; "res" for resolution
    ("reporter A. Cheetham, created in 2014", ['reporter = "anastasia.cheetham"'], ()),
    ("VULAB res=Fixed", ['project = "VULAB"', 'resolution = "Fixed"'], ()),
    ("Data-quality check: are there issues sitting in the Closed status that never had a resolution recorded?",
     ['status = "Closed"', "resolution is EMPTY"], ("DATA", "is not EMPTY")),
    ("closed FLUID tickets that had a resolution", ['project = "FLUID"'], ("resolution is EMPTY",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


def test_how_a_release_goes_is_still_its_report(fluid_parser: EmbeddedParser) -> None:
    assert one(fluid_parser, "how is 1.5 going").name == "release"
    assert one(PARSER, "how is the WEB 2026.Q4 release going").name == "release"


def test_a_count_typed_after_a_typed_count_keeps_it(fluid_parser: EmbeddedParser) -> None:
    first = one(fluid_parser, "how many: project = VP AND resolution = Duplicate")
    (call,) = fluid_parser.parse("how many: project = SJRK", ConversationState(
        last_search=first.slots, last_intent=first.name)).intents
    assert call.name == "count"
    assert_clauses(call.jql or "", ['resolution = "Duplicate"', 'project = "SJRK"'], ('"VP"',))


