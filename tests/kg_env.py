"""Knowledge graphs for the tests: the demo graph jirakg ships, with its facts read by pyoxigraph
straight from the Turtle file (not through the pipeline), and endpoints that record their queries."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pyoxigraph

from jirakg.connectors.sparql import EmbeddedStore

TTL = Path(str(resources.files("jirakg") / "data" / "demo_kg.ttl"))
EX = "https://jirakg.example/kg/"


def fact(subject: str, predicate: str) -> str:
    store = pyoxigraph.Store()
    store.load(path=str(TTL), format=pyoxigraph.RdfFormat.TURTLE)
    value = next(iter(store.quads_for_pattern(pyoxigraph.NamedNode(EX + subject), pyoxigraph.NamedNode(EX + predicate),
                                               None))).object
    if isinstance(value, pyoxigraph.NamedNode):
        label = next(iter(store.quads_for_pattern(value, pyoxigraph.NamedNode(
            "http://www.w3.org/2000/01/rdf-schema#label"), None))).object
        return label.value
    return value.value


class Recording:
    """An endpoint (embedded or remote), keeping every query it was asked."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.queries: list[str] = []

    async def query(self, sparql: str):
        self.queries.append(sparql)
        return await self.inner.query(sparql)


class RecordingStore(Recording):
    def __init__(self, *files) -> None:
        super().__init__(EmbeddedStore(*files))
