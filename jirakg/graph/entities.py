"""Knowledge-graph entity labels, resolved once and kept in the graph store (memory, SQLite or Redis)
beside the issues, so replicas and later turns do not ask the endpoint again."""

from __future__ import annotations

from jirakg.graph.stores import EntityLabel, GraphStore


class EntityLabelCache:
    """The label resolver's cache (`connectors.sparql.labels.LabelCache`) over a graph store."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store

    async def labels(self, iris: list[str]) -> dict[str, str]:
        return {iri: entry.label for iri, entry in (await self.store.get_entity_labels(iris)).items()}

    async def remember(self, labels: dict[str, str]) -> None:
        await self.store.put_entity_labels(EntityLabel(iri=iri, label=label) for iri, label in labels.items())
