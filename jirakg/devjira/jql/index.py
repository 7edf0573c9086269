"""Indexes over a set of issues, built once, so that JQL answers without scanning every issue.

Issues are kept in key order; a set of issues is a Python int used as a bitset over those
positions, so AND/OR/NOT are single big-integer operations.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from jirakg.devjira.jql.dates import timestamp_ms
from jirakg.devjira.jql.text import STOP_WORDS, WORD, stem
from jirakg.jql.keys import ISSUE_KEY_IN_JQL

CATEGORY_NAMES = {"new": "to do", "indeterminate": "in progress", "done": "done", "undefined": "no category"}
CATEGORY_IDS = {"new": "2", "indeterminate": "4", "done": "3", "undefined": "1"}
# Jira's default priority schemes, highest first; unknown names sort after these.
PRIORITY_ORDER = ["highest", "blocker", "critical", "high", "major", "medium", "minor", "low", "lowest", "trivial"]
HISTORY_FIELDS = {"status": "status", "assignee": "assignee", "reporter": "reporter", "priority": "priority",
                  "resolution": "resolution", "fix version": "fixVersion"}
_BITS = [tuple(j for j in range(8) if byte >> j & 1) for byte in range(256)]


@dataclass(slots=True)
class FieldIndex:
    """Everything the evaluator needs to know about one searchable field."""

    name: str  # the name used in error messages
    field_id: str
    kind: str  # enum, user, label, version, sprint, parent, linktype, datetime, date, number, text
    validated: bool = True  # unknown values are errors (Jira checks most fields)
    postings: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    aliases: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    present: list[int] = field(default_factory=list)
    values: list = field(default_factory=list)  # sorted numbers or times, for ranges
    value_positions: list[int] = field(default_factory=list)
    sort_keys: dict[int, object] = field(default_factory=dict)


@dataclass(slots=True)
class Change:
    field: str
    from_value: str | None
    to_value: str | None
    at_ms: int
    author: str | None


class IssueIndex:
    """Issues in key order plus per-field postings, ranges, text and change history."""

    def __init__(self, issues: Iterable[dict], metadata: dict | None = None) -> None:
        metadata = metadata or {}
        self.issues: list[dict] = sorted(issues, key=_key_order)
        self.size = len(self.issues)
        self.all = (1 << self.size) - 1
        self.positions_by_key: dict[str, int] = {}
        self.positions_by_id: dict[str, int] = {}
        self.project_positions: dict[str, list[int]] = defaultdict(list)
        self.custom_fields = {f["id"]: f for f in metadata.get("fields", []) if f.get("custom")}
        self.fields: dict[str, FieldIndex] = {}
        self.clause_names: dict[str, str] = {}
        self.text_postings: dict[str, dict[str, array]] = {}
        self.links: dict[int, list[tuple[str, str, str]]] = defaultdict(list)  # (other key, type, description)
        self.link_type_names: set[str] = set()  # of the types defined and of those seen on issues
        self.link_descriptions: set[str] = set()  # "blocks", "is blocked by"
        self.changes: dict[str, dict[int, list[Change]]] = defaultdict(lambda: defaultdict(list))
        self.created_ms: list[int] = []
        self.sprints: dict[str, dict] = {}
        self.versions: dict[str, list[dict]] = defaultdict(list)  # name → version objects seen
        self.priority_rank: dict[str, int] = {}
        self._present_masks: dict[str, int] = {}
        self._define_fields(metadata)
        self._load()
        self._add_planned_sprints(metadata)
        self._add_link_types(metadata)

    # --- definitions ---------------------------------------------------------------------

    def _define(self, clause_names: list[str], field_id: str, kind: str, validated: bool = True) -> None:
        index = FieldIndex(clause_names[0], field_id, kind, validated)
        self.fields[field_id] = index
        for name in clause_names:
            self.clause_names[name.lower()] = field_id

    def _define_fields(self, metadata: dict) -> None:
        self._define(["project"], "project", "enum")
        self._define(["issuetype", "type"], "issuetype", "enum")
        self._define(["status"], "status", "enum")
        self._define(["statusCategory"], "statusCategory", "enum")
        self._define(["priority"], "priority", "enum")
        self._define(["resolution"], "resolution", "enum")
        for role in ("assignee", "reporter", "creator"):
            self._define([role], role, "user")
        self._define(["created", "createdDate"], "created", "datetime")
        self._define(["updated", "updatedDate"], "updated", "datetime")
        self._define(["resolved", "resolutiondate", "resolutionDate"], "resolutiondate", "datetime")
        self._define(["due", "duedate", "dueDate"], "duedate", "date")
        self._define(["labels", "label"], "labels", "label", validated=False)
        self._define(["component"], "components", "version")
        self._define(["fixVersion"], "fixVersions", "version")
        self._define(["affectedVersion"], "versions", "version")
        self._define(["parent"], "parent", "parent")
        self._define(["issueLinkType"], "issueLinkType", "linktype")
        for text_field in ("summary", "description", "environment", "comment", "text"):
            self._define([text_field], text_field, "text")
        for field_id, custom in self.custom_fields.items():
            number = field_id.removeprefix("customfield_")
            names = [custom["name"], f"cf[{number}]"]
            schema = custom.get("schema", {})
            if schema.get("custom", "").endswith("gh-sprint"):
                names.insert(0, "sprint")
            self._define(names, field_id, _custom_kind(schema), validated=_custom_kind(schema) != "label")
        for rank, priority in enumerate(metadata.get("priorities", [])):
            self.priority_rank[priority["name"].lower()] = rank

    # --- loading -------------------------------------------------------------------------

    def _add_planned_sprints(self, metadata: dict) -> None:
        """Sprints the metadata lists that no issue is in yet exist for JQL all the same (no issue matches)."""
        sprint_field = next((f for f in self.fields.values() if f.kind == "sprint"), None)
        if sprint_field is None:
            return
        for project in metadata.get("projects", []):
            for sprint in project.get("sprints") or []:
                sprint_id = str(sprint["id"])
                if sprint_id not in self.sprints:
                    self.sprints[sprint_id] = sprint
                    sprint_field.aliases[sprint_id].add(sprint_id)
                    sprint_field.aliases[str(sprint.get("name", "")).lower()].add(sprint_id)

    def _add_link_types(self, metadata: dict) -> None:
        """Every side of every link type the instance defines is a value, as in Jira, whether an issue shows that
        side or not (an archive may hold only the outward side of each link)."""
        field = self.fields["issueLinkType"]
        for link_type in metadata.get("issueLinkTypes", []):
            for side in ("inward", "outward"):
                if link_type.get(side):
                    field.aliases[link_type[side].lower()].add(link_type[side].lower())
            self.link_type_names.add(link_type["name"].lower())
            self.link_descriptions |= {link_type[s].lower() for s in ("inward", "outward") if link_type.get(s)}

    def _load(self) -> None:
        stems: dict[str, str] = {}
        text_fields = [f for f, index in self.fields.items() if index.kind == "text"]
        text_postings: dict[str, defaultdict[str, array[int]]] = {
            name: defaultdict(lambda: array("I")) for name in text_fields}
        self.text_present: dict[str, list[int]] = {name: [] for name in text_fields}
        for position, issue in enumerate(self.issues):
            fields = issue.get("fields", {})
            key = issue["key"]
            self.positions_by_key[key.lower()] = position
            self.positions_by_id[str(issue.get("id", ""))] = position
            self.project_positions[key.split("-")[0].lower()].append(position)
            self._index_issue(position, issue, fields)
            all_terms: set[str] = set()
            for name, text in _texts(fields, self.custom_fields):
                terms = set()
                for word in WORD.findall(text.lower()):
                    if word in STOP_WORDS:
                        continue
                    stemmed = stems.get(word)
                    if stemmed is None:
                        stemmed = stems[word] = stem(word)
                    terms.add(stemmed)
                self.text_present[name].append(position)
                postings = text_postings[name]
                for term in terms:
                    postings[term].append(position)
                all_terms |= terms
            postings = text_postings["text"]
            if all_terms:
                self.text_present["text"].append(position)
            for term in all_terms:
                postings[term].append(position)
        self.text_postings = {name: dict(p) for name, p in text_postings.items()}
        self.text_vocabulary = {name: sorted(p) for name, p in self.text_postings.items()}
        for index in self.fields.values():
            if index.kind in ("datetime", "date", "number") and index.values:
                pairs = sorted(zip(index.values, index.value_positions, strict=True))
                index.values = [v for v, _ in pairs]
                index.value_positions = [p for _, p in pairs]
            index.postings = dict(index.postings)
        self._rank_priorities()

    def _rank_priorities(self) -> None:
        seen = self.fields["priority"].postings
        for name in sorted(seen, key=lambda n: (PRIORITY_ORDER.index(n) if n in PRIORITY_ORDER else 99, n)):
            self.priority_rank.setdefault(name, len(self.priority_rank))

    def _add(self, field_id: str, position: int, canonical: str, *aliases: object, sort_key: object = None) -> None:
        index = self.fields[field_id]
        postings = index.postings[canonical]
        if not postings or postings[-1] != position:
            postings.append(position)
            if not index.present or index.present[-1] != position:
                index.present.append(position)
        index.aliases[canonical].add(canonical)
        for alias in aliases:
            if alias not in (None, ""):
                index.aliases[str(alias).lower()].add(canonical)
        if sort_key is not None and position not in index.sort_keys:
            index.sort_keys[position] = sort_key

    def _add_value(self, field_id: str, position: int, value: float | int) -> None:
        index = self.fields[field_id]
        index.values.append(value)
        index.value_positions.append(position)
        index.present.append(position)
        index.sort_keys[position] = value
        if index.kind == "number":
            index.postings[number_text(value)].append(position)

    def _index_issue(self, position: int, issue: dict, fields: dict) -> None:
        project = fields.get("project") or {}
        project_key = (project.get("key") or issue["key"].split("-")[0])
        self._add("project", position, project_key.lower(), project.get("name"), project.get("id"),
                  sort_key=project_key.lower())
        for field_id in ("issuetype", "status", "priority", "resolution"):
            value = fields.get(field_id)
            if value:
                self._add(field_id, position, value["name"].lower(), value.get("id"), sort_key=value["name"].lower())
        category = ((fields.get("status") or {}).get("statusCategory") or {}).get("key")
        if category:
            self._add("statusCategory", position, category, CATEGORY_NAMES.get(category),
                      CATEGORY_IDS.get(category), sort_key=category)
        for role in ("assignee", "reporter", "creator"):
            person = fields.get(role)
            if person:
                self._add(role, position, _user_id(person), person.get("name"), person.get("key"),
                          person.get("displayName"), person.get("emailAddress"), person.get("accountId"),
                          sort_key=(person.get("displayName") or _user_id(person)).lower())
        self.created_ms.append(timestamp_ms(fields["created"]) if fields.get("created") else 0)
        for field_id in ("created", "updated", "resolutiondate", "duedate"):
            if fields.get(field_id):
                self._add_value(field_id, position, timestamp_ms(fields[field_id]))
        for label in fields.get("labels") or []:
            self._add("labels", position, label.lower(), sort_key=label.lower())
        for field_id in ("components", "fixVersions", "versions"):
            for item in fields.get(field_id) or []:
                self._add(field_id, position, item["name"].lower(), item.get("id"), sort_key=item["name"].lower())
                if field_id != "components":
                    self.versions[item["name"].lower()].append({**item, "project": project_key.lower()})
        parent = fields.get("parent")
        if parent:
            self._add("parent", position, parent["key"].lower(), parent.get("id"), sort_key=_key_order(parent))
        for link in fields.get("issuelinks") or []:
            side = "outward" if "outwardIssue" in link else "inward"
            other = link.get(f"{side}Issue") or {}
            description = (link["type"].get(side) or link["type"]["name"]).lower()
            self.links[position].append((other.get("key", "").lower(), link["type"]["name"].lower(), description))
            self.link_type_names.add(link["type"]["name"].lower())
            self.link_descriptions.add(description)
            self._add("issueLinkType", position, description)
        for field_id in self.custom_fields:
            self._index_custom(position, field_id, fields.get(field_id))
        for history in (issue.get("changelog") or {}).get("histories") or []:
            at = timestamp_ms(history["created"])
            author = _user_id(history["author"]) if history.get("author") else None
            for item in history.get("items", []):
                name = HISTORY_FIELDS.get(item.get("field", "").lower())
                if name is None:
                    continue
                user_field = name in ("assignee", "reporter")
                old = item.get("from") if user_field else item.get("fromString")
                new = item.get("to") if user_field else item.get("toString")
                self.changes[name][position].append(Change(
                    name, old.lower() if old else None, new.lower() if new else None, at, author))

    def _index_custom(self, position: int, field_id: str, value: Any) -> None:
        if value in (None, [], ""):
            return
        kind = self.fields[field_id].kind
        if kind == "number":
            self._add_value(field_id, position, float(value))
        elif kind in ("date", "datetime"):
            self._add_value(field_id, position, timestamp_ms(str(value)))
        elif kind == "sprint":
            for sprint in value:
                sprint_id = str(sprint["id"])
                self.sprints[sprint_id] = sprint
                self._add(field_id, position, sprint_id, sprint.get("name"), sort_key=int(sprint["id"]))
        elif kind == "enum":
            self._add(field_id, position, str(value["value"]).lower(), value.get("id"),
                      sort_key=str(value["value"]).lower())
        elif kind == "user":
            self._add(field_id, position, _user_id(value), value.get("displayName"), value.get("emailAddress"),
                      value.get("name"), sort_key=(value.get("displayName") or "").lower())
        elif kind == "label":
            for item in value if isinstance(value, list) else [value]:
                self._add(field_id, position, str(item).lower(), sort_key=str(item).lower())

    # --- bitsets -------------------------------------------------------------------------

    def present_mask(self, field_id: str) -> int:
        """Issues where the field has a value; asked by every !=, NOT IN, IS EMPTY and text clause,
        so built once (an index is rebuilt, never changed, when the issues change)."""
        cached = self._present_masks.get(field_id)
        if cached is None:
            positions = self.text_present[field_id] if field_id in self.text_present else self.fields[field_id].present
            cached = self._present_masks[field_id] = self.mask(positions)
        return cached

    def mask(self, positions: Iterable[int]) -> int:
        bits = bytearray((self.size + 7) // 8)
        for position in positions:
            bits[position >> 3] |= 1 << (position & 7)
        return int.from_bytes(bits, "little")

    def positions(self, mask: int) -> list[int]:
        out: list[int] = []
        data = mask.to_bytes((self.size + 7) // 8, "little")
        for byte_index, byte in enumerate(data):
            if byte:
                base = byte_index * 8
                out.extend(base + bit for bit in _BITS[byte])
        return out

    def range_mask(self, field_id: str, low: float | None, high: float | None,
                   low_inclusive: bool = True, high_inclusive: bool = True) -> int:
        index = self.fields[field_id]
        start = 0 if low is None else (bisect_left if low_inclusive else bisect_right)(index.values, low)
        stop = (len(index.values) if high is None
                else (bisect_right if high_inclusive else bisect_left)(index.values, high))
        return self.mask(index.value_positions[start:stop])


def _custom_kind(schema: dict) -> str:
    kind, items, custom = schema.get("type"), schema.get("items"), schema.get("custom", "")
    if custom.endswith("gh-sprint"):
        return "sprint"
    if kind == "number":
        return "number"
    if kind in ("date", "datetime"):
        return kind
    if kind == "option":
        return "enum"
    if kind == "user":
        return "user"
    if kind == "array" and items in ("string", "option"):
        return "label"
    return "text"


def _texts(fields: dict, custom_fields: dict) -> Iterable[tuple[str, str]]:
    for name in ("summary", "description", "environment"):
        value = fields.get(name)
        if isinstance(value, str) and value:
            yield name, value
    comments = (fields.get("comment") or {}).get("comments") or []
    if comments:
        yield "comment", " ".join(c.get("body") or "" for c in comments)
    for field_id, custom in custom_fields.items():
        value = fields.get(field_id)
        if isinstance(value, str) and custom.get("schema", {}).get("type") == "string":
            yield field_id, value


def _user_id(person: dict) -> str:
    return (person.get("accountId") or person.get("key") or person.get("name") or "").lower()


def number_text(value: float) -> str:
    return repr(float(value))


def _key_order(issue: dict) -> tuple[str, int]:
    match = ISSUE_KEY_IN_JQL.match(issue["key"])
    return (match.group(1).upper(), int(match.group(2))) if match else (issue["key"], 0)


def key_parts(key: str) -> tuple[str, int]:
    """(lower-case project key, number) of a stored issue's key."""
    match = ISSUE_KEY_IN_JQL.match(key.strip())
    if match is None:
        raise ValueError(f"{key!r} is not an issue key")
    return match.group(1).lower(), int(match.group(2))
