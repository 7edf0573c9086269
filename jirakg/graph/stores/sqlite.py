"""SQLite store: the embedded default; one file that survives restarts."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from jirakg.graph.node import Node
from jirakg.graph.stores.base import CachedQuery, EntityLabel, GraphStore
from jirakg.graph.stores.decoded import DecodedNodes

# What sqlite3 raises when the file cannot be used (DeadlineStore turns it into a sentence).
FAILURES: tuple[type[Exception], ...] = (sqlite3.Error, OSError)

SCHEMA = """
CREATE TABLE IF NOT EXISTS nodes (key TEXT PRIMARY KEY, id TEXT NOT NULL, json TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS nodes_by_id ON nodes (id);
CREATE TABLE IF NOT EXISTS queries (cache_key TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entity_labels (iri TEXT PRIMARY KEY, label TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS state (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
# Versions after SCHEMA, in PRAGMA user_version: each a script applied once, in order.
MIGRATIONS = [
    # 1: state can expire (conversations, turns, event claims); pruned by time.
    "ALTER TABLE state ADD COLUMN expires_at REAL; CREATE INDEX state_expiry ON state (expires_at);",
]
PRUNE_EVERY_S = 600
LIVE = "(expires_at IS NULL OR expires_at > ?)"


class SqliteStore(GraphStore):
    def __init__(self, path: Path | str) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._migrate()
        self._lock = threading.Lock()
        self._pruned = 0.0
        self._decoded = DecodedNodes()
        self._version: int | None = None  # PRAGMA data_version when the decoded nodes were last trusted

    def _migrate(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")  # another process opening the same file waits, then sees the version
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            for statement in filter(str.strip, script.split(";")):
                self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {number}")
        self._db.execute("COMMIT")

    async def _run(self, sql: str, params: tuple = ()) -> list[tuple]:
        def work() -> list[tuple]:
            with self._lock:
                return self._db.execute(sql, params).fetchall()
        return await asyncio.to_thread(work)

    async def _run_many(self, sql: str, rows: list[tuple]) -> None:
        """`sql` once per row, in one transaction."""
        def work() -> None:
            with self._lock:
                self._db.execute("BEGIN")
                self._db.executemany(sql, rows)
                self._db.execute("COMMIT")
        await asyncio.to_thread(work)

    async def _select_in(self, sql: str, values: Iterable[str]) -> list[tuple]:
        """Rows of `sql` (its `IN ({marks})` filled) for every value, in chunks."""
        wanted = list(dict.fromkeys(values))
        rows: list[tuple] = []
        for start in range(0, len(wanted), 500):  # stay under SQLite's variable limit
            chunk = wanted[start:start + 500]
            rows += await self._run(sql.format(marks=",".join("?" * len(chunk))), tuple(chunk))
        return rows

    async def get_nodes(self, keys: Iterable[str]) -> dict[str, Node]:
        wanted = list(dict.fromkeys(keys))
        # data_version moves only when another connection commits: until then the nodes this store
        # decoded, wrote or deleted itself are exactly what the file holds, and need not be read again.
        version = (await self._run("PRAGMA data_version"))[0][0]
        if version != self._version:
            self._decoded.distrust()
            self._version = version
        epoch = self._decoded.epoch
        found = self._decoded.trusted(wanted)
        rows = await self._select_in("SELECT key, json FROM nodes WHERE key IN ({marks})",
                                     [key for key in wanted if key not in found])
        # A read in several chunks may span another writer's commit that a concurrent call noticed (and so
        # will not notice again): what was read before it is used, but not trusted.
        trust = self._decoded.epoch == epoch
        found.update((key, self._decoded.node(key, text, trust)) for key, text in rows)
        return found

    async def put_nodes(self, nodes: Iterable[Node]) -> None:
        rows = [(n.key, n.id, self._decoded.encode(n, trust=True)) for n in nodes]
        if rows:
            try:
                await self._run_many("INSERT OR REPLACE INTO nodes (key, id, json) VALUES (?, ?, ?)", rows)
            except BaseException:
                self._decoded.forget(key for key, _, _ in rows)  # the file may not hold them: read it next time
                raise

    async def delete_nodes(self, keys: Iterable[str]) -> None:
        rows = [(key,) for key in keys]
        if rows:
            self._decoded.forget(key for key, in rows)
            await self._run_many("DELETE FROM nodes WHERE key = ?", rows)

    async def key_for_id(self, issue_id: str) -> str | None:
        rows = await self._run("SELECT key FROM nodes WHERE id = ?", (issue_id,))
        return rows[0][0] if rows else None

    async def get_query(self, cache_key: str) -> CachedQuery | None:
        rows = await self._run("SELECT json FROM queries WHERE cache_key = ?", (cache_key,))
        return CachedQuery.model_validate_json(rows[0][0]) if rows else None

    async def put_query(self, entry: CachedQuery) -> None:
        await self._run("INSERT OR REPLACE INTO queries (cache_key, json) VALUES (?, ?)",
                        (entry.cache_key, entry.model_dump_json()))

    async def queries(self) -> list[CachedQuery]:
        return [CachedQuery.model_validate_json(text) for (text,) in await self._run("SELECT json FROM queries")]

    async def delete_queries(self, cache_keys: Iterable[str]) -> None:
        rows = [(key,) for key in cache_keys]
        if rows:
            await self._run_many("DELETE FROM queries WHERE cache_key = ?", rows)

    async def get_entity_labels(self, iris: Iterable[str]) -> dict[str, EntityLabel]:
        rows = await self._select_in("SELECT iri, label FROM entity_labels WHERE iri IN ({marks})", iris)
        return {iri: EntityLabel(iri=iri, label=label) for iri, label in rows}

    async def put_entity_labels(self, labels: Iterable[EntityLabel]) -> None:
        rows = [(entry.iri, entry.label) for entry in labels]
        if rows:
            await self._run_many("INSERT OR REPLACE INTO entity_labels (iri, label) VALUES (?, ?)", rows)

    async def get_state(self, name: str) -> str | None:
        rows = await self._run(f"SELECT value FROM state WHERE name = ? AND {LIVE}", (name, time.time()))
        return rows[0][0] if rows else None

    async def put_state(self, name: str, value: str | None, ttl_s: int | None = None) -> None:
        if value is None:
            await self._run("DELETE FROM state WHERE name = ?", (name,))
            return
        await self._run("INSERT OR REPLACE INTO state (name, value, expires_at) VALUES (?, ?, ?)",
                        (name, value, _expiry(ttl_s)))
        await self._prune_now_and_then()

    async def claim_state(self, name: str, value: str, ttl_s: int | None = None) -> bool:
        # An expired claim is free again: the upsert takes it over, a live one is left alone.
        inserted = await self._run("INSERT INTO state (name, value, expires_at) VALUES (?, ?, ?) "
                                   "ON CONFLICT (name) DO UPDATE SET value = excluded.value, "
                                   "expires_at = excluded.expires_at WHERE state.expires_at <= ? RETURNING name",
                                   (name, value, _expiry(ttl_s), time.time()))
        return bool(inserted)

    async def _prune_now_and_then(self) -> None:
        """Expired state is invisible at once and deleted every PRUNE_EVERY_S, so the file stops growing."""
        if time.monotonic() - self._pruned > PRUNE_EVERY_S:
            self._pruned = time.monotonic()
            await self._run("DELETE FROM state WHERE expires_at <= ?", (time.time(),))

    async def close(self) -> None:
        await asyncio.to_thread(self._db.close)


def _expiry(ttl_s: int | None) -> float | None:
    return time.time() + ttl_s if ttl_s is not None else None
