"""The mechanisms the seventh round's tuning pools (tune19, tune20) showed missing, each in wordings of its own: spans
glued as keywords glue them ("90d"), a parent said with "whose", issues with no links, a person "on the hook", "earlier
than" a date, a time said before its cue, counted priority levels ("the top two"), a name said inflected ("offline
syncing"), an order or a count asked in a sentence of its own, and words that only look like a state ("to do with",
"Giovanni's to do", "broken out of"). Each has a near neighbour that keeps its old reading."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState
from tests.intents.test_everyday_conditions import ACCOUNT, NOW, PARSER, one
from tests.intents.test_sixth_round_wordings import assert_clauses
from tests.jira_env import fluid_lexicon

SAMIR, QUINN = ACCOUNT["Samir Patel"], ACCOUNT["Quinn Kowalski"]

DEMO = [
    # a span glued as keywords glue it; a span with its unit written out keeps its reading
    ("MOB tasks in progress not updated 90d", ["updated < -90d"], ()),
    ("OPS bugs created last 30d", ["created >= -30d"], ()),
    ("WEB stories idle 2w", ["updated < -14d"], ()),
    ("DATA bugs older than 6mo", ["created < -6M"], ()),
    ("MOB bugs not updated in 2 weeks", ["updated < -14d"], ()),
    # the parent said with "whose" or "with"; a kind below it keeps the subtree reading
    ("the unresolved issues whose parent is MOB-3", ['parent = "MOB-3"', "resolution is EMPTY"], ()),
    ("open issues with parent OPS-12", ['parent = "OPS-12"'], ()),
    # issues without links, or with some; a link to a named issue stays a link question elsewhere
    ("MOB bugs with no links", ["issueLinkType is EMPTY"], ()),
    ("which OPS tasks aren't connected to any other ticket", ["issueLinkType is EMPTY"], ()),
    ("open WEB stories that stand alone", ["issueLinkType is EMPTY", "resolution is EMPTY"], ()),
    ("DATA bugs that have links", ["issueLinkType is not EMPTY"], ()),
    # on the hook: the person's open work
    ("What is Samir Patel still on the hook for?", [f'assignee = "{SAMIR}"', "resolution is EMPTY"], ()),
    ("what am I on the hook for in MOB", ["assignee = currentUser()", "resolution is EMPTY"], ()),
    # "earlier than" a date is before it; a time said first takes the cue said after it
    ("WEB bugs filed earlier than March 2025", ['created < "2025/03/01'], ('created >= "2025/03/01',)),
    ("Over the past two weeks, how many OPS tasks were closed?", ["resolutiondate >= -14d"], ("created",)),
    ("In 2025, how many MOB bugs were filed?", ['created >= "2025/01/01'], ("resolutiondate",)),
    # counted priority levels, from the top or the bottom
    ("MOB bugs at the top two priority levels", ['priority in ("Highest", "High")'], ()),
    ("open OPS tasks in the two lowest priorities", ['priority in ("Low", "Lowest")'], ()),
    # a name said with an ending added
    ("open stories in the offline syncing area", ['component = "Offline Sync"'], ()),
    # words that only look like a state
    ("every WEB defect to do with checkout", ['component = "Checkout"'], ("status",)),
    ("MOB bugs in to do with high priority", ['status = "To Do"'], ()),
    ("the OPS tasks that were Samir Patel's to do", [f'assignee = "{SAMIR}"'], ("status", "statusCategory")),
    ("Quinn Kowalski's sub-tasks, the little pieces broken out of bigger ones",
     [f'assignee = "{QUINN}"', 'issuetype = "Sub-task"'], ("Bug",)),
    # no area said in other words
    ("open DATA tasks never sorted into a product area", ["component is EMPTY"], ()),
    ("WEB stories that were never filed under any part of the software", ["component is EMPTY"], ()),
    # a copy of another issue, said in everyday words
    ("MOB entries that repeat another existing item", ['issueLinkType = "duplicates"'], ()),
    # a negation further off, past words that only point; a negation that is another condition's
    ("Samir Patel's MOB work, leaving out whatever is already marked won't do",
     ["resolution != \"Won't Do\""], ()),
    ("MOB bugs not assigned to Samir Patel closed as won't do",
     [f'assignee != "{SAMIR}"', "resolution = \"Won't Do\""], ()),
    # a level word after a project named further back is still a level
    ("In the mobile apps project, which important unfinished items are overdue?",
     ['project = "MOB"', 'priority in ("Highest", "High")'], ()),
    # in progress said as "under way"; no date expected; no planned release; half a year said in months
    ("WEB stories currently under way", ['statusCategory = "indeterminate"'], ()),
    ("high priority OPS tasks that have no date they're expected by", ["duedate is EMPTY"], ()),
    ("open PROJ work that isn't targeted at any planned release", ["fixVersion is EMPTY"], ()),
    ("PROJ items opened in the first six months of 2025", ['created >= "2025/01/01', 'created < "2025/07/01'], ()),
    # orders said as what waited longest, the most overdue, when they were due
    ("minor MOB work still not done, with the ones that have waited longest at the top", ["ORDER BY created ASC"], ()),
    ("overdue OPS tasks, the most overdue first", ["ORDER BY duedate ASC"], ("text ~",)),
    ("late WEB work ordered by when it was due", ["ORDER BY duedate ASC"], ()),
    # a restriction said in a sentence of its own
    ("which important unfinished MOB items are overdue? Leave out the umbrellas.", ['issuetype != "Epic"',
                                                                                     'project = "MOB"'], ()),
    # the reporter "first written up by", the assignee "handed to"
    ("MOB bugs first written up by Samir Patel and handed to Quinn Kowalski",
     [f'reporter = "{SAMIR}"', f'assignee = "{QUINN}"'], ()),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    assert call.name == ("count" if "how many" in question else "search"), call.name
    assert_clauses(call.jql or "", present, absent)


@pytest.mark.parametrize("question", ["Which of Quinn Kowalski's open tickets? Oldest at the top.",
                                      "Which of Quinn Kowalski's tickets are open? Sort them oldest first."])
def test_an_order_said_alone_sorts_the_request_before_it(question: str) -> None:
    call = one(PARSER, question)
    assert call.name == "search" and (call.jql or "").endswith("ORDER BY created ASC"), call.jql


def test_a_count_asked_for_in_a_sentence_of_its_own() -> None:
    counted = one(PARSER, "Which MOB bugs were closed last week? I don't need the list, just the count.")
    assert counted.name == "count", counted
    assert one(PARSER, "How many MOB bugs were filed in July? I'd like to see the list.").name == "search"


@pytest.mark.parametrize(("question", "feeling"), [
    ("I'm curious how much OPS work we dropped. How many OPS tasks were closed as won't do?", "count"),
    ("It bugs me how many MOB tickets come back. Which MOB bugs are reopened?", "search"),
])
def test_a_feeling_about_a_number_is_no_request(question: str, feeling: str) -> None:
    call = one(PARSER, question)
    assert call.name == feeling, call


def test_nobody_picking_it_up_yet_is_open_work_and_said() -> None:
    call = one(PARSER, "WEB tasks nobody has picked up yet")
    assert "assignee is EMPTY" in (call.jql or "") and "resolution is EMPTY" in (call.jql or "")
    assert "I read 'nobody has picked up yet' as work still open." in call.slots.assumed
    assert "resolution" not in (one(PARSER, "WEB tasks nobody picked up").jql or "")


@pytest.mark.parametrize(("question", "jql"), [
    ('(status = Blocked OR status = "In Review") AND project = DATA',
     '(status = "Blocked" OR status = "In Review") AND project = "DATA"'),
    ("NOT (status = Done) AND project = MOB", 'NOT (status = "Done") AND project = "MOB"'),
])
def test_typed_jql_keeps_what_opens_its_first_clause(question: str, jql: str) -> None:
    assert one(PARSER, question).jql == jql


@pytest.mark.parametrize(("question", "jql"), [
    ("status = In Progress AND project = OPS", 'status = "In Progress" AND project = "OPS"'),
    ("component = Offline Sync and resolution is empty", 'component = "Offline Sync" AND resolution IS EMPTY'),
    ("resolution = Won't Do and project = WEB", 'resolution = "Won\'t Do" AND project = "WEB"'),
    ("statusCategory = In Progress and project = MOB", 'statusCategory = "indeterminate" AND project = "MOB"'),
    ("assignee = Quinn Kowalski and status = Blocked", f'assignee = "{QUINN}" AND status = "Blocked"'),
    ("assignee in (Quinn Kowalski, Samir Patel) AND project = WEB",
     f'assignee IN ("{QUINN}", "{SAMIR}") AND project = "WEB"'),
    ("epic = MOB-3 AND resolution is EMPTY", 'parent = "MOB-3" AND resolution IS EMPTY'),
])
def test_typed_jql_takes_values_typed_as_people_type_them(question: str, jql: str) -> None:
    assert one(PARSER, question).jql == jql


def test_a_name_typed_unquoted_that_nobody_has_is_named() -> None:
    call = one(PARSER, "assignee = Zed Quorum and status = Blocked")
    assert call.name == "clarify" and "nobody called 'Zed Quorum'" in (call.slots.reason or ""), call


# near neighbours a review tried: each keeps the reading it had before the round, or gains the right one
@pytest.mark.parametrize(("question", "present", "absent"), [
    ("Over the past week, which MOB bugs were not updated?", ["updated < -7d"], ("created",)),
    ("Over the past two weeks, which OPS tasks have not been closed?", ["resolution is EMPTY"], ("resolutiondate",)),
    ("WEB bugs where login fails without a connection", ['issuetype = "Bug"'], ("issueLinkType",)),
    ("WEB bugs with link sharing", ['issuetype = "Bug"'], ("issueLinkType",)),
    ("WEB tasks not yet picked up", ["assignee is EMPTY", "resolution is EMPTY"], ()),
    ("unassigned WEB tasks that nobody has commented on yet", ["assignee is EMPTY"], ("resolution",)),
    ("Show me what bugs you fixed last week", ['issuetype = "Bug"'], ()),
])
def test_neighbours_keep_their_reading(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_clauses(one(PARSER, question).jql or "", present, absent)


@pytest.mark.parametrize(("question", "name"), [
    ("how many things planned for 2026.Q4 are finished?", "count"),
    ("we're planning the mobile 2026.Q4 release, how many issues are done and is anything blocking it?", "release"),
    ("is 2026.Q4 looking ok - how many of its WEB issues are done?", "release"),
])
def test_a_count_of_a_release_in_a_state_is_a_count_unless_its_report_is_asked(question: str, name: str) -> None:
    assert PARSER.parse(question).intents[0].name == name


def test_a_second_count_of_the_same_issues_in_another_state() -> None:
    done, left = PARSER.parse("How many MOB bugs are done and how many are left?").intents
    assert done.name == left.name == "count"
    assert 'status = "Done"' in (done.jql or "") and "resolution is EMPTY" in (left.jql or "")
    assert 'project = "MOB"' in (left.jql or "") and "Done" not in (left.jql or ""), left.jql


def test_a_lone_word_is_no_follow_up_unless_it_names_issues() -> None:
    state = ConversationState()
    (first,) = PARSER.parse("MOB bugs", state).intents
    state = ConversationState(last_intent=first.name, last_search=first.slots)
    assert [c.name for c in PARSER.parse("huh?", state).intents] == ["clarify"]


def test_typed_jql_leaves_history_words_and_quoted_text_alone() -> None:
    assert one(PARSER, 'summary ~ "status = In Progress"').jql == 'summary ~ "status = In Progress"'
    assert one(PARSER, "not (status = Done) and project = MOB").jql == 'NOT (status = "Done") AND project = "MOB"'


def test_problems_are_read_as_bugs_and_said() -> None:
    call = one(PARSER, "which MOB problems has nobody picked up")
    assert 'issuetype = "Bug"' in (call.jql or "") and "I read 'problems' as bugs." in call.slots.assumed
    excluded = one(PARSER, "DATA work marked as blocked, but not the problems")
    assert 'issuetype != "Bug"' in (excluded.jql or "")


@pytest.fixture(scope="module")
def fluid() -> EmbeddedParser:
    return EmbeddedParser(fluid_lexicon(), now=lambda: NOW)


FLUID = [
    # a judgement that the issues were no bugs is the resolution; issues that are not bugs are of another type
    ("What did Justin Obara raise that we concluded wasn't actually a defect?", ['resolution = "Not A Bug"'],
     ("issuetype",)),
    ("Which of Justin Obara's reports turned out not to be real problems at all?", ['resolution = "Not A Bug"'],
     ("issuetype",)),
    ("Justin Obara's issues that are not bugs", ['issuetype != "Bug"'], ("resolution",)),
    # a project word right before a person's name keeps its project ("infusion" ends in "on", no cue)
    ("infusion antranig blocker critical unresolved", ['project = "FLUID"', 'assignee = "antranig.basman"'], ()),
    # "as they are not bugs" is the asker's reason: a type; a negation before "for" is the resolution's
    ("Open Infusion tasks, as they are not bugs", ['issuetype = "Task"'], ("Not A Bug",)),
    ("Infusion bugs not closed for won't fix", ["resolution != \"Won't Fix\""], ()),
    # a word that only begins a person's name is no misspelling of it ("care" for Caren)
    ("I only care about planned work in Floe, not the bugs", ['project = "FLOE"', 'issuetype != "Bug"'],
     ("assignee",)),
    ("what was the Coding Env 0.9 release meant to take care of", ['fixVersion = "Coding Env 0.9"'], ("assignee",)),
    ("coln clark's open bugs", ['assignee = "colin.clark"'], ()),
    # the lack of information that ended them; a judgement given as the reason
    ("tickets closed because they didn't have enough info", ['resolution = "Incomplete"'], ()),
    ("tickets that were closed because it wasn't actually a defect after all", ['resolution = "Not A Bug"'],
     ("issuetype",)),
    # a component named "itself"
    ("FLUID tickets Daphne Ogle wrote up about the Reorderer itself", ['component = "Reorderer"'], ("text ~",)),
    # an occasion said without a determiner is no aside ("waiting for somebody to review")
    ("work waiting for somebody to review and merge the code change", ['status = "Pull Request"'], ()),
    # a title said as a headline
    ("FLUID items that mention the keyboard in their headline", ['summary ~ "keyboard"'], ("text ~",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid: EmbeddedParser, question: str, present: list[str], absent: tuple[str, ...]) -> None:
    assert_clauses(one(fluid, question).jql or "", present, absent)


@pytest.mark.parametrize("conversation", [["Kettle issues", "bugs only"],
                                          ["Kettle issues", "unresolved only", "bugs?"]])
def test_a_word_or_two_alone_after_a_list_narrow_it(fluid: EmbeddedParser, conversation: list[str]) -> None:
    state = ConversationState()
    for question in conversation:
        (call,) = fluid.parse(question, state).intents
        state = ConversationState(last_intent=call.name, last_search=call.slots)
    assert 'project = "KETTLE"' in (call.jql or "") and 'issuetype = "Bug"' in (call.jql or ""), call.jql
