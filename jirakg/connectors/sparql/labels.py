"""A person-readable label for every IRI: rdfs:label, skos:prefLabel, foaf:name, schema:name,
English first, then untagged, then any language; the local name as the last resort. One VALUES
query answers many IRIs at once."""

from __future__ import annotations

import re
from typing import Protocol
from urllib.parse import unquote

from jirakg.connectors.sparql.escaping import iri
from jirakg.connectors.sparql.results import Results

LABEL_PROPERTIES = ["http://www.w3.org/2000/01/rdf-schema#label", "http://www.w3.org/2004/02/skos/core#prefLabel",
                    "http://xmlns.com/foaf/0.1/name", "https://schema.org/name", "http://schema.org/name"]
BATCH = 200


class LabelCache(Protocol):
    async def labels(self, iris: list[str]) -> dict[str, str]: ...

    async def remember(self, labels: dict[str, str]) -> None: ...


async def resolve_labels(endpoint, iris: list[str], cache: LabelCache | None = None) -> dict[str, str]:
    wanted = [i for i in dict.fromkeys(iris) if _valid(i)]
    labels: dict[str, str] = await cache.labels(wanted) if cache else {}
    wanted = [i for i in wanted if i not in labels]
    resolved: dict[str, str] = {}
    for start in range(0, len(wanted), BATCH):
        chunk = wanted[start:start + BATCH]
        query = ("SELECT ?s ?label WHERE { VALUES ?s { " + " ".join(iri(i) for i in chunk) + " } "
                 "VALUES ?p { " + " ".join(iri(p) for p in LABEL_PROPERTIES) + " } ?s ?p ?label . "
                 "FILTER(isLiteral(?label)) }")
        resolved.update(_best(await endpoint.query(query)))
    resolved = {i: resolved.get(i) or local_name(i) for i in wanted}
    if cache and resolved:
        await cache.remember(resolved)
    labels.update(resolved)
    return {i: labels.get(i) or local_name(i) for i in dict.fromkeys(iris)}


def _best(results: Results) -> dict[str, str]:
    ranked: dict[str, tuple[int, str]] = {}
    for row in results.rows:
        label = row["label"]
        rank = 0 if (label.lang or "").lower().startswith("en") else 1 if not label.lang else 2
        subject = row["s"].value
        if subject not in ranked or rank < ranked[subject][0]:
            ranked[subject] = (rank, label.value)
    return {subject: value for subject, (_, value) in ranked.items()}


def local_name(value: str) -> str:
    """The end of an IRI, made readable: 'https://dblp.org/rdf/schema#yearOfPublication' → 'year of publication'."""
    tail = unquote(re.split(r"[#/]", value.rstrip("/#"))[-1]) or value
    if not tail.isidentifier():
        return tail
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", tail).replace("_", " ").strip()
    return spaced.lower() if tail[0].islower() else spaced  # properties read as words; names keep their case


def _valid(value: str) -> bool:
    try:
        iri(value)
        return True
    except ValueError:
        return False
