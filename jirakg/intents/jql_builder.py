"""Filters → JQL. Every value is quoted and escaped; issue keys and project keys are checked
against the instance, so a question can narrow a query but never widen or break it."""

from __future__ import annotations

import re

from jirakg.intents.models import Slots
from jirakg.jql.keys import ISSUE_KEY

CURRENT_USER = "currentUser()"  # the one function a slot may carry; never from user text
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


# JQL field ← the `Slots` list it is built from, in the order clauses are written.
LIST_CLAUSES = [("project", "projects"), ("issuetype", "issue_types"), ("status", "statuses"),
                ("statusCategory", "status_categories"), ("priority", "priorities"), ("assignee", "assignees"),
                ("component", "components"), ("labels", "labels"), ("fixVersion", "fix_versions"),
                ("sprint", "sprints")]


def _in(field: str, values: list[str]) -> str:
    literals = [v if v == CURRENT_USER else quote(v) for v in values]
    if len(literals) == 1:
        return f"{field} = {literals[0]}"
    return f"{field} in ({', '.join(literals)})"


def build_jql(slots: Slots, *, order_by: str | None = None) -> str:
    clauses: list[str] = []
    for field, attribute in LIST_CLAUSES:
        values = getattr(slots, attribute)
        if values:
            clauses.append(_in(field, values))
        if attribute == "assignees" and slots.unassigned:
            clauses.append("assignee is EMPTY")
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
