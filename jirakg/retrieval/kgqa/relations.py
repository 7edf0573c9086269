"""Relation linking: the entity's actual predicates, both directions, ranked by the question's
words against each predicate's local name and label, plus everyday cues ("who wrote" → author)
and the answer type a question word asks for ("where … born" is a place, "when … born" a date)."""

from __future__ import annotations

import re

from jirakg.connectors.sparql.escaping import iri
from jirakg.connectors.sparql.labels import LABEL_PROPERTIES, local_name
from jirakg.retrieval.kgqa.linking import STOP
from jirakg.text.words import ASCII_WORD

# Everyday words → words of the predicates they point to.
CUES: dict[str, set[str]] = {
    "wrote": {"authored"}, "written": {"authored"}, "author": {"authored"}, "authors": {"authored"},
    "authored": {"authored"}, "when": {"year"}, "year": {"year"}, "published": {"published"}, "type": {"type"},
    "kind": {"type"}, "bibtex": {"type"}, "school": {"school"}, "university": {"school", "affiliation"},
    "accepted": {"school"}, "homepage": {"homepage"}, "website": {"homepage", "webpage"}, "page": {"page"},
    "pages": {"pagination"}, "affiliation": {"affiliation"}, "affiliations": {"affiliation"},
    "affiliated": {"affiliation"}, "journal": {"journal", "published"}, "venue": {"published"},
    "where": {"published"}, "publisher": {"published"}, "creators": {"creators"}, "creator": {"creator"},
    "toc": {"toc"}, "contents": {"toc"}, "listed": {"listed"}, "edition": {"edition"}, "electronic": {"electronic"},
    "event": {"event"}, "born": {"birth"}, "birthday": {"birth"}, "tall": {"height"}, "married": {"spouse"},
    "wife": {"spouse"}, "husband": {"spouse"}, "works": {"employer", "affiliation"}, "work": {"employer", "affiliation"},
    "organisations": {"affiliation"}, "organizations": {"affiliation"},
}
# The answer type a question word asks for, and the predicate words that give it.
ANSWER_TYPES = {"where": {"place", "location", "city", "country", "venue", "address", "published", "employer",
                          "affiliation"},
                "when": {"date", "year", "time", "day"}}


async def scored_predicates(endpoint, entity: str, question: str) -> list[tuple[float, bool, str]]:
    """(score, outgoing?, predicate) for the entity's own predicates, best match to the question first."""
    subject = iri(entity)
    rows = (await endpoint.query(
        f"SELECT DISTINCT ?p ?out ?label WHERE {{ {{ {subject} ?p ?o BIND(true AS ?out) }} UNION "
        f"{{ ?s ?p {subject} BIND(false AS ?out) }} OPTIONAL {{ ?p <http://www.w3.org/2000/01/rdf-schema#label> ?label }} }}"
    )).rows
    words = [w for w in ASCII_WORD.findall(question.lower()) if w not in STOP]
    cues = {c for w in words for c in CUES.get(w, ())}
    asked = {w for w in ANSWER_TYPES if re.search(rf"\b{w}\b", question, re.IGNORECASE)}
    scored = []
    for row in rows:
        predicate = row["p"].value
        if predicate in LABEL_PROPERTIES:
            continue
        name_words = set(ASCII_WORD.findall(local_name(predicate).lower())) | set(
            ASCII_WORD.findall(row["label"].value.lower() if "label" in row else ""))
        if asked and not any(name_words & ANSWER_TYPES[w] for w in asked) and any(
                name_words & types for w, types in ANSWER_TYPES.items() if w not in asked):
            continue  # a place does not answer "when", nor a date "where"
        score = 2.0 * len(cues & name_words) + sum(1.0 for w in words if w in name_words)
        score += sum(0.5 for w in words for n in name_words if len(w) > 4 and n.startswith(w[:5]) and w != n)
        if any(name_words & ANSWER_TYPES[w] for w in asked):
            score += 2.0  # the answer type decides: "where … born" is a place, "when … born" a date
        if score <= 0:
            continue  # nothing in the question points to it; the adjustments below only rank
        if "primary" in name_words and "other" not in words:
            score += 0.3  # "the homepage" means the primary one unless "other" is said
        if "other" in name_words and "other" not in words:
            score -= 1.0
        if "event" in name_words and "event" not in words:
            score -= 1.0
        if "year" in name_words and "year" in words:
            score += 2.0
        outgoing = row["out"].value == "true"
        scored.append((score + (0.1 if outgoing else 0.0), outgoing, predicate))
    scored.sort(key=lambda item: (-item[0], item[2]))
    return scored
