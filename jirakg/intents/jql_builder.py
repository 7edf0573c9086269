"""Filters → JQL. Every value is quoted and escaped; issue keys and project keys are checked
against the instance, so a question can narrow a query but never widen or break it."""

from __future__ import annotations

import re
from datetime import datetime

from jirakg.intents.models import DateRange, HistoryCondition, Slots, ValueFilters
from jirakg.intents.timewindows import shift
from jirakg.jql.keys import ISSUE_KEY

CURRENT_USER = "currentUser()"  # the one function a slot may carry; never from user text
# Characters with a meaning inside a Lucene text query; free text is searched as plain words.
TEXT_SPECIAL = re.compile(r'[+\-&|!(){}\[\]^"~*?:\\/]')
DATE_FIELDS = {"created": "created", "updated": "updated", "resolved": "resolutiondate", "due": "duedate"}


def quote(value: str) -> str:
    """A JQL string literal: backslashes and double quotes escaped, control characters dropped."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in value)
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'


def valid_key(key: str, project_keys: set[str]) -> bool:
    match = ISSUE_KEY.match(key)
    return match is not None and (not project_keys or match.group(1) in project_keys)


def text_query(words: str) -> str:
    """Free words for `~`: Lucene operators become spaces, so words are matched as words."""
    return " ".join(TEXT_SPECIAL.sub(" ", words).split())


# JQL field ← the filter list it is built from, in the order clauses are written.
LIST_CLAUSES = [("project", "projects"), ("issuetype", "issue_types"), ("status", "statuses"),
                ("statusCategory", "status_categories"), ("priority", "priorities"), ("assignee", "assignees"),
                ("reporter", "reporters"), ("component", "components"), ("labels", "labels"),
                ("fixVersion", "fix_versions"), ("affectedVersion", "affected_versions"), ("sprint", "sprints"),
                ("resolution", "resolutions")]


# Fields an issue may leave empty: "not in the Uploader component" keeps the issues in no component, which a bare
# `component != "Uploader"` would drop (Jira's != never matches an empty field)
OPTIONAL_FIELDS = {"component", "labels", "fixVersion", "affectedVersion", "sprint"}
PERSON_FIELDS = {"assignee", "reporter"}  # the only fields where currentUser() is a function, not a value


def _literal(field: str, value: str) -> str:
    return value if value == CURRENT_USER and field in PERSON_FIELDS else quote(value)


def _in(field: str, values: list[str], negated: bool = False) -> str:
    literals = [_literal(field, v) for v in values]
    if len(literals) == 1:
        return f"{field} {'!=' if negated else '='} {literals[0]}"
    return f"{field} {'not in' if negated else 'in'} ({', '.join(literals)})"


def _values(filters: ValueFilters, negated: bool, every: frozenset[str] = frozenset()) -> list[str]:
    """`every`: the list fields whose values the issues each have, not any (labels = a AND labels = b)."""
    clauses = []
    for field, attribute in LIST_CLAUSES:
        values = getattr(filters, attribute)
        if attribute in every:
            clauses += [_in(field, [value]) for value in values]
        elif values and negated and field in OPTIONAL_FIELDS:
            clauses.append(f"({_in(field, values, negated)} OR {field} is EMPTY)")
        elif values:
            clauses.append(_in(field, values, negated))
    by_field: dict[str, list[str]] = {}
    for option in filters.options:
        by_field.setdefault(option.field, []).append(option.value)
    return clauses + [_in(quote(field), values, negated) for field, values in by_field.items()]


def _dates(dates: list[DateRange], now: str | None) -> list[str]:
    clauses = []
    for window in dates:
        field = DATE_FIELDS[window.field]
        if window.start:
            clauses.append(f"{field} >= {_moment(window.start, now)}")
        if window.end:
            end = _moment(window.end, now)
            # "due in the next 7 days": a due date is a day, and the day the window ends in is in it (Jira compares
            # the day: `duedate < 7d` would leave out what is due a week from today)
            inclusive = field == "duedate" and not end.startswith('"')
            clauses.append(f"{field} {'<=' if inclusive else '<'} {end}")
    return clauses


def _moment(iso: str, now: str | None) -> str:
    """A moment as JQL reads it right. Jira reads a date-time literal in the searching user's time zone, while
    the windows are reckoned in UTC: a calendar boundary (midnight: "this month", "since 2019") means the same
    wall-clock time wherever the user is, but a moment counted back from now ("the last 7 days") does not, so
    that one is said as a period from now ("-7d"), which Jira reads exactly."""
    time = _jql_time(iso)
    if now is None or time[11:] != now[11:] or now[11:] == "00:00":
        return quote(time)
    moment, clock = datetime.strptime(time, MINUTE), datetime.strptime(now, MINUTE)
    months = (moment.year - clock.year) * 12 + moment.month - clock.month
    if months and moment == shift(clock, months, "month"):  # "the past 3 years": -3y, as people write it
        return f"{months // 12}y" if not months % 12 else f"{months}M"
    minutes = int((moment - clock).total_seconds() // 60)
    if not minutes:
        return "now()"
    amount, unit = (minutes // 1440, "d") if not minutes % 1440 else (minutes // 60, "h") if not minutes % 60 \
        else (minutes, "m")
    return f"{amount}{unit}"


def _due_before(dates: list[DateRange], now: str | None) -> bool:
    """Whether a due-date window already ends by the day of `now` (yyyy/MM/dd HH:mm)."""
    day = now[:10].replace("/", "-") if now else None
    return day is not None and any(d.field == "due" and d.end and d.end[:10] <= day for d in dates)


def _links(slots: Slots) -> list[str]:
    clauses = []
    for link in slots.links:
        if link.key:
            kind = f", {quote(link.link_type)}" if link.link_type else ""
            clauses.append(f"issue in linkedIssues({link.key}{kind})")
    # link types said without an issue are any of them ("a supersedes / superseded-by link", both directions); not
    # the type of a link to an issue named ("the issues OPS-553 is blocked by": that link, not theirs)
    keyed = {link.link_type for link in slots.links if link.key}
    kinds = list(dict.fromkeys(link.link_type for link in slots.links
                               if not link.key and link.link_type and link.link_type not in keyed))
    if kinds:
        clauses.append(_in("issueLinkType", kinds))
    return clauses


def _history(condition: HistoryCondition, now: str | None) -> str:
    clause = f"{condition.field} {condition.operator}"
    clause += "" if condition.value is None else f" {_literal(condition.field, condition.value)}"
    for name, moment in (("after", condition.after), ("before", condition.before)):
        if moment:
            clause += f" {name} {_moment(moment, now)}"
    return clause


MINUTE = "%Y/%m/%d %H:%M"  # JQL's date-time format


def build_jql(slots: Slots, *, now: str | None = None) -> str:
    """`now` (yyyy/MM/dd HH:mm, the parser's clock): the moment windows were counted back from, said to Jira as
    periods from its own now; "overdue" is Jira's `duedate < now()` (a due date of today is past by the
    afternoon), unless a due-date window already ends by today."""
    excluded = slots.excluded
    if excluded.resolutions and not _settled(slots):
        # "leave out the duplicates" from issues open or settled: the unresolved stay, which a bare
        # `resolution != Duplicate` would drop (Jira's != never matches an empty field)
        excluded = excluded.model_copy(update={"resolutions": []})
    every = frozenset(name for name, said in (("labels", slots.every_label), ("sprints", slots.every_sprint)) if said)
    clauses = _values(slots, negated=False, every=every) + _values(excluded, negated=True)
    if excluded is not slots.excluded:
        clauses.append(f"({_in('resolution', slots.excluded.resolutions, negated=True)} OR resolution is EMPTY)")
    clauses += [f"{field} is EMPTY" for field in slots.empty] + [
        f"{field} is not EMPTY" for field in slots.filled  # (`resolution != Fixed` already has one)
        if not (field == "resolution" and slots.excluded.resolutions)]
    if slots.parents:
        clauses.append(_in("parent", slots.parents))
    if slots.sprint_state and slots.sprint_state_excluded:
        clauses.append(f"(sprint not in {slots.sprint_state}Sprints() OR sprint is EMPTY)")
    elif slots.sprint_state:
        clauses.append(f"sprint in {slots.sprint_state}Sprints()")
    if slots.carried_over:
        clauses.append("sprint in closedSprints()")
    if slots.was_statuses:
        clauses.append(_in("status", slots.was_statuses).replace(" = ", " was ", 1).replace(" in (", " was in (", 1))
    clauses += [_history(condition, now) for condition in slots.history]
    if slots.version_state:
        clauses.append(f"fixVersion in {slots.version_state}Versions()")
    clauses += [f"{quote(n.field)} {n.operator} {n.value:g}" if n.value is not None
                else f"{quote(n.field)} is {'not ' if n.operator == '!=' else ''}EMPTY" for n in slots.numbers]
    clauses += _dates(slots.dates, now) + _links(slots)
    if slots.overdue:
        if not _due_before(slots.dates, now):  # "overdue by more than a week" already bounds the due date
            clauses.append("duedate < now()")
        if "resolution" not in slots.empty:
            clauses.append("resolution is EMPTY")
    if slots.text and text_query(slots.text):
        clauses.append(f"{slots.text_field} ~ {quote(text_query(slots.text))}")
    if slots.typed_jql:
        clauses.append(f"({slots.typed_jql})" if clauses and re.search(r"\bOR\b", slots.typed_jql) else slots.typed_jql)
    jql = " AND ".join(dict.fromkeys(clauses))  # a window said twice ("coming up in the next week") once
    if slots.order_by:
        jql = f"{jql} ORDER BY {slots.order_by}".strip()
    return jql


def _settled(slots: Slots) -> bool:
    """Whether the issues asked for are settled ones only (a resolution, a state, the Done category, a resolution
    date), or unresolved ones: either way an excluded resolution leaves nothing empty to keep."""
    return bool(slots.resolutions or slots.statuses or "resolution" in slots.filled or "resolution" in slots.empty
                or "done" in slots.status_categories or any(d.field == "resolved" for d in slots.dates))


def _jql_time(iso: str) -> str:
    """ISO 8601 → JQL's yyyy/MM/dd HH:mm."""
    return iso[:16].replace("-", "/").replace("T", " ")
