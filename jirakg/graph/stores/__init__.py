"""Graph stores behind one interface: memory, SQLite (embedded default) and Redis (shared)."""

from __future__ import annotations

from jirakg.config.settings import StoreSettings
from jirakg.graph.stores import sqlite
from jirakg.graph.stores.base import CachedQuery, EntityLabel, GraphStore
from jirakg.graph.stores.deadline import DeadlineStore, StoreUnavailable
from jirakg.graph.stores.memory import MemoryStore
from jirakg.graph.stores.sqlite import SqliteStore


def open_store(settings: StoreSettings) -> GraphStore:
    """The configured store, each call under settings.timeout_s."""
    if settings.backend == "memory":
        return MemoryStore()
    if settings.backend == "redis":
        from jirakg.graph.stores import redis  # only replicas need the redis client

        return DeadlineStore(redis.RedisStore(str(settings.redis_url), timeout_s=settings.timeout_s),
                             settings.timeout_s, redis.FAILURES)
    return DeadlineStore(SqliteStore(settings.sqlite_path), settings.timeout_s, sqlite.FAILURES)


__all__ = ["CachedQuery", "DeadlineStore", "EntityLabel", "GraphStore", "MemoryStore", "SqliteStore",
           "StoreUnavailable", "open_store"]
