"""Lookalikes ranked by what the question asks: of entities whose labels match it equally well ("Bergen"
the city and the film), the one that has the relation asked about ("Who directed Bergen?": the film),
scored as relation linking scores it — its words, meaning and the kind of value asked for — or whose
kind the question names ("the album Northern Static"). Ties keep the order given: best connected first.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from jirakg.connectors.sparql.escaping import iri
from jirakg.connectors.sparql.labels import local_name
from jirakg.retrieval.kgqa.relations import scored_predicates
from jirakg.retrieval.kgqa.stop_words import STOP
from jirakg.text.words import ASCII_WORD

if TYPE_CHECKING:
    from jirakg.retrieval.kgqa.linking import KgEntity

COMPARED = 5  # lookalikes compared, best connected first: each costs a query for its predicates
KIND_NAMED = 3.0  # the question names the entity's class: it outweighs a relation both have
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


async def best_fitting(endpoint, question: str, candidates: list[KgEntity]) -> KgEntity | None:
    """The candidate the question fits best; the first when one is given or none fits better."""
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    compared = candidates[:COMPARED]
    named = await _kinds_named(endpoint, question, [entity.iri for entity in compared])
    scored = await asyncio.gather(*(scored_predicates(endpoint, entity.iri, question) for entity in compared))
    fits = [(scores[0][0] if scores else 0.0) + (KIND_NAMED if entity.iri in named else 0.0)
            for entity, scores in zip(compared, scored, strict=True)]
    return compared[max(range(len(compared)), key=lambda n: (fits[n], -n))]


async def _kinds_named(endpoint, question: str, entities: list[str]) -> set[str]:
    """The entities whose class (its local name or label) is a word of the question."""
    words = {w for w in ASCII_WORD.findall(question.lower()) if w not in STOP}
    rows = (await endpoint.query(
        f"SELECT ?s ?t ?label WHERE {{ VALUES ?s {{ {' '.join(iri(e) for e in entities)} }} ?s {iri(TYPE)} ?t "
        f"OPTIONAL {{ ?t {iri(LABEL)} ?label FILTER(LANGMATCHES(LANG(?label), \"en\") || LANG(?label) = \"\") }} }}"
    )).rows
    named = set()
    for row in rows:
        kind = ASCII_WORD.findall(local_name(row["t"].value).lower())
        kind += ASCII_WORD.findall(row["label"].value.lower()) if "label" in row else []
        if words & set(kind):
            named.add(row["s"].value)
    return named
