"""Every store behaves the same: nodes, id lookup, cached queries, sync state."""

from __future__ import annotations

import asyncio

import pytest

from jirakg.devjira.demo.generator import generate
from jirakg.graph import node_from_issue
from jirakg.graph.stores import SqliteStore
from jirakg.graph.stores.base import CachedQuery, EntityLabel
from tests.graph.stores import KINDS, open_kind, two_replicas

_, STREAM = generate(seed=3, issues=300)
NODES = [node_from_issue(issue) for issue in STREAM]


@pytest.fixture(params=KINDS)
def kind(request) -> str:
    return request.param


def entry(cache_key: str, keys: list[str]) -> CachedQuery:
    return CachedQuery(cache_key=cache_key, jql="project = proj", fields=["summary"], changelog=False,
                       keys=keys, depends_on=["project"], stored_at=100.0, expires_at=400.0)


def test_store_contract(kind: str, tmp_path, request) -> None:
    redis_url = request.getfixturevalue("redis_url") if kind == "redis" else None

    async def scenario():
        store = open_kind(kind, tmp_path, redis_url)
        try:
            await store.put_nodes(NODES)
            got = await store.get_nodes([NODES[0].key, NODES[5].key, "NOPE-1"])
            assert set(got) == {NODES[0].key, NODES[5].key}
            assert got[NODES[5].key] == NODES[5]  # round-trips exactly, changelog included
            assert await store.key_for_id(NODES[7].id) == NODES[7].key
            await store.delete_nodes([NODES[7].key])
            assert await store.get_nodes([NODES[7].key]) == {}
            assert await store.key_for_id(NODES[7].id) is None

            await store.put_query(entry("a", [NODES[0].key]))
            await store.put_query(entry("b", [NODES[1].key]))
            assert (await store.get_query("a")).keys == [NODES[0].key]
            assert await store.get_query("zzz") is None
            assert sorted(e.cache_key for e in await store.queries()) == ["a", "b"]
            await store.delete_queries(["a"])
            assert [e.cache_key for e in await store.queries()] == ["b"]

            await store.put_entity_labels([EntityLabel(iri="https://kg/a", label="Ada"),
                                           EntityLabel(iri="https://kg/b", label="Bo")])
            await store.put_entity_labels([EntityLabel(iri="https://kg/a", label="Ada Lovelace")])
            labels = await store.get_entity_labels(["https://kg/a", "https://kg/b", "https://kg/none"])
            assert {iri: e.label for iri, e in labels.items()} == {"https://kg/a": "Ada Lovelace", "https://kg/b": "Bo"}
            assert await store.get_nodes(["https://kg/a"]) == {}  # labels are not issues
            assert await store.get_entity_labels([]) == {}

            assert await store.get_state("sync:x") is None
            await store.put_state("sync:x", '{"last_sync": "2026-01-01"}')
            assert await store.get_state("sync:x") == '{"last_sync": "2026-01-01"}'
            await store.put_state("sync:x", None)
            assert await store.get_state("sync:x") is None
        finally:
            await store.close()

    asyncio.run(scenario())


def test_claims_are_won_once_across_stores_sharing_a_backend(kind: str, tmp_path, request) -> None:
    """Two replicas' stores (two connections to one SQLite file or Redis; one memory store shared)
    race for the same names: each name is won exactly once."""
    redis_url = request.getfixturevalue("redis_url") if kind == "redis" else None

    async def scenario():
        async with two_replicas(kind, tmp_path, redis_url) as (first, second):
            names = [f"slack-event:Ev{n}" for n in range(40)]
            wins = await asyncio.gather(*(store.claim_state(name, "1") for name in names for store in (first, second)))
            again = await first.claim_state(names[0], "1")
            return wins, again, await second.get_state(names[-1])
    wins, again, value = asyncio.run(scenario())
    assert [wins[i] + wins[i + 1] for i in range(0, len(wins), 2)] == [1] * 40
    assert again is False and value == "1"


def test_a_node_another_replica_rewrites_or_deletes_is_read_again(kind: str, tmp_path, request) -> None:
    """Stores keep decoded nodes in their process; what another replica writes to the shared file or
    server still wins, and what this store wrote itself reads back as written."""
    redis_url = request.getfixturevalue("redis_url") if kind == "redis" else None

    async def scenario():
        async with two_replicas(kind, tmp_path, redis_url) as (first, second):
            await first.put_nodes(NODES[:3])
            assert await first.get_nodes([NODES[0].key]) == {NODES[0].key: NODES[0]}
            renamed = NODES[0].model_copy(update={"summary": "renamed by the other replica"})
            await second.put_nodes([renamed])
            await second.delete_nodes([NODES[1].key])
            seen = await first.get_nodes([n.key for n in NODES[:3]])
            assert seen == {NODES[0].key: renamed, NODES[2].key: NODES[2]}
            own = NODES[2].model_copy(update={"summary": "renamed here"})
            await first.put_nodes([own])
            assert await first.get_nodes([NODES[2].key]) == {NODES[2].key: own}
            await first.delete_nodes([NODES[2].key])
            assert await first.get_nodes([NODES[2].key]) == {}
    asyncio.run(scenario())


