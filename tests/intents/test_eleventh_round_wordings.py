"""The mechanisms the eleventh round's tuning pool (tune31) showed missing, each in wordings of its own: years said
in two digits after a month or season ("sep '26", "fall 09"), "ytd" and "year to date", spans glued as "2wks",
"sept" in a range, a day right after "due"; shorthand for updated, component, reproduce and something; issues
"blocked by" something said after "stuff"; a resolution right after "closed" (no Closed status besides); the most
urgent issues of a kind listed, not triaged; "related to another ticket" as the link; a version beside no fix
version is the affected one; nobody "given" the issues; what a named person "still has open on their plate" (their
open work, counted); "everything under" a key says it takes every level; a bare "incomplete" where a resolution has
that name; search words misspelt by a letter; several words before "in the title" or "in the description" (tune32
on): issues without comments; a phrase searched in comments; the title, write-up and discussion listed (anywhere); a
count said by a trailing "#"; "closed 30d", "due 2wks", "next 7d"; "no version"; a negation or a "go/no-go" that
stays in its sentence; an English "in" between typed JQL clauses; stale work is open work; "wip"; "q3 '26 rel";
"hitting" a version; a risk attached; names written short ("carla m", "jhung"); split-off pieces as sub-tasks
(tune33 on): JQL typed as a change to the last list ("and status = Blocked?") keeps its conditions; "how many is
that", "how many bugs?" said back at it; a month said after "from". Each has a near neighbour that keeps its old
reading."""

from __future__ import annotations

import re

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState, IntentCall
from tests.intents.test_everyday_conditions import PARSER, one
from tests.intents.test_sixth_round_wordings import assert_clauses

