"""The JQL engine against a table of cases whose answers were worked out by hand from
tests/devjira/jql_fixture.py. Short names: A3 is ALPHA-3, B2 is BETA-2."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.jql import JqlSyntaxError
from tests.devjira.jql_fixture import NOW_MS, build_issues, metadata

ALL = "A1 A2 A3 A4 A5 A6 A7 B1 B2 B3 B4 B5"


def keys(short: str) -> list[str]:
    return [("ALPHA-" if s[0] == "A" else "BETA-") + s[1:] for s in short.split()]


def minus(*removed: str) -> str:
    return " ".join(k for k in ALL.split() if k not in removed)


# (jql, expected issues as a set)
SET_CASES = [
    # projects and types
    ("project = ALPHA", "A1 A2 A3 A4 A5 A6 A7"),
    ('project = "Beta Ops"', "B1 B2 B3 B4 B5"),
    ("project = alpha", "A1 A2 A3 A4 A5 A6 A7"),
    ("project = 200", "B1 B2 B3 B4 B5"),
    ("project in (ALPHA, BETA)", ALL),
    ("project != ALPHA", "B1 B2 B3 B4 B5"),
    ("project not in (BETA)", "A1 A2 A3 A4 A5 A6 A7"),
    ("issuetype = Bug", "A4 A7 B3"),
    ("type = bug", "A4 A7 B3"),
    ("type in (Story, Task)", "A2 A3 A5 B2 B4 B5"),
    ("type != Epic", minus("A1", "B1")),
    ('type = "Sub-task"', "A6"),
    ("issuetype in (Epic) AND project = BETA", "B1"),
    # status and status category
    ('status = "In Progress"', "A1 A3 B2"),
    ("status = done", "A2 A6 B3"),
    ("status in ('To Do', \"Won't Do\")", "A4 A5 B1 B4 A7 B5"),
    ("status != Done", minus("A2", "A6", "B3")),
    ("status not in (Done, \"Won't Do\")", "A1 A3 A4 A5 B1 B2 B4"),
    ("statusCategory = Done", "A2 A6 A7 B3 B5"),
    ('statusCategory = "In Progress"', "A1 A3 B2"),
    ("statusCategory = new", "A4 A5 B1 B4"),
    ("statusCategory != done", "A1 A3 A4 A5 B1 B2 B4"),
    # priority, ordered by Jira's scheme
    ("priority = Highest", "A3 B3"),
    ("priority in (High, Highest)", "A1 A3 A4 B2 B3"),
    ("priority > Medium", "A1 A3 A4 B2 B3"),
    ("priority >= Medium", "A1 A2 A3 A4 A6 B1 B2 B3 B4"),
    ("priority < Medium", "A5 A7 B5"),
    ("priority <= Low", "A5 A7 B5"),
    ("priority != Medium", "A1 A3 A4 A5 A7 B2 B3 B5"),
    ("priority = high AND project = BETA", "B2"),
    # resolution
    ("resolution = Unresolved", "A1 A3 A4 A5 B1 B2 B4"),
    ("resolution is EMPTY", "A1 A3 A4 A5 B1 B2 B4"),
    ("resolution = Done", "A2 A6 B3"),
    ("resolution in (\"Won't Do\", Duplicate)", "A7 B5"),
    ("resolution is not empty", "A2 A6 A7 B3 B5"),
    ("resolution != Done", "A7 B5"),
    # people: account id, display name, email; != and NOT IN skip unassigned issues
    ('assignee = "u-ana"', "A1 A3 A7 B3"),
    ('assignee = "Ana Souza"', "A1 A3 A7 B3"),
    ("assignee = ana@example.com", "A1 A3 A7 B3"),
    ('assignee in ("u-ben", "u-cara")', "A2 A5 A6 B1 B2 B5"),
    ("assignee is EMPTY", "A4 B4"),
    ("assignee is not EMPTY", minus("A4", "B4")),
    ("assignee = null", "A4 B4"),
    ('assignee != "u-ana"', "A2 A5 A6 B1 B2 B5"),
    ('assignee not in ("u-ana", "u-ben")', "A5 B1"),
    ('reporter = "u-cara"', "A4 A7 B1 B2"),
    ("assignee = currentUser()", "A1 A3 A7 B3"),
    ("reporter = currentUser() AND assignee = currentUser()", "A3"),
    ('assignee in (EMPTY, "u-cara")', "A4 B4 A5 B1"),
    ('creator = "Ben Okafor"', "A1 A5 A6 B3 B5"),
    # dates: absolute, relative, functions (now = Wed 2026-03-18 12:00 UTC)
    ('created >= "2026-03-01"', "A4 B3 B4"),
    ('created < "2026-01-01"', "A5 A7 B5"),
    ('created >= "2026/02/01" AND created < "2026/03/01"', "A3 B1 B2"),
    ("created >= -7d", "A4 B4"),
    ("created > -2w", "A4 B4"),
    ('created > "-1w 3d"', "A4 B4"),
    ("created >= startOfWeek()", "A4 B4"),
    ("created >= startOfMonth()", "A4 B3 B4"),
    ("created < startOfYear()", "A5 A7 B5"),
    ("created >= startOfMonth(-1)", "A3 A4 B1 B2 B3 B4"),
    ("created <= endOfMonth(-1)", "A1 A2 A3 A5 A6 A7 B1 B2 B5"),
    ("created >= startOfDay(-2)", "A4 B4"),
    ('created >= startOfDay("-2d") AND created < endOfDay(-2)', "A4"),
    ("created > now()", ""),
    ('updated >= "2026-03-10"', "A1 A3 A4 B4"),
    ('resolved >= "2026-01-01"', "A2 A6 B3"),
    ('resolutiondate < "2026-01-01"', "A7 B5"),
    ("resolved is empty", "A1 A3 A4 A5 B1 B2 B4"),
    ('due <= "2026-03-31"', "A4 B2"),
    ("due is not empty", "A1 A4 B2"),
    ('duedate = "2026-04-01"', "A1"),
    ("due < now()", ""),
    ("due > endOfWeek()", "A1 B2"),
    ('created = "2026-03-16 14:00"', "A4"),
    ('createdDate >= "2026-03-17"', "B4"),
    ('updated < "2025-12-02"', "A7 B5"),
    ('created in ("2026-03-16 14:00", "2026-03-17 09:00")', "A4 B4"),
    # labels (not validated: an unknown label simply matches nothing)
    ("labels = ux", "A1 A2 A7"),
    ("labels in (security, ops)", "A3 B4 B1 B2"),
    ('labels = "quick-win"', "A2"),
    ("labels is EMPTY", "A4 A6 B3 B5"),
    ("labels != ux", "A3 A5 B1 B2 B4"),
    ("labels not in (ux, security)", "A5 B1"),
    ("labels = nonexistent", ""),
    # components and versions
    ("component = Web", "A1 A2 A3 A4 A7"),
    ("component in (Payments, Monitoring)", "A3 B1 B2 B3"),
    ("component is EMPTY", "A5 A6 B4 B5"),
    ("component != Web", "B1 B2 B3"),
    ('fixVersion = "1.0"', "A1 A2"),
    ('fixVersion in ("1.1", "2.0")', "A3 B1 B3"),
    ("fixVersion is EMPTY", "A4 A5 A6 A7 B2 B4 B5"),
    ("fixVersion in unreleasedVersions()", "A3 B1 B3"),
    ("fixVersion in releasedVersions()", "A1 A2"),
    ("fixVersion in releasedVersions(BETA)", ""),
    ("fixVersion = earliestUnreleasedVersion(ALPHA)", "A3"),
    ("fixVersion = latestReleasedVersion(ALPHA)", "A1 A2"),
    ('affectedVersion = "1.0"', "A4"),
    ('fixVersion = 502', "A3"),
    # hierarchy
    ("parent = ALPHA-1", "A2 A3"),
    ("parent in (ALPHA-2, BETA-1)", "A6 B2 B3"),
    ("parent is EMPTY", "A1 A4 A5 A7 B1 B4 B5"),
    ("parent is not EMPTY AND type = Story", "A2 A3"),
    ("parent != ALPHA-1", "A6 B2 B3"),
    ("parent = 1001", "A2 A3"),
    # keys and ids
    ("key = ALPHA-3", "A3"),
    ("issuekey in (ALPHA-1, BETA-2)", "A1 B2"),
    ("key != ALPHA-3 AND project = ALPHA", "A1 A2 A4 A5 A6 A7"),
    ("key > ALPHA-5", "A6 A7"),
    ("key <= BETA-2", "B1 B2"),
    ("id = 2003", "B3"),
    ("issue in (ALPHA-7, 1001)", "A7 A1"),
    ("key >= alpha-6", "A6 A7"),
    ("key not in (ALPHA-1, ALPHA-2)", minus("A1", "A2")),
    # links, from the named issue's point of view
    ("issue in linkedIssues(ALPHA-5)", "A3 B2 B4"),
    ('issue in linkedIssues(ALPHA-5, "is blocked by")', "A3 B2"),
    ("issue in linkedIssues(ALPHA-3, blocks)", "A5"),
    ('issue in linkedIssues(ALPHA-3, "is blocked by")', "A4"),
    ("issue in linkedIssues(BETA-2, duplicates)", ""),
    ('issue in linkedIssues(BETA-2, "is duplicated by")', "B5"),
    ("issue in linkedIssues(ALPHA-3, Blocks)", "A5"),  # a description first, as in Jira
    ("issue in linkedIssues(ALPHA-5, Relates)", "B4"),  # a type name only: both directions
    ("issue not in linkedIssues(ALPHA-5)", minus("A3", "B2", "B4")),
    ("issueLinkType = blocks", "A3 A4 B2"),
    ('issueLinkType = "is blocked by"', "A3 A5"),
    ('issueLinkType in ("relates to")', "B4 A5"),
    ("issueLinkType = duplicates", "B5"),
    # text: words in any order, stems, phrases, wildcards, exclusions, stop words
    ("summary ~ checkout", "A1 A2 A4 A6"),
    ('summary ~ "guest checkout"', "A2 A6"),
    ('summary ~ "\\"guest checkout\\""', "A2 A6"),
    ('summary ~ "checkout guest"', "A2 A6"),
    ('summary ~ "\\"checkout guest\\""', ""),
    ('summary ~ "alert"', "B2 B3 B5"),
    ('summary ~ "alerting"', "B2 B3 B5"),
    ("description ~ alert", "B1 B2 B3"),
    ('text ~ "certificates"', "B4"),
    ('comment ~ "PCI"', "A3"),
    ("comment ~ april", "B4"),
    ('summary ~ "check*"', "A1 A2 A4 A6"),
    ('summary ~ "crash*"', "A4"),
    ("summary ~ crash", "A4"),
    ("summary !~ checkout", minus("A1", "A2", "A4", "A6")),
    ('text ~ "safari"', "A4"),
    ("environment ~ production", "B3"),
    ("description is EMPTY", "A5 B5"),
    ('summary ~ "the"', ""),
    ('summary ~ "checkout -guest"', "A1 A4"),
    ('text ~ "pay"', "A2 A4"),
    ('summary ~ "shopper"', "A3"),
    ('summary ~ "t?po"', "A7"),
    # custom fields by name and by cf[id]
    ('"Story point estimate" >= 5', "A3 B2"),
    ("cf[10016] = 3", "A2"),
    ('"story point estimate" is EMPTY', "A1 A4 A6 A7 B1 B4 B5"),
    ("cf[10016] in (1, 2)", "B3 A5"),
    ('"Story point estimate" < 3', "A5 B3"),
    ("sprint = 2", "A3"),
    ('sprint = "Alpha Sprint 1"', "A2"),
    ("sprint in openSprints()", "A3 B2 B3"),
    ("sprint in closedSprints()", "A2"),
    ("sprint in futureSprints()", "A5"),
    ("sprint is EMPTY", "A1 A4 A6 A7 B1 B4 B5"),
    ('Team = "Web Team"', "A1 A2 A3 A4"),
    ('Team != "Web Team"', "B1 B2 B3"),
    # boolean structure and precedence (NOT > AND > OR)
    ("project = ALPHA AND status = Done OR priority = Highest", "A2 A3 A6 B3"),
    ("project = ALPHA AND (status = Done OR priority = Highest)", "A2 A3 A6"),
    ("status = Done OR priority = Highest AND project = ALPHA", "A2 A3 A6 B3"),
    ("NOT status = Done", minus("A2", "A6", "B3")),
    ("NOT (status = Done OR status = \"Won't Do\")", "A1 A3 A4 A5 B1 B2 B4"),
    ("NOT status = Done AND project = BETA", "B1 B2 B4 B5"),
    ("project = BETA && priority = High || key = ALPHA-7", "B2 A7"),
    ("!(project = ALPHA)", "B1 B2 B3 B4 B5"),
    ('assignee = "u-ana" AND NOT labels = ux', "A3 B3"),
    ('(type = Bug OR type = Task) AND (status = "To Do" OR status = "In Progress") AND project = ALPHA', "A4 A5"),
    ("PROJECT = alpha and STATUS = DONE", "A2 A6"),
    ("((project = ALPHA))", "A1 A2 A3 A4 A5 A6 A7"),
    ("", ALL),
    # history: WAS and CHANGED with predicates
    ('status WAS "In Progress"', "A1 A2 A3 A6 B2"),
    ('status WAS "To Do"', "A2 A3 A4 A5 A6 A7 B1 B2 B3 B4"),
    ('status WAS NOT "To Do"', "A1 B5"),
    ("status WAS IN (\"Done\", \"Won't Do\")", "A2 A6 A7 B3 B5"),
    ('status WAS "In Progress" BY "u-ben"', "A2 A6 B2"),
    ('status WAS "In Progress" BEFORE "2026-02-01"', "A1 A2 A6"),
    ('status WAS "In Progress" AFTER "2026-03-10"', "A1 A3 B2"),
    ('status WAS "In Progress" DURING ("2026-02-15", "2026-02-25")', "A1 B2"),
    ("status CHANGED", "A2 A3 A6 A7 B2 B3"),
    ('status CHANGED FROM "In Progress" TO "To Do"', "B2"),
    ("status CHANGED TO Done", "A2 A6 B3"),
    ('status CHANGED BY "u-ana"', "A3 A7 B3"),
    ('status CHANGED AFTER "2026-03-01"', "A3 B2 B3"),
    ('status CHANGED DURING ("2026-01-01", "2026-01-31")', "A2 A6"),
    ("priority CHANGED", "A3"),
    ("priority WAS High", "A1 A3 A4 B2"),
    ('assignee WAS "u-ben"', "A2 A6 A7 B2 B5"),
    ("assignee CHANGED FROM EMPTY", "A7"),
    ("assignee WAS EMPTY", "A4 A7 B4"),
    ("resolution CHANGED TO Done", "A2 A6 B3"),
    ('fixVersion WAS "1.0"', "A1 A2 A3"),
    ("fixVersion CHANGED", "A2 A3"),
    ('status CHANGED ON "2026-03-05"', "B3"),
    ('status WAS "Done" ON "2026-03-10"', "A2 A6 B3"),
    ("status CHANGED BY currentUser()", "A3 A7 B3"),
]

# (jql, expected issues in order)
ORDERED_CASES = [
    ("project = ALPHA ORDER BY created ASC", "A7 A5 A1 A2 A6 A3 A4"),
    ("project = BETA ORDER BY priority DESC, key ASC", "B3 B2 B1 B4 B5"),
    ("project = BETA ORDER BY key DESC", "B5 B4 B3 B2 B1"),
    ("type = Bug ORDER BY priority ASC", "A7 A4 B3"),
    ("project = ALPHA ORDER BY due ASC", "A4 A1 A2 A3 A5 A6 A7"),
    ("assignee is not EMPTY ORDER BY assignee ASC, key DESC", "B3 A7 A3 A1 B5 B2 A6 A2 B1 A5"),
    ("ORDER BY created DESC", "B4 A4 B3 A3 B2 B1 A6 A2 A1 A5 A7 B5"),
    ('"Story point estimate" is not EMPTY ORDER BY "Story point estimate" DESC', "A3 B2 A2 A5 B3"),
    ("project = ALPHA ORDER BY summary ASC", "A2 A4 A1 A5 A3 A7 A6"),
    ("project = BETA ORDER BY status ASC, key ASC", "B3 B2 B1 B4 B5"),
    ("ORDER BY key ASC", ALL),
    ("project = ALPHA order by updated desc", "A3 A4 A1 A2 A6 A5 A7"),
]

ERROR_CASES = [
    ("status = Nope", "The value 'Nope' does not exist for the field 'status'."),
    ("foo = bar", "Field 'foo' does not exist or you do not have permission to view it."),
    ("project = ", "Expecting either a value, list or function before the end of the query."),
    ("project = ALPHA AND", "Expecting a field name before the end of the query."),
    ("summary = checkout", "The operator '=' is not supported by the 'summary' field."),
    ("status ~ done", "The operator '~' is not supported by the 'status' field."),
    ('created > "yesterday"', "Date value 'yesterday' for field 'created' is invalid."),
    ("key = ALPHA-99", "An issue with key 'ALPHA-99' does not exist for field 'key'."),
    ('key = "not a key"', "The issue key 'not a key' for field 'key' is invalid."),
    ("issue in linkedIssues(NOPE-1)", "An issue with key 'NOPE-1' does not exist"),
    ("status in (Done", "Expecting ')' before the end of the query."),
    ('summary ~ "unterminated', "The quoted string 'unterminated' has not been completed."),
    ("assignee = nobody", "The value 'nobody' does not exist for the field 'assignee'."),
    ("project = ALPHA ORDER BY description", "Field 'description' does not support sorting."),
    ("status = Done project = ALPHA", "Expecting either 'OR' or 'AND' but got 'project'. (line 1, character 15)"),
    ("priority = foo()", "Unable to find JQL function 'foo()'."),
    ("summary CHANGED", "History searches do not support the 'summary' field."),
    ('"Story point estimate" = abc', "Value 'abc' is invalid for the 'Story point estimate' field."),
    ("status = Done %", "The character '%' is a reserved JQL character."),
    ('status WAS Done FROM "To Do"', "only supported by the CHANGED operator"),
    ('status = "Done" OR 1=1', "Field '1' does not exist"),
    ("component = Nope", "The value 'Nope' does not exist for the field 'component'."),
    ("sprint = nosuch", "The value 'nosuch' does not exist for the field 'sprint'."),
    ("project = ALPHA) OR project = BETA", "Expecting either 'OR' or 'AND' but got ')'."),
    ("status = (Done, Open)", "The operator '=' does not support a list of values; use IN or NOT IN."),
    ("summary ~ (a, b)", "The operator '~' needs a text value for the 'summary' field."),
    ("issue in linkedIssues(ALPHA-1, \"eats\")", "Issue link type 'eats' does not exist."),
    ("created > startOfWeek(abc)", "Invalid increment 'abc'"),
    ("project IS ALPHA", "Expecting 'EMPTY' or 'NULL' but got 'ALPHA'."),
]


@pytest.fixture(scope="module")
def engine():
    return build_dataset(build_issues(), metadata())


def run(engine, jql: str) -> list[str]:
    positions = engine.engine.search(jql, NOW_MS, current_user="u-ana")
    return [engine.issues[p]["key"] for p in positions]


def test_the_table_is_large_enough() -> None:
    assert len(SET_CASES) + len(ORDERED_CASES) + len(ERROR_CASES) >= 150


@pytest.mark.parametrize(("jql", "expected"), SET_CASES, ids=[c[0] or "<empty>" for c in SET_CASES])
def test_set_cases(engine, jql: str, expected: str) -> None:
    assert sorted(run(engine, jql)) == sorted(keys(expected))


@pytest.mark.parametrize(("jql", "expected"), ORDERED_CASES, ids=[c[0] for c in ORDERED_CASES])
def test_ordered_cases(engine, jql: str, expected: str) -> None:
    assert run(engine, jql) == keys(expected)


@pytest.mark.parametrize(("jql", "message"), ERROR_CASES, ids=[c[0] for c in ERROR_CASES])
def test_error_cases(engine, jql: str, message: str) -> None:
    with pytest.raises(JqlSyntaxError) as caught:
        run(engine, jql)
    assert message in str(caught.value)


@pytest.mark.parametrize("zone", ["UTC", "Australia/Sydney", "America/Los_Angeles"])
def test_a_date_on_a_date_field_is_the_day_written_in_every_time_zone(engine, zone: str) -> None:
    """A literal is read in the user's zone, but a due date is a day: "2026-03-21" is that day for a user in
    Sydney too, not the UTC day its local midnight falls on (which once let an issue due 03-20 in)."""
    def found(jql: str) -> list[str]:
        return sorted(engine.issues[p]["key"] for p in engine.engine.search(jql, NOW_MS, "u-ana", ZoneInfo(zone)))

    assert found('duedate >= "2026-03-21"') == keys("A1 B2")
    assert found('duedate = "2026-03-25"') == keys("B2")
    assert found('duedate < "2026/03/25 00:00"') == keys("A4")

