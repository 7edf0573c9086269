"""Dates on the field they are about, in windows of every shape, in wordings of our own (issue 13).

Each row states the bounds we expect as JQL operands (devjira's date literals, periods and functions);
the bounds the parser produced are resolved with the same clock and compared as instants, so
`created >= -30d` and `created >= startOfDay(-30d)` agree and `created <= 2025-12-31` (midnight, Jira's
reading) does not pass for "before 1 Jan". An upper bound at or after now on a field that only holds the
past (created, updated, resolved) selects nothing and is not counted. The clock is a Wednesday, so "since
Monday", "this week" and "the last 7 days" are three different windows.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.devjira.jql.dates import date_function, parse_date
from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.models import ConversationState
from jirakg.jql import syntax
from tests.intents.demo_lexicon import LEXICON

NOW = datetime(2026, 11, 4, 12, tzinfo=UTC)
NOW_MS = int(NOW.timestamp() * 1000)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)
FIELDS = {"created": "created", "createddate": "created", "updated": "updated", "updateddate": "updated",
          "resolved": "resolved", "resolutiondate": "resolved", "due": "due", "duedate": "due"}
PAST_ONLY = {"created", "updated", "resolved"}
# Within half a day: a period from now and one from the start of today are the same window to the asker.
TOLERANCE_MS = 12 * 3_600_000
LOWER, UPPER = ">=", "<"
UNRESOLVED = "unresolved"

Bound = tuple[str, str, str]

TABLE: list[tuple[str, list[Bound], str]] = [
    # --- created: opened / filed / raised / logged / reported ---------------------------------------
    ("bugs created since 2019", [("created", LOWER, "2019-01-01")], ""),
    ("Billing bugs opened in March 2008", [("created", LOWER, "2008-03-01"), ("created", UPPER, "2008-04-01")], ""),
    ("tickets filed between May and July 2021",
     [("created", LOWER, "2021-05-01"), ("created", UPPER, "2021-08-01")], ""),
    ("Operations tasks raised before 1 Jan", [("created", UPPER, "2026-01-01")], ""),
    ("stories logged after March 2026", [("created", LOWER, "2026-04-01")], ""),
    ("bugs reported in 2025", [("created", LOWER, "2025-01-01"), ("created", UPPER, "2026-01-01")], ""),
    ("issues created in the last 30 days", [("created", LOWER, "-30d")], ""),
    ("bugs opened in the past 2 weeks", [("created", LOWER, "-14d")], ""),
    ("Billing tickets filed in the last 3 months", [("created", LOWER, "-3M")], ""),
    ("bugs created this week", [("created", LOWER, "startOfWeek()")], ""),
    ("tickets opened last week", [("created", LOWER, "startOfWeek(-1)"), ("created", UPPER, "startOfWeek()")], ""),
    ("bugs raised this month", [("created", LOWER, "startOfMonth()")], ""),
    ("issues created last month", [("created", LOWER, "startOfMonth(-1)"), ("created", UPPER, "startOfMonth()")], ""),
    ("bugs logged this quarter", [("created", LOWER, "2026-10-01")], ""),
    ("stories created last quarter", [("created", LOWER, "2026-07-01"), ("created", UPPER, "2026-10-01")], ""),
    ("bugs filed this year", [("created", LOWER, "startOfYear()")], ""),
    ("tickets opened last year", [("created", LOWER, "2025-01-01"), ("created", UPPER, "2026-01-01")], ""),
    ("bugs created since Monday", [("created", LOWER, "startOfWeek()")], ""),
    ("issues filed yesterday", [("created", LOWER, "startOfDay(-1)"), ("created", UPPER, "startOfDay()")], ""),
    ("bugs created today", [("created", LOWER, "startOfDay()")], ""),
    ("bugs opened more than 2 weeks ago", [("created", UPPER, "-14d")], ""),
    ("Operations tasks created over 6 months ago", [("created", UPPER, "-6M")], ""),
    # --- resolved: fixed / closed / done / resolved / finished / completed --------------------------
    ("bugs resolved since 2019", [("resolved", LOWER, "2019-01-01")], ""),
    ("bugs fixed in March 2026", [("resolved", LOWER, "2026-03-01"), ("resolved", UPPER, "2026-04-01")], ""),
    ("tickets closed between May and July 2021",
     [("resolved", LOWER, "2021-05-01"), ("resolved", UPPER, "2021-08-01")], ""),
    ("stories finished before 1 Jan", [("resolved", UPPER, "2026-01-01")], ""),
    ("bugs resolved after June 2026", [("resolved", LOWER, "2026-07-01")], ""),
    ("tasks completed in 2025", [("resolved", LOWER, "2025-01-01"), ("resolved", UPPER, "2026-01-01")], ""),
    ("bugs resolved in the last 7 days", [("resolved", LOWER, "-7d")], ""),
    ("bugs fixed in the past 30 days", [("resolved", LOWER, "-30d")], ""),
    ("tickets closed in the last 2 months", [("resolved", LOWER, "-2M")], ""),
    ("bugs resolved this week", [("resolved", LOWER, "startOfWeek()")], ""),
    ("issues closed last week", [("resolved", LOWER, "startOfWeek(-1)"), ("resolved", UPPER, "startOfWeek()")], ""),
    ("bugs fixed this month", [("resolved", LOWER, "startOfMonth()")], ""),
    ("stories done last month",
     [("resolved", LOWER, "startOfMonth(-1)"), ("resolved", UPPER, "startOfMonth()")], ""),
    ("bugs resolved this quarter", [("resolved", LOWER, "2026-10-01")], ""),
    ("tickets finished last year", [("resolved", LOWER, "2025-01-01"), ("resolved", UPPER, "2026-01-01")], ""),
    ("bugs closed since Monday", [("resolved", LOWER, "startOfWeek()")], ""),
    ("bugs fixed yesterday", [("resolved", LOWER, "startOfDay(-1)"), ("resolved", UPPER, "startOfDay()")], ""),
    ("issues resolved today", [("resolved", LOWER, "startOfDay()")], ""),
    ("bugs resolved more than a month ago", [("resolved", UPPER, "-1M")], ""),
    # --- updated: touched / modified / changed / updated / activity --------------------------------
    ("bugs with activity since June 2026", [("updated", LOWER, "2026-06-01")], ""),
    ("tickets modified in March 2026", [("updated", LOWER, "2026-03-01"), ("updated", UPPER, "2026-04-01")], ""),
    ("stories updated between May and July 2021",
     [("updated", LOWER, "2021-05-01"), ("updated", UPPER, "2021-08-01")], ""),
    ("tasks updated before 1 Jan", [("updated", UPPER, "2026-01-01")], ""),
    ("bugs touched in the last 7 days", [("updated", LOWER, "-7d")], ""),
    ("issues updated in the past 2 weeks", [("updated", LOWER, "-14d")], ""),
    ("bugs with any activity in the last 3 days", [("updated", LOWER, "-3d")], ""),
    ("tickets modified this week", [("updated", LOWER, "startOfWeek()")], ""),
    ("bugs updated last week", [("updated", LOWER, "startOfWeek(-1)"), ("updated", UPPER, "startOfWeek()")], ""),
    ("issues changed this month", [("updated", LOWER, "startOfMonth()")], ""),
    ("stories updated last month",
     [("updated", LOWER, "startOfMonth(-1)"), ("updated", UPPER, "startOfMonth()")], ""),
    ("bugs modified since Monday", [("updated", LOWER, "startOfWeek()")], ""),
    ("tickets updated yesterday", [("updated", LOWER, "startOfDay(-1)"), ("updated", UPPER, "startOfDay()")], ""),
    ("bugs touched today", [("updated", LOWER, "startOfDay()")], ""),
    ("bugs not updated in 30 days", [("updated", UPPER, "-30d")], ""),
    ("tickets not touched in 2 weeks", [("updated", UPPER, "-14d")], ""),
    ("Operations tasks that have been stale for a month", [("updated", UPPER, "-1M")], ""),
    ("bugs last updated more than 3 months ago", [("updated", UPPER, "-3M")], ""),
    ("issues with no updates since September", [("updated", UPPER, "2026-09-01")], ""),
    ("Billing bugs with no activity in the last 10 days", [("updated", UPPER, "-10d")], ""),
    # --- due: due / deadline / needs to be done by ------------------------------------------------
    ("bugs due this week", [("due", LOWER, "startOfWeek()"), ("due", UPPER, "startOfWeek(1)")], ""),
    ("tasks due this month", [("due", LOWER, "startOfMonth()"), ("due", UPPER, "startOfMonth(1)")], ""),
    ("tickets due next week", [("due", LOWER, "startOfWeek(1)"), ("due", UPPER, "startOfWeek(2)")], ""),
    ("stories due next month", [("due", LOWER, "startOfMonth(1)"), ("due", UPPER, "startOfMonth(2)")], ""),
    ("bugs due in the next 2 weeks", [("due", LOWER, "now()"), ("due", UPPER, "+14d")], ""),
    ("tasks due within 10 days", [("due", LOWER, "now()"), ("due", UPPER, "+10d")], ""),
    ("tickets with a deadline before 1 Jan", [("due", UPPER, "2027-01-01")], ""),
    ("tasks that need to be done by the end of the month", [("due", UPPER, "startOfMonth(1)")], ""),
    ("bugs due in March 2027", [("due", LOWER, "2027-03-01"), ("due", UPPER, "2027-04-01")], ""),
    ("tasks due before December", [("due", UPPER, "2026-12-01")], ""),
    ("tickets due after December", [("due", LOWER, "2027-01-01")], ""),
    ("overdue bugs", [("due", UPPER, "now()")], UNRESOLVED),
    ("Operations tasks overdue by more than a week", [("due", UPPER, "-7d")], UNRESOLVED),
    ("tickets that are past their deadline", [("due", UPPER, "now()")], UNRESOLVED),
    ("bugs due soon", [("due", LOWER, "now()"), ("due", UPPER, "+7d")], ""),
    ("tasks due today", [("due", LOWER, "startOfDay()"), ("due", UPPER, "startOfDay(1)")], ""),
    ("bugs due tomorrow", [("due", LOWER, "startOfDay(1)"), ("due", UPPER, "startOfDay(2)")], ""),
    ("tasks due this quarter", [("due", LOWER, "2026-10-01"), ("due", UPPER, "2027-01-01")], ""),
    ("stories with a due date in the last 2 weeks", [("due", LOWER, "-14d"), ("due", UPPER, "now()")], ""),
    # --- more wordings of the same windows ------------------------------------------------------------
    ("tasks that must be done by 15 December", [("due", UPPER, "2026-12-16")], ""),
    ("stories that need to be finished by the end of the week", [("due", UPPER, "startOfWeek(1)")], ""),
    ("which bugs have a deadline in the next 10 days", [("due", LOWER, "now()"), ("due", UPPER, "+10d")], ""),
    ("open bugs overdue by more than two weeks", [("due", UPPER, "-14d")], UNRESOLVED),
    ("bugs resolved since the start of the quarter", [("resolved", LOWER, "2026-10-01")], ""),
    ("bugs created before the end of last month", [("created", UPPER, "startOfMonth()")], ""),
    ("bugs opened within the last week", [("created", LOWER, "-7d")], ""),
    ("bugs that haven't been touched since the beginning of the month", [("updated", UPPER, "startOfMonth()")], ""),
    ("Which Billing tickets have gone stale for two weeks?", [("updated", UPPER, "-14d")], ""),
    ("tickets nobody has touched for 3 weeks", [("updated", UPPER, "-21d")], ""),
    ("Operations tasks without any updates in the past month", [("updated", UPPER, "-1M")], ""),
    ("Which bugs haven't seen any activity in a month?", [("updated", UPPER, "-1M")], ""),
    ("Billing tickets with no movement in 3 weeks", [("updated", UPPER, "-21d")], ""),
    ("Search bugs untouched for a month", [("updated", UPPER, "-1M")], ""),
    ("issues not updated since last month", [("updated", UPPER, "startOfMonth(-1)")], ""),
    ("bugs opened in the last fortnight", [("created", LOWER, "-14d")], ""),
    ("which issues were resolved in the last week", [("resolved", LOWER, "-7d")], ""),
    ("tasks whose due date is this month", [("due", LOWER, "startOfMonth()"), ("due", UPPER, "startOfMonth(1)")], ""),
    ("Operations tasks due next Friday", [("due", LOWER, "2026-11-06"), ("due", UPPER, "2026-11-07")], ""),
    ("what has to be done by Friday", [("due", UPPER, "2026-11-07")], ""),
    ("anything stale for over a fortnight in OPS?", [("updated", UPPER, "-14d")], ""),
    ("bugs nobody has looked at for 2 weeks", [("updated", UPPER, "-14d")], ""),
    ("Operations tasks with deadlines later this month", [("due", LOWER, "now()"), ("due", UPPER, "startOfMonth(1)")],
     ""),
]


def instant(operand: str) -> int:
    match operand.partition("(")[::2]:
        case (name, args) if args:
            inner = args.rstrip(")").strip()
            found = date_function(name, (inner,) if inner else (), NOW_MS)
            assert found is not None, operand
            return found
    return parse_date(operand.strip('"'), NOW_MS, "date")


def clauses(node: object) -> list[syntax.Clause]:
    if isinstance(node, syntax.Clause):
        return [node]
    if isinstance(node, (syntax.And, syntax.Or)):
        return [c for part in node.parts for c in clauses(part)]
    if isinstance(node, syntax.Not):
        return clauses(node.part)
    return []


def date_bounds(jql: str) -> list[tuple[str, str, int]]:
    found = []
    for clause in clauses(syntax.parse(jql).where):
        name = FIELDS.get(clause.field.lower().strip('"'))
        if name is None or clause.operator not in {"<", "<=", ">", ">="}:
            continue
        operand = clause.operand
        text = (f"{operand.name}({', '.join(operand.args)})" if isinstance(operand, syntax.Function)
                else getattr(operand, "text", ""))
        moment = instant(text)
        side = LOWER if clause.operator.startswith(">") else UPPER
        if side == UPPER and name in PAST_ONLY and moment >= NOW_MS:
            continue
        found.append((name, side, moment))
    return found


def unresolved(jql: str) -> bool:
    lowered = jql.lower()
    return ("resolution is empty" in lowered or "resolution = unresolved" in lowered
            or "statuscategory != done" in lowered)


@pytest.mark.parametrize(("question", "expected", "flag"), TABLE, ids=[row[0] for row in TABLE])
def test_date_window_on_the_right_field(question: str, expected: list[Bound], flag: str) -> None:
    intents = [i for i in PARSER.parse(question).intents if i.jql]
    assert len(intents) == 1, question
    (intent,) = intents
    jql = intent.jql or ""
    found = date_bounds(jql)
    wanted = [(name, side, instant(value)) for name, side, value in expected]
    unmatched = list(found)
    for name, side, moment in wanted:
        match = next((f for f in unmatched if f[:2] == (name, side) and abs(f[2] - moment) <= TOLERANCE_MS), None)
        assert match is not None, f"{question!r}: missing {name} {side} {moment}; JQL: {jql}"
        unmatched.remove(match)
    assert not unmatched, f"{question!r}: extra date bounds {unmatched}; JQL: {jql}"
    assert intent.slots.ignored == [], f"{question!r}: ignored {intent.slots.ignored}; JQL: {jql}"
    if flag == UNRESOLVED:
        assert unresolved(jql), f"{question!r}: overdue keeps resolved issues; JQL: {jql}"


@pytest.mark.parametrize(("question", "named"), [
    ("bugs fixed within 10 days", "within"),  # how long the fix took, not when: no window
    ("bugs created soon", "soon"),
    ("stale bugs", "stale"),  # stale for how long is not said
])
def test_a_window_that_cannot_be_read_is_named(question: str, named: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert named in intent.slots.ignored and not date_bounds(intent.jql or ""), intent.jql


def test_the_table_covers_every_field_and_enough_questions() -> None:
    assert len(TABLE) >= 60
    assert {name for _, bounds, _ in TABLE for name, _, _ in bounds} == {"created", "updated", "resolved", "due"}


@pytest.mark.parametrize("question", ["Search bugs untouched for a month", "bugs that must be done by Friday",
                                      "tasks that need to be finished by the end of the week"])
def test_a_word_read_as_a_date_is_no_status(question: str) -> None:
    (intent,) = PARSER.parse(question).intents
    assert "statusCategory" not in (intent.jql or ""), intent.jql


@pytest.mark.parametrize(("first", "then", "expected"), [
    ("tasks due this week", "what about next week",
     [("due", LOWER, "startOfWeek(1)"), ("due", UPPER, "startOfWeek(2)")]),
    ("tasks due this week", "and next month?", [("due", LOWER, "startOfMonth(1)"), ("due", UPPER, "startOfMonth(2)")]),
    ("bugs resolved last month", "and this week?", [("resolved", LOWER, "startOfWeek()")]),
])
def test_a_follow_up_time_alone_is_on_the_earlier_date_field(first: str, then: str, expected: list[Bound]) -> None:
    (earlier,) = PARSER.parse(first).intents
    (intent,) = PARSER.parse(then, ConversationState(last_intent=earlier.name, last_search=earlier.slots)).intents
    wanted = sorted((name, side, instant(value)) for name, side, value in expected)
    assert sorted(date_bounds(intent.jql or "")) == wanted and intent.slots.ignored == [], intent.jql
