"""In-process store: fastest, shared by nothing, gone on exit."""

from __future__ import annotations

import time
from collections.abc import Iterable

from jirakg.graph.node import Node
from jirakg.graph.stores.base import CachedQuery, EntityLabel, GraphStore


class MemoryStore(GraphStore):
    def __init__(self) -> None:
        self.nodes: dict[str, Node] = {}
        self.ids: dict[str, str] = {}
        self.cached: dict[str, CachedQuery] = {}
        self.labels: dict[str, EntityLabel] = {}
        self.state: dict[str, str] = {}
        self.expiry: dict[str, float] = {}  # state name → monotonic time it expires

    async def get_nodes(self, keys: Iterable[str]) -> dict[str, Node]:
        return {key: self.nodes[key] for key in keys if key in self.nodes}

    async def put_nodes(self, nodes: Iterable[Node]) -> None:
        for node in nodes:
            self.nodes[node.key] = node
            self.ids[node.id] = node.key

    async def delete_nodes(self, keys: Iterable[str]) -> None:
        for key in keys:
            node = self.nodes.pop(key, None)
            if node is not None:
                self.ids.pop(node.id, None)

    async def key_for_id(self, issue_id: str) -> str | None:
        return self.ids.get(issue_id)

    async def get_query(self, cache_key: str) -> CachedQuery | None:
        return self.cached.get(cache_key)

    async def put_query(self, entry: CachedQuery) -> None:
        self.cached[entry.cache_key] = entry

    async def queries(self) -> list[CachedQuery]:
        return list(self.cached.values())

    async def delete_queries(self, cache_keys: Iterable[str]) -> None:
        for cache_key in cache_keys:
            self.cached.pop(cache_key, None)

    async def get_entity_labels(self, iris: Iterable[str]) -> dict[str, EntityLabel]:
        return {iri: self.labels[iri] for iri in iris if iri in self.labels}

    async def put_entity_labels(self, labels: Iterable[EntityLabel]) -> None:
        self.labels.update((entry.iri, entry) for entry in labels)

    def _expire(self, name: str) -> None:
        if name in self.expiry and self.expiry[name] <= time.monotonic():
            self.state.pop(name, None)
            self.expiry.pop(name, None)

    async def get_state(self, name: str) -> str | None:
        self._expire(name)
        return self.state.get(name)

    async def put_state(self, name: str, value: str | None, ttl_s: int | None = None) -> None:
        self.expiry.pop(name, None)
        if value is None:
            self.state.pop(name, None)
            return
        self.state[name] = value
        if ttl_s is not None:
            self.expiry[name] = time.monotonic() + ttl_s

    async def claim_state(self, name: str, value: str, ttl_s: int | None = None) -> bool:
        self._expire(name)
        if name in self.state:  # no await between the check and the write: atomic on the event loop
            return False
        await self.put_state(name, value, ttl_s)
        return True
