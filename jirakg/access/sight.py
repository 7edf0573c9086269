"""What one person may browse of the issue graph: nodes they may not see are dropped, and references
to them (sub-tasks, links, parent) are cut from the nodes they may see, so no count, list or walk
reveals them. Decisions are Jira's own, cached per person and project, or per issue when the issue
sits under a security level (a level may grant its reporter or assignee, so it decides issue by issue)."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from jirakg.access.people import Account
from jirakg.access.permissions import PermissionApi, Place
from jirakg.graph.node import Node
from jirakg.jql.render import literal

CURRENT_USER = re.compile(r"\bcurrentUser\(\s*\)", re.IGNORECASE)
DECISION_LIMIT = 200_000  # decisions kept per person and kind
OUTCOME_LIMIT = 1_000  # whole results remembered per process


Decision = tuple[bool, float]  # may browse, and until when that answer holds (the clock's time)
# Keys of the result's nodes and references the person may not browse (usually none: kept small where
# the visible keys would be the whole result), keys of the nodes to cut of such references, until when.
Outcome = tuple[frozenset[str], frozenset[str], float]


@dataclass
class Decisions:
    """Browse decisions per person and kind ("project", "issue", "key") by id, each held `ttl_s` from
    Jira's answer; a key's decision, derived from its project's or issue's, expires with it. One per
    process, shared by turns."""
    ttl_s: float = 60.0
    clock: Callable[[], float] = time.monotonic
    tables: dict[tuple[str, str], dict[str, Decision]] = field(default_factory=dict)
    # A whole result already trimmed for a person (the same nodes at the same versions): decided again only
    # when its first decision lapses, so a person's cached turn costs one pass over the nodes.
    outcomes: dict[tuple[str, int], Outcome] = field(default_factory=dict)

    def known(self, account: str, kind: str, idents: Iterable[str]) -> dict[str, Decision]:
        """The decisions still valid among `idents` (one clock reading for all: a turn may ask thousands)."""
        table, now = self.tables.get((account, kind), {}), self.clock()
        return {i: found for i in idents if (found := table.get(i)) is not None and found[1] > now}

    def put(self, account: str, kind: str, decided: dict[str, Decision]) -> None:
        table = self.tables.setdefault((account, kind), {})
        if len(table) > DECISION_LIMIT:
            table.clear()  # a person who has seen this many issues re-asks, rather than memory growing
        table.update(decided)

    def outcome(self, account: str, result: int) -> Outcome | None:
        found = self.outcomes.get((account, result))
        return found if found is not None and found[2] > self.clock() else None

    def keep(self, account: str, result: int, outcome: Outcome) -> None:
        if len(self.outcomes) > OUTCOME_LIMIT:
            self.outcomes.clear()
        self.outcomes[(account, result)] = outcome

    def answered(self, granted: Iterable[str], asked: Iterable[str]) -> dict[str, Decision]:
        until, yes = self.clock() + self.ttl_s, set(granted)
        return {ident: (ident in yes, until) for ident in asked}


class Sight:
    def __init__(self, person: Account, api: PermissionApi, decisions: Decisions,
                 lookup: Callable[[list[str]], Awaitable[dict[str, Node]]]) -> None:
        self.person = person
        self.api = api
        self.decisions = decisions
        self.lookup = lookup  # nodes by key, unchecked: to decide references the answer did not fetch

    def personal(self, jql: str) -> str:
        """The service account runs the query, so "me" must name the asker outright."""
        return CURRENT_USER.sub(lambda _: literal(self.person.id), jql)

    async def trim(self, nodes: list[Node]) -> list[Node]:
        """`nodes` this person may browse, in order, each cut of references to issues they may not.
        The nodes and the issues they reference are decided together: one permission call at most."""
        # A new version of any node decides again; so does a new sub-task, which leaves its parent's version.
        # (Python's string hash is seeded per process: two results colliding is not to be expected.)
        result = hash(tuple((n.key, n.updated, *n.children) for n in nodes))
        outcome = self.decisions.outcome(self.person.id, result)
        if outcome is None:
            outcome = await self._outcome(nodes)
            self.decisions.keep(self.person.id, result, outcome)
        hidden, to_cut, _ = outcome
        return [_cut(n, hidden) if n.key in to_cut else n for n in nodes if n.key not in hidden]

    async def browsable_projects(self, projects: dict[str, str]) -> set[str]:
        """The ids of `projects` (key by id) this person may browse: remembered decisions first, the rest asked."""
        asked = {ident: Place(ident, key) for ident, key in projects.items()}
        seen = self.decisions.known(self.person.id, "project", asked)
        unknown = [place for ident, place in asked.items() if ident not in seen]
        if unknown:
            granted = await self.api.browsable(self.person, unknown, [])
            decided = self.decisions.answered(granted.projects, [p.id for p in unknown])
            self.decisions.put(self.person.id, "project", decided)
            seen.update(decided)
        return {ident for ident, (browsable, _) in seen.items() if browsable}

    async def _outcome(self, nodes: list[Node]) -> Outcome:
        referenced = _referenced(nodes)
        seen = self.decisions.known(self.person.id, "key", referenced)
        unknown = sorted(referenced - seen.keys())
        looked = await self.lookup(unknown) if unknown else {}
        seen.update(await self._decide([*nodes, *looked.values()]))
        visible = {k for k, (browsable, _) in seen.items() if browsable}  # keys Jira did not return stay out
        hidden = (referenced - visible) | {n.key for n in nodes if n.key not in visible}  # usually none
        to_cut = {n.key for n in nodes if n.key in visible and _touches(n, hidden)} if hidden else set()
        until = min((until for _, until in seen.values()), default=self.decisions.clock())
        return frozenset(hidden), frozenset(to_cut), until

    async def _decide(self, nodes: list[Node]) -> dict[str, Decision]:
        """Each node's decision: remembered ones first (by key, then by project or issue), the rest asked of
        Jira in one call; new key decisions are remembered with the decision they come from."""
        seen = self.decisions.known(self.person.id, "key", (n.key for n in nodes))
        placed = [(n, *_place(n)) for n in nodes if n.key not in seen]
        by_kind = {kind: self.decisions.known(self.person.id, kind, (p.id for _, k, p in placed if p and k == kind))
                   for kind in ("project", "issue")}
        asked: dict[str, dict[str, Place]] = {"project": {}, "issue": {}}
        for _, kind, place in placed:
            if place is not None and place.id not in by_kind[kind]:
                asked[kind][place.id] = place
        if asked["project"] or asked["issue"]:
            granted = await self.api.browsable(self.person, list(asked["project"].values()),
                                               list(asked["issue"].values()))
            for kind, ids in (("project", granted.projects), ("issue", granted.issues)):
                by_kind[kind].update(self.decisions.answered(ids, asked[kind]))
                self.decisions.put(self.person.id, kind, by_kind[kind])
        fresh = {node.key: by_kind[kind][place.id] if place is not None else (False, self.decisions.clock())
                 for node, kind, place in placed}  # no project id to ask about: never shown unchecked
        self.decisions.put(self.person.id, "key", fresh)
        return {**seen, **fresh}


def _place(node: Node) -> tuple[str, Place | None]:
    """Under a security level, or stored before its level was fetched: the issue itself is decided."""
    if "security" not in node.fields or node.fields["security"]:
        return "issue", Place(node.id, node.key)
    project = node.fields.get("project") or {}
    return "project", Place(str(project["id"]), node.project) if project.get("id") else None


def _referenced(nodes: list[Node]) -> set[str]:
    """The issues `nodes` reference (sub-tasks, links, parents) that are not among them: one pass, as a
    turn may trim tens of thousands of nodes."""
    keys: set[str] = set()
    for node in nodes:
        keys.update(node.children)
        if node.parent:
            keys.add(node.parent)
        for sides in node.links.values():
            for linked in sides.values():
                keys.update(linked)
    return keys.difference(n.key for n in nodes)


def _touches(node: Node, hidden: set[str]) -> bool:
    return (not hidden.isdisjoint(node.children) or node.parent in hidden
            or any(not hidden.isdisjoint(linked) for sides in node.links.values() for linked in sides.values()))


def _cut(node: Node, hidden: frozenset[str]) -> Node:
    links = {kind: {side: [k for k in keys if k not in hidden] for side, keys in sides.items()}
             for kind, sides in node.links.items()}
    hidden_parent = node.parent in hidden
    fields = {k: v for k, v in node.fields.items() if not (k == "parent" and hidden_parent)}
    return node.model_copy(update={"children": [k for k in node.children if k not in hidden], "links": links,
                                   "parent": None if hidden_parent else node.parent, "fields": fields})
