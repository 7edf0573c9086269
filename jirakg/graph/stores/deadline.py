"""Any graph store with a deadline on every call: a store that hangs (a stopped Redis, a locked SQLite
file) or fails answers StoreUnavailable, one sentence, instead of holding the turn or reaching the person
as a driver's exception."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterable
from typing import TypeVar

from jirakg.errors import JirakgError
from jirakg.graph.node import Node
from jirakg.graph.stores.base import CachedQuery, EntityLabel, GraphStore

T = TypeVar("T")


class StoreUnavailable(JirakgError):
    """The graph store did not answer in time or failed; nothing was read or written."""


class DeadlineStore(GraphStore):
    def __init__(self, inner: GraphStore, timeout_s: float, failures: tuple[type[Exception], ...]) -> None:
        """`failures`: the exceptions by which `inner`'s driver says it is unavailable."""
        self.inner = inner
        self.timeout_s = timeout_s
        self.failures = failures

    async def _within(self, call: Awaitable[T]) -> T:
        try:
            async with asyncio.timeout(self.timeout_s):
                return await call
        except TimeoutError:
            raise StoreUnavailable(f"The graph store did not answer within {self.timeout_s:g} s; "
                                   "try again shortly.") from None
        except self.failures as exc:
            raise StoreUnavailable(f"The graph store is not available ({type(exc).__name__}); "
                                   "try again shortly.") from exc

    async def get_nodes(self, keys: Iterable[str]) -> dict[str, Node]:
        return await self._within(self.inner.get_nodes(keys))

    async def put_nodes(self, nodes: Iterable[Node]) -> None:
        await self._within(self.inner.put_nodes(nodes))

    async def delete_nodes(self, keys: Iterable[str]) -> None:
        await self._within(self.inner.delete_nodes(keys))

    async def key_for_id(self, issue_id: str) -> str | None:
        return await self._within(self.inner.key_for_id(issue_id))

    async def get_query(self, cache_key: str) -> CachedQuery | None:
        return await self._within(self.inner.get_query(cache_key))

    async def put_query(self, entry: CachedQuery) -> None:
        await self._within(self.inner.put_query(entry))

    async def queries(self) -> list[CachedQuery]:
        return await self._within(self.inner.queries())

    async def delete_queries(self, cache_keys: Iterable[str]) -> None:
        await self._within(self.inner.delete_queries(cache_keys))

    async def get_entity_labels(self, iris: Iterable[str]) -> dict[str, EntityLabel]:
        return await self._within(self.inner.get_entity_labels(iris))

    async def put_entity_labels(self, labels: Iterable[EntityLabel]) -> None:
        await self._within(self.inner.put_entity_labels(labels))

    async def get_state(self, name: str) -> str | None:
        return await self._within(self.inner.get_state(name))

    async def put_state(self, name: str, value: str | None, ttl_s: int | None = None) -> None:
        await self._within(self.inner.put_state(name, value, ttl_s))

    async def claim_state(self, name: str, value: str, ttl_s: int | None = None) -> bool:
        return await self._within(self.inner.claim_state(name, value, ttl_s))

    async def close(self) -> None:
        await self._within(self.inner.close())