DEMO = [
    # two-digit years after a month or season; a day where the digits could be one and the year has not begun
    ("MOB bugs sep 26", ['created >= "2026/09/01 00:00"', 'created < "2026/10/01 00:00"'], ("text ~",)),
    ("how many WEB stories were created in jun '25", ['created >= "2025/06/01 00:00"', 'created < "2025/07/01'], ()),
    ("MOB bugs raised in summer 25", ['created >= "2025/06/01 00:00"', 'created < "2025/09/01 00:00"'], ()),
    ("MOB bugs due on oct 28", ['duedate >= "', 'duedate < "'], ("2028",)),
    ("MOB bugs due oct 28", ['duedate >= "', 'duedate < "'], ("text ~",)),
    # the year so far; glued spans; shorthand
    ("how many MOB bugs were created year to date", ['created >= "2026/01/01 00:00"'], ("text ~",)),
    ("MOB stories new ytd", ['created >= "2026/01/01 00:00"'], ("text ~",)),
    ("new WEB bugs in the last 2wks", ["created >= -14d"], ()),
    ("WEB bugs upd last 3 days", ["updated >= -3d"], ("created", "text ~")),
    ("WEB open no comp", ["component is EMPTY", "resolution is EMPTY"], ()),
    # the issues asked about are the blocked ones; other work that something waits on blocks
    ("open stuff blocked by smth", ['issueLinkType = "is blocked by"'], ('"blocks"', "text ~")),
    ("issues that other work is waiting on", ['issueLinkType = "blocks"'], ()),
    # the most urgent issues of a kind are listed at the top priority; "what's most urgent" still triages
    ("what are the most urgent MOB bugs", ['priority = "Highest"', 'issuetype = "Bug"'], ()),
    # related to other tickets: the link; related to a topic stays the topic
    ("WEB issues that are related to another ticket", ['issueLinkType = "relates to"'], ("text ~",)),
    ("MOB tickets marked as related to something else", ['issueLinkType = "relates to"'], ("text ~",)),
    # nobody given the issues
    ("Which tasks in MOB has no one been given to work on?", ["assignee is EMPTY"], ()),
    ("MOB bugs nobody has been given", ["assignee is EMPTY"], ("text ~",)),
    # issues nobody commented on; a phrase said in the comments; several fields listed: anywhere
    ("how many open MOB bugs have zero discussion on them?", ["comment is EMPTY", "resolution is EMPTY"], ()),
    ("MOB bugs nobody has commented on", ["comment is EMPTY"], ()),
    ("how many MOB tickets mention rate limiting, whether in the title, the write-up or the discussion?",
     ['text ~ "rate limiting"'], ("comment ~", "summary ~")),
    # a count said by a trailing "#"; terse spans after closed and due; "next 7d"; "no version"
    ("WEB closed 30d no version #", ["resolutiondate >= -30d", "fixVersion is EMPTY"], ()),
    ("OPS due 2wks", ["duedate >= now()", "duedate <= 14d"], ()),
    ("open tasks due next 7d", ["duedate >= now()", "duedate <= 7d"], ()),
    ("MOB bugs with no version affected", ["affectedVersion is EMPTY"], ("fixVersion",)),
    # a negation stays in its sentence; "go/no-go" negates nothing
    ("I want to see how much work in MOB never got triaged. Which MOB bugs are open?",
     ['project = "MOB"', 'issuetype = "Bug"'], ("!=",)),
    ("Before the go/no-go for 2026.Q4: how many PROJ items planned for that release are still not finished?",
     ['fixVersion = "2026.Q4"'], ("!=",)),
    # a negation in brackets stays in them; "say no to" is the won't resolution, not a negated project
    ("How many DATA stories were completed as Done (not dropped) between July and September 2026?",
     ['resolutiondate >= "2026/07/01 00:00"', 'resolutiondate < "2026/10/01 00:00"'], ()),
    ("how many storefront requests did we say no to this year?", ['project = "WEB"', "resolution = \"Won't Do\""],
     ("!=",)),
    # a category restated in brackets after a negated one keeps the negation
    ("how many DATA epics haven't reached a finished state (done or won't do)",
     ['statusCategory != "done"'], ('statusCategory = "done"',)),
    # typed JQL joined by an English "in"
    ("how many issuetype = Epic in project = WEB that are unresolved", ['project = "WEB"', 'issuetype = "Epic"'], ()),
    # stale work is open work; work in progress; a quarter's release with its year short; "hitting" a version
    ("tasks stale 90d #", ["updated < -90d", "resolution is EMPTY"], ()),
    ("DATA wip", ['statusCategory = "indeterminate"'], ("text ~",)),
    ("WEB bugs in Q3 '26 rel", ['fixVersion = "2026.Q3"'], ("text ~",)),
    ("how many MOB issues hitting 2025.Q1", ['affectedVersion = "2025.Q1"'], ("fixVersion",)),
    # a risk attached is the link; a risk alone is the type
    ("INIT items that have a risk attached to them", ['issueLinkType = "has risk"'], ("issuetype",)),
    ("open risks in INIT", ['issuetype = "Risk"'], ("issueLinkType",)),
    # both years said, and those between; shorthand for excluding; a count's "#" mid-keywords
    ("how many MOB bugs were created during 2024 and 2025?", ['created >= "2024/01/01 00:00"',
                                                             'created < "2026/01/01 00:00"'], ()),
    ("MOB bugs 2024 thru 2025", ['created >= "2024/01/01 00:00"', 'created < "2026/01/01 00:00"'], ()),
    ("MOB open excl elena rossi", ["assignee != ", "resolution is EMPTY"], ("text ~",)),
    ("mob # open", ['project = "MOB"', "resolution is EMPTY"], ()),
    # an issue's links said with its possessive, narrowed by a state
    ("how many of PROJ-10's links are unresolved", ["issue in linkedIssues(PROJ-10)", "resolution is EMPTY"], ()),
    # a value said after the environment field as a keyword is the environment's, not the next field's
    ("environment Production priority High or Highest count", ['environment ~ "production"', '"High"'], ()),
]


def asked(question: str) -> str:
    return "count" if re.search(r"how many|#", question.lower()) or question.lower().endswith("count") else "search"


