"""Filters become valid JQL whose shape no value can change; the JQL finds what it says."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jirakg.devjira.dataset import Dataset, build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.jql.dates import timestamp_ms
from jirakg.intents.jql_builder import MINUTE, build_jql, quote, text_query, valid_key
from jirakg.intents.models import DateRange, Slots
from jirakg.jql.syntax import And, Clause, Value, ValueList, parse

HOSTILE = ['" OR 1=1', ') OR project = X', 'a"b\\c', '\\', '"', "x\n) OR (y", "🙂🙂", "", "ORDER BY key",
           'summary ~ "x"', "\\\"", "a\tb\u0000c"]


def clauses(jql: str) -> list[Clause]:
    where = parse(jql).where
    parts = where.parts if isinstance(where, And) else (where,)
    assert all(isinstance(p, Clause) for p in parts), jql
    return list(parts)


def literal_values(clause: Clause) -> list[str]:
    items = clause.operand.items if isinstance(clause.operand, ValueList) else (clause.operand,)
    assert all(isinstance(i, Value) and i.quoted for i in items)
    return [i.text for i in items]


@settings(max_examples=300, derandomize=True)
@given(st.lists(st.text(min_size=1, max_size=30), min_size=1, max_size=3), st.text(min_size=1, max_size=30))
def test_no_value_changes_the_shape_of_the_query(statuses: list[str], person: str) -> None:
    jql = build_jql(Slots(statuses=statuses, assignees=[person], text=person))
    parts = clauses(jql)
    expected_fields = ["status", "assignee"] + (["text"] if text_query(person) else [])
    assert [c.field for c in parts] == expected_fields
    cleaned = ["".join(ch if ch.isprintable() else " " for ch in s) for s in statuses]
    assert literal_values(parts[0]) == cleaned


def test_hostile_values_stay_values() -> None:
    for value in HOSTILE:
        if not value:
            continue
        jql = build_jql(Slots(labels=[value], projects=["PROJ"]))
        parts = clauses(jql)
        assert [c.field for c in parts] == ["project", "labels"]
        assert literal_values(parts[1]) == ["".join(ch if ch.isprintable() else " " for ch in value)]
    assert quote('a"b\\c') == '"a\\"b\\\\c"'
    assert text_query('crash* AND (foo OR "bar")') == "crash AND foo OR bar"


def test_issue_keys_are_checked_against_the_instance() -> None:
    projects = {"PROJ", "MOB"}
    assert valid_key("PROJ-12", projects)
    assert not valid_key("NOPE-12", projects)
    assert not valid_key("PROJ-0", projects)
    assert not valid_key('PROJ-1") OR key = ("X-1', projects)
    assert not valid_key("proj-12", projects)


@pytest.fixture(scope="module")
def demo() -> tuple[list[dict], Dataset]:
    org, stream = generate(seed=37, issues=600)
    issues = list(stream)
    return issues, build_dataset(issues, organisation_metadata(org))


def test_built_jql_selects_what_the_filters_say(demo) -> None:
    issues, dataset = demo
    person = next(i["fields"]["assignee"] for i in issues if i["fields"]["assignee"])
    slots = Slots(projects=["PROJ", "WEB"], issue_types=["Bug"], status_categories=["new", "indeterminate"],
                  assignees=[person["accountId"]])
    got = {dataset.issues[p]["key"] for p in dataset.engine.search(build_jql(slots), 0)}
    expected = {i["key"] for i in issues
                if i["fields"]["project"]["key"] in ("PROJ", "WEB") and i["fields"]["issuetype"]["name"] == "Bug"
                and i["fields"]["status"]["statusCategory"]["key"] in ("new", "indeterminate")
                and (i["fields"]["assignee"] or {}).get("accountId") == person["accountId"]}
    assert got == expected


def test_current_user_is_a_function_only_for_people() -> None:
    # Found by the property test above: a status spelt "currentUser()" must stay a quoted value.
    jql = build_jql(Slots(statuses=["currentUser()"], assignees=["currentUser()"], reporters=["currentUser()"]))
    assert jql == 'status = "currentUser()" AND assignee = currentUser() AND reporter = currentUser()'


@pytest.mark.parametrize("zone", ["UTC", "Australia/Sydney", "America/Los_Angeles"])
def test_a_window_counted_back_from_now_finds_the_same_issues_in_every_time_zone(demo, zone: str) -> None:
    """Jira reads a date-time literal in the searching user's zone; "the last 7 days" must not shift by it."""
    issues, dataset = demo
    now = max(datetime.fromtimestamp(timestamp_ms(i["fields"]["updated"]) / 1000, UTC) for i in issues).replace(
        second=0, microsecond=0) - timedelta(hours=5)
    start = now - timedelta(days=7)
    jql = build_jql(Slots(dates=[DateRange(field="updated", start=f"{start:%Y-%m-%dT%H:%M:%S}Z")]),
                    now=now.strftime(MINUTE))
    found = {dataset.issues[p]["key"]
             for p in dataset.engine.search(jql, int(now.timestamp() * 1000), None, ZoneInfo(zone))}
    expected = {i["key"] for i in issues if timestamp_ms(i["fields"]["updated"]) >= start.timestamp() * 1000}
    assert found == expected and expected, jql


def test_a_calendar_boundary_stays_the_wall_clock_time_the_user_means() -> None:
    """"Since October" is midnight where the user is, which is how Jira reads a literal."""
    window = DateRange(field="created", start="2026-10-01T00:00:00Z", end="2026-11-01T00:00:00Z")
    assert build_jql(Slots(dates=[window]), now="2026/11/01 12:00") == (
        'created >= "2026/10/01 00:00" AND created < "2026/11/01 00:00"')



def test_a_window_of_whole_months_or_years_back_is_said_in_them() -> None:
    def since(start: str) -> str:
        return build_jql(Slots(dates=[DateRange(field="updated", start=start)]), now="2026/11/01 12:00")

    assert since("2023-11-01T12:00:00Z") == "updated >= -3y"
    assert since("2026-08-01T12:00:00Z") == "updated >= -3M"
    assert since("2026-10-18T12:00:00Z") == "updated >= -14d"
