"""The embedded answerer's tools: deterministic sentences built only from retrieved data.

Each intent's handler words its answer with a `Writer`, following the intent's guideline: the asked
fact first, issues cited by key, lists cut at ten with "and N more", and an explicit sentence when
nothing matched.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from jirakg.answer.parts import IssueRow
from jirakg.graph import Node

LIST_LIMIT = 10
FIELD_NAMES = {"assignee": "assignee", "reporter": "reporter", "priority": "priority", "status": "status",
               "duedate": "due date", "labels": "labels", "components": "components", "fixVersions": "fix version",
               "resolution": "resolution", "created": "created", "updated": "updated", "summary": "summary",
               "issuetype": "type", "description": "description", "customfield_10016": "story points"}


class Answer(BaseModel):
    text: str
    citations: list[str] = Field(default_factory=list)  # issue keys, in the order cited


class Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.citations: dict[str, None] = {}  # keys in the order cited

    def cite(self, node: Node) -> str:
        self.citations.setdefault(node.key)
        return node.key

    def line(self, text: str) -> None:
        self.lines.append(text)

    def listing(self, nodes: list[Node]) -> None:
        for node in nodes[:LIST_LIMIT]:
            self.line(f"- {self.cite(node)} {node.summary} ({node.status}{_assignee(node)})")
        if len(nodes) > LIST_LIMIT:
            self.line(f"…and {len(nodes) - LIST_LIMIT} more.")

    def result(self) -> Answer:
        return Answer(text="\n".join(self.lines), citations=list(self.citations))


def _assignee(node: Node) -> str:
    person = node.fields.get("assignee")
    return f", {person.get('displayName')}" if isinstance(person, dict) and person.get("displayName") else ""


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def row(node: Node) -> IssueRow:
    return IssueRow(key=node.key, summary=node.summary, status=node.status or "",
                    assignee=shown(node.fields.get("assignee")) if "assignee" in node.fields else "")


def shown(value: object) -> str:
    """A field value as a person reads it."""
    if value in (None, "", []):
        return "not set"
    if isinstance(value, dict):
        return str(value.get("displayName") or value.get("name") or value.get("value") or value.get("key") or value)
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value)
    return text[:10] if len(text) >= 10 and text[4:5] == "-" and text[7:8] == "-" else text
