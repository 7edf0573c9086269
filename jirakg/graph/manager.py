"""GraphManager: JQL cache → stored nodes → the Jira connector on a miss.

Identical concurrent requests share one fetch. Nodes are merged, not blindly replaced, so a
node fetched with a changelog keeps it when a later query fetches fewer fields of the same
version of the issue.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote

from jirakg.connectors.jira import JiraConnector
from jirakg.connectors.jira.agile import BoardSprint
from jirakg.connectors.jira.errors import IssueNotFound, JqlError
from jirakg.graph.issue_graph import Chain, IssueGraph
from jirakg.graph.node import STRUCTURE_FIELDS, Node, node_from_issue
from jirakg.graph.stores.base import CachedQuery, GraphStore
from jirakg.jql.canonical import canonical_jql, referenced_fields
from jirakg.jql.keys import ISSUE_KEY

if TYPE_CHECKING:
    from jirakg.access.sight import Sight

KEY_BATCH = 100
# A query on only these fields names its issues outright, so a newly created issue cannot join it.
IDENTITY_FIELDS = frozenset({"key", "issuekey", "issue", "id"})


@dataclass
class QueryResult:
    jql: str
    nodes: list[Node]
    cache_hit: bool
    matched: int | None = None  # how many issues Jira matched, when that is more than `nodes` (the cap)
    capped: bool = False  # more issues matched than were read; `matched` may still be unknown (a person's view)


@dataclass
class ManagerStats:
    hits: int = 0
    misses: int = 0
    shared_fetches: int = 0


def cache_key(jql: str, fields: Iterable[str], changelog: bool, scope: str = "") -> str:
    """`scope`: whose query it is when Jira answers people differently (their own tokens); "" is shared."""
    text = f"{canonical_jql(jql)}|{','.join(sorted(set(fields)))}|{int(changelog)}|{scope}"
    return hashlib.sha1(text.encode()).hexdigest()


class GraphManager:
    def __init__(self, connector: JiraConnector, store: GraphStore, *, base_url: str,
                 ttl_s: float = 300, clock: Callable[[], float] = time.time, max_issues: int | None = None) -> None:
        """`max_issues`: the most issues one query reads (None: all it matches)."""
        self.connector = connector
        self.store = store
        self.base_url = base_url
        self.ttl_s = ttl_s
        self.max_issues = max_issues
        self.clock = clock
        self.stats = ManagerStats()
        self._in_flight: dict[str, asyncio.Future[QueryResult]] = {}
        self.sight: Sight | None = None  # None: the service account's own view, untrimmed
        self.scope = ""  # the person whose own token `connector` calls with; "" for the service account

    def as_person(self, connector: JiraConnector, scope: str) -> GraphManager:
        """This graph fetched with one person's own credentials: issue content stays shared, but each
        query's result is cached for that person alone (Jira answered it for them)."""
        view = copy.copy(self)
        view.connector, view.scope = connector, scope
        return view

    def seen_by(self, sight: Sight) -> GraphManager:
        """This graph as one person may browse it: the same cache, connector and in-flight fetches,
        every result trimmed by `sight` after the shared fetch, so one person's cached query never
        answers another's unchecked."""
        view = copy.copy(self)
        view.sight = sight
        return view

    def issue_url(self, key: str) -> str:
        """The issue's page on the Jira this process fetches from."""
        return f"{self.base_url.rstrip('/')}/browse/{key}"

    def search_url(self, jql: str) -> str:
        """Jira's issue navigator showing every issue `jql` selects."""
        return f"{self.base_url.rstrip('/')}/issues/?jql={quote(jql, safe='')}"

    async def ping(self) -> None:
        """Raises when Jira does not answer."""
        await self.connector.http.get("/rest/api/2/serverInfo")

    async def get(self, jql: str, fields: Iterable[str] = (), *, changelog: bool = False) -> QueryResult:
        """Issues matching `jql` with at least `fields` (and full changelogs when asked)."""
        if self.sight is None:
            return await self._shared_get(jql, fields, changelog)
        jql = self.sight.personal(jql)
        found = await self._shared_get(jql, fields, changelog)
        # Past the cap Jira's total is the service account's: it would count issues this person may not
        # see, so only the fact that there were more is passed on.
        return QueryResult(found.jql, await self.sight.trim(found.nodes), found.cache_hit, capped=found.capped)

    async def _shared_get(self, jql: str, fields: Iterable[str], changelog: bool) -> QueryResult:
        fields = sorted(set(fields))
        key = cache_key(jql, fields, changelog, self.scope)
        running = self._in_flight.get(key)
        if running is not None:
            self.stats.shared_fetches += 1
            return await asyncio.shield(running)
        future: asyncio.Future[QueryResult] = asyncio.get_running_loop().create_future()
        self._in_flight[key] = future
        try:
            result = await self._get(key, jql, fields, changelog)
            future.set_result(result)
            return result
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # the caller sees it; waiters see it too, no "never retrieved" noise
            raise
        finally:
            del self._in_flight[key]

    async def _get(self, key: str, jql: str, fields: list[str], changelog: bool) -> QueryResult:
        entry = await self.store.get_query(key)
        if entry is not None and entry.expires_at > self.clock():
            nodes = await self.store.get_nodes(entry.keys)
            complete = _completeness(fields, changelog)
            if all(k in nodes and complete(nodes[k]) for k in entry.keys):
                self.stats.hits += 1
                return QueryResult(jql, [nodes[k] for k in entry.keys], True, entry.matched, entry.matched is not None)
        self.stats.misses += 1
        found = await self.connector.search_at_most(jql, [*STRUCTURE_FIELDS, *fields], self.max_issues,
                                                    changelog=changelog)
        fetched = await self._store([node_from_issue(issue) for issue in found.issues])
        matched = found.matched if found.matched is not None and found.matched > len(found.issues) else None
        now = self.clock()
        await self.store.put_query(CachedQuery(
            cache_key=key, jql=canonical_jql(jql), fields=fields, changelog=changelog, keys=[n.key for n in fetched],
            matched=matched, depends_on=sorted(referenced_fields(jql)), stored_at=now, expires_at=now + self.ttl_s))
        return QueryResult(jql, fetched, False, matched, matched is not None)

    async def _store(self, fresh: list[Node]) -> list[Node]:
        existing = await self.store.get_nodes(n.key for n in fresh)
        merged = [_merge(existing.get(n.key), n) for n in fresh]
        await self.store.put_nodes(merged)
        return merged

    async def nodes(self, keys: Iterable[str], fields: Iterable[str] = (), *,
                    changelog: bool = False) -> dict[str, Node]:
        """Nodes by key: stored ones first, the rest fetched in batches. Unknown keys are left out."""
        wanted = list(dict.fromkeys(k.upper() for k in keys))
        bad = [k for k in wanted if not ISSUE_KEY.match(k)]
        if bad:
            raise IssueNotFound(bad[0])
        fields = sorted(set(fields))
        complete = _completeness(fields, changelog)
        found = {k: n for k, n in (await self.store.get_nodes(wanted)).items() if complete(n)}
        missing = [k for k in wanted if k not in found]
        for start in range(0, len(missing), KEY_BATCH):
            batch = missing[start:start + KEY_BATCH]
            for node in await self._fetch_keys(batch, fields, changelog):
                found[node.key] = node
        if self.sight is not None:
            return {n.key: n for n in await self.sight.trim([found[k] for k in wanted if k in found])}
        return {k: found[k] for k in wanted if k in found}

    async def _fetch_keys(self, keys: list[str], fields: list[str], changelog: bool) -> list[Node]:
        try:
            issues = await self.connector.search(f"key in ({', '.join(keys)})", [*STRUCTURE_FIELDS, *fields],
                                                 changelog=changelog)
        except JqlError:
            # Jira rejects the whole IN list when one key does not exist; fetch one by one.
            issues = []
            for key in keys:
                try:
                    issues.append(await self.connector.issue(key, [*STRUCTURE_FIELDS, *fields], changelog=changelog))
                except IssueNotFound:
                    continue
        return await self._store([node_from_issue(issue) for issue in issues])

    async def node(self, key: str, fields: Iterable[str] = (), *, changelog: bool = False) -> Node:
        found = await self.nodes([key], fields, changelog=changelog)
        if key.upper() not in found:
            raise IssueNotFound(key.upper())
        return found[key.upper()]

    async def subtree(self, key: str, fields: Iterable[str] = (), depth: int = 4) -> IssueGraph:
        """`key` and its descendants to `depth` levels, one JQL per level."""
        graph = IssueGraph([await self.node(key, fields)])
        frontier = [key.upper()]
        for _ in range(depth):
            result = await self.get(f"parent in ({', '.join(frontier)})", fields)
            children = [n for n in result.nodes if n.key not in graph]
            for node in children:
                graph.add(node)
            sub_tasks = [k for n in children for k in n.children if k not in graph]
            for node in (await self.nodes(sub_tasks, fields)).values():
                graph.add(node)
            frontier = [n.key for n in children]
            if not frontier:
                break
        return graph

    async def dependencies(self, key: str, link_type: str = "Blocks", direction: str = "inward",
                           depth: int = 10) -> tuple[Chain, list[list[str]], IssueGraph]:
        """Transitive links from `key` (default: everything blocking it), fetching each layer
        in one batch, plus any deadlock cycles among the issues reached."""
        graph = IssueGraph([await self.node(key)])
        frontier = [key.upper()]
        for _ in range(depth):
            wanted = [other for k in frontier for other, _, _ in graph.linked(k, link_type, direction)
                      if other not in graph]
            if not wanted:
                break
            for node in (await self.nodes(wanted)).values():
                graph.add(node)
            frontier = [k for k in wanted if k in graph]
        return graph.chain(key.upper(), link_type, direction, depth), graph.cycles(link_type), graph

    async def project_sprints(self, project: str) -> list[BoardSprint]:
        """The sprints on `project`'s boards (Jira Software), as this person may see them: none from a
        project they may not browse. Not cached: asked only when no issue shows the sprint wanted."""
        sprints = await self.connector.project_sprints(project)
        if self.sight is None or not sprints:
            return sprints
        allowed = await self.sight.browsable_projects({s.project_id: s.project_key or project for s in sprints
                                                       if s.project_id})
        return [s for s in sprints if s.project_id in allowed]

    async def sprint(self, sprint_id: int) -> BoardSprint | None:
        """One sprint by id, None when there is none or it is on a board of a project this person may not browse."""
        found = await self.connector.sprint(sprint_id)
        if found is None or self.sight is None:
            return found
        if found.project_id is None:
            return None  # no project to decide on: never shown unchecked
        allowed = await self.sight.browsable_projects({found.project_id: found.project_key or ""})
        return found if found.project_id in allowed else None

    async def invalidate(self, *, keys: Iterable[str] = (), fields: Iterable[str] = (),
                         any_new_issue: bool = False, drop_nodes: bool = True) -> int:
        """Drop nodes for `keys` and exactly the cached queries they can affect: those that listed
        one of the keys, those whose JQL constrains a changed field, and on `any_new_issue` those
        not pinned to explicit keys. Returns how many cached queries were dropped."""
        keys = set(keys)
        changed = {f.lower() for f in fields}
        if drop_nodes:
            await self.store.delete_nodes(keys)
        doomed = []
        for entry in await self.store.queries():
            depends = set(entry.depends_on)
            pinned = bool(depends & IDENTITY_FIELDS) and not (depends - IDENTITY_FIELDS)
            if keys & set(entry.keys) or changed & depends or (any_new_issue and not pinned):
                doomed.append(entry.cache_key)
        await self.store.delete_queries(doomed)
        return len(doomed)


def _completeness(fields: list[str], changelog: bool) -> Callable[[Node], bool]:
    """Whether a stored node holds `fields` (and its changelog when asked): the test built once per
    query, as a cached turn applies it to thousands of nodes."""
    needed = set(fields).difference(STRUCTURE_FIELDS)
    if changelog:
        return lambda node: node.changelog is not None and node.fields.keys() >= needed
    return lambda node: node.fields.keys() >= needed


def _merge(old: Node | None, new: Node) -> Node:
    """Same version of the issue (same `updated`): keep what the older copy knew beyond the new one."""
    if old is None or old.updated != new.updated:
        return new
    return new.model_copy(update={
        "fields": {**old.fields, **new.fields},
        "changelog": new.changelog if new.changelog is not None else old.changelog,
        "comments": new.comments or old.comments,
    })
