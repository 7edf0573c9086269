"""Graph stores behind one interface: memory, SQLite (embedded default) and Redis (shared)."""

from __future__ import annotations

from jirakg.config.settings import StoreSettings
from jirakg.graph.stores.base import CachedQuery, EntityLabel, GraphStore
from jirakg.graph.stores.memory import MemoryStore
from jirakg.graph.stores.sqlite import SqliteStore


def open_store(settings: StoreSettings) -> GraphStore:
    if settings.backend == "memory":
        return MemoryStore()
    if settings.backend == "redis":
        from jirakg.graph.stores.redis import RedisStore  # only replicas need the redis client

        return RedisStore(str(settings.redis_url))
    return SqliteStore(settings.sqlite_path)


__all__ = ["CachedQuery", "EntityLabel", "GraphStore", "MemoryStore", "SqliteStore", "open_store"]
