"""Open each kind of store for a test; Redis is the real server from conftest's fixture."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from jirakg.graph.stores import GraphStore, MemoryStore, SqliteStore
from jirakg.graph.stores.redis import RedisStore

KINDS = ["memory", "sqlite", pytest.param("redis", marks=pytest.mark.redis)]  # fixture params


def open_kind(kind: str, tmp_path: Path, redis_url: str | None) -> GraphStore:
    if kind == "memory":
        return MemoryStore()
    if kind == "sqlite":
        return SqliteStore(tmp_path / "graph.sqlite3")
    return RedisStore(redis_url, namespace=f"test-{uuid.uuid4().hex[:8]}")


@asynccontextmanager
async def two_replicas(kind: str, tmp_path: Path,
                       redis_url: str | None) -> AsyncIterator[tuple[GraphStore, GraphStore]]:
    """Two replicas' stores over one backend: two connections to one SQLite file or Redis namespace;
    for memory, the one store (a process's memory is not shared)."""
    first = open_kind(kind, tmp_path, redis_url)
    second = first if kind == "memory" else open_kind(kind, tmp_path, redis_url)
    if isinstance(first, RedisStore) and isinstance(second, RedisStore):
        second.ns = first.ns
    try:
        yield first, second
    finally:
        await first.close()
        if second is not first:
            await second.close()
