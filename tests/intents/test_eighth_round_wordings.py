"""The mechanisms the eighth round's tuning pool (tune23) showed missing, each in wordings of its own: a range said
from the start of a month or to the end of a year, or between two dates with "to"; levels excluded as a list ("not
Low or Lowest"); nobody given the work, or its emptiness excluded ("leaving out the unassigned ones"); the reporter
who went on to own the issue; an order said as keywords sort ("sort updated desc", "oldest created first"); an outcome
recorded or never filled in; a blocker said from the blocking side; a negation with "haven't"; a plan said after the
request ("We'll reassign those first."); a role said after the name ("where Quinn is the reporter"); a link said
as needing other work first or as a copy; a typed history period. Each has a near neighbour that keeps its old
reading."""

from __future__ import annotations

import re

import pytest

from tests.intents.test_everyday_conditions import ACCOUNT, PARSER, one
from tests.intents.test_follow_ups import follow
from tests.intents.test_sixth_round_wordings import assert_clauses

SAMIR, QUINN = ACCOUNT["Samir Patel"], ACCOUNT["Quinn Kowalski"]

DEMO = [
    # ranges: from the start of a month, to the end of a year, two dates joined by "to"
    ("OPS bugs raised from the start of August through September 15 2026",
     ['created >= "2026/08/01', 'created < "2026/09/16'], ('created >= "2026/01/01',)),
    ("MOB tasks created from the beginning of March to the end of 2025",
     ['created >= "2025/03/01', 'created < "2026/01/01'], ()),
    ("WEB stories created 2026-02-01 to 2026-03-15", ['created >= "2026/02/01', 'created < "2026/03/16'], ()),
    ("OPS bugs from 1 march to 15 april 2026", ['created >= "2026/03/01', 'created < "2026/04/16'], ()),
    # levels excluded as a list, or the lowest level excluded; the least important still wanted
    ("open DATA tasks not Low or Lowest priority", ['priority not in ("Low", "Lowest")'], ('priority = "Lowest"',)),
    ("open DATA tasks excluding anything with Low or Lowest priority", ['priority not in ("Low", "Lowest")'], ()),
    ("open DATA tasks, nothing marked Low or Lowest", ['priority not in ("Low", "Lowest")'], ()),
    ("not lowest priority MOB bugs", ['priority != "Lowest"', 'project = "MOB"', 'issuetype = "Bug"'], ("!= \"MOB",)),
    ("MOB bugs that aren't the least important", ['priority != "Lowest"'], ()),
    ("the least important MOB bugs", ['priority = "Lowest"'], ()),
    # nobody given the work; its emptiness excluded; the neighbour given to a person
    ("WEB bugs that haven't been given to anyone", ["assignee is EMPTY"], ()),
    ("MOB tickets that don't have anyone responsible for them", ["assignee is EMPTY"], ()),
    ("open MOB bugs, leaving out the unassigned ones", ["assignee is not EMPTY"], ("assignee is EMPTY",)),
    ("open OPS tasks, excluding the ones without a fix version", ["fixVersion is not EMPTY"], ("fixVersion is EMPTY",)),
    ("MOB bugs given to Samir Patel", [f'assignee = "{SAMIR}"'], ()),
    # a negation said with "haven't"
    ("OPS tasks that haven't been assigned to Samir Patel", [f'assignee != "{SAMIR}"'], ()),
    ("MOB bugs that haven't been closed", ["resolution is EMPTY"], ()),
    ("what hasn't been started yet in MOB", ['project = "MOB"', 'statusCategory = "new"'], ('project != "MOB"',)),
    # the reporter who went on to own the issue; two people in two roles stay two
    ("OPS tasks Samir Patel filed and also ended up owning himself",
     [f'assignee = "{SAMIR}"', f'reporter = "{SAMIR}"'], ()),
    ("how many MOB items did Quinn Kowalski both report and get assigned",
     [f'assignee = "{QUINN}"', f'reporter = "{QUINN}"'], ("assignee is not EMPTY",)),
    ("MOB bugs reported by Samir Patel and assigned to Quinn Kowalski",
     [f'assignee = "{QUINN}"', f'reporter = "{SAMIR}"'], (f'assignee = "{SAMIR}"',)),
    ("MOB bugs Samir Patel reported and that are assigned", [f'reporter = "{SAMIR}"', "assignee is not EMPTY"], ()),
    # a span said bare after its date word, as keywords say it: the last so many days; "within" stays a duration
    ("kubernetes unresolved updated 30d", ["updated >= -30d"], ()),
    ("MOB bugs created 7d", ["created >= -7d"], ()),
    ("MOB bugs not updated 30d", ["updated < -30d"], ()),
    # orders said as keywords sort them
    ("samir patel open bugs sort updated desc", ["ORDER BY updated DESC"], ("text ~",)),
    ("MOB bugs, oldest created first", ["ORDER BY created ASC"], ("text ~",)),
    ("MOB bugs earliest due first", ["ORDER BY duedate ASC"], ()),
    ("MOB bugs sorted priority asc", ["ORDER BY priority ASC"], ()),
    # an outcome recorded, or never filled in
    ("Which OPS tickets still say To Do even though someone already recorded an outcome for them?",
     ['status = "To Do"', "resolution is not EMPTY"], ()),
    ("Show me MOB items in the Done state where the final outcome was never filled in.",
     ['status = "Done"', "resolution is EMPTY"], ()),
    # a blocker said from the blocking side; the issues that block others keep their reading
    ("unresolved MOB items that another ticket is recorded as blocking", ['issueLinkType = "is blocked by"'], ()),
    ("MOB bugs that some other ticket blocks", ['issueLinkType = "is blocked by"'], ()),
    ("MOB bugs blocking other work", ['issueLinkType = "blocks"'], ()),
    ("what's the total of WEB bugs resolved in September 2026?", ['resolutiondate < "2026/10/01'], ()),
    # a resolution date says the issues were resolved: no Done category besides; a state said alone stays
    ("MOB bugs resolved in September 2026", ['resolutiondate >= "2026/09/01'], ("statusCategory",)),
    ("MOB bugs that are done", ['status = "Done"'], ()),
    ("MOB bugs completed during 2025", ['statusCategory = "done"', 'resolutiondate >= "2025/01/01'], ()),
    ("MOB stories on Samir Patel's plate that were resolved from 1 January 2026 onwards",
     [f'assignee = "{SAMIR}"', 'resolutiondate >= "2026/01/01'], ("resolution is EMPTY",)),
    # a role said after the name
    ("count MOB bugs created since January 1st where Quinn Kowalski is the reporter",
     [f'reporter = "{QUINN}"'], (f'assignee = "{QUINN}"',)),
    ("MOB bugs where Samir Patel is the assignee", [f'assignee = "{SAMIR}"'], ()),
    # a link said as needing other work first, or as a copy of another ticket; a link named with "issue link"
    ("unresolved MOB items needing some other piece of work before they can go ahead",
     ['issueLinkType = "is blocked by"'], ()),
    ("MOB bugs linked to another ticket as being a duplicate of it", ['issueLinkType = "duplicates"'], ()),
    ("MOB bugs that have a duplicates issue link", ['issueLinkType = "duplicates"'], ("resolution",)),
    ("MOB bugs that have a 'duplicates' issue link", ['issueLinkType = "duplicates"'], ("text ~",)),
    # the last bit of activity: when the issues were last updated
    ("unresolved MOB items whose last bit of activity happened before 2025", ['updated < "2025/01/01'], ()),
    # what the asker is comparing is no question of its own
    ("I'm comparing how many bugs came in each month. How many MOB bugs were created in March 2026?",
     ['created >= "2026/03/01'], ()),
    # what the asker will do with the answer is no request of its own
    ("Which MOB bugs assigned to Samir Patel are still unresolved? We'll reassign those first.",
     [f'assignee = "{SAMIR}"'], ("text ~",)),
]


