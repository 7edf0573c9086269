"""Recognising a request to change Jira, and its words as a typed `WriteRequest`, before any read intent.

A write request starts with an imperative (after an optional "can you", "please"): questions such as
"who is assigned to PROJ-3?" or "issues moved to In Progress yesterday" never match. Values stay words
here; `grounding` checks them against the instance."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

ActionKind = Literal["create", "transition", "assign", "unassign", "comment", "link", "fix_version"]

KEY = r"[A-Za-z][A-Za-z0-9_]+-\d+"
# "it", "this issue": the issue in view, or the conversation's last one.
TARGET = rf"(?P<issue>{KEY}|it|this(?: issue| one)?|that(?: issue| one)?)"
OTHER = rf"(?P<other>{KEY})"
POLITE = re.compile(r"^(?:hey\s+|hi\s+|ok(?:ay)?,?\s+)?(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?|"
                    r"please\s+|pls\s+|kindly\s+)?", re.IGNORECASE)
TRAILING = re.compile(r"[\s,]*(?:please|pls|thanks|thank you)?[\s.!?]*$", re.IGNORECASE)

LINK_WORDS = (r"blocks|is blocked by|blocked by|relates to|related to|duplicates|is duplicated by|"
              r"duplicated by|a duplicate of|duplicate of|is risk for|has risk|blocking")

# Everyday link words → the wording Jira's link types use.
LINK_SYNONYMS = {"blocking": "blocks", "blocked by": "is blocked by", "related to": "relates to",
                 "duplicate of": "duplicates", "duplicated by": "is duplicated by"}


class WriteRequest(BaseModel):
    """One request to change Jira, in the asker's words."""
    kind: ActionKind
    text: str
    issue: str | None = None  # the issue it changes (a key, or "it" for the issue in view)
    other: str | None = None  # the second issue of a link
    value: str | None = None  # target status, person, link wording, version, comment body
    resolution: str | None = None
    project: str | None = None
    issue_type: str | None = None
    summary: str | None = None
    description: str | None = None
    priority: str | None = None
    assignee: str | None = None
    parent: str | None = None
    labels: list[str] = Field(default_factory=list)
    components: list[str] = Field(default_factory=list)


def _rules() -> list[tuple[ActionKind, re.Pattern[str]]]:
    def rule(kind: ActionKind, pattern: str) -> tuple[ActionKind, re.Pattern[str]]:
        return kind, re.compile(pattern + r"$", re.IGNORECASE | re.DOTALL)
    return [
        rule("comment", rf"(?:add\s+(?:a\s+)?comment\s+(?:to|on)|comment\s+on|leave\s+(?:a\s+)?(?:note|comment)\s+on|"
                        rf"reply\s+on|write\s+on)\s+{TARGET}\s*(?::|saying|that says|that|with)\s*(?P<value>.+)"),
        rule("link", rf"link\s+{TARGET}\s+(?:to|with|and)\s+{OTHER}\s*(?:,?\s*as|with)?\s+(?P<value>[\w' -]+?)"),
        rule("link", rf"link\s+{TARGET}\s+(?:as\s+)?(?P<value>{LINK_WORDS})\s+{OTHER}"),
        rule("link", rf"(?:mark|flag|set)\s+{TARGET}\s+as\s+(?P<value>{LINK_WORDS}|(?:a\s+)?duplicate\s+of|"
                     rf"related\s+to)\s+{OTHER}"),
        rule("link", rf"{TARGET}\s+(?P<value>{LINK_WORDS})\s+{OTHER}\s*[,;]\s*(?:please\s+)?link\s+them"),
        rule("fix_version", rf"(?:set|change|put)\s+(?:the\s+)?fix\s*versions?\s+(?:of|on|for)\s+{TARGET}\s+to\s+"
                            rf"(?P<value>.+)"),
        rule("fix_version", rf"(?:set|put)\s+(?:the\s+)?fix\s*versions?\s+(?:to\s+)?(?P<value>\S+)\s+(?:on|for)\s+"
                            rf"{TARGET}"),
        rule("fix_version", rf"(?:add|put|schedule)\s+{TARGET}\s+(?:to|in|into|for)\s+(?:the\s+)?"
                            rf"(?:release|fix\s*version|version)\s+(?P<value>.+)"),
        rule("unassign", rf"(?:unassign|un-assign)\s+(?:(?:me|myself)\s+from\s+)?{TARGET}"),
        rule("unassign", rf"(?:remove|clear)\s+(?:the\s+)?assignee\s+(?:from|of|on)\s+{TARGET}"),
        rule("assign", rf"(?:re)?assign\s+{TARGET}\s+to\s+(?P<value>.+)"),
        rule("assign", rf"assign\s+(?P<value>me|myself)\s+(?:to|on)\s+{TARGET}"),
        rule("assign", rf"give\s+{TARGET}\s+to\s+(?P<value>.+)"),
        rule("assign", rf"(?P<value>i)(?:'ll|\s+will)\s+take\s+{TARGET}"),
        rule("transition", rf"(?:close|resolve)\s+{TARGET}(?:\s+as\s+(?P<resolution>.+))?"),
        rule("transition", rf"start(?:\s+progress|\s+work(?:ing)?)?(?:\s+on)?\s+{TARGET}"),
        rule("transition", rf"reopen\s+{TARGET}"),
        rule("transition", rf"(?:move|transition|put|send|take)\s+{TARGET}\s+(?:to|into|in)\s+(?P<value>.+)"),
        rule("transition", rf"(?:set|change|update)\s+(?:the\s+)?status\s+(?:of|on|for)\s+{TARGET}\s+to\s+"
                           rf"(?P<value>.+)"),
        rule("transition", rf"mark\s+{TARGET}\s+as\s+(?P<value>.+)"),
    ]


