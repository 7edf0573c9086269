"""GraphManager over each store, against devjira: cache hits and misses, TTL, sub-schemas,
shared fetches, dependency walks, webhook invalidation and restart persistence."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

import pytest

from jirakg.connectors.jira import IssueNotFound
from jirakg.graph import GraphManager
from jirakg.graph.stores import SqliteStore
from jirakg.graph.webhooks import WebhookError, apply_webhook
from jirakg.jql.canonical import canonical_jql
from tests.graph.stores import KINDS, open_kind
from tests.jira_env import connector, demo_dataset, devjira, keys_of

DEMO = demo_dataset(issues=900, seed=13)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def url():
    with devjira(DEMO, deployment="server") as base:
        yield base


@pytest.fixture(params=KINDS)
def store_factory(request, tmp_path):
    redis_url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    return lambda: open_kind(request.param, tmp_path, redis_url)


@asynccontextmanager
async def manager_for(url, store, clock=None, ttl_s=300):
    async with connector(url) as jira:
        manager = GraphManager(jira, store, base_url=url, ttl_s=ttl_s, clock=clock or Clock())
        try:
            yield manager
        finally:
            await store.close()


def requests(manager: GraphManager) -> int:
    return manager.connector.http.stats.requests


def test_miss_then_hit_then_ttl(url, store_factory) -> None:
    async def scenario():
        clock = Clock()
        async with manager_for(url, store_factory(), clock, ttl_s=60) as manager:
            first = await manager.get("project = MOB AND type = Story", ["priority"])
            assert not first.cache_hit
            assert [n.key for n in first.nodes] == keys_of(DEMO, "project = MOB AND type = Story")
            assert all("priority" in n.fields for n in first.nodes)
            before = requests(manager)
            again = await manager.get("PROJECT = mob  and TYPE = 'Story'", ["priority"])  # same query, other spelling
            assert again.cache_hit and requests(manager) == before
            assert [n.key for n in again.nodes] == [n.key for n in first.nodes]
            clock.now += 61
            expired = await manager.get("project = MOB AND type = Story", ["priority"])
            assert not expired.cache_hit and requests(manager) > before
            wider = await manager.get("project = MOB AND type = Story", ["priority", "labels"])
            assert not wider.cache_hit  # another sub-schema is another cache entry
            with_history = await manager.get("project = MOB AND type = Story", ["priority"], changelog=True)
            assert not with_history.cache_hit and all(n.changelog is not None for n in with_history.nodes)
            assert manager.stats.hits == 1 and manager.stats.misses == 4
    asyncio.run(scenario())


def test_identical_concurrent_requests_share_one_fetch(url, store_factory) -> None:
    async def scenario():
        async with manager_for(url, store_factory()) as manager:
            results = await asyncio.gather(*(manager.get("project = DATA", ["summary"]) for _ in range(6)))
            assert manager.stats.misses == 1 and manager.stats.shared_fetches == 5
            assert len({tuple(n.key for n in r.nodes) for r in results}) == 1
    asyncio.run(scenario())


def test_nodes_by_key_and_unknown_keys(url, store_factory) -> None:
    async def scenario():
        async with manager_for(url, store_factory()) as manager:
            found = await manager.nodes(["PROJ-1", "MOB-2", "PROJ-99999"])
            assert set(found) == {"PROJ-1", "MOB-2"}
            before = requests(manager)
            await manager.nodes(["PROJ-1", "MOB-2"])
            assert requests(manager) == before  # served from the store
            with pytest.raises(IssueNotFound):
                await manager.node("PROJ-99999")
            with pytest.raises(IssueNotFound):
                await manager.nodes(['PROJ-1") OR project = X'])  # never reaches JQL
    asyncio.run(scenario())


def test_dependencies_and_subtree(url, store_factory) -> None:
    blocked = next(k for k in keys_of(DEMO, "issueLinkType = 'is blocked by'")
                   if len(keys_of(DEMO, f"issue in linkedIssues({k}, 'is blocked by')")))

    def blockers(key):
        return set(keys_of(DEMO, f"issue in linkedIssues({key}, 'is blocked by')"))

    expected, frontier = set(), {blocked}
    while frontier:
        frontier = {b for k in frontier for b in blockers(k)} - expected - {blocked}
        expected |= frontier
    epic = keys_of(DEMO, "type = Epic AND issueLinkType is not EMPTY")[0]

    async def scenario():
        async with manager_for(url, store_factory()) as manager:
            chain, _cycles, _graph = await manager.dependencies(blocked)
            assert set(chain.keys) == expected
            assert chain.missing == []
            tree = await manager.subtree(epic)
            children = set(keys_of(DEMO, f"parent = {epic}"))
            grandchildren = set(keys_of(DEMO, f"parent in ({', '.join(children)})")) if children else set()
            assert {n.key for n in tree.descendants(epic)} == children | grandchildren
    asyncio.run(scenario())


def test_webhooks_invalidate_exactly_what_they_affect(url, store_factory) -> None:
    async def scenario():
        async with manager_for(url, store_factory()) as manager:
            target = keys_of(DEMO, "project = WEB AND status = 'In Progress'")[0]
            queries = {
                "by_status": "project = WEB AND status = 'In Progress'",  # lists the key
                "by_priority": "priority = Highest AND project = OPS",     # constrains a field we will change
                "pinned": "key in (OPS-1, OPS-2)",                         # explicit keys only
                "other": "project = DATA AND type = Bug",                  # unrelated to the change
            }
            for jql in queries.values():
                await manager.get(jql)
            assert len(await manager.store.queries()) == 4

            outcome = await apply_webhook(manager, {
                "webhookEvent": "jira:issue_updated", "issue": {"key": target},
                "changelog": {"items": [{"field": "priority", "fieldId": "priority", "fromString": "Low",
                                         "toString": "High"}]}})
            assert outcome.keys == [target] and outcome.queries_dropped == 2
            left = {e.jql for e in await manager.store.queries()}
            assert left == {canonical_jql(queries["pinned"]), canonical_jql(queries["other"])}
            assert await manager.store.get_nodes([target]) == {}

            created = await apply_webhook(manager, {"webhookEvent": "jira:issue_created",
                                                    "issue": {"key": "DATA-9999"}})
            assert created.queries_dropped == 1  # the DATA query could gain it; the pinned one cannot
            assert {e.jql for e in await manager.store.queries()} == {canonical_jql(queries["pinned"])}

            ops1 = (await manager.nodes(["OPS-1"]))["OPS-1"]
            linked = await apply_webhook(manager, {"webhookEvent": "issuelink_created", "issueLink": {
                "id": "1", "sourceIssueId": ops1.id, "destinationIssueId": "0"}})
            assert linked.keys == ["OPS-1"] and linked.queries_dropped == 1
            assert await manager.store.get_nodes(["OPS-1"]) == {}

            with pytest.raises(WebhookError):
                await apply_webhook(manager, {"webhookEvent": "board_created"})
    asyncio.run(scenario())


def test_sqlite_cache_survives_a_restart(url, tmp_path) -> None:
    async def scenario():
        async with manager_for(url, SqliteStore(tmp_path / "g.sqlite3")) as manager:
            await manager.get("project = OPS", ["labels"])
        async with manager_for(url, SqliteStore(tmp_path / "g.sqlite3")) as manager:
            before = requests(manager)
            result = await manager.get("project = OPS", ["labels"])
            assert result.cache_hit and requests(manager) == before
            assert [n.key for n in result.nodes] == keys_of(DEMO, "project = OPS")
    asyncio.run(scenario())
