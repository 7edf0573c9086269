"""Search conditions as people state them, in wordings of our own over the demo organisation: what the
asker says or knows is no text to search for, and a person excluded from a role is excluded, never also
required."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.lexicon import Lexicon
from tests.intents.demo_lexicon import LEXICON, META, ORG

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)
HIRO = next(p.account_id for p in ORG.people if p.display_name == "Hiro Sato")


def jql(question: str) -> str:
    (intent,) = PARSER.parse(question).intents
    return intent.jql or ""


@pytest.mark.parametrize("question", [
    "The release manager asked about slow pages. Which open Web Storefront bugs are High priority?",
    "I'd like to mention the quick wins in the notes - list the done Mobile Apps stories in 2026.Q3",
    "a customer is asking about old problems: which Data Platform bugs were closed as Won't Do?",
    "Ana keeps wondering about flaky builds; list the unresolved Operations tasks",
    "Our lead knows about the outage already. Show the Operations bugs with Highest priority",
])
def test_what_the_asker_says_or_knows_is_no_text_search(question: str) -> None:
    found = jql(question)
    assert "text ~" not in found and 'project = "' in found, found  # the request itself is still read


@pytest.mark.parametrize(("question", "term"), [
    ("Operations bugs mentioning timeout", "timeout"),
    ("Core Platform tickets that talk about caching", "caching"),
    ("Core Platform issues related to caching", "caching"),
])
def test_mentions_of_the_issues_are_still_searched(question: str, term: str) -> None:
    assert f'text ~ "{term}"' in jql(question)


@pytest.mark.parametrize("question", [
    "Hiro Sato knows about the Billing bugs he filed. Show the unresolved Billing bugs reported by anyone other "
    "than him.",
    "Hiro Sato has seen the Search bugs he raised himself. List the Search bugs filed by somebody other than him.",
    "Hiro Sato already checked the bugs he logged. Which Billing bugs were reported by people other than him?",
])
def test_a_pronoun_excluded_as_reporter_is_excluded_not_required(question: str) -> None:
    found = jql(question)
    assert f'reporter != "{HIRO}"' in found and f'reporter = "{HIRO}"' not in found, found


@pytest.mark.parametrize(("question", "clause"), [
    # someone else: assigned, and not to him
    ("Show me the done Operations tasks that are assigned to someone other than Hiro Sato.",
     f'assignee != "{HIRO}" AND assignee is not EMPTY'),
    ("Operations tasks assigned to somebody besides Hiro Sato", f'assignee != "{HIRO}" AND assignee is not EMPTY'),
    ("Operations tasks not assigned to Hiro Sato", f'assignee != "{HIRO}"'),
    ("Operations tasks that aren't assigned to Hiro Sato", f'assignee != "{HIRO}"'),
    ("Operations tasks owned by anyone except Hiro Sato", f'assignee != "{HIRO}"'),
])
def test_a_person_excluded_as_assignee(question: str, clause: str) -> None:
    found = jql(question)
    assert clause in found and f'assignee = "{HIRO}"' not in found and "assignee is EMPTY" not in found, found


@pytest.mark.parametrize("question", ["Operations tasks that are not assigned",
                                      "Operations tasks not assigned to anyone", "unassigned Operations tasks"])
def test_not_assigned_without_a_name_is_unassigned(question: str) -> None:
    assert "assignee is EMPTY" in jql(question) and "!=" not in jql(question)


def test_a_negated_person_uses_the_negation_word() -> None:
    (intent,) = PARSER.parse("Operations tasks not assigned to Hiro Sato").intents
    assert intent.slots.ignored == []


@pytest.mark.parametrize(("question", "empty"), [
    ("Data Platform bugs that were resolved as Done but never got a fix version set", "fixVersion"),
    ("Core Platform tickets resolved since 2026 without being assigned to a release", "fixVersion"),
    ("Web Storefront stories done without ever getting a fix version", "fixVersion"),
    ("Operations tasks that never got a component", "component"),
    ("Mobile Apps stories without ever being put in a sprint", "sprint"),
])
def test_never_given_a_field_is_the_field_empty(question: str, empty: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert f"{empty} is EMPTY" in (intent.jql or "") and intent.slots.ignored == [], (intent.jql, intent.slots.ignored)


@pytest.mark.parametrize("question", [
    "how many tickets linked to PROJ-12 are still waiting for a resolution?",
    "Mobile Apps bugs awaiting a resolution",
    "Mobile Apps bugs that still need a fix",
    "Operations tasks pending a resolution",
])
def test_waiting_for_a_resolution_is_unresolved(question: str) -> None:
    assert "resolution is EMPTY" in jql(question)


@pytest.mark.parametrize("question", [
    "How many Mobile Apps bugs did the team decline to fix?",
    "which Web Storefront bugs were closed as not going to be done?",
    "Operations tasks we decided not to do",
    "Data Platform bugs that won't be fixed",
    "Mobile Apps bugs we're not going to fix",
])
def test_declined_work_is_the_wont_resolution(question: str) -> None:
    found = jql(question)
    assert "resolution = \"Won't Do\"" in found and "statusCategory" not in found, found


@pytest.mark.parametrize("question", ["Which Stories are sitting in the Won't Do status?",
                                      "Stories parked in the Won't Do workflow state"])
def test_a_wont_status_named_as_a_status_stays_the_status(question: str) -> None:
    assert jql(question).startswith("issuetype = \"Story\" AND status = \"Won't Do\"")


@pytest.mark.parametrize("question", [
    "For Carla Novak's review, how many bugs did she report during 2025?",
    "I'm writing a thank-you note for Hiro Sato. Which stories that he reported got done?",
    "A note for Hiro Sato: which Mobile Apps bugs has he ever filed?",
    "Hiro Sato is moving teams. What did he raise in Operations?",
])
def test_a_person_named_before_a_pronoun_that_reports_is_the_reporter(question: str) -> None:
    found = jql(question)
    assert "reporter = " in found and "assignee = " not in found, found


@pytest.mark.parametrize("question", [
    "I'm covering for Hiro Sato next week: what does he have open in MOB?",
    "Hiro Sato is away. What has he got open in Operations?",
])
def test_a_person_stays_the_assignee_where_the_pronoun_does_not_report(question: str) -> None:
    found = jql(question)
    assert f'assignee = "{HIRO}"' in found and "reporter" not in found, found


def test_a_pronoun_that_reports_adds_the_role_to_an_assignee() -> None:
    found = jql("open bugs assigned to Hiro Sato that he reported")
    assert f'assignee = "{HIRO}"' in found and f'reporter = "{HIRO}"' in found, found


@pytest.mark.parametrize(("question", "start", "end"), [
    ("Mobile Apps issues created from the start of May through the end of July 2026", "2026/05/01", "2026/08/01"),
    ("Data Platform tasks opened from the beginning of March till the end of June 2026", "2026/03/01", "2026/07/01"),
    ("Web bugs resolved from February to April 2026", "2026/02/01", "2026/05/01"),
])
def test_a_span_of_months_is_the_whole_span(question: str, start: str, end: str) -> None:
    found = jql(question)
    assert f'>= "{start} 00:00"' in found and f'< "{end} 00:00"' in found, found


def _blocker_parser() -> EmbeddedParser:
    """The demo organisation with a Blocker-to-Trivial priority scheme, as many Jira Server instances have."""
    names = ["Blocker", "Critical", "Major", "Minor", "Trivial"]
    lexicon = Lexicon.build(fields=META["fields"], statuses=META["statuses"],
                            priorities=[{"id": str(i), "name": n} for i, n in enumerate(names, 1)],
                            issue_types=META["issuetypes"], link_types=META["issueLinkTypes"],
                            projects=META["projects"])
    return EmbeddedParser(lexicon, now=lambda: NOW)


@pytest.mark.parametrize(("question", "clause"), [
    ("please give all issues with Blocker priority which were created in March 2026", 'priority = "Blocker"'),
    ("Mobile Apps bugs with blocker priority", 'priority = "Blocker"'),
    ("Mobile Apps bugs with a Blocker priority that are unresolved", 'priority = "Blocker"'),
    ("Mobile Apps bugs with blockers", 'issueLinkType = "is blocked by"'),
    ("Mobile Apps bugs with open blockers", 'issueLinkType = "is blocked by"'),
])
def test_a_blocker_priority_is_no_blocking_link(question: str, clause: str) -> None:
    (intent,) = _blocker_parser().parse(question).intents
    assert clause in (intent.jql or "") and intent.slots.ignored == [], (intent.jql, intent.slots.ignored)


@pytest.mark.parametrize(("question", "clause"), [
    ("how many initiatives are in progress right now (not counting ones in review or blocked)?",
     'status not in ("In Review", "Blocked")'),
    ("Mobile Apps stories except the ones in review or blocked", 'status not in ("In Review", "Blocked")'),
    ("Core Platform bugs that are not in review or blocked", 'status not in ("In Review", "Blocked")'),
    ("Web bugs that aren't high or highest priority", 'priority not in ("High", "Highest")'),  # as said
])
def test_a_negation_covers_every_value_of_its_list(question: str, clause: str) -> None:
    found = jql(question)
    # no negated value is also asked for ("in progress" beside them is the status of that name, asked for)
    assert clause in found and not any(f'"{value}"' in found.replace(clause, "")
                                       for value in re.findall(r'"([^"]+)"', clause)), found


@pytest.mark.parametrize(("question", "clause"), [
    ("open bugs in review or blocked", 'status in ("In Review", "Blocked")'),
    ("Mobile Apps stories not in review, and the bugs", 'issuetype in ("Story", "Bug") AND status != "In Review"'),
    ("which non-bug Mobile Apps tickets are still open?", 'project = "MOB" AND issuetype != "Bug"'),
])
def test_values_after_the_list_are_not_negated(question: str, clause: str) -> None:
    assert clause in jql(question)


@pytest.mark.parametrize(("question", "key"), [
    ("The checkout rework (PROJ-12) has a lot of links. How many of the linked issues are still unresolved?",
     "PROJ-12"),
    ("MOB-40 came up in the review. How many of the related tickets are bugs?", "MOB-40"),
    ("The payments outage (OPS-7) touched a lot of work. Which of the connected issues are still unresolved?",
     "OPS-7"),
])
def test_the_linked_issues_of_the_one_issue_named_are_its_links(question: str, key: str) -> None:
    assert f"issue in linkedIssues({key})" in jql(question)


@pytest.mark.parametrize(("question", "named"), [
    ("Core Platform's sprint ended yesterday. What from PROJ is still unresolved?", "yesterday"),
    ("The planning happened in October - which Mobile Apps issues are Blocked?", "october"),
    ("Review duty is on me this week (ugh). Which Core Platform issues are In Review?", "week"),
])
def test_when_the_askers_story_happened_is_no_date_filter(question: str, named: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert "created" not in (intent.jql or "") and named in intent.slots.ignored, (intent.jql, intent.slots.ignored)


@pytest.mark.parametrize("question", ["Bugs created last week. Show them.",
                                      "Which Core Platform bugs were created last week?",
                                      "Core Platform bugs in October 2026. Which are still open?"])
def test_a_date_about_the_issues_still_filters(question: str) -> None:
    assert "created >= " in jql(question)


@pytest.mark.parametrize(("question", "clause"), [
    # a select custom field's value, named by its code, its name or beside the field's name
    ("open sev 2 bugs in Web Storefront", '"Severity" = "S2 - Major"'),
    ("Mobile Apps issues with S1 severity", '"Severity" = "S1 - Critical"'),
    ("which Operations bugs are trivial severity?", '"Severity" = "S4 - Trivial"'),
    ("Data Platform bugs with severity S3 - Minor", '"Severity" = "S3 - Minor"'),
    ("Data Platform bugs that are not severity S4 - Trivial", '"Severity" != "S4 - Trivial"'),
])
def test_a_select_field_named_by_its_value(question: str, clause: str) -> None:
    found = jql(question)
    assert clause in found and "text ~" not in found, found


def test_critical_alone_stays_a_priority() -> None:
    assert jql("critical bugs in MOB") == 'project = "MOB" AND issuetype = "Bug" AND priority = "Highest"'


@pytest.mark.parametrize(("question", "clause"), [
    # a status moved into within a time phrase is a change, not the status now and an update date
    ("Operations tasks that went to In Review last week",
     'status changed to "In Review" after "2026/10/19 00:00" before "2026/10/26 00:00"'),
    ("Web Storefront bugs that were moved to Done in September",
     'status changed to "Done" after "2026/09/01 00:00" before "2026/10/01 00:00"'),
    ("Data Platform tickets that became blocked at some point since 1 October",
     'status changed to "Blocked" after "2026/10/01 00:00"'),
    ("which Billing issues got moved into Blocked since the start of September?",
     'status changed to "Blocked" after "2026/09/01 00:00"'),
])
def test_a_status_moved_into_within_a_time_is_a_change(question: str, clause: str) -> None:
    found = jql(question)
    assert clause in found and "updated" not in found and "status =" not in found, found


@pytest.mark.parametrize("question", [
    "Data Platform issues previously mine that are now someone else's",
    "Operations tickets that used to be assigned to me but are now with somebody else",
    "Billing work that was once on my plate and now belongs to another person",
])
def test_once_mine_now_someone_elses_is_history(question: str) -> None:
    found = jql(question)
    assert "assignee was currentUser()" in found and "assignee != currentUser()" in found, found
    assert "assignee = currentUser()" not in found, found


@pytest.mark.parametrize(("question", "now", "was"), [
    ("Web Storefront issues that ended up Done but had been Blocked at some point", "Done", "Blocked"),
    ("Mobile Apps tickets now In Review that were Blocked at some point", "In Review", "Blocked"),
    ("how many Billing issues ended up Done after they had been in Blocked at some point?", "Done", "Blocked"),
])
def test_the_state_an_issue_ended_in_is_its_state_now(question: str, now: str, was: str) -> None:
    found = jql(question)
    assert f'status = "{now}"' in found and f'status was "{was}"' in found, found


@pytest.mark.parametrize(("question", "start"), [
    ("bugs created since 1 October", "2026/10/01 00:00"),
    ("bugs created since december 15th", "2025/12/15 00:00"),
])
def test_a_day_and_month_without_a_year_is_the_latest_such_day(question: str, start: str) -> None:
    assert f'created >= "{start}"' in jql(question)


@pytest.mark.parametrize(("question", "clause"), [
    # a comma list after a negation, closed by "or"/"nor", negates every value
    ("Operations tasks not blocked, in review or done", 'status not in ("Blocked", "In Review", "Done")'),
    ("Core Platform issues that are not blocked, in review or done", 'status not in ("Blocked", "In Review", "Done")'),
    ("Mobile Apps bugs not in review, blocked or done", 'status not in ("In Review", "Blocked", "Done")'),
    ("Billing work except stories, tasks or bugs", 'issuetype not in ("Story", "Task", "Bug")'),
])
def test_a_negated_comma_list_negates_every_value(question: str, clause: str) -> None:
    found = jql(question)
    assert clause in found and " in (" not in found.replace(clause, ""), found


@pytest.mark.parametrize("question", [
    "bugs from October", "Operations bugs from october", "Billing tasks from last October",
])
def test_a_month_without_a_year_is_the_latest_such_month(question: str) -> None:
    found = jql(question)
    assert 'created >= "2026/10/01 00:00" AND created < "2026/11/01 00:00"' in found and "text ~" not in found, found


@pytest.mark.parametrize("question", [
    "issues where severity is not set",
    "bugs with S1 severity opened by Hiro Sato",
    "Operations bugs whose severity isn't recorded",
])
def test_the_field_name_alone_is_no_misspelt_option(question: str) -> None:
    found = jql(question)
    assert '"Severity" in' not in found, found


@pytest.mark.parametrize("question", [
    "Data Platform tasks for the S3 migration",
    "Operations issues on S3 storage costs",
    "which Data Platform stories touch S3 lifecycle rules?",
])
def test_a_bare_code_without_its_field_or_issues_is_no_option(question: str) -> None:
    found = jql(question)
    assert '"Severity"' not in found and 'project = "' in found, found


@pytest.mark.parametrize("question", ["issues in the Core project", "bugs in the Core project"])
def test_a_word_beside_its_field_word_is_no_misspelt_value_of_another_kind(question: str) -> None:
    # "Core" beside "project" is no misspelt "chore" (an alias of the Task type): it is the one project
    # whose name has the word, though "core" alone is too short to name it
    (core,) = [t.value for t in LEXICON.of("project") if "core" in t.label.lower().split()]
    (intent,) = PARSER.parse(question).intents
    assert '"Task"' not in (intent.jql or ""), intent.jql
    assert f'project = "{core}"' in (intent.jql or "") and "core" not in intent.slots.ignored, intent


@pytest.mark.parametrize("question", [
    "open WEB bugs logged by people other than Hiro Sato",
    "Mobile Apps stories submitted by people other than Hiro Sato",
    "unresolved Operations tasks opened by people besides Hiro Sato",
])
def test_people_left_out_of_a_role_are_no_grouping_by_person(question: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert intent.name == "search" and f'reporter != "{HIRO}"' in (intent.jql or ""), intent
