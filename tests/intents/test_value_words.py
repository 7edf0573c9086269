"""Values said in everyday words: deciding against an issue ("turned down", "decided to drop") is the instance's
Won't Fix or Won't Do; "actually finished" is its Done; a done word set against a named resolution adds nothing;
"low" on a scheme without Low; labels by what they are about; words leading into typed JQL; a status named before
the word "status" that the instance does not have."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import IntentCall
from tests.intents.demo_lexicon import ISSUES, LEXICON, META

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)  # the demo: Done, Won't Do, Cannot Reproduce; Highest to Lowest
# An instance with both Won't Fix and Won't Do, Fixed and Done, and priorities Blocker to Trivial (as Fluid's)
LEVELS = dict(zip(("Highest", "High", "Medium", "Low", "Lowest"), ("Blocker", "Critical", "Major", "Minor", "Trivial"),
                  strict=True))
BOTH = [{"key": f"MOB-{9000 + i}", "fields": {"resolution": {"name": name}}}
        for i, name in enumerate(["Won't Fix", "Fixed", "Not A Bug", "Incomplete"])]
OTHER = EmbeddedParser(Lexicon.build(
    fields=META["fields"], statuses=META["statuses"], issue_types=META["issuetypes"],
    priorities=[{"name": name} for name in LEVELS.values()], link_types=META["issueLinkTypes"],
    projects=META["projects"], issues=[{**i, "fields": {k: v for k, v in i["fields"].items() if k != "priority"}}
                                       for i in ISSUES] + BOTH), now=lambda: NOW)


def _one(question: str, parser: EmbeddedParser = PARSER) -> IntentCall:
    (intent,) = parser.parse(question).intents
    return intent


@pytest.mark.parametrize("question", ["which DATA tickets got rejected?", "web work we decided to drop",
                                      "how many OPS tickets were turned down?", "MOB issues the team decided against",
                                      "MOB bugs we scrapped", "tickets we said no to in DATA"])
def test_deciding_against_an_issue_is_the_won_t_resolution_the_instance_has(question: str) -> None:
    call = _one(question)
    assert "resolution = \"Won't Do\"" in (call.jql or "") and not call.slots.ignored, (call.jql, call.slots.ignored)
    other = _one(question, OTHER)
    assert "resolution = \"Won't Fix\"" in (other.jql or ""), other.jql


@pytest.mark.parametrize("question", ["OPS tickets that were turned down in October", "OPS work shelved in October"])
def test_a_time_said_with_turned_down_is_when_it_was_resolved(question: str) -> None:
    jql = _one(question).jql or ""
    assert "resolution = \"Won't Do\"" in jql and 'resolutiondate >= "2026/10/01' in jql and "created" not in jql, jql


def test_a_negated_wont_do_excludes_it() -> None:
    call = _one("WEB issues except the won't do ones")
    assert "resolution != \"Won't Do\"" in (call.jql or "") and "except" not in call.slots.ignored, call.jql


@pytest.mark.parametrize("question", [
    "how many DATA bugs were closed as Won't Do? Not closed some other way.",
    "DATA tickets resolved as Won't Do, not the ones that were finished",
    "which WEB stories ended as Won't Do - not the done ones",
])
def test_a_done_word_set_against_a_named_resolution_adds_nothing(question: str) -> None:
    call = _one(question)
    jql = call.jql or ""
    assert "resolution = \"Won't Do\"" in jql and "status" not in jql and "EMPTY" not in jql, jql
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize("question", ["how many DATA issues did we actually complete in September?",
                                      "WEB stories that really got finished in September"])
def test_actually_finished_is_the_done_resolution_and_says_so(question: str) -> None:
    call = _one(question)
    assert 'resolution = "Done"' in (call.jql or "") and "resolutiondate" in (call.jql or ""), call.jql
    assert any("as resolution Done" in note for note in call.slots.assumed), call.slots.assumed
    other = _one(question, OTHER)
    assert 'resolution in ("Done", "Fixed")' in (other.jql or ""), other.jql


def test_finish_without_actually_stays_the_resolved_date() -> None:
    jql = _one("what did Mobile Apps finish in September?").jql or ""
    assert "resolution" not in jql.replace("resolutiondate", "") and 'resolutiondate >= "2026/09/01' in jql, jql


@pytest.mark.parametrize(("question", "said"), [("low-importance MOB bugs", "low"),
                                               ("unimportant MOB bugs", "unimportant")])
def test_low_on_a_scheme_without_low_is_its_bottom_two_levels(question: str, said: str) -> None:
    call = _one(question, OTHER)
    assert 'priority in ("Minor", "Trivial")' in (call.jql or "") and not call.slots.ignored, (call.jql,
                                                                                                 call.slots.ignored)
    assert f"I read '{said}' as priority Minor or Trivial." in call.slots.assumed
    assert 'priority = "Low"' in (_one("low-importance MOB bugs").jql or "")  # the scheme's own Low, by its name


def test_bugs_that_turned_out_not_to_be_bugs_are_the_not_a_bug_resolution() -> None:
    call = _one("MOB bugs that turned out not to be bugs", OTHER)
    assert 'resolution = "Not A Bug"' in (call.jql or "") and "!=" not in (call.jql or ""), call.jql
    assert not call.slots.ignored, call.slots.ignored


@pytest.mark.parametrize("question", ["how many tickets match priority = High AND project = DATA",
                                      "list the issues matching project = WEB AND labels = ux",
                                      "show issues that satisfy the filter project = OPS AND status = Blocked",
                                      "count tickets for the query project = MOB AND issuetype = Bug",
                                      "search for issues where project = MOB AND labels = ux",
                                      "how many issues are returned by project = WEB AND status = Blocked",
                                      "what does project = DATA AND priority = Low return?",
                                      "can you run `project = OPS AND assignee is EMPTY` for me?",
                                      "the results of the query 'project = WEB AND labels = ux'"])
def test_words_around_typed_jql_are_no_search_terms(question: str) -> None:
    call = _one(question)
    assert call.name == ("count" if question.startswith(("how many", "count")) else "search"), call
    typed = re.findall(r"(\w+) = (\w+)", question)  # every clause typed is kept, read from the question itself
    assert typed and all(f'{field} = "{value}"' in (call.jql or "") for field, value in typed), call.jql
    assert "text ~" not in (call.jql or ""), call.jql
    assert "component" not in (call.jql or "") and not call.slots.ignored, (call.jql, call.slots.ignored)


@pytest.mark.parametrize(("question", "name"), [("what's sitting in the Ready for QA status in MOB?", "Ready for QA"),
                                                ("OPS issues in the Awaiting Deploy state", "Awaiting Deploy")])
def test_a_status_named_before_the_word_status_must_exist(question: str, name: str) -> None:
    call = _one(question)
    assert call.name == "clarify" and f"no status called '{name}'" in (call.slots.reason or ""), call
    assert "In Review" in (call.slots.reason or "")  # the statuses it has, as none is close


def test_a_status_the_instance_has_before_the_word_status_is_read() -> None:
    assert 'status = "In Review"' in (_one("which MOB issues are in the In Review status?").jql or "")


@pytest.mark.parametrize(("question", "value"), [("OPS work the team decided not to do", "Won't Fix"),
                                                 ("MOB tickets we chose not to do", "Won't Fix"),
                                                 ("OPS tickets closed as not going to be done", "Won't Do")])
def test_a_decision_against_is_the_usual_won_t_fix_and_the_name_said_is_won_t_do(question: str, value: str) -> None:
    assert f'resolution = "{value}"' in (_one(question, OTHER).jql or "")
    assert "resolution = \"Won't Do\"" in (_one(question).jql or "")


def test_a_name_typed_without_its_apostrophe_is_that_name() -> None:
    assert 'status = "Won\'t Do"' in (_one("WEB stories with status wont do").jql or "")


@pytest.mark.parametrize(("question", "name"), [("DATA bugs resolved as Obsolete", "Obsolete"),
                                                ("which WEB tickets got closed as invalid?", "invalid"),
                                                ("MOB stories with resolution Deferred", "Deferred"),
                                                ("OPS tasks with the Out of Scope resolution", "Out of Scope")])
def test_a_resolution_named_in_its_slot_must_exist(question: str, name: str) -> None:
    call = _one(question)
    assert call.name == "clarify" and f"no resolution called '{name}" in (call.slots.reason or ""), call
    assert "Cannot Reproduce" in (call.slots.reason or "")


@pytest.mark.parametrize(("question", "value"), [("DATA bugs closed as cannot reproduce", "Cannot Reproduce"),
                                               ("MOB stories resolved as Done in May", "Done"),
                                               ("WEB tickets with the Won't Do resolution", "Won't Do")])
def test_a_resolution_the_instance_has_in_its_slot_is_read(question: str, value: str) -> None:
    jql = _one(question).jql or ""
    assert f'resolution = "{value}"' in jql and jql.count("resolution =") == 1, jql  # the one named, no other


@pytest.mark.parametrize(("question", "label"), [("technical debt in DATA", "tech-debt"),
                                                 ("MOB bugs reported by customers", "customer-reported"),
                                                 ("usability problems in WEB", "ux"),
                                                 ("low-hanging fruit in OPS", "quick-win"),
                                                 ("WEB stories waiting for design input", "needs-design"),
                                                 ("DATA bugs that broke again", "regression"),
                                                 # a label named by what it is about
                                                 ("DATA tickets about slowness", "performance"),
                                                 ("any perf-related tickets in WEB?", "performance"),
                                                 ("sluggishness tickets in MOB", "performance")])
def test_labels_said_in_everyday_words(question: str, label: str) -> None:
    call = _one(question)
    assert f'labels = "{label}"' in (call.jql or "") and "text ~" not in (call.jql or ""), call.jql
    assert "priority" not in (call.jql or "") and not call.slots.ignored, (call.jql, call.slots.ignored)


@pytest.mark.parametrize(("question", "value"), [("DATA stories still waiting for design input", "needs-design"),
                                                 ("OPS tickets still waiting for review", "In Review")])
def test_still_waiting_is_unresolved_and_what_it_waits_for_is_read(question: str, value: str) -> None:
    jql = _one(question).jql or ""
    assert "resolution is EMPTY" in jql and f'"{value}"' in jql, jql


def test_a_level_word_of_two_words_is_read_whole() -> None:
    call = _one("the most severe open things in MOB")
    assert 'priority = "Highest"' in (call.jql or "") and not call.slots.ignored, (call.jql, call.slots.ignored)
    assert "I read 'most severe' as priority Highest." in call.slots.assumed


def test_an_option_said_in_its_field_is_that_option() -> None:
    assert '"Severity" = "S3 - Minor"' in (_one("OPS bugs that are minor in severity").jql or "")


def test_most_severe_beside_a_severity_code_is_that_severity_alone() -> None:
    jql = _one("which DATA bugs count as the most severe (S1)?").jql or ""
    assert '"Severity" = "S1 - Critical"' in jql and "priority" not in jql, jql


@pytest.mark.parametrize("question", ["WEB bugs that were closed because nobody could reproduce them",
                                      "DATA bugs closed because the report was incomplete or because no one could "
                                      "reproduce them"])
def test_a_resolution_given_as_the_reason_for_closing(question: str) -> None:
    call = _one(question, OTHER if "incomplete" in question else PARSER)
    jql = call.jql or ""
    assert '"Cannot Reproduce"' in jql and "statusCategory" not in jql and "EMPTY" not in jql, jql
    assert ("Incomplete" in jql) == ("incomplete" in question) and not call.slots.ignored, (jql, call.slots.ignored)


def test_closed_without_recording_a_resolution_is_unresolved() -> None:
    assert "resolution is EMPTY" in (_one("OPS tickets closed without anyone setting a resolution").jql or "")


def test_a_misspelt_value_in_typed_jql_is_read_as_the_instance_s_and_said() -> None:
    call = _one('project = MOB AND status = "In Reveiw"')
    assert 'status = "In Review"' in (call.jql or "") and "I read 'In Reveiw' as In Review." in call.slots.assumed
    assert _one('project = MOB AND component = "Ledger Engine"').name == "clarify"
    assert _one('fixVersion = "2031.Q3"').name == "clarify"  # numbers must agree: no 2025.Q3


@pytest.mark.parametrize("question", ["severe WEB bugs", "serious problems in WEB", "nasty WEB bugs",
                                      "major WEB bugs", "WEB bugs that are important"])
def test_an_everyday_word_for_a_serious_level_is_high_and_above_and_said(question: str) -> None:
    call = _one(question)
    said = next(word for word in ("severe", "serious", "nasty", "major", "important") if word in question)
    assert 'priority in ("Highest", "High")' in (call.jql or "") and "text ~" not in (call.jql or ""), call.jql
    assert f"I read '{said}' as priority Highest or High." in call.slots.assumed


@pytest.mark.parametrize("question", ["what is in the major release of WEB", "major release tickets in WEB",
                                      "major refactor tasks in DATA", "is there a serious backlog of WEB bugs",
                                      "WEB bugs that caused severe outages", "WEB bugs with a nasty workaround"])
def test_a_level_word_said_of_something_else_is_no_level(question: str) -> None:
    jql = _one(question).jql or ""
    (project,) = [key for key in ("WEB", "DATA") if key in question]
    assert "priority" not in jql and f'project = "{project}"' in jql, jql  # the question is still read


def test_waiting_for_someone_to_look_over_the_code_is_in_review() -> None:
    assert 'status = "In Review"' in (_one("WEB stuff waiting for someone to look over the code").jql or "")
