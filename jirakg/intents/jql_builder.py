"""Filters → JQL. Every value is quoted and escaped; issue keys and project keys are checked
against the instance, so a question can narrow a query but never widen or break it."""

from __future__ import annotations

import re

from jirakg.intents.models import Slots

CURRENT_USER = "currentUser()"  # the one function a slot may carry; never from user text
ISSUE_KEY = re.compile(r"^([A-Z][A-Z0-9_]*)-([1-9]\d*)$")
# Characters with a meaning inside a Lucene text query; free text is searched as plain words.
TEXT_SPECIAL = re.compile(r'[+\-&|!(){}\[\]^"~*?:\\/]')


def quote(value: str) -> str:
    """A JQL string literal: backslashes and double quotes escaped, control characters dropped."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in value)
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'


def valid_key(key: str, project_keys: set[str]) -> bool:
    match = ISSUE_KEY.match(key)
    return bool(match) and (not project_keys or match.group(1) in project_keys)


def text_query(words: str) -> str:
    """Free words for `~`: Lucene operators become spaces, so words are matched as words."""
    return " ".join(TEXT_SPECIAL.sub(" ", words).split())


def _in(field: str, values: list[str]) -> str:
    literals = [v if v == CURRENT_USER else quote(v) for v in values]
    if len(literals) == 1:
        return f"{field} = {literals[0]}"
    return f"{field} in ({', '.join(literals)})"


def build_jql(slots: Slots, *, order_by: str | None = None) -> str:
    clauses: list[str] = []
    if slots.projects:
        clauses.append(_in("project", slots.projects))
    if slots.issue_type:
        clauses.append(_in("issuetype", [slots.issue_type]))
    if slots.statuses:
        clauses.append(_in("status", slots.statuses))
    if slots.status_categories:
        clauses.append(_in("statusCategory", slots.status_categories))
    if slots.priorities:
        clauses.append(_in("priority", slots.priorities))
    if slots.assignees:
        clauses.append(_in("assignee", slots.assignees))
    if slots.unassigned:
        clauses.append("assignee is EMPTY")
    if slots.components:
        clauses.append(_in("component", slots.components))
    if slots.labels:
        clauses.append(_in("labels", slots.labels))
    if slots.fix_versions:
        clauses.append(_in("fixVersion", slots.fix_versions))
    if slots.sprints:
        clauses.append(_in("sprint", slots.sprints))
    if slots.open_sprints:
        clauses.append("sprint in openSprints()")
    if slots.window is not None:
        if slots.window.start:
            clauses.append(f"updated >= {quote(_jql_time(slots.window.start))}")
        if slots.window.end:
            clauses.append(f"updated < {quote(_jql_time(slots.window.end))}")
    if slots.text and text_query(slots.text):
        clauses.append(f"text ~ {quote(text_query(slots.text))}")
    jql = " AND ".join(clauses)
    if order_by:
        jql = f"{jql} ORDER BY {order_by}".strip()
    return jql


def _jql_time(iso: str) -> str:
    """ISO 8601 → JQL's yyyy/MM/dd HH:mm."""
    return iso[:16].replace("-", "/").replace("T", " ")