def assert_reads(parser: EmbeddedParser, question: str, present: list[str], absent: tuple[str, ...]) -> None:
    """The question is one search or count (as its words ask) whose JQL has every clause `present`, none `absent`."""
    call = one(parser, question)
    assert call.name == asked(question), (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


def test_closed_issues_said_stale_keep_their_state() -> None:
    call = one(PARSER, "closed MOB bugs untouched for 2 weeks")
    assert "resolution" not in call.slots.empty and call.slots.status_categories == ["done"]


def test_names_written_short() -> None:
    said_whole = one(PARSER, "open MOB bugs for Elena Rossi").slots.assignees
    assert said_whole and one(PARSER, "open MOB bugs for elena r").slots.assignees == said_whole
    assert one(PARSER, "open MOB bugs for erossi").slots.assignees


def test_a_name_several_people_share_in_a_story_sentence_is_not_asked_about() -> None:
    call = one(PARSER, "Nice work from Carla. What did Elena Rossi get done last month?")
    assert call.name == "search" and call.slots.assignees and "carla" in call.slots.ignored
    assert one(PARSER, "what is carla working on").name == "clarify"  # asked about: which Carla, as before


def test_a_list_asked_after_a_workload_remark_is_a_list() -> None:
    call = one(PARSER, "Elena Rossi looks overloaded — which of her open tickets are already past their deadline?")
    assert call.name == "search" and call.slots.overdue and call.slots.assignees
    assert one(PARSER, "who is overloaded in MOB").name == "workload"


def test_words_alone_are_still_asked_back() -> None:
    assert one(PARSER, "hello there").name == "clarify"


def test_whats_most_urgent_alone_still_asks_what_to_look_at_first() -> None:
    assert one(PARSER, "what's most urgent in MOB").name == "reasoning"


def test_a_topic_said_with_related_to_is_no_link() -> None:
    assert "issueLinkType" not in (one(PARSER, "MOB bugs related to checkout").jql or "")


def test_what_a_person_still_has_open_on_their_plate_is_their_open_work_counted() -> None:
    call = one(PARSER, "How many MOB items does Elena Rossi still have open on her plate?")
    assert call.name == "count"
    assert call.slots.assignees and not call.slots.reporters
    assert "resolution" in call.slots.empty and call.slots.ignored == []
    # the people's plates together are the workload, as before
    assert one(PARSER, "how many open tickets does each person have on their plate").name == "workload"
    # "did Farid open" is still what he reported
    assert one(PARSER, "what did Elena Rossi open in MOB").slots.reporters


def test_everything_under_a_key_says_it_takes_every_level() -> None:
    call = one(PARSER, "everything under MOB-484")
    assert call.slots.descendants_of == ["MOB-484"]
    assert any("every level under MOB-484" in line for line in call.slots.assumed)
    assert not one(PARSER, "all descendants of MOB-484").slots.assumed  # said outright: nothing to add



FLUID = [
    ("james yoon engage tickets sept-nov 2009", ['created >= "2009/09/01 00:00"', 'created < "2009/12/01 00:00"'], ()),
    ("engage issues from fall 09", ['created >= "2009/09/01 00:00"', 'created < "2009/12/01 00:00"'], ()),
    ("how many engage tickets closed wont fix", ['resolution = "Won\'t Fix"'], ("status",)),
    # JQL typed without the AND between two clauses
    ("how many bugs in project = FLUID created in 2012", ['project = "FLUID" AND created >= "2012-01-01"'], ()),
    # a version beside an ending that fixed nothing is the one affected; fixed in it, the fix version
    ("VP 0.1 wontfix", ['affectedVersion = "0.1"'], ("fixVersion",)),
    ("VP issues fixed in 0.1", ['fixVersion = "0.1"'], ("affectedVersion",)),
    ("safari tickets closed cant repro", ['resolution = "Cannot Reproduce"'], ("status",)),
    ("how many infusion issues upd since 2019", ['updated >= "2019/01/01 00:00"'], ("created", "text ~")),
    # a version beside no fix version is the one the issues affect
    ("2.0 issues no target release", ['affectedVersion = "2.0"', "fixVersion is EMPTY"], ('fixVersion = "2.0"',)),
    # "incomplete" said of the issues is the resolution of that name; said as their state, unresolved
    ("how many engage incomplete", ['resolution = "Incomplete"'], ("EMPTY",)),
    ("tech documentation tickets that ended up incomplete", ['resolution = "Incomplete"'], ()),
    ("engage tickets that are still incomplete", ["resolution is EMPTY"], ('"Incomplete"',)),
    ("incomplete engage tickets", ["resolution is EMPTY"], ('"Incomplete"',)),
    # a search word with a letter left out
    ("sjrk bugs with merged mentiond in the discussion", ['comment ~ "merged"'], ("mentiond",)),
    # several words before where they are said
    ("Which bugs include a stack trace in their write-up?", ['description ~ "stack trace"'], ()),
    ("Floe bug reports that spell out steps to reproduce in the write-up", ['description ~ "steps to reproduce"'],
     ()),
    ("uploader issues that have flash player in their summary",
     ['summary ~ "flash player"', 'component = "Uploader"'], ()),
    ("floe bugs with safari in the description", ['description ~ "safari"', 'project = "FLOE"', '"Bug"'], ()),
    ("defects with Firefox right in their title", ['summary ~ "firefox"'], ("right",)),
    ("How many smaller split-off pieces of work does Fluid Engage have?", ['issuetype = "Sub-task"'], ()),
    ("how many engage tickets closed wont fix", ['resolution = "Won\'t Fix"'], ("status",)),
    # JQL typed without the AND between two clauses
    ("how many bugs in project = FLUID created in 2012", ['project = "FLUID" AND created >= "2012-01-01"'], ()),
    # a version beside an ending that fixed nothing is the one affected; fixed in it, the fix version
    ("VP 0.1 wontfix", ['affectedVersion = "0.1"'], ("fixVersion",)),
    ("VP issues fixed in 0.1", ['fixVersion = "0.1"'], ("affectedVersion",)),
    # conditions no value names, besides a word to search for: a search, not a question asked back
    ("safari cant reproduce", ['resolution = "Cannot Reproduce"', 'text ~ "safari"'], ()),
    # "their text or comments": the text anywhere, no component called Comments
    ("Floe issues that mention screen readers somewhere in their text or comments", ['text ~ "screen readers"'],
     ("component",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


def test_closed_said_as_a_state_stays_the_state(fluid_parser: EmbeddedParser) -> None:
    assert 'status = "Closed"' in (one(fluid_parser, "engage issues in the closed status").jql or "")


def test_issues_that_were_on_a_plate_are_in_whatever_state(fluid_parser: EmbeddedParser) -> None:
    past = one(fluid_parser, "how many INFRA tasks opened during 2018 were on Giovanni Tirloni's plate?")
    assert past.slots.assignees and "resolution" not in past.slots.empty
    assert "resolution" in one(fluid_parser, "what is on Giovanni Tirloni's plate").slots.empty


def test_a_bare_incomplete_says_it_is_the_resolution(fluid_parser: EmbeddedParser) -> None:
    call = one(fluid_parser, "justin reported incomplete")
    assert "I read 'incomplete' as resolution Incomplete." in call.slots.assumed


def test_the_affected_version_is_said(fluid_parser: EmbeddedParser) -> None:
    call = one(fluid_parser, "bugs in 1.5 without a fix version")
    assert call.slots.affected_versions == ["1.5"] and not call.slots.fix_versions
    assert any("1.5 as the version affected" in line for line in call.slots.assumed)


def _after(first: str, follow_up: str) -> IntentCall:
    earlier = one(PARSER, first)
    (call,) = PARSER.parse(follow_up, ConversationState(last_search=earlier.slots, last_intent=earlier.name)).intents
    return call


@pytest.mark.parametrize(("first", "follow_up", "intent", "present", "absent"), [
    # JQL typed as a change to the last list keeps its conditions, and replaces the field it types
    ("open DATA issues", 'and assignee = "Elena Rossi"?', "search",
     ['project = "DATA"', "resolution is EMPTY", "assignee = "], ()),
    ("unassigned WEB issues", "count where issuetype = Bug", "count",
     ['project = "WEB"', "assignee is EMPTY", 'issuetype = "Bug"'], ()),
    ("how many WEB issues were resolved as won't do?", "and project = DATA?", "count",
     ['project = "DATA"', "resolution = \"Won't Do\""], ('"WEB"',)),
    ("open MOB bugs", "project = WEB and status = Blocked", "search", ['project = "WEB"'], ('"MOB"',)),
    # a count said back at the list
    ("MOB blocked issues", "How many stuck items is that in total?", "count", ['project = "MOB"'], ()),
    ("unassigned WEB issues", "how many bugs?", "count", ['project = "WEB"', 'issuetype = "Bug"'], ()),
    ("open MOB bugs", "how many aren't assigned to anyone", "count", ['project = "MOB"', "assignee is EMPTY"], ()),
    ("open DATA issues", "n elena?", "search", ['project = "DATA"', "assignee = "], ("text ~",)),
])
def test_follow_ups_keep_the_last_lists_conditions(first: str, follow_up: str, intent: str, present: list[str],
                                                   absent: tuple[str, ...]) -> None:
    call = _after(first, follow_up)
    assert call.name == intent, (call.name, call.jql)
    assert_clauses(call.jql or "", present, absent)


def test_a_month_said_after_from_is_that_month() -> None:
    assert 'created < "2026/10/01 00:00"' in (one(PARSER, "DATA stories from september 2026").jql or "")
    assert "created <" not in (one(PARSER, "DATA stories from september 2026 onwards").jql or "")
