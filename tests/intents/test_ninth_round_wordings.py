"""The mechanisms the ninth round's tuning pool (tune25) showed missing, each in wordings of its own: orders said by
staleness, by the nearest deadline or by the latest activity (an order, not an activity report); "30+ days"; a count
"of" items described by a field's level (no breakdown); a severity code glued or typed in capitals ("sev1s", "SEV-2");
"non-" negating only its own word; a status category said as a bucket or a status that "falls in" it; a dependency
on other work; what is "left to resolve" (in an epic named with a description); comments that mention a word (the
fetch asks Jira for those issues only), and the issues listed or counted by such comments (a search); a component
named Comments; "the first" as a ranking only after "the"; a follow-up that includes more
values of a field (a total "if we include" them counts the wider set); a number asked in other words ("are there more
than 30 …? give me the exact number", "how big is the pile of …"); the category said with "not in" before it; labels
the issues carry each of ("both", "also tagged"). Each has a near neighbour that keeps its old reading."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.test_everyday_conditions import ACCOUNT, PARSER, one
from tests.intents.test_follow_ups import follow
from tests.intents.test_sixth_round_wordings import assert_clauses

ELENA, SAMIR = ACCOUNT["Elena Rossi"], ACCOUNT["Samir Patel"]


DEMO = [
    # orders: the stalest, the nearest deadline, the latest activity; "order by" said last in keywords
    ("open MOB stories, stalest first", ["ORDER BY updated ASC"], ("text ~",)),
    ("OPS tasks least recently touched at the top", ["ORDER BY updated ASC"], ("text ~",)),
    ("Elena Rossi's unresolved work, nearest deadline first", ["ORDER BY duedate ASC", "resolution is EMPTY"],
     ("text ~",)),
    ("open WEB bugs with the latest due date at the top", ["ORDER BY duedate DESC"], ("text ~",)),
    ("MOB tasks due soonest first", ["ORDER BY duedate ASC"], ("text ~",)),
    ("samir patel open bugs order by due date", ["ORDER BY duedate ASC", f'assignee = "{SAMIR}"'], ("text ~",)),
    ("open OPS bugs sorted by last activity", ["ORDER BY updated DESC"], ("text ~",)),
    ("DATA tasks with the most recent activity first", ["ORDER BY updated DESC", 'project = "DATA"'], ()),
    # a span said with a plus: at least that long
    ("WEB bugs nobody has touched in 45+ days", ["updated < -45d"], ()),
    ("OPS tasks created in the last 10+ days", ["created >= -10d"], ()),
    # a count of items described by a level of a field: no grouping by that field
    ("count of high priority tickets in WEB with nobody assigned", ['priority = "High"', "assignee is EMPTY"], ()),
    # severity codes glued to a plural, or typed in capitals like an issue key
    ("are any sev2s still unresolved in OPS?", ['"Severity" = "S2 - Major"', "resolution is EMPTY"], ()),
    ("how many SEV-1 bugs are unresolved", ['"Severity" = "S1 - Critical"', 'issuetype = "Bug"'], ()),
    # "non-" negates the word it is glued to, not a person further on
    ("non-bug items Samir Patel reported in MOB", [f'reporter = "{SAMIR}"', 'issuetype != "Bug"'],
     (f'reporter != "{SAMIR}"',)),
    ("non-story work assigned to Elena Rossi", [f'assignee = "{ELENA}"', 'issuetype != "Story"'], ()),
    # a dependency on other work is a blocker link
    ("open WEB stories that have a dependency on another ticket", ['issueLinkType = "is blocked by"'], ()),
    ("DATA bugs with dependencies", ['issueLinkType = "is blocked by"'], ()),
    # what is left to resolve
    ("what does Elena Rossi still have to resolve?", [f'assignee = "{ELENA}"', "resolution is EMPTY"], ()),
    ("what's left to fix in OPS", ['project = "OPS"', "resolution is EMPTY"], ("text ~",)),
    # the category said with its negation before it
    ("MOB stories not in the done status category", ['statusCategory != "done"'], ('statusCategory = "done"',)),
    # labels each of which the issues carry, said so ("both", "also tagged"); a plain list is any of them
    ("WEB bugs that have both the security and the performance labels",
     ['labels = "security" AND labels = "performance"'], ("labels in",)),
    ("OPS tasks tagged performance and also tagged regression", ['labels = "performance" AND labels = "regression"'],
     ()),
    ("OPS tasks labelled performance or regression", ['labels in ("performance", "regression")'], ()),
    # a category's states listed in brackets after the words that say it: that category, no negated list
    ("how many MOB stories has Samir Patel started but not finished (in progress, in review or blocked)?",
     ['statusCategory = "indeterminate"'], ("status not in", 'status != "')),
    ("MOB stories (in review or blocked)", ['status in ("In Review", "Blocked")'], ("statusCategory",)),  # some of them
    # a month from which on, or the whole month said with "the month of"
    ("OPS tasks created from August onwards", ['created >= "2026/08/01'], ('created < "2026/09/01',)),
    ("WEB bugs resolved during the month of September",
     ['resolutiondate >= "2026/09/01', 'resolutiondate < "2026/10/01'], ()),
    # overdue said as blown through the date; "without being resolved" is unresolved, not outside a category
    ("how many MOB bugs have blown through their due date without being resolved",
     ["duedate < now()", "resolution is EMPTY"], ("statusCategory",)),
    ("open DATA tasks with a blocked-by link to another ticket", ['issueLinkType = "is blocked by"'],
     ('status = "Blocked"',)),
    # the field the words are in, said as keywords, the words quoted or not
    ("how many MOB bugs summary login", ['summary ~ "login"'], ("text ~",)),
    ('DATA stories description "acceptance criteria"', ['description ~ "acceptance criteria"'], ("text ~",)),
    ("how many WEB bugs with comment text customer escalation", ['comment ~ "customer escalation"'], ("labels",)),
]

COUNTS = [
    "what's the number of unresolved OPS tasks",
    "WEB Sprint 52 status Done count",  # the sprint's issues in that state, counted: no sprint report
    'OPS tasks comments "rollback" count',  # the issues whose comments say it, counted
    "are there more than 30 unresolved WEB bugs? give me the exact number",
    "how big is the mobile team's pile of open bugs",
    "what's the size of the OPS task backlog that nobody owns",
    "give me a figure: MOB stories created this year",
]

FLUID = [
    # the status category said as a bucket, or a status that falls in it
    ("how many FLUID bugs have a status that falls in the done bucket", ['statusCategory = "done"'], ("status =",)),
    ("Infusion tickets whose status sits under to do", ['statusCategory = "new"'], ("status =",)),
    ("FLOE issues in the in progress bucket", ['statusCategory = "indeterminate"'], ("status =",)),
    ("FLOE issues whose status is In Progress", ['status = "In Progress"'], ("statusCategory",)),  # the neighbour
    # a resolution listed before one read already ("duplicate or won't fix")
    ("video player 2012 duplicate or won't fix", ['resolution in ("Won\'t Fix", "Duplicate")'], ()),
    # a dependency, in the instance's own link type
    ("unresolved FLUID bugs that have a dependency on something else", ['issueLinkType = "depends on"'], ()),
    # comments that mention a word, as a search
    ("DECA issues where scanner came up in the comments", ['comment ~ "scanner"', 'project = "DECA"'], ()),
    ("FLOE tickets where captions came up in the back-and-forth", ['comment ~ "captions"'], ()),
    # a state after the words in a field said as keywords is a state, not more words
    ("uploader component keyboard in summary unresolved", ['summary ~ "keyboard"', "resolution is EMPTY"], ()),
    ("FLUID bugs summary mentions safari", ['summary ~ "safari"'], ("text ~",)),
    ("how many Blocker bugs environment IE7", ['environment ~ "ie7"'], ("text ~",)),
    # several words said as words, then the field they are in; a title said as "titled"; the description
    ("Infusion bugs with the words keyboard focus in their title", ['summary ~ "keyboard focus"'], ()),
    ("FLUID bugs titled with something about scrolling", ['summary ~ "scrolling"'], ("text ~",)),
    ("FLOE bugs with 'expected result' in their description", ['description ~ "expected result"'], ("text ~",)),
    # a phrase mentioned keeps its words ("pull" is no filler there); who mentioned it is no word to search for
    ("SJRK tickets mentioning a pull request", ['text ~ "pull request"'], ()),
    ("how many FLUID tickets where someone brought up JAWS in the discussion got fixed",
     ['comment ~ "jaws"', 'resolution = "Fixed"'], ('"someone"',)),
    ("how many FLUID issues with JAWS mentioned in a comment are unresolved", ['comment ~ "jaws"'], ()),
    # a title-cased condition word before a project's name names nobody
    ("Unresolved Kettle tickets, most recently touched first", ['project = "KETTLE"', "resolution is EMPTY"], ()),
    # "w" for with; a link type by its name is either side of it, as is one said "either direction"
    ("decapod unresolved w dependency links", ['issueLinkType in ("depends on", "is depended on by")'], ()),
    ("Infusion tickets with a supersession link", ['issueLinkType in ("supersedes", "is superseded by")'], ()),
    ("FLUID bugs that depend on other issues", ['issueLinkType = "depends on"'], ("in (",)),  # one side said
    ("FLUID issues linked by supersedes, either direction", ['issueLinkType in ("supersedes", "is superseded by")'],
     ()),
    ("Infusion tickets that have a supersedes / superseded-by link",
     ['issueLinkType in ("supersedes", "is superseded by")'], ('issueLinkType = ',)),
    # resolved some other way; examples in brackets are no condition
    ("Video Player blockers that were resolved some other way than Fixed", ['resolution != "Fixed"'], ()),
    ("VP blockers resolved but not as fixed (for example won't fix or duplicate)", ['resolution != "Fixed"'],
     ("resolution in",)),
    # an order by how bad, said as the worst first or by urgency
    ("SJRK bugs nobody's started on, worst first", ['statusCategory = "new"', "ORDER BY priority DESC"], ()),
    ("sjrk bugs not started by urgency", ["ORDER BY priority DESC"], ("text ~",)),
    ("SJRK defects still waiting to be picked up, most severe first", ["ORDER BY priority DESC"], ("priority =",)),
]

DEMO_MORE = [
    # blockers of other work are links; an order by urgency, said last and with its direction
    ("Which open MOB items are blockers for other tickets? Sort by urgency, highest first.",
     ['issueLinkType = "blocks"', "ORDER BY priority DESC"], ("priority =",)),
    ("mob open blockers of other tix, by urgency desc", ['issueLinkType = "blocks"', "ORDER BY priority DESC"], ()),
    ("open WEB bugs by priority asc", ["ORDER BY priority ASC"], ()),
    # shorthand: "tix", "sept", "crit"
    ("how many storefront bugs raised in sept", ['created >= "2026/09/01', 'created < "2026/10/01'], ()),
    ("how many s1 crit bugs in WEB", ['"Severity" = "S1 - Critical"'], ()),
    # the words in the title said as keywords with "has"
    ("storefront open, title has 500 error", ['summary ~ "500 error"'], ("text ~",)),
    # an emptiness excluded in brackets is excluded, not both said and excluded
    ("open PROJ work with someone other than Samir Patel (leave out anything nobody owns)",
     ["assignee is not EMPTY"], ("assignee is EMPTY",)),
    # states of one category named beside the words that say it: the category
    ("Which DATA epics are being worked on right now, counting ones in review or blocked?",
     ['statusCategory = "indeterminate"'], ("status in",)),
    ("DATA epics in review or blocked", ['status in ("In Review", "Blocked")'], ("statusCategory",)),  # the neighbour
    # an issue's name between its key and its kind
    ("What work in the WEB-4 wish lists epic is still not done?", ['parent = "WEB-4"'], ('issuetype = "Epic"',)),
    # the period said again in brackets; "cant" typed without its apostrophe; a blocker said as another ticket
    ("open stuff due this month (nov)", ['duedate >= "2026/11/01', 'duedate < "2026/12/01'], ("text ~",)),
    ("how many closed as cant reproduce in 2026", ['resolution = "Cannot Reproduce"'], ("text ~",)),
    ("how many unresolved tickets have another ticket linked as blocking them",
     ['issueLinkType = "is blocked by"'], ()),
    # a category's states in brackets, one by its last word ("review" for In Review)
    ("DATA epics in flight (in progress/review/blocked)", ['statusCategory = "indeterminate"'], ("status =",)),
    # a negated "un-" word and "stopped being" (each was read as its opposite)
    ("WEB bugs that are not unassigned", ["assignee is not EMPTY"], ("assignee is EMPTY",)),
    ("WEB bugs that aren't unresolved", ['statusCategory = "done"'], ("resolution is EMPTY",)),
    ("WEB bugs that stopped being blocked", ['status != "Blocked"'], ('status = "Blocked"',)),
    # "assigned to nobody" is unassigned (it was refused: "There is nobody called 'Nobody'")
    ("WEB bugs assigned to nobody", ["assignee is EMPTY"], ()),
    # the assignee said in other words; a queue or a court is open work, as a plate is
    ("WEB tickets Samir Patel picked up", [f'assignee = "{SAMIR}"'], ("text ~",)),
    ("WEB bugs Samir Patel is responsible for", [f'assignee = "{SAMIR}"'], ("text ~",)),
    ("WEB tickets routed to Samir Patel", [f'assignee = "{SAMIR}"'], ("text ~",)),
    ("Samir Patel's queue in WEB", [f'assignee = "{SAMIR}"', "resolution is EMPTY"], ("text ~",)),
    # unsettled in other words; settled in other words; "no longer" negates (it read "open" as wanted)
    ("WEB bugs yet to be closed", ["resolution is EMPTY"], ("statusCategory",)),
    ("WEB bugs that still need attention", ["resolution is EMPTY"], ("text ~",)),
    ("WEB bugs we haven't gotten to", ["resolution is EMPTY"], ()),
    ("WEB bugs that have been taken care of", ['statusCategory = "done"'], ()),
    ("WEB bugs that are no longer open", ['statusCategory not in ("new", "indeterminate")'], ("resolution is EMPTY",)),
    ("WEB bugs that are no longer assigned to Samir Patel", [f'assignee != "{SAMIR}"'], (f'assignee = "{SAMIR}"',)),
    # an exclusion said after what it leaves out, or as leaving it aside (both read as wanted before)
    ("WEB issues, bugs excluded", ['issuetype != "Bug"'], ('issuetype = "Bug"',)),
    ("WEB bugs, Samir Patel's excluded", [f'assignee != "{SAMIR}"'], (f'assignee = "{SAMIR}"',)),
    ("WEB bugs leaving aside the Highest priority ones", ['priority != "Highest"'], ('priority = "Highest"',)),
    # a day said as "the 15th of September"; "earlier this year" is this year
    ("WEB bugs due on the 3rd of December", ['duedate >= "2026/12/03', 'duedate < "2026/12/04'], ()),
    ("WEB bugs filed earlier this year", ['created >= "2026/01/01'], ("text ~",)),
    # a state once held: "were ever in", "spent some time in"
    ("OPS tickets closed since September that were ever in Blocked", ['status was "Blocked"'], ('status = "',)),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    assert call.name == ("count" if question.startswith(("how many", "count")) else "search"), call.name
    assert_clauses(call.jql or "", present, absent)
    assert call.slots.ignored == [], call.slots.ignored


@pytest.mark.parametrize(("question", "present", "absent"), DEMO_MORE, ids=[q for q, _, _ in DEMO_MORE])
def test_demo_wordings_read_whole(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    assert_clauses(call.jql or "", present, absent)


@pytest.mark.parametrize(("question", "present", "absent"), FLUID, ids=[q for q, _, _ in FLUID])
def test_fluid_wordings(fluid_parser: EmbeddedParser, question: str, present: list[str],
                        absent: tuple[str, ...]) -> None:
    call = one(fluid_parser, question)
    assert call.name == ("count" if question.startswith("how many") else "search"), call.name
    assert_clauses(call.jql or "", present, absent)


ORDERS = [
    ("open WEB bugs from newest to oldest", "created DESC"),
    ("open WEB bugs sorted oldest to newest", "created ASC"),
    ("open WEB bugs by creation date, newest first", "created DESC"),
    ("WEB bugs resolved this year, most recently resolved first", "resolutiondate DESC"),
    ("open WEB bugs in descending order of priority", "priority DESC"),
    ("open WEB bugs in priority order", "priority DESC"),
    ("open WEB bugs ordered by when they were last updated", "updated DESC"),
    ("open WEB bugs listed by due date, soonest first", "duedate ASC"),
    ("open WEB bugs by age", "created ASC"),
]


@pytest.mark.parametrize(("question", "order"), ORDERS, ids=[q for q, _ in ORDERS])
def test_an_order_said_in_other_words(question: str, order: str) -> None:
    call = one(PARSER, question)
    assert call.name == "search" and call.slots.order_by == order and call.slots.ignored == [], call


@pytest.mark.parametrize("question", COUNTS)
def test_a_number_asked_in_other_words_is_a_count(question: str) -> None:
    assert one(PARSER, question).name == "count"


@pytest.mark.parametrize("question", ["what changed in OPS this week", "recent activity on WEB bugs"])
def test_activity_asked_without_an_order_is_still_a_report(question: str) -> None:
    assert one(PARSER, question).name == "activity"


@pytest.mark.parametrize(("question", "name"), [
    ("count of priorities among open WEB bugs", "breakdown"),  # the field's values counted: a breakdown
    ("count of highest priority bugs in WEB", "count"),
])
def test_a_count_of_described_items_is_no_breakdown(question: str, name: str) -> None:
    assert one(PARSER, question).name == name


def test_a_key_shaped_word_that_no_option_or_project_has_is_still_refused() -> None:
    call = one(PARSER, "open bugs in ATLAS-3")
    assert call.name == "clarify" and "There is no project ATLAS" in (call.slots.reason or "")


def test_comments_mentioning_a_word_fetch_only_the_issues_jira_finds_it_in(fluid_parser: EmbeddedParser) -> None:
    call = one(fluid_parser, "INFRA comments mentioning jenkins")
    assert call.name == "comments" and call.slots.text == "jenkins"
    # "jenkinsfile" too, as the answer matches; the word itself too, as Jira stems what it indexes
    assert call.jql == 'project = "INFRA" AND (comment ~ "jenkins" OR comment ~ "jenkins*")', call.jql
    everything = one(fluid_parser, "latest comments on INFRA issues")  # no word: every INFRA issue's comments
    assert everything.jql == 'project = "INFRA"', everything.jql


@pytest.mark.parametrize(("question", "name", "jql"), [
    # the issues asked for, listed or counted, by what their comments mention
    ("Which INFRA issues have comments mentioning Jenkins?", "search", 'project = "INFRA" AND comment ~ "jenkins"'),
    ("how many DECA tickets have comments that mention scanner", "count", 'project = "DECA" AND comment ~ "scanner"'),
    # a component named Comments is a value, no comments asked about
    ("open bugs in the Comments component", "search",
     'issuetype = "Bug" AND component = "Comments" AND resolution is EMPTY'),
])
def test_issues_selected_by_their_comments_are_a_search(fluid_parser: EmbeddedParser, question: str, name: str,
                                                        jql: str) -> None:
    call = one(fluid_parser, question)
    assert (call.name, call.jql) == (name, jql)


def test_what_is_left_in_an_epic_named_with_a_description_is_its_open_children() -> None:
    call = one(PARSER, "what's left to resolve in the checkout revamp epic, WEB-4?")
    assert call.name == "search" and call.slots.parents == ["WEB-4"], call
    assert "resolution is EMPTY" in (call.jql or "") and "issuetype" not in (call.jql or ""), call.jql


def test_the_first_ranks_only_after_the(fluid_parser: EmbeddedParser) -> None:
    assert one(fluid_parser, "First Discovery tickets reported by Jonathan Hung").name == "search"
    assert one(PARSER, "what were the first bugs reported in WEB").name == "ranking"


@pytest.mark.parametrize(("then", "present", "absent"), [
    ("include the ones labelled performance too", ['labels in ("regression", "performance")'], ()),
    ("add the WEB ones as well", ['project in ("MOB", "WEB")'], ("text ~",)),
    ("only the ones labelled performance", ['labels = "performance"'], ("regression",)),  # the neighbour replaces
])
def test_a_follow_up_that_includes_more_values_adds_them(then: str, present: list[str],
                                                          absent: tuple[str, ...]) -> None:
    call = follow("open MOB bugs labelled regression", then)
    assert_clauses(call.jql or "", present, absent)


def test_a_state_after_the_summary_keyword_is_no_word_to_search() -> None:
    call = one(PARSER, "how many WEB bugs summary fixed")
    assert 'statusCategory = "done"' in (call.jql or "") and "summary ~" not in (call.jql or ""), call.jql
    assert call.slots.ignored == ["summary"]  # said as not used


def test_count_how_many_narrows_the_last_list() -> None:
    call = follow("open MOB tasks", "count how many are bugs")
    assert call.name == "count" and 'project = "MOB"' in (call.jql or ""), call.jql


def test_a_total_asked_with_more_values_counts_the_wider_set() -> None:
    call = follow("how many unresolved WEB bugs are there?", "what's the total if we include MOB as well?")
    assert call.name == "count" and 'project in ("WEB", "MOB")' in (call.jql or ""), call.jql
    assert "resolution is EMPTY" in (call.jql or "") and call.slots.ignored == [], call


def test_a_misspelt_field_in_typed_jql_is_read_as_the_one_field_it_is_close_to() -> None:
    call = one(PARSER, 'issuetype = Task AND asignee = "Samir Patel" AND resolution is EMPTY')
    assert call.name == "search" and f'assignee = "{SAMIR}"' in (call.jql or ""), call.jql
    assert "I read 'asignee' as the assignee field." in call.slots.assumed
    refused = one(PARSER, "project = WEB AND foo = 3")  # nothing close: refused, as before
    assert refused.name == "clarify" and "no field 'foo'" in (refused.slots.reason or "")


def test_a_part_that_only_led_up_to_the_request_goes() -> None:
    calls = PARSER.parse("I want to know what's still moving in MOB; show me MOB stories whose status category is "
                         "In Progress.").intents
    assert [c.name for c in calls] == ["search"] and 'issuetype = "Story"' in (calls[0].jql or ""), calls
    both = PARSER.parse("How many open WEB bugs are there? Which of them are assigned to Samir Patel?").intents
    assert [c.name for c in both] == ["count", "search"]  # the later part points back: two questions