@pytest.mark.parametrize(("question", "present", "absent"), DEMO, ids=[q for q, _, _ in DEMO])
def test_demo_wordings(question: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = one(PARSER, question)
    asked = question.split(". ")[-1]
    assert call.name == ("count" if re.search(r"how many|the total of|^count", asked, re.I) else "search"), call.name
    assert_clauses(call.jql or "", present, absent)


@pytest.mark.parametrize(("then", "present", "absent"), [
    ("sort them oldest created first", ["ORDER BY created ASC"], ("text ~",)),
    ("leave out the unassigned ones", ["assignee is not EMPTY"], ("assignee is EMPTY",)),
    ("only the unassigned ones", ["assignee is EMPTY"], ()),
])
def test_follow_ups(then: str, present: list[str], absent: tuple[str, ...]) -> None:
    call = follow("open MOB bugs", then)
    assert 'project = "MOB"' in (call.jql or "")
    assert_clauses(call.jql or "", present, absent)


def test_a_history_period_typed_as_jql_is_jql() -> None:
    call = one(PARSER, 'how many: status changed to Done by "Samir Patel" during ("2026-10-01", "2026-11-01")')
    assert call.name == "count" and call.jql == 'status CHANGED TO "Done" BY "Samir Patel" DURING ("2026-10-01", ' \
                                                '"2026-11-01")', call.jql


@pytest.mark.parametrize(("question", "names"), [
    ("how many issues in DATA Sprint 50 are done?", ["count"]),  # a count of the sprint's issues in that state
    ("how is DATA Sprint 50 going", ["sprint"]),  # its report
    ("how many tickets were completed in DATA Sprint 51, and how many were in it overall?", ["sprint"]),
])
def test_a_state_counted_in_a_sprint_is_a_count(question: str, names: list[str]) -> None:
    assert [call.name for call in PARSER.parse(question).intents] == names


@pytest.mark.parametrize("question", ["total unresolved MOB bugs", "MOB unresolved bugs total",
                                      "tally of unresolved MOB bugs", "give me the figure for unresolved MOB bugs"])
def test_a_total_said_in_other_words_is_a_count(question: str) -> None:
    call = one(PARSER, question)
    assert call.name == "count" and call.slots.ignored == [], call
