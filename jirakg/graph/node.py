"""A Jira issue as a node of the issue graph: identity, hierarchy, links, history, fields."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

# A dependency is a blocking link seen from the waiting side: what an issue depends on blocks it. Instances
# without a Blocks type (the Fluid archive's) say every blocking relation this way. Verb → (Blocks side, verb).
DEPENDENCY_AS_BLOCKING = {"depends on": ("inward", "is blocked by"), "is depended on by": ("outward", "blocks")}
# Fields every node carries, whatever a plan selects: they make the graph.
DECORATION = frozenset({"self", "avatarUrls", "iconUrl", "expand"})
# `security` (the issue's security level) decides, with the project, who may browse it.
STRUCTURE_FIELDS = ("summary", "issuetype", "project", "status", "parent", "subtasks", "issuelinks", "updated",
                    "security")


class ChangeItem(BaseModel):
    field: str
    from_value: str | None = None
    from_string: str | None = None
    to_value: str | None = None
    to_string: str | None = None


class ChangeEntry(BaseModel):
    id: str
    author: str | None
    created: datetime
    items: list[ChangeItem]


class Comment(BaseModel):
    id: str | None = None
    author: str | None
    created: datetime | None
    body: str


class Node(BaseModel):
    """Stored without a link: the store is shared by processes that reach Jira at different addresses
    (the demo's port differs per process), so each builds links from its own (`GraphManager.issue_url`)."""
    key: str
    id: str
    type: str
    project: str
    summary: str = ""
    status: str | None = None
    status_category: str | None = None
    parent: str | None = None
    children: list[str] = Field(default_factory=list)  # sub-tasks Jira lists on the issue itself
    links: dict[str, dict[str, list[str]]] = Field(default_factory=dict)  # type → outward/inward → keys
    link_verbs: dict[str, dict[str, str]] = Field(default_factory=dict)  # type → outward/inward → "blocks"…
    fields: dict[str, Any] = Field(default_factory=dict)  # the selected fields, as Jira returned them
    changelog: list[ChangeEntry] | None = None  # None: not fetched
    comments: list[Comment] = Field(default_factory=list)
    updated: datetime | None = None

    def linked(self, link_type: str | None = None, direction: str | None = None) -> list[tuple[str, str, str]]:
        """(other key, link type, direction) for links of a type (name or verb) and direction."""
        if not self.links:  # most issues: a team question asks this of thousands of them
            return []
        wanted = (link_type or "").lower()
        # Without a direction, a verb ("blocks", "is blocked by") picks one side and a type name
        # ("Relates") takes both; with a direction, the type name or that side's verb is enough.
        readings = {(kind, side): _readings(kind, side, self.link_verbs.get(kind, {}).get(side, ""))
                    for kind, sides in self.links.items() for side in sides}
        by_verb = any(wanted == verb for said in readings.values() for _, _, verb in said)
        found: list[tuple[str, str, str]] = []
        for kind, sides in self.links.items():
            for side, keys in sides.items():
                said = readings[kind, side] if wanted else readings[kind, side][:1]
                if any(_reads(reading, wanted, direction, by_verb) for reading in said):
                    found.extend((key, kind, side) for key in keys)
        return found


def node_from_issue(issue: dict) -> Node:
    """Build a node from a REST v2 issue object (search, issue or bulk-fetch result)."""
    fields = issue.get("fields") or {}
    links, verbs = _links(fields.get("issuelinks") or [])
    status = fields.get("status") or {}
    changelog = issue.get("changelog")
    return Node(
        key=issue["key"], id=str(issue["id"]),
        type=(fields.get("issuetype") or {}).get("name", ""),
        project=(fields.get("project") or {}).get("key") or issue["key"].split("-")[0],
        summary=fields.get("summary") or "",
        status=status.get("name"), status_category=(status.get("statusCategory") or {}).get("key"),
        parent=(fields.get("parent") or {}).get("key"),
        children=[sub["key"] for sub in fields.get("subtasks") or []],
        links=links, link_verbs=verbs,
        # `security` always present: None says "no level", so a node stored before it was fetched is told apart.
        fields={"security": None, **{name: _compact(value) for name, value in fields.items()
                                     if name not in ("issuelinks", "subtasks", "comment")}},
        changelog=None if changelog is None else [_entry(h) for h in changelog.get("histories", [])],
        comments=[_comment(c) for c in (fields.get("comment") or {}).get("comments", [])],
        updated=fields.get("updated"),
    )


def _links(issue_links: list[dict]) -> tuple[dict[str, dict[str, list[str]]], dict[str, dict[str, str]]]:
    """Other keys by link type and side, and each type's verbs ("blocks", "is blocked by")."""
    links: dict[str, dict[str, list[str]]] = {}
    verbs: dict[str, dict[str, str]] = {}
    for link in issue_links:
        side = "outward" if "outwardIssue" in link else "inward"
        other = link.get(f"{side}Issue") or {}
        kind = link["type"]["name"]
        links.setdefault(kind, {"outward": [], "inward": []})[side].append(other.get("key", ""))
        verbs.setdefault(kind, {"outward": link["type"].get("outward", kind),
                                "inward": link["type"].get("inward", kind)})
    return links, verbs


def _comment(comment: dict) -> Comment:
    return Comment(id=comment.get("id"), author=_person(comment.get("author")), created=comment.get("created"),
                   body=comment.get("body") or "")


def _compact(value: Any) -> Any:
    """Drop REST decoration (self links, avatars, icons) that no answer uses; it is most of a
    field's size and would dominate memory in a 100,000-issue graph."""
    if isinstance(value, dict):
        return {k: _compact(v) for k, v in value.items() if k not in DECORATION}
    if isinstance(value, list):
        return [_compact(v) for v in value]
    return value


def _entry(history: dict) -> ChangeEntry:
    return ChangeEntry(id=str(history.get("id", "")), author=_person(history.get("author")),
                       created=history["created"],
                       items=[ChangeItem(field=i.get("field", ""), from_value=i.get("from"),
                                         from_string=i.get("fromString"), to_value=i.get("to"),
                                         to_string=i.get("toString")) for i in history.get("items", [])])


def _person(person: dict | None) -> str | None:
    return (person or {}).get("displayName") or (person or {}).get("name")


def as_blocking(verb: str | None) -> str | None:
    """A dependency verb as the blocking verb it means ("depends on": "is blocked by"); any other as it is."""
    return DEPENDENCY_AS_BLOCKING[verb][1] if verb in DEPENDENCY_AS_BLOCKING else verb


def _readings(kind: str, side: str, verb: str) -> list[tuple[str, str, str]]:
    """(type, side, verb) of a link as written and, for a dependency, as the blocking link it also is."""
    written = (kind.lower(), side, verb.lower())
    if written[2] not in DEPENDENCY_AS_BLOCKING:
        return [written]
    way, blocking = DEPENDENCY_AS_BLOCKING[written[2]]
    return [written, ("blocks", way, blocking)]


def _reads(reading: tuple[str, str, str], wanted: str, direction: str | None, by_verb: bool) -> bool:
    name, side, verb = reading
    if direction and direction != side:
        return False
    if not wanted:
        return True
    return wanted in (name, verb) if direction else wanted == (verb if by_verb else name)
