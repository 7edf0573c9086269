"""The store interface every backend implements: nodes, cached JQL results, knowledge-graph entity
labels, sync state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable

from pydantic import BaseModel

from jirakg.graph.node import Node


class CachedQuery(BaseModel):
    cache_key: str
    jql: str  # canonical_jql of the query
    fields: list[str]
    changelog: bool
    keys: list[str]
    matched: int | None = None  # how many Jira matched, when more than `keys` (the per-question cap)
    depends_on: list[str]  # fields and functions the JQL uses, lower-cased
    stored_at: float
    expires_at: float


class EntityLabel(BaseModel):
    """A knowledge-graph entity's label, resolved once and kept for every replica and later turn."""
    iri: str
    label: str


class GraphStore(ABC):
    @abstractmethod
    async def get_nodes(self, keys: Iterable[str]) -> dict[str, Node]: ...

    @abstractmethod
    async def put_nodes(self, nodes: Iterable[Node]) -> None: ...

    @abstractmethod
    async def delete_nodes(self, keys: Iterable[str]) -> None: ...

    @abstractmethod
    async def key_for_id(self, issue_id: str) -> str | None: ...

    @abstractmethod
    async def get_query(self, cache_key: str) -> CachedQuery | None: ...

    @abstractmethod
    async def put_query(self, entry: CachedQuery) -> None: ...

    @abstractmethod
    async def queries(self) -> list[CachedQuery]: ...

    @abstractmethod
    async def delete_queries(self, cache_keys: Iterable[str]) -> None: ...

    @abstractmethod
    async def get_entity_labels(self, iris: Iterable[str]) -> dict[str, EntityLabel]: ...

    @abstractmethod
    async def put_entity_labels(self, labels: Iterable[EntityLabel]) -> None: ...

    @abstractmethod
    async def get_state(self, name: str) -> str | None: ...

    @abstractmethod
    async def put_state(self, name: str, value: str | None, ttl_s: int | None = None) -> None:
        """Set (None: delete) `name`; with `ttl_s` it is gone that many seconds later."""

    @abstractmethod
    async def claim_state(self, name: str, value: str, ttl_s: int | None = None) -> bool:
        """Set `name` only if it is unset (or expired), atomically across everyone sharing the store; True if
        this call set it (one replica wins a race)."""

    async def close(self) -> None:
        return None
