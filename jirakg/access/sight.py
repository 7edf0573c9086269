"""What one person may browse of the issue graph: nodes they may not see are dropped, and references
to them (sub-tasks, links, parent) are cut from the nodes they may see, so no count, list or walk
reveals them. Decisions are Jira's own, cached per person and project, or per issue when the issue
sits under a security level (a level may grant its reporter or assignee, so it decides issue by issue)."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from jirakg.access.people import Account
from jirakg.access.permissions import PermissionApi, Place
from jirakg.graph.node import Node
from jirakg.jql.render import literal

CURRENT_USER = re.compile(r"\bcurrentUser\(\s*\)", re.IGNORECASE)
DECISION_LIMIT = 200_000  # entries kept before the oldest half is forgotten


@dataclass
class Decisions:
    """Browse decisions by (person, "project"|"issue"|"key", id), each for `ttl_s`; one per process, shared by turns."""
    ttl_s: float = 60.0
    clock: Callable[[], float] = time.monotonic
    entries: dict[tuple[str, str, str], tuple[bool, float]] = field(default_factory=dict)

    def get(self, account: str, kind: str, ident: str) -> bool | None:
        found = self.entries.get((account, kind, ident))
        return found[0] if found is not None and found[1] > self.clock() else None

    def put(self, account: str, kind: str, decided: dict[str, bool]) -> None:
        if len(self.entries) > DECISION_LIMIT:
            for stale in list(self.entries)[:DECISION_LIMIT // 2]:
                del self.entries[stale]
        until = self.clock() + self.ttl_s
        self.entries.update({(account, kind, ident): (seen, until) for ident, seen in decided.items()})


class Sight:
    def __init__(self, person: Account, api: PermissionApi, decisions: Decisions,
                 lookup: Callable[[list[str]], Awaitable[dict[str, Node]]]) -> None:
        self.person = person
        self.account = person.id
        self.api = api
        self.decisions = decisions
        self.lookup = lookup  # nodes by key, unchecked: to decide references the answer did not fetch

    def personal(self, jql: str) -> str:
        """The service account runs the query, so "me" must name the asker outright."""
        return CURRENT_USER.sub(lambda _: literal(self.account), jql)

    async def trim(self, nodes: list[Node]) -> list[Node]:
        """`nodes` this person may browse, in order, each cut of references to issues they may not.
        The nodes and the issues they reference are decided together: one permission call at most."""
        given = {n.key for n in nodes}
        referenced = {k for n in nodes for k in _references(n)} - given
        seen = {k: d for k in referenced if (d := self.decisions.get(self.account, "key", k)) is not None}
        unknown = sorted(referenced - seen.keys())
        looked = await self.lookup(unknown) if unknown else {}
        seen.update({k: False for k in unknown if k not in looked})  # a key Jira does not return is not shown
        seen.update(await self._decide([*nodes, *looked.values()]))
        return [_cut(n, seen) for n in nodes if seen[n.key]]

    async def _decide(self, nodes: list[Node]) -> dict[str, bool]:
        """Each node's decision: cached ones first, the rest asked of Jira in one call."""
        seen: dict[str, bool] = {}
        projects: dict[str, Place] = {}
        issues: dict[str, Place] = {}
        waiting: list[tuple[Node, str, Place]] = []
        for node in nodes:
            kind, place = _place(node)
            if place is None:
                seen[node.key] = False  # no project id to ask about: never shown unchecked
                continue
            known = self.decisions.get(self.account, kind, place.id)
            if known is not None:
                seen[node.key] = known
                continue
            (projects if kind == "project" else issues)[place.id] = place
            waiting.append((node, kind, place))
        if waiting:
            granted = await self.api.browsable(self.person, list(projects.values()), list(issues.values()))
            self.decisions.put(self.account, "project", {p: p in granted.projects for p in projects})
            self.decisions.put(self.account, "issue", {i: i in granted.issues for i in issues})
            for node, kind, place in waiting:
                seen[node.key] = place.id in (granted.projects if kind == "project" else granted.issues)
        self.decisions.put(self.account, "key", seen)
        return seen


def _place(node: Node) -> tuple[str, Place | None]:
    """Under a security level, or stored before its level was fetched: the issue itself is decided."""
    if "security" not in node.fields or node.fields["security"]:
        return "issue", Place(node.id, node.key)
    project = node.fields.get("project") or {}
    return "project", Place(str(project["id"]), node.project) if project.get("id") else None


def _references(node: Node) -> set[str]:
    keys = set(node.children) | {k for sides in node.links.values() for ks in sides.values() for k in ks}
    return keys | ({node.parent} if node.parent else set())


def _cut(node: Node, seen: dict[str, bool]) -> Node:
    if all(seen.get(k, False) for k in _references(node)):
        return node
    links = {kind: {side: [k for k in keys if seen.get(k, False)] for side, keys in sides.items()}
             for kind, sides in node.links.items()}
    hidden_parent = node.parent is not None and not seen.get(node.parent, False)
    fields = {k: v for k, v in node.fields.items() if not (k == "parent" and hidden_parent)}
    return node.model_copy(update={"children": [k for k in node.children if seen.get(k, False)], "links": links,
                                   "parent": None if hidden_parent else node.parent, "fields": fields})
