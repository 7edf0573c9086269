"""Redis store: shared by every bot replica."""

from __future__ import annotations

from collections.abc import Iterable

from redis.asyncio import Redis
from redis.exceptions import RedisError

from jirakg.graph.node import Node
from jirakg.graph.stores.base import CachedQuery, EntityLabel, GraphStore
from jirakg.graph.stores.decoded import DecodedNodes

# What the redis client raises when the server is gone or too slow (DeadlineStore turns it into a sentence).
FAILURES: tuple[type[Exception], ...] = (RedisError, OSError)
# Redis drops a cached query this long after its logical expiry, as a backstop; freshness
# itself is decided by the manager's clock against `expires_at`.
GRACE_S = 3600


class RedisStore(GraphStore):
    def __init__(self, url: str, namespace: str = "jirakg", timeout_s: float = 5.0) -> None:
        # Socket timeouts as well as the caller's deadline: a stopped server must not hold a connection forever.
        self.redis = Redis.from_url(url, decode_responses=True, socket_timeout=timeout_s,
                                    socket_connect_timeout=timeout_s)
        self.ns = namespace
        self._decoded = DecodedNodes()

    def _k(self, *parts: str) -> str:
        return ":".join((self.ns, *parts))

    async def get_nodes(self, keys: Iterable[str]) -> dict[str, Node]:
        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return {}
        texts = await self.redis.mget([self._k("node", key) for key in wanted])
        return {key: self._decoded.node(key, text) for key, text in zip(wanted, texts, strict=True) if text}

    async def put_nodes(self, nodes: Iterable[Node]) -> None:
        pipe = self.redis.pipeline(transaction=False)
        for node in nodes:
            pipe.set(self._k("node", node.key), self._decoded.encode(node))
            pipe.set(self._k("id", node.id), node.key)
        await pipe.execute()

    async def delete_nodes(self, keys: Iterable[str]) -> None:
        wanted = list(keys)
        if not wanted:
            return
        existing = await self.get_nodes(wanted)
        await self.redis.delete(*[self._k("node", key) for key in wanted],
                                *[self._k("id", node.id) for node in existing.values()])

    async def key_for_id(self, issue_id: str) -> str | None:
        return await self.redis.get(self._k("id", issue_id))

    async def get_query(self, cache_key: str) -> CachedQuery | None:
        text = await self.redis.get(self._k("query", cache_key))
        return CachedQuery.model_validate_json(text) if text else None

    async def put_query(self, entry: CachedQuery) -> None:
        ttl = max(1, int(entry.expires_at - entry.stored_at)) + GRACE_S
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(self._k("query", entry.cache_key), entry.model_dump_json(), ex=ttl)
        pipe.sadd(self._k("queries"), entry.cache_key)
        await pipe.execute()

    async def queries(self) -> list[CachedQuery]:
        cache_keys = sorted(await self.redis.smembers(self._k("queries")))
        if not cache_keys:
            return []
        texts = await self.redis.mget([self._k("query", key) for key in cache_keys])
        gone = [key for key, text in zip(cache_keys, texts, strict=True) if not text]
        if gone:
            await self.redis.srem(self._k("queries"), *gone)
        return [CachedQuery.model_validate_json(text) for text in texts if text]

    async def delete_queries(self, cache_keys: Iterable[str]) -> None:
        wanted = list(cache_keys)
        if wanted:
            await self.redis.delete(*[self._k("query", key) for key in wanted])
            await self.redis.srem(self._k("queries"), *wanted)

    async def get_entity_labels(self, iris: Iterable[str]) -> dict[str, EntityLabel]:
        wanted = list(dict.fromkeys(iris))
        if not wanted:
            return {}
        labels = await self.redis.hmget(self._k("entity-labels"), wanted)
        return {iri: EntityLabel(iri=iri, label=label)
                for iri, label in zip(wanted, labels, strict=True) if label is not None}

    async def put_entity_labels(self, labels: Iterable[EntityLabel]) -> None:
        mapping = {entry.iri: entry.label for entry in labels}
        if mapping:
            await self.redis.hset(self._k("entity-labels"), mapping=mapping)

    async def get_state(self, name: str) -> str | None:
        return await self.redis.get(self._k("state", name))

    async def put_state(self, name: str, value: str | None, ttl_s: int | None = None) -> None:
        if value is None:
            await self.redis.delete(self._k("state", name))
        else:
            await self.redis.set(self._k("state", name), value, ex=ttl_s)

    async def claim_state(self, name: str, value: str, ttl_s: int | None = None) -> bool:
        return bool(await self.redis.set(self._k("state", name), value, nx=True, ex=ttl_s))

    async def close(self) -> None:
        await self.redis.aclose()
