"""Knowledge-graph entities as nodes of the node graph: their labels, resolved once and kept in the
same store as issues (memory, SQLite or Redis), so replicas and later turns do not ask again."""

from __future__ import annotations

from jirakg.graph.node import Node
from jirakg.graph.stores import GraphStore

ENTITY_TYPE = "kg-entity"


class EntityNodes:
    def __init__(self, store: GraphStore) -> None:
        self.store = store

    async def labels(self, iris: list[str]) -> dict[str, str]:
        found = await self.store.get_nodes(iris)
        return {i: node.summary for i, node in found.items() if node.type == ENTITY_TYPE}

    async def remember(self, labels: dict[str, str]) -> None:
        await self.store.put_nodes(Node(key=i, id=i, url=i, type=ENTITY_TYPE, project="kg", summary=label)
                                   for i, label in labels.items())
