"""Long, chatty search requests and paraphrases in people's own words, over the demo organisation.

Written before reading the parser: requests with a preamble ("I'm putting together the release notes and
need…"), hedges, conditions stated at the end or as relative clauses, and everyday words for Jira's values
(defects, glitches, chores, "nobody picked up", "still hanging", "wrapped up", "kicked off", "parked"). Each
must become exactly the conditions it states: a preamble adds none, and a word naming a value the instance
lacks is named, never dropped or replaced by another value.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.intents.demo_lexicon import LEXICON, ORG

PARSER = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))
ACCOUNTS = {person.display_name: person.account_id for person in ORG.people}
CATEGORIES = {"to do": "new", "in progress": "indeterminate"}

REQUESTS = [
    ("I'm putting together the release notes and need every Mobile Apps bug that was resolved in October.",
     'project = MOB AND issuetype = Bug AND resolved >= "2026/10/01" AND resolved < "2026/11/01"'),
    # "yet": work still waiting for someone, so still open
    ('my manager asked me for a list of the Operations chores nobody picked up yet',
     'project = OPS AND issuetype = Task AND assignee is EMPTY AND resolution is EMPTY'),
    ('quick one: which Web Storefront defects are still hanging?',
     'project = WEB AND issuetype = Bug AND resolution is EMPTY'),
    ("for tomorrow's triage, pull every Highest priority problem in Data Platform that isn't resolved",
     'project = DATA AND issuetype = Bug AND priority = Highest AND resolution is EMPTY'),
    ('I think we may have a few glitches in Billing that are still open? could you check',
     'component = Billing AND issuetype = Bug AND resolution is EMPTY'),
    ('Could you show me the stories in Core Platform, just the ones that are blocked',
     'project = PROJ AND issuetype = Story AND status = Blocked'),
    ('Not sure this is the right place to ask, but I need the tasks in Operations that were created in the last 14 '
     'days',
     'project = OPS AND issuetype = Task AND created >= -14d'),
    ("anything in Core Platform that Pedro Patel is working on and that isn't done yet",
     'project = PROJ AND assignee = Pedro Patel AND resolution is EMPTY AND statusCategory != "done"'),
    ('stuff labelled tech-debt that nobody has picked up',
     'labels = tech-debt AND assignee is EMPTY'),
    ('things in Web Storefront that were wrapped up in the last 7 days',
     'project = WEB AND resolved >= -7d'),
    ("Which Data Platform epics have been kicked off but aren't finished?",
     'project = DATA AND issuetype = Epic AND statusCategory = "In Progress"'),
    ("I'm preparing the triage meeting and need every open bug in Operations",
     'project = OPS AND issuetype = Bug AND resolution is EMPTY'),
    ('For the release notes I need all the Portfolio features that are done',
     'project = INIT AND issuetype = Feature AND status = Done'),
    ('Can you list the bugs in Operations? Only the unassigned ones, though.',
     'project = OPS AND issuetype = Bug AND assignee is EMPTY'),
    ("Sorry to bother you again - what's still hanging in Mobile Apps?",
     'project = MOB AND resolution is EMPTY'),
    ("Before the steering meeting I'd like to see the problems in Core Platform that are in review",
     'project = PROJ AND issuetype = Bug AND status = "In Review"'),
    ('our team lead wants the defects with the performance label that are still unresolved',
     'labels = performance AND issuetype = Bug AND resolution is EMPTY'),
    ("hey, quick question: how many bugs did we close as won't do in Data Platform?",
     'project = DATA AND issuetype = Bug AND resolution = "Won\'t Do"'),
    ('Could you pull up the Operations stuff that is blocked at the moment?',
     'project = OPS AND status = Blocked'),
    ('Is there anything in Web Storefront that nobody has picked up yet?',
     'project = WEB AND assignee is EMPTY AND resolution is EMPTY'),
    ('I need to chase people: which Core Platform tasks are still in progress?',
     'project = PROJ AND issuetype = Task AND status = "In Progress"'),
    ("We're cleaning up the backlog. Show me the Highest priority glitches that are still hanging.",
     'issuetype = Bug AND priority = Highest AND resolution is EMPTY'),
    ('When you get a chance, list the Mobile Apps stories that got wrapped up in September',
     'project = MOB AND issuetype = Story AND resolved >= "2026/09/01" AND resolved < "2026/10/01"'),
    ('I was asked for the Data Platform bugs reported by Ines Nguyen',
     'project = DATA AND issuetype = Bug AND reporter = Ines Nguyen'),
    ('For the audit, pull everything labelled compliance that is still open',
     'labels = compliance AND resolution is EMPTY'),
    ("just checking - are there any Operations problems with Highest priority that haven't been resolved?",
     'project = OPS AND issuetype = Bug AND priority = Highest AND resolution is EMPTY'),
    ('my boss wants to know which Web Storefront bugs Ines Garcia is sitting on',
     'project = WEB AND issuetype = Bug AND assignee = Ines Garcia'),
    ('Let me know which Core Platform risks are still open, if there are any',
     'project = PROJ AND issuetype = Risk AND resolution is EMPTY'),
    ('Could you find the quick-win tickets in Core Platform that are not done yet?',
     'labels = quick-win AND project = PROJ AND statusCategory != "done"'),
    ('The customer is asking again. Which customer-reported defects are still unresolved?',
     'labels = customer-reported AND issuetype = Bug AND resolution is EMPTY'),
    ('Planning next week: which Data Platform stories have not been started?',
     'project = DATA AND issuetype = Story AND statusCategory = "To Do"'),
    ('Before I forget, what did Farid Patel report in Core Platform?',
     'project = PROJ AND reporter = Farid Patel'),
    ('for the retro, every Operations bug that was created in October',
     'project = OPS AND issuetype = Bug AND created >= "2026/10/01" AND created < "2026/11/01"'),
    ('I need a list of the sub-tasks in Data Platform that are still hanging around',
     'project = DATA AND issuetype = Sub-task AND resolution is EMPTY'),
    ('Just so I have it: the Web Storefront items in progress, please.',
     'project = WEB AND status = "In Progress"'),
    ('could you get me the bugs in Web Storefront, the ones that are Highest priority and unresolved',
     'project = WEB AND issuetype = Bug AND priority = Highest AND resolution is EMPTY'),
    ('Show the Data Platform issues that are in review, assigned to Carla Novak',
     'project = DATA AND status = "In Review" AND assignee = Carla Novak'),
    ('all the asks in Operations that are still open',
     'project = OPS AND resolution is EMPTY'),
    ("I'm writing the monthly report: Core Platform problems wrapped up in October",
     'project = PROJ AND issuetype = Bug AND resolved >= "2026/10/01" AND resolved < "2026/11/01"'),
    ('we need the tickets in Data Platform that have no assignee and are still open',
     'project = DATA AND assignee is EMPTY AND resolution is EMPTY'),
    ('what work in Mobile Apps has been kicked off and is still going?',
     'project = MOB AND statusCategory = "In Progress"'),
    ('Please find the Operations defects which nobody picked up',
     'project = OPS AND issuetype = Bug AND assignee is EMPTY'),
    ('Can I get the Core Platform tickets with the security label, the ones not finished yet?',
     'project = PROJ AND labels = security AND resolution is EMPTY'),
    ('the security team asked for all Highest priority bugs in Web Storefront',
     'project = WEB AND issuetype = Bug AND priority = Highest'),
    ("I'd love a list of the things Dmitri Sato is working on in Operations",
     'project = OPS AND assignee = Dmitri Sato AND resolution is EMPTY'),
    ('At the stand-up someone asked about the Data Platform glitches that are blocked',
     'project = DATA AND issuetype = Bug AND status = Blocked'),
    ('When you have a minute: Web Storefront stories that are still open',
     'project = WEB AND issuetype = Story AND resolution is EMPTY'),
    ('Give me the Core Platform chores that are still in To Do',
     'project = PROJ AND issuetype = Task AND status = "To Do"'),
    ("my manager asked me for the defects in Mobile Apps that we couldn't reproduce",
     'project = MOB AND issuetype = Bug AND resolution = "Cannot Reproduce"'),
    ('For the quarterly review I need the Operations bugs resolved since the start of October',
     'project = OPS AND issuetype = Bug AND resolved >= "2026/10/01"'),
    ('we are going through old issues: Data Platform stories created before 2025',
     'project = DATA AND issuetype = Story AND created < "2025/01/01"'),
    ("I'm helping Uma out - which Core Platform tickets assigned to Uma Achebe are still open?",
     'project = PROJ AND assignee = Uma Achebe AND resolution is EMPTY'),
    ('Everything labelled quick-win that is still hanging, please',
     'labels = quick-win AND resolution is EMPTY'),
    ('which problems in the Ingestion component are still open?',
     'component = Ingestion AND issuetype = Bug AND resolution is EMPTY'),
    ('hey, can you show me Operations tickets that are in progress and unassigned',
     'project = OPS AND status = "In Progress" AND assignee is EMPTY'),
    ("we dropped a few Web Storefront items as won't do - which ones?",
     'project = WEB AND resolution = "Won\'t Do"'),
    ('I think there are Portfolio initiatives still in review, could you list them?',
     'project = INIT AND issuetype = Initiative AND status = "In Review"'),
    ('things in Core Platform that are not bugs and still unresolved',
     'project = PROJ AND issuetype != Bug AND resolution is EMPTY'),
    ("Could you list anything in Data Platform that's blocked or in review?",
     'project = DATA AND status in (Blocked, "In Review")'),
    ("I'm new here, so apologies if this is obvious: what are the open Mobile Apps tasks?",
     'project = MOB AND issuetype = Task AND resolution is EMPTY'),
    ('Operations bugs with Highest priority, for the incident review tomorrow',
     'project = OPS AND issuetype = Bug AND priority = Highest'),
    ('Before the planning session: which Core Platform stories are kicked off but not wrapped up yet?',
     'project = PROJ AND issuetype = Story AND statusCategory = "In Progress" AND resolution is EMPTY'),
]


def _conditions(jql: str) -> set[str]:
    """The top-level conditions of `jql`, spelt one way: no quotes, lower case, people by account id, list
    values sorted, midnight dropped from dates and status categories by key. A done category beside a resolved
    date says nothing more (Jira clears the resolution date when an issue is reopened), so it is left out."""
    jql = jql.replace('"', "")
    for name, account in ACCOUNTS.items():
        jql = re.sub(rf"(=|!=) {name}\b", rf"\1 {account}", jql)
    found = set()
    for part in re.split(r"\s+AND\s+", jql):
        part = " ".join(part.lower().split()).replace("resolution = unresolved", "resolution is empty")
        part = part.replace("resolutiondate", "resolved")
        part = re.sub(r"(\d{4})[-/](\d\d)[-/](\d\d)(?: 00:00)?", r"\1/\2/\3", part)
        part = re.sub(r"\(([^)]*)\)", lambda m: "(" + ", ".join(sorted(v.strip() for v in m[1].split(","))) + ")", part)
        category = re.fullmatch(r"statuscategory = (.+)", part)
        found.add(f"statuscategory = {CATEGORIES.get(category[1], category[1])}" if category else part)
    if any(part.startswith("resolved ") for part in found):
        found.discard("statuscategory = done")
    return found


@pytest.mark.parametrize(("question", "expected"), REQUESTS)
def test_a_chatty_request_becomes_exactly_the_conditions_it_states(question: str, expected: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert intent.name in {"search", "count"}, (intent.name, intent.jql)
    assert _conditions(intent.jql or "") == _conditions(expected), intent.jql


def test_the_normalised_conditions_ignore_quotes_order_and_spelling_of_people() -> None:
    assert _conditions('priority in (High, Highest) AND assignee = "Ana Patel"') == _conditions(
        f'assignee = {ACCOUNTS["Ana Patel"]} AND priority in ("Highest", "High")')


@pytest.mark.parametrize("question", [
    "heads up, I need the Web Storefront enhancements that are still open",
    "my manager asked which Operations enhancements nobody picked up",
    "Quick one: any enhancements in Core Platform that are still hanging?",
])
def test_a_kind_of_issue_the_instance_lacks_is_named_not_replaced(question: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert intent.name == "clarify" or any("enhancement" in word for word in intent.slots.ignored), intent
    assert "issuetype" not in (intent.jql or ""), intent.jql


def _only(question: str):
    (intent,) = PARSER.parse(question).intents
    return intent


@pytest.mark.parametrize(("question", "stated"), [
    ("Can you show me the Data Platform stories? Only the blocked ones, please.", 'status = "Blocked"'),
    ("List the Web Storefront bugs. Just the ones nobody owns.", "assignee is EMPTY"),
    ("which Operations tasks are there? not the done ones", 'statusCategory != "done"'),
])
def test_a_sentence_that_only_narrows_the_request_is_one_of_its_conditions(question: str, stated: str) -> None:
    assert stated in (_only(question).jql or "")


def test_a_statement_asked_as_a_question_is_the_request_not_its_story() -> None:
    jql = _only("I suspect there are a few defects in Payments still open? would you check").jql or ""
    assert 'component = "Payments"' in jql and "resolution is EMPTY" in jql, jql


@pytest.mark.parametrize(("question", "aside"), [
    ("the security team asked for all open bugs in Web Storefront", "security"),
    ("For the performance review I need the Operations bugs resolved in October", "performance"),
    ("our compliance folks want every Core Platform story that is blocked, for the compliance audit", "compliance"),
])
def test_why_or_for_whom_it_is_asked_selects_nothing_and_is_named(question: str, aside: str) -> None:
    intent = _only(question)
    assert aside not in (intent.jql or "").lower() and aside in intent.slots.ignored, (intent.jql, intent.slots)


@pytest.mark.parametrize("question", [
    "For the OPS retro, which bugs are still open?",
    "for the Operations retrospective I need the open bugs",
    "ahead of our Operations planning meeting: open bugs please",
])
def test_the_one_project_an_aside_names_is_where_the_issues_are(question: str) -> None:
    # the occasion selects nothing, but the project it belongs to is the request's scope (no request over every project)
    intent = _only(question)
    assert _conditions(intent.jql or "") == _conditions("project = OPS AND issuetype = Bug AND resolution is EMPTY")
    assert not {"ops", "operations"} & set(intent.slots.ignored), intent.slots.ignored


@pytest.mark.parametrize(("question", "kept"), [
    ("what does Elena Rossi have waiting for review?", 'status = "In Review"'),
    ("For Elena Rossi's review, how many bugs did she report in 2025?", "reporter ="),
])
def test_an_occasion_needs_a_determiner_and_its_owner_still_counts(question: str, kept: str) -> None:
    assert kept in (_only(question).jql or "")


@pytest.mark.parametrize("question", [
    "pull every high priority bug in Mobile Apps",
    "could you get each Highest priority story in Operations",
])
def test_a_value_between_every_and_its_field_selects_issues_rather_than_groups_them(question: str) -> None:
    assert _only(question).name == "search"


def test_release_notes_name_no_release() -> None:
    assert _only("I'm drafting the release notes: which Web Storefront stories are done?").name == "search"


@pytest.mark.parametrize("question", [
    "Do we have stories in Core Platform that are parked?",
    "quick one: which Web Storefront bugs got parked?",
])
def test_parked_on_hold_or_deferred_is_named_not_guessed(question: str) -> None:
    intent = _only(question)
    assert "parked" in intent.slots.ignored and "status" not in (intent.jql or ""), intent.jql


@pytest.mark.parametrize("question", [
    "how many Web Storefront bugs were dropped as won't do without ever being assigned to anyone?",
    "Data Platform stories that were never assigned",
    "which Operations tasks got closed while nobody owned them?",
])
def test_never_assigned_said_in_passing_is_no_assignee(question: str) -> None:
    assert "assignee is EMPTY" in (_only(question).jql or "")


def test_never_assigned_to_a_sprint_is_about_the_sprint() -> None:
    jql = _only("Operations bugs that were never assigned to a sprint").jql or ""
    assert "sprint is EMPTY" in jql and "assignee" not in jql, jql


@pytest.mark.parametrize(("question", "excluded"), [
    ("which open Web Storefront items are neither stories nor bugs?", 'issuetype not in ("Story", "Bug")'),
    ("Data Platform work that is neither blocked nor in review", 'status not in ("Blocked", "In Review")'),
])
def test_neither_nor_excludes_both(question: str, excluded: str) -> None:
    assert excluded in (_only(question).jql or "")


@pytest.mark.parametrize("question", [
    "what's currently being worked on in Mobile Apps?",
    "what is Elena Rossi actively working on in Operations?",
])
def test_being_worked_on_is_the_in_progress_category_not_one_status(question: str) -> None:
    jql = _only(question).jql or ""
    assert 'statusCategory = "indeterminate"' in jql and "status =" not in jql, jql


@pytest.mark.parametrize("question", [
    "what have I got open in Operations?",
    "have I got anything open in Mobile Apps?",
])
def test_what_have_i_got_is_the_askers_work(question: str) -> None:
    assert "assignee = currentUser()" in (_only(question).jql or "")


def test_ive_got_about_the_askers_week_is_no_condition() -> None:
    assert "currentUser" not in (_only("I've got a packed week: which Operations bugs are open?").jql or "")


def test_a_preposition_beside_a_word_it_could_not_use_is_no_search_text() -> None:
    assert "text ~" not in (_only("duplicates among the Web Storefront bugs").jql or "")


def test_waiting_on_review_is_the_review_status() -> None:
    assert 'status = "In Review"' in (_only("which Operations issues are waiting on review?").jql or "")


@pytest.mark.parametrize("question", [
    "open Payments defects logged by people other than Elena Rossi",
    "Operations bugs opened by anyone except Farid Patel",
])
def test_a_reporter_excluded_after_a_verb_is_no_breakdown_and_uses_the_verb(question: str) -> None:
    intent = _only(question)
    assert intent.name == "search" and "reporter !=" in (intent.jql or ""), intent.jql
    assert not {"logged", "opened"} & set(intent.slots.ignored), intent.slots.ignored


@pytest.mark.parametrize(("question", "name"), [
    ("Quick one: how many bugs were filed in July? I'd like to see the list.", "search"),
    ("how many Operations bugs are open? Could you list them", "search"),
    ("How many Operations bugs are open? Just the number is fine.", "count"),
])
def test_a_count_asked_to_be_seen_as_a_list_is_a_search(question: str, name: str) -> None:
    assert [i.name for i in PARSER.parse(question).intents] == [name]


@pytest.mark.parametrize(("question", "wanted"), [
    ("If it's not too much trouble, which Data Platform bugs were created this month?", 'project = "DATA"'),
    ("Not urgent, but could you find the Mobile Apps tasks nobody picked up?", 'project = "MOB"'),
    ("I'm not sure if this is the right place, but which Operations bugs are open?", 'project = "OPS"'),
])
def test_a_negation_inside_a_hedge_negates_nothing(question: str, wanted: str) -> None:
    jql = _only(question).jql or ""
    assert wanted in jql and "!=" not in jql and "priority" not in jql, jql


@pytest.mark.parametrize("question", [
    "Data Platform items whose deadline already passed",
    "Operations tasks whose due date has passed",
])
def test_a_passed_deadline_is_overdue(question: str) -> None:
    jql = _only(question).jql or ""
    assert "duedate <" in jql and "resolution is EMPTY" in jql, jql


@pytest.mark.parametrize(("question", "stated"), [
    ("anything in the Checkout area that's still broken", "resolution is EMPTY"),
    ("Web Storefront defects we gave up on", "resolution = \"Won't Do\""),
    ("abandoned Core Platform stories", "resolution = \"Won't Do\""),
])
def test_everyday_words_for_resolutions(question: str, stated: str) -> None:
    assert stated in (_only(question).jql or "")


def test_a_level_said_before_priority_leaves_the_name_after_it_alone() -> None:
    assert _only("High priority Core Platform bugs that are open").name == "search"


# --- background sentences around the request (a story, a remark after it, a restatement) ---------------------------

@pytest.mark.parametrize(("question", "absent"), [
    # a lead clause before a colon is story, even with "I want" in it
    ("The weekly numbers looked odd and I want to back them up with data for the board: how many Operations bugs are "
     "still open?", '"DATA"'),
    ("My director keeps pinging me about the backlog, so before I reply to her again: which Web Storefront bugs are "
     "unresolved?", "clarify"),
    # "the mailing list" in a story does not ask
    ("Someone on the mailing list said Billing is a mess this week. Which Mobile Apps bugs are still open?", "Billing"),
])
def test_a_story_before_a_colon_or_mentioning_a_list_names_no_condition(question: str, absent: str) -> None:
    intent = _only(question)
    assert intent.name != "clarify" and absent not in (intent.jql or ""), (intent.name, intent.jql, intent.slots.reason)
    assert "resolution is EMPTY" in (intent.jql or ""), intent.jql


@pytest.mark.parametrize(("question", "asked"), [
    ("Could you list the Operations bugs that are still open? Doesn't matter how old they are.",
     ['project = "OPS"', "resolution is EMPTY"]),
    ("Which Data Platform bugs are unassigned? Everything older can probably be closed.",
     ['project = "DATA"', "assignee is EMPTY"]),
    ("Show me the Mobile Apps tasks in review? That was when the redesign really kicked off, I think.",
     ['project = "MOB"', 'status = "In Review"']),
    ("Which Data Platform bugs are unassigned? I want to know what nobody is looking at yet.",
     ['project = "DATA"', "assignee is EMPTY"]),
])
def test_a_remark_after_the_request_asks_nothing(question: str, asked: list[str]) -> None:
    (intent,) = PARSER.parse(question).intents
    jql = intent.jql or ""
    assert intent.name == "search" and "statusCategory" not in jql and all(c in jql for c in asked), jql
    assert "created" not in jql and "resolution =" not in jql, jql  # "how old", "closed" in the remark add nothing


@pytest.mark.parametrize(("question", "wanted"), [
    ("Divya is off this week. What is assigned to Divya Dubois that's in review? Not her to-do pile, just the review "
     "queue.", 'status = "In Review"'),
    ("We need a clean list for the audit. Could you pull up the Operations tasks closed as Won't Do? Just those, not "
     "the ones that got done.", "resolution = \"Won't Do\""),
])
def test_a_contrast_beside_the_state_asked_for_only_restates_it(question: str, wanted: str) -> None:
    jql = _only(question).jql or ""
    assert wanted in jql and "!=" not in jql and "To Do" not in jql and "statusCategory" not in jql, jql


def test_a_contrast_beside_no_state_still_narrows() -> None:
    jql = _only("Can you list the Operations bugs? Only the unassigned ones, not the blocked ones.").jql or ""
    assert "assignee is EMPTY" in jql and 'status != "Blocked"' in jql, jql


def test_a_restating_part_is_no_second_request() -> None:
    question = ("My lead wants contributor numbers for the year. How many bugs did Farid Patel report in 2025? Count "
                "everything he reported, any status.")
    (intent,) = PARSER.parse(question).intents
    assert intent.name == "count" and "reporter =" in (intent.jql or "") and "2025" in (intent.jql or ""), intent.jql


@pytest.mark.parametrize("question", [
    "Uma Achebe told me at lunch that other people end up fixing her reports. How many Operations bugs did Uma "
    "report that are assigned to somebody other than her?",
    "How many Operations bugs did Uma Achebe report that are assigned to someone other than her?",
])
def test_a_pronoun_beside_the_person_it_names_is_that_person(question: str) -> None:
    jql = _only(question).jql or ""
    uma = ACCOUNTS["Uma Achebe"]
    assert f'reporter = "{uma}"' in jql and f'assignee != "{uma}"' in jql, jql


def test_that_project_is_the_one_project_of_the_story_and_its_week_no_condition() -> None:
    jql = _only("The Operations team got two new people this week, and I'd like to give them something real. Which "
                "bugs in that project have no assignee? Doesn't matter how old they are.").jql or ""
    assert _conditions(jql) == _conditions("project = OPS AND issuetype = Bug AND assignee is EMPTY"), jql


def test_a_story_naming_the_key_the_request_names_again_is_still_story() -> None:
    jql = _only("PROJ-12 came up at the review and people kept mentioning blocked tickets. Before the follow-up, list "
                "the issues linked to PROJ-12 that are still open, would you?").jql or ""
    assert "linkedIssues" in jql and "text ~" not in jql and "Blocked" not in jql, jql


def test_a_sentence_that_wants_gives_way_to_the_one_that_asks() -> None:
    jql = _only("Ana says she carries the Data Platform bug load alone and I want to check that before I rebalance. "
                "How many open bugs in Operations are assigned to someone other than Ana Patel?").jql or ""
    assert "DATA" not in jql and f'assignee != "{ACCOUNTS["Ana Patel"]}"' in jql and "assignee =" not in jql, jql


def test_a_part_adding_to_the_request_is_no_remark() -> None:
    assert [i.name for i in PARSER.parse("What blocks PROJ-12? Its children too, if you can.").intents] == [
        "linked", "children"]


def test_a_restriction_naming_its_state_before_ones_narrows_the_request() -> None:
    jql = _only("How many bugs are in Operations? Open ones only, created this year.").jql or ""
    assert "resolution is EMPTY" in jql and 'created >= "2026/01/01' in jql, jql


@pytest.mark.parametrize("question", [
    "The Operations board has lots of tickets that were never closed properly. Which stories are in review there?",
    "Operations keeps a messy board and nothing there ever gets closed. Can you list the stories in review over there?",
])
def test_there_is_the_one_project_of_the_story_and_its_state_words_no_condition(question: str) -> None:
    jql = _only(question).jql or ""
    assert _conditions(jql) == _conditions('project = OPS AND issuetype = Story AND status = "In Review"'), jql


@pytest.mark.parametrize(("question", "absent", "project"), [
    ("Since the Billing review is tomorrow, can you pull up the Operations tickets closed as Won't Do?", "Billing",
     "OPS"),
    ("I want to back my complaint up with data, so how many Operations bugs were opened in the last 30 days?",
     '"DATA"', "OPS"),
    ("Because the Mobile Apps demo is next week, which Web Storefront bugs are still open?", '"MOB"', "WEB"),
])
def test_a_clause_telling_why_before_the_request_names_no_condition(question: str, absent: str, project: str) -> None:
    jql = _only(question).jql or ""
    assert absent not in jql and jql.count("project") == 1 and f'project = "{project}"' in jql, jql


def test_since_a_date_before_the_request_is_still_its_condition() -> None:
    assert 'created >= "2026/10/01' in (_only("Since October, which Operations bugs were created?").jql or "")


def test_its_is_the_one_sprint_the_story_names_and_its_state_words_no_condition() -> None:
    intent = _only("DATA Sprint 22 was closed yesterday and I owe everyone a summary. Which of its stories are still "
                   "open?")
    jql = intent.jql or ""
    (sprint,) = [s.id for s in ORG.projects["DATA"].sprints if s.name == "DATA Sprint 22"]
    assert f'sprint = "{sprint}"' in jql and "statusCategory" not in jql and "created" not in jql, jql
    assert "resolution is EMPTY" in jql and 'issuetype = "Story"' in jql, jql