def test_a_read_spanning_another_replicas_write_does_not_trust_what_it_read_before(tmp_path) -> None:
    """A read of more keys than one SELECT takes, while another replica rewrites one it already read and a
    second read in this process notices the write: the older text must not be trusted afterwards."""
    many = [NODES[0].model_copy(update={"key": f"BIG-{n}", "id": str(90_000 + n)}) for n in range(600)]
    changed = many[0].model_copy(update={"summary": "renamed by the other replica"})

    async def scenario():
        first, second = SqliteStore(tmp_path / "g.sqlite3"), SqliteStore(tmp_path / "g.sqlite3")
        try:
            await first.put_nodes(many)
            selects = 0
            run = first._run

            async def interleaved(sql: str, params: tuple = ()) -> list[tuple]:
                nonlocal selects
                if sql.startswith("SELECT key, json"):
                    selects += 1
                    if selects == 2:  # the first chunk (holding BIG-0) is read; the file changes now
                        await second.put_nodes([changed])
                        await first.get_nodes([many[-1].key])  # another turn sees the new data_version
                return await run(sql, params)

            first._decoded.distrust()  # as after any other writer: every node is read and compared
            first._run = interleaved  # type: ignore[method-assign]
            await first.get_nodes(n.key for n in many)
            first._run = run  # type: ignore[method-assign]
            return (await first.get_nodes([changed.key]))[changed.key]
        finally:
            await first.close()
            await second.close()
    assert asyncio.run(scenario()) == changed


def test_sqlite_survives_a_restart(tmp_path) -> None:
    async def scenario():
        first = SqliteStore(tmp_path / "g.sqlite3")
        await first.put_nodes(NODES[:50])
        await first.put_query(entry("q", [n.key for n in NODES[:50]]))
        await first.put_state("s", "v")
        await first.put_entity_labels([EntityLabel(iri="https://kg/a", label="Ada")])
        await first.close()
        second = SqliteStore(tmp_path / "g.sqlite3")
        try:
            assert len(await second.get_nodes(n.key for n in NODES[:50])) == 50
            assert (await second.get_query("q")).keys == [n.key for n in NODES[:50]]
            assert await second.get_state("s") == "v"
            assert (await second.get_entity_labels(["https://kg/a"]))["https://kg/a"].label == "Ada"
        finally:
            await second.close()

    asyncio.run(scenario())


@pytest.mark.slow
def test_state_with_a_ttl_expires_and_its_claim_is_free_again(kind: str, tmp_path, request) -> None:
    redis_url = request.getfixturevalue("redis_url") if kind == "redis" else None

    async def scenario():
        store = open_kind(kind, tmp_path, redis_url)
        try:
            await store.put_state("conversation:c1", "kept a second", ttl_s=1)
            await store.put_state("lexicon:x", "kept")
            assert await store.claim_state("slack-event:E1", "1", ttl_s=1)
            assert not await store.claim_state("slack-event:E1", "1", ttl_s=1)
            before = await store.get_state("conversation:c1")
            await asyncio.sleep(1.2)
            return before, await store.get_state("conversation:c1"), await store.get_state("lexicon:x"), \
                await store.claim_state("slack-event:E1", "1", ttl_s=1)
        finally:
            await store.close()
    assert asyncio.run(scenario()) == ("kept a second", None, "kept", True)


def test_a_graph_file_from_before_expiry_keeps_its_state(tmp_path) -> None:
    import sqlite3
    path = tmp_path / "graph.sqlite3"
    with sqlite3.connect(path) as old:  # the schema as released before state could expire
        old.execute("CREATE TABLE state (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        old.execute("INSERT INTO state VALUES ('lexicon:x', 'kept')")

    async def scenario():
        store = SqliteStore(path)
        try:
            await store.put_state("conversation:c1", "new", ttl_s=60)
            return await store.get_state("lexicon:x"), await store.get_state("conversation:c1")
        finally:
            await store.close()
    assert asyncio.run(scenario()) == ("kept", "new")
    with sqlite3.connect(path) as migrated:
        assert migrated.execute("PRAGMA user_version").fetchone() == (1,)