RULES = _rules()
CREATE = re.compile(
    r"(?:create|open|file|raise|log|add|make|submit)\s+(?:a\s+|an\s+)?(?:new\s+)?(?P<type>[\w-]+)"
    r"(?:\s+issue|\s+ticket)?\s+(?:in|for|on|under|to)\s+(?:the\s+)?(?:project\s+)?(?P<where>[A-Za-z][A-Za-z0-9_-]*)"
    r"(?:\s+project)?\s*(?::|,|called|titled|named|saying|that says|with (?:the )?(?:summary|title))\s*(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL)
# Clauses after the summary: "priority High", "assign it to me", "labels a, b", "description: …".
PRIORITY = re.compile(r"[,;]?\s*(?:with\s+)?(?:priority|prio)\s*(?::|of|=)?\s*(?P<v>[\w-]+)|"
                      r"[,;]?\s*with\s+(?P<w>[\w-]+)\s+priority", re.IGNORECASE)
ASSIGN_CLAUSE = re.compile(r"[,;]?\s*(?:and\s+)?assign(?:ed)?\s+(?:it\s+)?to\s+(?P<v>[^,;]+)", re.IGNORECASE)
LABELS = re.compile(r"[,;]?\s*(?:with\s+)?labels?\s*:?\s+(?P<v>[\w-]+(?:\s*(?:,|and)\s*[\w-]+)*)", re.IGNORECASE)
COMPONENTS = re.compile(r"(?:[,;]\s*(?:in\s+|with\s+)?|\s+(?:in|with)\s+)(?:the\s+)?components?\s*:?\s+"
                        r"(?P<v>[\w/ -]+?(?:\s*,\s*[\w/ -]+?)*)"
                        r"(?=\s*(?:;|$|,\s*(?:priority|prio|assign|labels?|description)\b))", re.IGNORECASE)
DESCRIPTION = re.compile(r"[,;]?\s*(?:with\s+)?description\s*:?\s+(?P<v>.+)$", re.IGNORECASE | re.DOTALL)
QUOTED = re.compile(r"^[\"“'‘](?P<v>[^\"”'’]+)[\"”'’]")


def read_write_request(text: str) -> WriteRequest | None:
    """The change `text` asks for, or None when it asks a question."""
    words = TRAILING.sub("", POLITE.sub("", text.strip(), count=1))
    created = CREATE.match(words)
    if created and created.group("type").lower() not in ("comment", "note", "link", "reply"):
        return _create(text, created)
    for kind, pattern in RULES:
        found = pattern.match(words)
        if found:
            return _request(kind, text, found)
    return None


def _request(kind: ActionKind, text: str, found: re.Match[str]) -> WriteRequest:
    groups = {k: v.strip() for k, v in found.groupdict().items() if v}
    value = groups.get("value")
    if kind == "transition" and value is None:
        verb = found.group(0).lower()
        value = "In Progress" if verb.startswith("start") else "To Do" if verb.startswith("reopen") else "Done"
    if kind == "assign" and value is not None and value.lower() in ("i", "myself"):
        value = "me"
    if kind == "link" and value is not None:
        value = re.sub(r"^(?:as|a)\s+", "", value.lower())
        value = LINK_SYNONYMS.get(value, value)
    return WriteRequest(kind=kind, text=text, issue=groups.get("issue"), other=groups.get("other"), value=value,
                        resolution=groups.get("resolution"))


def _create(text: str, found: re.Match[str]) -> WriteRequest:
    rest = found.group("rest").strip()
    clauses: dict[str, str] = {}
    for name, pattern in (("description", DESCRIPTION), ("assignee", ASSIGN_CLAUSE), ("labels", LABELS),
                          ("priority", PRIORITY), ("components", COMPONENTS)):
        match = pattern.search(rest)
        if match:
            clauses[name] = (match.group("v") or match.groupdict().get("w") or "").strip()
            rest = (rest[:match.start()] + rest[match.end():]).strip()
    quoted = QUOTED.match(rest)
    summary = quoted.group("v") if quoted else rest.strip(" ,;:.")
    where = found.group("where")
    parent = where if re.fullmatch(KEY, where) else None
    labels = [w for w in re.split(r"\s*(?:,|\band\b)\s*", clauses.get("labels", "")) if w]
    issue_type = found.group("type")
    if parent and issue_type.lower() in ("sub-task", "subtask", "sub"):
        issue_type = "Sub-task"
    return WriteRequest(kind="create", text=text, project=(parent.rsplit("-", 1)[0] if parent else where),
                        issue_type=issue_type, summary=summary or None, description=clauses.get("description"),
                        priority=clauses.get("priority"), assignee=clauses.get("assignee"), parent=parent,
                        labels=labels, components=[c.strip() for c in clauses.get("components", "").split(",")
                                                   if c.strip()])
