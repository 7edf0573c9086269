"""People in their roles and the negations around them, in wordings of our own over the demo organisation:
"someone else" is other than the person the question names, a value both required and excluded is excluded,
and a contracted "don't have" negates what follows."""

from __future__ import annotations

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState
from tests.intents.demo_lexicon import LEXICON, ORG
from tests.intents.test_search_conditions import NOW

PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)
CARLA = next(p.account_id for p in ORG.people if p.display_name == "Carla Souza")


def read(question: str) -> tuple[str, list[str]]:
    (intent,) = PARSER.parse(question).intents
    return intent.jql or "", intent.slots.ignored


@pytest.mark.parametrize("question", [
    "Data Platform bugs logged by Carla Souza that are now with somebody else",
    "how many Data Platform tasks did Carla Souza open that another person is handling?",
    "which Data Platform stories that Carla Souza created has somebody else picked up?",
    "Data Platform bugs Carla Souza submitted which someone else now owns",
    "count the Data Platform bugs Carla Souza raised that are assigned to anybody other than her",
    "did Carla Souza file Data Platform tasks that are owned by someone besides her?",
])
def test_someone_else_is_other_than_the_person_named(question: str) -> None:
    jql, ignored = read(question)
    assert f'reporter = "{CARLA}"' in jql and f'assignee != "{CARLA}"' in jql, jql
    assert "currentUser()" not in jql and f'assignee = "{CARLA}"' not in jql and ignored == [], (jql, ignored)


@pytest.mark.parametrize("question", ["Data Platform bugs that somebody else has picked up",
                                      "Data Platform tasks I created that are with someone else now"])
def test_someone_else_with_nobody_named_is_other_than_the_asker(question: str) -> None:
    assert "assignee != currentUser()" in read(question)[0]


def test_other_than_him_with_nobody_named_is_asked_back() -> None:
    (intent,) = PARSER.parse("Data Platform tasks assigned to somebody other than him").intents
    assert intent.name == "clarify" and "'him'" in (intent.slots.reason or "")


@pytest.mark.parametrize("question", [
    "Data Platform tasks belonging to anybody but Carla Souza",
    "Data Platform bugs that belong to everyone but Carla Souza",
    "Carla Souza handles her own work, so list the Data Platform bugs owned by anyone but Carla Souza",
    "Carla Souza works on a lot of DATA bugs. Which DATA bugs are assigned to somebody other than Carla Souza?",
])
def test_a_person_excluded_is_not_also_required(question: str) -> None:
    jql, ignored = read(question)
    assert f'assignee != "{CARLA}"' in jql and f'assignee = "{CARLA}"' not in jql, jql
    assert not {"belong", "owned", "assigned"} & set(ignored), ignored


@pytest.mark.parametrize(("question", "clause"), [
    ("Operations work, the planned stories rather than the bugs - anything but bugs", 'issuetype != "Bug"'),
    ("Operations issues of High priority, no bugs please. Stories, tasks, anything but bugs",
     'issuetype != "Bug"'),
    ("Data Platform work in Blocked or not, just not Blocked", 'status != "Blocked"'),
])
def test_a_value_both_required_and_excluded_is_excluded(question: str, clause: str) -> None:
    jql = read(question)[0]
    assert clause in jql and clause.replace("!=", "=") not in jql, jql


def test_rather_than_negates_only_the_words_right_after_it() -> None:
    jql = read("I want numbers rather than guesses: how many OPS tickets were resolved as Won't Do?")[0]
    assert 'project = "OPS"' in jql and "resolution = \"Won't Do\"" in jql and "!=" not in jql, jql


@pytest.mark.parametrize(("question", "clause"), [
    ("open Data Platform stories that don't have a fix version set", "fixVersion is EMPTY"),
    ("Data Platform bugs which haven't got a release yet", "fixVersion is EMPTY"),
    ("Data Platform bugs that doesn't have any labels", "labels is EMPTY"),
    ("Data Platform tasks that didn't get a due date", "duedate is EMPTY"),
    ("Data Platform tasks which do not have an owner", "assignee is EMPTY"),
    ("Data Platform tasks that don't have a component", "component is EMPTY"),
])
def test_a_field_they_do_not_have_is_empty(question: str, clause: str) -> None:
    jql, ignored = read(question)
    assert clause in jql and clause.replace("is EMPTY", "is not EMPTY") not in jql and ignored == [], (jql, ignored)


def test_a_contracted_negation_negates_the_value_after_it() -> None:
    jql = read("Data Platform bugs that don't have Highest priority")[0]
    assert 'priority != "Highest"' in jql, jql


