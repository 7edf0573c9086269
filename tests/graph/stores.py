"""Open each kind of store for a test; Redis is the real server from conftest's fixture."""

from __future__ import annotations

import uuid
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
