"""Every entity's label and degree, read from the graph once and kept in a file: a restarted jirakg
opens the file instead of asking the graph for every label again (seconds at a million triples).

The file is JSON (`{"version": 1, "entities": [[iri, label, degree], ...]}`): safe to read, and
json.load reads 150,000 entities in a fraction of a second."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from jirakg.connectors.sparql.embedded import EmbeddedStore
from jirakg.connectors.sparql.errors import SparqlError
from jirakg.retrieval.kgqa.linking import LABELLED, NOT_SCHEMA

VERSION = 1


class LabelIndex:
    def __init__(self, labels: dict[str, str], degrees: dict[str, int]) -> None:
        self.labels = labels  # IRI → label (English or untagged first)
        self.degrees = degrees  # IRI → number of triples it is the subject or object of

    @classmethod
    async def build(cls, endpoint, limit: int) -> LabelIndex:
        """At most `limit` labels; past that, search the endpoint per question instead."""
        # Millions of rows, each read gathered off the event loop (and dropped before the next is read).
        labels = await asyncio.to_thread(_labels, await _rows(
            endpoint, f"SELECT ?s ?label (LANG(?label) AS ?lang) WHERE {{ {LABELLED}"
            f"FILTER(isIRI(?s) && isLiteral(?label)) {NOT_SCHEMA}}} LIMIT {limit}"))
        degrees = await asyncio.to_thread(_degrees, labels, await _rows(
            endpoint, "SELECT ?s (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION { ?o ?p ?s } FILTER(isIRI(?s)) } "
            "GROUP BY ?s"))
        return cls(labels, degrees)

    def save(self, file: Path) -> None:
        entities = [[iri, label, self.degrees.get(iri, 0)] for iri, label in self.labels.items()]
        temporary = file.with_suffix(file.suffix + ".tmp")
        temporary.write_text(json.dumps({"version": VERSION, "entities": entities}, ensure_ascii=False),
                             encoding="utf-8")
        temporary.replace(file)  # a crash while saving leaves the old file, not half a new one

    @classmethod
    def load(cls, file: Path) -> LabelIndex:
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
            if data.get("version") != VERSION:
                raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
            return cls({iri: label for iri, label, _ in data["entities"]},
                       {iri: degree for iri, _, degree in data["entities"]})
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise SparqlError(f"The label index {file} could not be read ({exc}); delete it to rebuild it.") from exc


def _labels(rows: list[tuple[str, ...]]) -> dict[str, str]:
    """IRI → label, an English or untagged label before any other language's."""
    labels: dict[str, str] = {}
    english: set[str] = set()  # entities whose label is English or untagged: no other language replaces it
    for entity, label, lang in rows:
        if entity in english:
            continue
        if lang.lower() in ("", "en") or lang.lower().startswith("en-"):
            english.add(entity)
            labels[entity] = label
        else:
            labels.setdefault(entity, label)
    return labels


def _degrees(labels: dict[str, str], rows: list[tuple[str, ...]]) -> dict[str, int]:
    return {entity: int(n) for entity, n in rows if entity in labels}


async def _rows(endpoint, query: str) -> list[tuple[str, ...]]:
    """Rows of plain values: straight from the embedded store (a fraction of the memory), else from results."""
    if isinstance(endpoint, EmbeddedStore):
        return await endpoint.values(query)
    results = await endpoint.query(query)
    return [tuple(row[v].value if v in row else "" for v in results.variables) for row in results.rows]