@pytest.mark.parametrize("question", [
    "Carla Souza has been filing Data Platform bugs for years. Which ones did Carla Souza raise in 2025?",
    "Carla Souza keeps logging Data Platform tasks; list what Carla Souza created since 2025",
    "Carla Souza is always raising problems in Data Platform, show the Data Platform issues Carla Souza opened "
    "this year",
])
def test_a_person_who_reports_is_not_also_the_assignee(question: str) -> None:
    jql = read(question)[0]
    assert f'reporter = "{CARLA}"' in jql and "assignee" not in jql, jql


@pytest.mark.parametrize("question", [
    "Carla Souza's Data Platform tickets created from 2025 on",
    "which of Carla Souza's Data Platform bugs opened since March 2026 got declined?",
])
def test_issues_someone_has_dated_by_creation_are_the_ones_they_reported(question: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert f'reporter = "{CARLA}"' in (intent.jql or "") and "assignee" not in (intent.jql or ""), intent.jql
    assert any("reported" in note for note in intent.slots.assumed), intent.slots.assumed


@pytest.mark.parametrize("question", [
    "Carla Souza's open Data Platform bugs",
    "Carla Souza's Data Platform tickets updated this week",
    "Carla Souza's Data Platform tickets from last week",  # no word says they were created: hers to do
    "Data Platform tasks carla souza since 2025",
    "Carla Souza has been working on Data Platform bugs since 2025",
])
def test_issues_someone_has_otherwise_are_theirs_to_do(question: str) -> None:
    jql, ignored = read(question)
    assert f'assignee = "{CARLA}"' in jql and "reporter" not in jql and ignored == [], (jql, ignored)


def test_what_someone_has_been_assigned() -> None:
    assert read("what has Carla Souza been assigned in Data Platform") == (
        f'project = "DATA" AND assignee = "{CARLA}"', [])


@pytest.mark.parametrize(("question", "clause"), [
    ("Data Platform stories I haven't raised", "reporter != currentUser()"),
    ("Data Platform stories logged by anybody except me", "reporter != currentUser()"),
    ("Data Platform stories that weren't logged by me", "reporter != currentUser()"),
    ("Data Platform stories which are not mine", "assignee != currentUser()"),
    ("Data Platform stories besides my own tickets", "assignee != currentUser()"),
    ("Data Platform stories apart from what is on my plate", "assignee != currentUser()"),
    ("Data Platform stories somebody else created", "reporter != currentUser()"),
])
def test_the_asker_excluded_from_a_role(question: str, clause: str) -> None:
    jql, ignored = read(question)
    assert clause in jql and clause.replace("!=", "=") not in jql and ignored == [], (jql, ignored)


def test_a_negation_further_back_leaves_the_asker_in_the_role() -> None:
    assert "assignee = currentUser()" in read("what is not finished among my Data Platform stories")[0]


@pytest.mark.parametrize(("question", "clauses"), [
    ("Data Platform stories Carla Souza hasn't reported", [f'reporter != "{CARLA}"']),
    ("Data Platform stories that Carla Souza is not handling", [f'assignee != "{CARLA}"']),
    ("Data Platform stories Carla Souza never worked on", [f'assignee != "{CARLA}"']),
    ("Data Platform stories Carla Souza logged but does not own", [f'reporter = "{CARLA}"',
                                                                   f'assignee != "{CARLA}"']),
    ("Data Platform stories filed by Carla Souza that she isn't assigned to", [f'reporter = "{CARLA}"',
                                                                               f'assignee != "{CARLA}"']),
    ("Data Platform stories owned by Carla Souza though somebody else filed them", [f'assignee = "{CARLA}"',
                                                                                    f'reporter != "{CARLA}"']),
    ("Data Platform stories assigned to Carla Souza but raised by somebody else", [f'assignee = "{CARLA}"',
                                                                                   f'reporter != "{CARLA}"']),
])
def test_a_role_a_person_does_not_have(question: str, clauses: list[str]) -> None:
    jql, ignored = read(question)
    assert all(c in jql for c in clauses) and jql.count(CARLA) == len(clauses), jql
    assert not {"hasn", "isn", "never", "does", "doesn", "else", "filed", "raised", "owned"} & set(ignored), ignored


@pytest.mark.parametrize("question", [
    "Data Platform stories that were Carla Souza's until they went to somebody else",
    "Data Platform stories Carla Souza passed on to other people",
    "Data Platform stories Carla Souza handed off",
])
def test_issues_handed_on_by_a_person_were_theirs_once(question: str) -> None:
    jql, ignored = read(question)
    assert f'assignee changed from "{CARLA}"' in jql and f'assignee = "{CARLA}"' not in jql, jql
    assert not {"went", "passed", "handed", "else"} & set(ignored), ignored


def test_issues_moved_to_a_status_are_no_handing_on() -> None:
    assert f'assignee = "{CARLA}"' in read("Data Platform stories assigned to Carla Souza that moved to Done")[0]


HIRO = next(p.account_id for p in ORG.people if p.display_name == "Hiro Sato")


@pytest.mark.parametrize(("question", "clause"), [
    ("Data Platform stories logged by Hiro Sato or Carla Souza", f'reporter in ("{HIRO}", "{CARLA}")'),
    ("Data Platform stories Hiro Sato and Carla Souza created", f'reporter in ("{HIRO}", "{CARLA}")'),
    ("Data Platform stories apart from Hiro Sato and Carla Souza", f'assignee not in ("{HIRO}", "{CARLA}")'),
    ("Data Platform stories that are not Hiro Sato's or Carla Souza's", f'assignee not in ("{HIRO}", "{CARLA}")'),
    ("Data Platform stories not raised by Hiro Sato nor Carla Souza", f'reporter not in ("{HIRO}", "{CARLA}")'),
])
def test_people_listed_together_share_their_role(question: str, clause: str) -> None:
    jql, ignored = read(question)
    assert clause in jql and jql.count(CARLA) == 1 and ignored == [], (jql, ignored)


@pytest.mark.parametrize(("question", "clause"), [
    ("Data Platform stories whose reporter isn't Carla Souza", f'reporter != "{CARLA}"'),
    ("Data Platform stories where the author was not Carla Souza", f'reporter != "{CARLA}"'),
    ("Data Platform stories where the owner is not Carla Souza", f'assignee != "{CARLA}"'),
    ("Data Platform stories with Carla Souza as reporter", f'reporter = "{CARLA}"'),
    ("Data Platform stories that don't have Carla Souza as the assignee", f'assignee != "{CARLA}"'),
    ("Data Platform stories owned by no one other than Carla Souza", f'assignee = "{CARLA}"'),
    ("Data Platform stories created by nobody but Carla Souza", f'reporter = "{CARLA}"'),
    ("Data Platform stories not created by Carla Souza yet assigned to her", f'assignee = "{CARLA}"'),
])
def test_a_role_named_with_its_field_or_only(question: str, clause: str) -> None:
    jql, ignored = read(question)
    assert clause in jql and ignored == [], (jql, ignored)
    if "yet assigned" in question:  # both roles said, the reporter refused
        assert f'reporter != "{CARLA}"' in jql and jql.count(CARLA) == 2, jql
    else:
        assert jql.count(CARLA) == 1, jql


@pytest.mark.parametrize(("question", "clause"), [
    ("Data Platform stories that weren't closed as Won't Do", 'resolution != "Won\'t Do"'),
    ("Data Platform stories done, though not as Won't Do", 'resolution != "Won\'t Do"'),
    ("Data Platform stories which don't belong to any sprint", "sprint is EMPTY"),
    ("Data Platform stories that don't carry a label", "labels is EMPTY"),
])
def test_negated_resolutions_and_fields(question: str, clause: str) -> None:
    jql, ignored = read(question)
    assert clause in jql and ignored == [], (jql, ignored)
    assert clause.replace("!=", "=").replace("is EMPTY", "is not EMPTY") not in jql, jql


@pytest.mark.parametrize(("question", "clause"), [
    ("Data Platform stories that aren't assigned to me or Carla Souza", f'assignee not in (currentUser(), "{CARLA}")'),
    ("Data Platform stories logged by me or by Carla Souza", "reporter in"),
    ("Data Platform stories owned by Carla Souza or me", f'assignee in ("{CARLA}", currentUser())'),
    ("Data Platform stories Carla Souza or me created", f'reporter in ("{CARLA}", currentUser())'),
    ("Data Platform stories not filed by Carla Souza nor me", f'reporter not in ("{CARLA}", currentUser())'),
])
def test_the_asker_listed_with_a_person_shares_their_role(question: str, clause: str) -> None:
    jql, ignored = read(question)
    assert clause in jql and jql.count(CARLA) == 1 and jql.count("currentUser()") == 1 and ignored == [], (
        jql, ignored)


def test_a_pronoun_beside_two_people_is_not_given_to_the_one_asking() -> None:
    jql, ignored = read("Hiro Sato would like the Data Platform stories logged by Carla Souza that she owns")
    assert f'assignee = "{HIRO}"' not in jql and "owns" in ignored, (jql, ignored)
    assert f'reporter = "{CARLA}"' in jql and "assignee" not in jql, jql  # the rest of the question is still read


@pytest.mark.parametrize(("question", "clauses"), [
    ("Data Platform stories logged by Carla Souza but not assigned to her",
     [f'reporter = "{CARLA}"', f'assignee != "{CARLA}"']),
    ("Data Platform stories Carla Souza created which aren't assigned to her",
     [f'reporter = "{CARLA}"', f'assignee != "{CARLA}"']),
    ("Data Platform stories owned by Carla Souza though not created by her",
     [f'assignee = "{CARLA}"', f'reporter != "{CARLA}"']),
    ("Carla Souza would like the Data Platform stories not reported by her", [f'reporter != "{CARLA}"']),
    # whose the issues are now
    ("Data Platform stories Carla Souza wrote up that are now somebody else's",
     [f'reporter = "{CARLA}"', f'assignee != "{CARLA}"']),
    ("Data Platform stories Carla Souza logged which ended up with teammates",
     [f'reporter = "{CARLA}"', f'assignee != "{CARLA}"']),
    ("count the Data Platform stories Carla Souza created that aren't hers",
     [f'reporter = "{CARLA}"', f'assignee != "{CARLA}"']),
    ("Data Platform stories Carla Souza logged that are still hers", [f'reporter = "{CARLA}"',
                                                                        f'assignee = "{CARLA}"']),
])
def test_a_pronoun_in_a_negated_role_and_whose_the_issues_are_now(question: str, clauses: list[str]) -> None:
    jql, ignored = read(question)
    assert all(c in jql for c in clauses) and jql.count(CARLA) == len(clauses) and ignored == [], (jql, ignored)


def test_do_not_forget_negates_nothing() -> None:
    assert 'priority = "Highest"' in read("Data Platform stories, and don't forget the Highest ones")[0]


@pytest.mark.parametrize(("follow_up", "clause"), [
    ("which of those aren't hers?", f'assignee != "{CARLA}"'),
    ("which of those are still hers?", f'assignee = "{CARLA}"'),
])
def test_a_follow_up_says_whose_the_issues_are(follow_up: str, clause: str) -> None:
    (first,) = PARSER.parse("Data Platform stories logged by Carla Souza").intents
    (intent,) = PARSER.parse(follow_up, ConversationState(last_search=first.slots)).intents
    assert f'reporter = "{CARLA}"' in (intent.jql or "") and clause in (intent.jql or ""), intent.jql


@pytest.mark.parametrize("question", [
    "Data Platform bugs opened by Carla Souza, assigned to Hiro Sato, created this year",
    "Data Platform bugs logged by Carla Souza and assigned to Hiro Sato, created after 2025",
])
def test_a_cue_after_a_name_belongs_to_the_next_person(question: str) -> None:
    """"raised by Ines, assigned to Farid": the second person's cue is not the first person's, even where a
    date word after the second name could read as a verb of theirs."""
    jql, ignored = read(question)
    assert f'reporter = "{CARLA}"' in jql and f'assignee = "{HIRO}"' in jql and ignored == [], (jql, ignored)


@pytest.mark.parametrize("question", [
    "Data Platform tasks created by and assigned to Carla Souza",
    "Data Platform tasks owned by and logged by Carla Souza",
    "how many Data Platform tasks did Carla Souza raise and then keep for herself?",
    "Data Platform tasks Carla Souza submitted and assigned to herself",
])
def test_one_person_in_both_roles(question: str) -> None:
    jql, ignored = read(question)
    assert f'reporter = "{CARLA}"' in jql and f'assignee = "{CARLA}"' in jql and ignored == [], (jql, ignored)


def test_a_person_assigning_to_themselves_is_only_the_assignee() -> None:
    jql, ignored = read("Data Platform tasks Carla Souza took on herself")
    assert f'assignee = "{CARLA}"' in jql and "reporter" not in jql and ignored == [], (jql, ignored)


@pytest.mark.parametrize("question", ["how many bugs did Carla Souza spot and report last year?",
                                      "which stories did Carla Souza draft and write up in 2025?"])
def test_a_reporting_verb_after_another_verb_still_makes_the_reporter(question: str) -> None:
    jql, _ = read(question)
    assert f'reporter = "{CARLA}"' in jql and "assignee" not in jql, jql


@pytest.mark.parametrize("question", ["Data Platform bugs Yusuke reported last week",
                                      "Data Platform bugs assigned to Yusuke"])
def test_a_first_name_in_a_persons_place_that_nobody_has_is_named(question: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "clarify" and "nobody called 'Yusuke'" in (call.slots.reason or ""), call


@pytest.mark.parametrize("question", ["Data Platform bugs Hiro reported last week",
                                      "Mobile bugs Safari users reported"])
def test_a_first_name_the_instance_has_or_a_word_beside_a_verb_is_no_stranger(question: str) -> None:
    (call,) = PARSER.parse(question).intents
    assert call.name == "search", call


def test_work_yet_to_be_handed_on_is_still_theirs() -> None:
    jql, _ = read("Carla Souza leaves on Friday: what is assigned to Carla Souza that will need to be handed over?")
    assert f'assignee = "{CARLA}"' in jql and "changed from" not in jql, jql
