"""The mechanisms the fourteenth round's tuning pool (tune38) showed missing, each in wordings of its own, with a near
neighbour that keeps its old reading: a follow-up that takes an earlier condition away ("drop the assignee", "never
mind who reported them", "regardless of status", "take the sprint filter off"), while "drop the ones assigned to X"
still leaves those issues out; a field said empty in a follow-up replaces the values said of it before ("no labels
at all instead"); a person moved from one role to the other ("assignee rather than reporter", "I meant assigned to
her, not reported by her"); "switch to" and "swap" say a replacement and are not searched for; a clause typed after a
request word ("add priority = High") keeps the last list."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState
from tests.intents.test_eleventh_round_wordings import assert_reads
from tests.intents.test_everyday_conditions import ACCOUNT, PARSER, one
from tests.intents.test_sixth_round_wordings import assert_clauses
from tests.intents.test_thirteenth_round_wordings import _asked_after, _state_after, assert_follow_up

CARLA, ELENA, VIKTOR = (f'"{ACCOUNT[name]}"' for name in ("Carla Sato", "Elena Rossi", "Viktor Lindqvist"))

DROPPED = [
    # a condition taken away, by the field it was on
    ("open MOB stories assigned to Elena Rossi", "drop the assignee",
     ['project = "MOB"', 'issuetype = "Story"', "resolution is EMPTY"], ("assignee",)),
    ("WEB bugs reported by Carla Sato this year", "never mind who reported them",
     ['project = "WEB"', 'issuetype = "Bug"', 'created >= "2026/01/01 00:00"'], ("reporter",)),
    ("high priority DATA tasks in progress", "regardless of status",
     ['project = "DATA"', 'priority = "High"', 'issuetype = "Task"'], ("status",)),
    ("high priority DATA tasks in progress", "drop status", ['project = "DATA"', 'priority = "High"'], ("status",)),
    ("unassigned WEB stories in the current sprint", "take the sprint filter off",
     ['project = "WEB"', 'issuetype = "Story"', "assignee is EMPTY"], ("sprint",)),
    ("unassigned WEB stories in the current sprint", "show them whether they're in a sprint or not",
     ['project = "WEB"', "assignee is EMPTY"], ("sprint",)),
    ("OPS issues labelled tech-debt that are unresolved", "lose the label",
     ['project = "OPS"', "resolution is EMPTY"], ("labels",)),
    ("blocked PROJ issues created last month", "ignore the date", ['project = "PROJ"', 'status = "Blocked"'],
     ("created",)),
    ("open bugs in the Checkout component", "any component", ['issuetype = "Bug"', "resolution is EMPTY"],
     ("component",)),
    # …or by the value it had
    ("WEB stories with priority High that are in progress", "get rid of the in progress part",
     ['project = "WEB"', 'issuetype = "Story"', 'priority = "High"'], ("In Progress", "statusCategory")),
    ("how many DATA bugs are assigned to Elena Rossi", "how many if we don't care who owns them",
     ['project = "DATA"', 'issuetype = "Bug"'], ("assignee",)),
    # a condition taken away and another said in its place
    ("OPS issues labelled tech-debt that are unresolved", "replace the label condition with labels is EMPTY",
     ['project = "OPS"', "resolution is EMPTY", "labels IS EMPTY"], ('"tech-debt"',)),
    ("WEB bugs reported by Carla Sato this year", "forget who reported them and show the ones created last month",
     ['project = "WEB"', 'created >= "2026/10/01 00:00"'], ("reporter", '"2026/01/01 00:00"')),
    # near neighbours: the issues themselves left out
    ("open WEB bugs", "drop the ones assigned to Elena Rossi", [f"assignee != {ELENA}", 'project = "WEB"'], ()),
    ("open WEB bugs", "remove the ones in the Checkout component",
     ['(component != "Checkout" OR component is EMPTY)', 'project = "WEB"'], ()),
]

REPLACED = [
    # a field said empty replaces the values said of it before, and the other way round
    ("OPS issues labelled tech-debt", "no labels at all instead", ['project = "OPS"', "labels is EMPTY"],
     ('"tech-debt"',)),
    ("WEB bugs in the Checkout component", "what about the ones with no component instead",
     ['project = "WEB"', "component is EMPTY"], ('"Checkout"',)),
    ("DATA tasks assigned to Elena Rossi", "and unassigned?", ['project = "DATA"', "assignee is EMPTY"], (ELENA,)),
    ("unassigned DATA tasks", "and Elena's?", ['project = "DATA"', f"assignee = {ELENA}"], ("is EMPTY",)),
    # a person moved from one role to the other
    ("issues Carla Sato reported this year", "I meant assigned to her, not reported by her",
     [f"assignee = {CARLA}", 'created >= "2026/01/01 00:00"'], ("reporter",)),
    ("bugs reported by Carla Sato", "assignee rather than reporter", [f"assignee = {CARLA}", 'issuetype = "Bug"'],
     ("reporter",)),
    ("bugs assigned to Carla Sato", "switch that to reporter", [f"reporter = {CARLA}", 'issuetype = "Bug"'],
     ("assignee",)),
    # "switch to", "swap": a replacement, never words searched for
    ("in progress issues assigned to Elena Rossi", "switch to Viktor Lindqvist",
     [f"assignee = {VIKTOR}", 'status = "In Progress"'], (ELENA, "text ~")),
    ("open PROJ bugs", "swap the project to WEB", ['project = "WEB"', 'issuetype = "Bug"', "resolution is EMPTY"],
     ('"PROJ"', "text ~")),
    # a clause typed after a request word keeps the last list
    ("open WEB stories", "add priority = High",
     ['project = "WEB"', 'issuetype = "Story"', "resolution is EMPTY", 'priority = "High"'], ("text ~",)),
]


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), DROPPED + REPLACED,
                         ids=[f"{f} | {u}" for f, u, _, _ in DROPPED + REPLACED])
def test_follow_ups(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    (call,) = PARSER.parse(follow_up, _state_after(first)).intents
    expected = "count" if first.startswith("how many") else _asked_after(follow_up)
    assert call.name == expected, (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)
    assert not call.slots.ignored, call.slots.ignored


def _fluid_after(parser: EmbeddedParser, first: str) -> ConversationState:
    (call,) = parser.parse(first, ConversationState()).intents
    return ConversationState(last_search=call.slots, last_intent=call.name)


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), [
    ("FLUID bugs reported by Justin Obara", "forget the reporter", ['project = "FLUID"', 'issuetype = "Bug"'],
     ("reporter",)),
    ("FLUID bugs in the Uploader component created in 2010", "drop the component",
     ['project = "FLUID"', 'created >= "2010/01/01 00:00"'], ("component",)),
    ("unresolved KETTLE issues reported by Antranig Basman", "assignee instead of reporter",
     ['project = "KETTLE"', 'assignee = "antranig.basman"', "resolution is EMPTY"], ("reporter",)),
    # a period said anew replaces the typed clauses on its field
    ('reporter = "Jonathan Hung" AND created >= 2011-01-01 AND created < 2012-01-01', "what about 2010?",
     ['created >= "2010/01/01 00:00"', 'reporter = "jonathan.hung"'], ('2011-01-01"', "2012")),
])
def test_fluid_follow_ups(fluid_parser: EmbeddedParser, first: str, follow_up: str, present: list[str],
                          absent: tuple[str, ...]) -> None:
    (call,) = fluid_parser.parse(follow_up, _fluid_after(fluid_parser, first)).intents
    assert call.name == "search", (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), [
    # a filter after how a release goes: its issues, narrowed
    ("PROJ fix version 2026.Q4", "exclude done", ['fixVersion = "2026.Q4"', 'statusCategory != "done"'], ()),
    # a sort typed alone, and a condition pointed back at, keep the last list
    ("open WEB bugs", "ORDER BY created DESC", ['project = "WEB"', "resolution is EMPTY", "ORDER BY created DESC"],
     ()),
    ("WEB bugs in the Checkout component", "how many does MOB have in that component",
     ['project = "MOB"', 'component = "Checkout"', 'issuetype = "Bug"'], ('"WEB"',)),
])
def test_a_list_narrowed_sorted_or_pointed_back_at(first: str, follow_up: str, present: list[str],
                                                  absent: tuple[str, ...]) -> None:
    assert_follow_up(first, follow_up, present, absent)


def test_another_release_after_a_release_is_its_report() -> None:
    (call,) = PARSER.parse("same for 2026.Q3", _state_after("PROJ fix version 2026.Q4")).intents
    assert call.name == "release", call


DEMO = [
    # a field said before the words searched for in it, with its verb, before a comma
    ("WEB summary contains login, unresolved", ['summary ~ "login"', "resolution is EMPTY"], ("text ~",)),
    ("oauth mentions still unresolved", ['text ~ "oauth"', "resolution is EMPTY"], ("unresolved oauth",)),
    # "broken in" a version: the version it affects
    ("stuff broken in 2026.q2 that is still open", ['affectedVersion = "2026.Q2"'], ("fixVersion", "Bug")),
    ("bugs broken in 2026.Q2", ['affectedVersion = "2026.Q2"', 'issuetype = "Bug"'], ("fixVersion",)),
    # "kids": children
    ("kids of WEB-410 still open", ['parent = "WEB-410"'], ()),
    # nobody assigned, said with "have been"; a version "assigned" is the version
    ("open bugs that haven't been assigned to anyone yet", ["assignee is EMPTY", "resolution is EMPTY"], ()),
    ("open MOB bugs that haven't been assigned a fix version", ["fixVersion is EMPTY"], ("assignee",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_reads(PARSER, question, present, absent)


FLUID = [
    ("FLUID summary keyboard, won't fix", ['summary ~ "keyboard"', 'resolution = "Won\'t Fix"'], ("text ~",)),
    ("FLUID critical issues, description contains screen reader", ['description ~ "screen reader"'], ("text ~",)),
    ("major infusion bugs w/ uploader in desc", ['description ~ "uploader"'], ("text ~",)),
    ("which FLOE issues mention the word video in their title", ['summary ~ "video"'], ('"word',)),
    ("Fluid Infusion summary IE8 resolution Fixed", ['summary ~ "ie8"', 'resolution = "Fixed"'], ()),
    ("Video Player text captions", ['project = "VP"', 'text ~ "captions"'], ('"text',)),
    # near neighbour: a kind of issue after a field word is no word searched for
    ("Coding Environment bugs to-do category count", ['component = "Coding Environment"', 'issuetype = "Bug"'],
     ("environment ~",)),
    # a project's name longer than four words, typed as JQL
    ('project = "Coding to Learn and Create" AND status = "To Do"', ['project = "C2LC"', 'status = "To Do"'], ()),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


def test_a_role_typed_as_jql_moves_to_the_other(fluid_parser: EmbeddedParser) -> None:
    first = 'project = FLUID AND reporter = "Justin Obara"'
    (call,) = fluid_parser.parse("assignee instead of reporter", _fluid_after(fluid_parser, first)).intents
    assert_clauses(call.jql or "", ['project = "FLUID"', 'assignee = "justin.obara"'], ("reporter",))


SECOND_PART = [
    # (tune39 on) a person taken away by name, "whoever owns it", "not just X"; a typed clause taken away; the words
    # said after a condition taken away narrow what is left
    ("open PROJ bugs assigned to Elena Rossi that are overdue", "Never mind Elena. Show me everything overdue in PROJ, "
     "whoever owns it.", ['project = "PROJ"', "duedate < now()"], ("assignee",)),
    ("overdue PROJ issues assigned to Elena Rossi", "everyone, not just elena", ['project = "PROJ"', "duedate < now()"],
     ("assignee",)),
    ("bugs reported by Carla Sato", "never mind Carla", ['issuetype = "Bug"'], ("reporter",)),
    ('project = OPS AND reporter = "Carla Sato" AND resolution is EMPTY', "remove the project = OPS clause",
     [f"reporter = {CARLA}", "resolution IS EMPTY"], ('"OPS"',)),
    ("project = PROJ AND issuetype = Bug AND labels = regression", "drop the label filter, use component = Checkout",
     ['project = "PROJ"', 'component = "Checkout"'], ("labels", "text ~")),
    ("PROJ bugs labelled regression", "Ignore the label; show the bugs in the Checkout area instead",
     ['project = "PROJ"', 'component = "Checkout"'], ("labels",)),
    ("PROJ bugs label regression", "no label filter, component Checkout", ['component = "Checkout"'], ("labels",)),
    ("open WEB bugs with no assignee", "Instead of unassigned ones, I want the ones assigned to Elena Rossi.",
     [f"assignee = {ELENA}", 'project = "WEB"'], ("is EMPTY AND assignee", "assignee is EMPTY")),
    ("open WEB bugs", "instead of bugs, stories", ['project = "WEB"', 'issuetype = "Story"', "resolution is EMPTY"],
     ('"Bug"',)),
    # a value said anew replaces the typed clause on its field; a typed clause left out; "same query"
    ('summary ~ "refund" AND resolution is EMPTY AND project = WEB', "same in DATA",
     ['project = "DATA"', 'summary ~ "refund"'], ('"WEB"',)),
    ("project = WEB AND fixVersion = 2026.Q4 AND resolution = Done", "exclude issuetype = Bug",
     ['project = "WEB"', 'NOT (issuetype = "Bug")'], ()),
    ('project = WEB AND reporter = "Carla Sato"', 'same query but reporter = "Elena Rossi"',
     ['project = "WEB"', f"reporter = {ELENA}"], ("text ~", CARLA)),
    # left out after a list: the list narrowed
    ("open WEB bugs", "now leave out anything that's in Blocked status", ['project = "WEB"', 'status != "Blocked"'],
     ()),
    ("open WEB issues", "take out everything whose type is Bug", ['project = "WEB"', 'issuetype != "Bug"'], ()),
    # a year and on; a sort from high to low
    ("WEB issues created in 2025", "only ones updated 2026+", ['updated >= "2026/01/01 00:00"',
                                                              'created >= "2025/01/01 00:00"'], ()),
    ("WEB bugs", "sort by prio high to low", ['project = "WEB"', "ORDER BY priority DESC"], ("priority in",)),
]


@pytest.mark.parametrize(("first", "follow_up", "present", "absent"), SECOND_PART,
                         ids=[f"{f} | {u}" for f, u, _, _ in SECOND_PART])
def test_follow_ups_second_part(first: str, follow_up: str, present: list[str], absent: tuple[str, ...]) -> None:
    (call,) = PARSER.parse(follow_up, _state_after(first)).intents
    assert call.name == "search", (call.name, call.slots.reason)
    assert_clauses(call.jql or "", present, absent)


FLUID_SECOND_PART = [
    ("Engage, link type duplicates", ['project = "ENGAGE"', 'issueLinkType = "duplicates"'], ("resolution",)),
    ("VP bugs, reporter Justin Obara, resolution not Duplicate", ['resolution != "Duplicate"'], ()),
    ("Engage bugs Justin Obara opened, excluding those whose resolution is Duplicate",
     ['(resolution != "Duplicate" OR resolution is EMPTY)'], ('resolution = "Duplicate"',)),
    ("unresolved FLUID issues with neither a component nor an owner", ["component is EMPTY", "assignee is EMPTY"],
     ("not EMPTY",)),
    ("FLUID issues that aren't in any component", ["component is EMPTY"], ()),
    ("KETTLE issues created in 2011 with the word couchdb in one of their comments", ['comment ~ "couchdb"'],
     ("Comments",)),
    ("Kettle, created 2011, comment contains couchdb", ['comment ~ "couchdb"'], ("couchdb*",)),
    ("unresolved, 'IE8' in comments", ['comment ~ "ie8"', "resolution is EMPTY"], ()),
    ("how many VP issues did Colin Clark report that were fixed by someone else as assignee",
     ['reporter = "colin.clark"', 'assignee != "colin.clark"', 'resolution = "Fixed"'], ()),
    ("uploader bugs broke in 1.3", ['affectedVersion = "1.3"'], ("fixVersion",)),
    ("FLUID issues from 2012 onwards", ['created >= "2012/01/01 00:00"'], ('created <',)),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID_SECOND_PART, ids=[q for q, _, _ in FLUID_SECOND_PART])
def test_fluid_wordings_second_part(fluid_parser: EmbeddedParser, question: str, present: list[str],
                                    absent: tuple[str, ...]) -> None:
    assert_reads(fluid_parser, question, present, absent)


def test_count_said_after_the_question(fluid_parser: EmbeddedParser) -> None:
    call = one(fluid_parser, 'reporter = "Colin Clark" AND resolution = Duplicate (count)')
    assert call.name == "count" and call.jql == 'reporter = "colin.clark" AND resolution = "Duplicate"', call


def test_comments_asked_about_stay_comments(fluid_parser: EmbeddedParser) -> None:
    assert one(fluid_parser, "INFRA comments mentioning jenkins").name == "comments"
    assert one(fluid_parser, "what do the comments on FLUID-123 say").name == "comments"
