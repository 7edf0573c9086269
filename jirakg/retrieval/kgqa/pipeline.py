"""Conversational question answering over any SPARQL endpoint.

1. Entity linking: the entity whose label the question contains (quotes, case, punctuation and
   trailing periods ignored), else close token overlap; in a dialogue, a question without one
   ("who authored it?") keeps the focal entity of the earlier turns.
2. Relation linking: the entity's actual predicates, both directions, ranked by the question's
   words against each predicate's local name and label, plus everyday cues ("who wrote" → author).
3. Query building: ASK for yes/no questions (checking a year or quoted value when one is given),
   COUNT for "how many", SELECT otherwise; every value escaped.
4. Ranked answers: the best predicate's values first, so P@1, MRR and Hit@5 can be scored.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from jirakg.connectors.sparql.escaping import iri, literal
from jirakg.connectors.sparql.labels import LABEL_PROPERTIES, local_name

WORD = re.compile(r"[a-z0-9]+")
YES_NO = re.compile(r"^\s*(is|was|were|are|does|do|did|has|have|can|could)\b", re.IGNORECASE)
COUNT = re.compile(r"\bhow many\b", re.IGNORECASE)
# Everyday words → words of the predicates they point to.
CUES = {
    "wrote": "authored", "written": "authored", "author": "authored", "authors": "authored", "authored": "authored",
    "when": "year", "year": "year", "published": "published", "type": "type", "kind": "type", "bibtex": "type",
    "school": "school", "university": "school", "accepted": "school",
    "homepage": "homepage", "website": "homepage", "page": "page", "pages": "pagination",
    "affiliation": "affiliation", "affiliations": "affiliation", "affiliated": "affiliation",
    "journal": "journal", "venue": "published", "where": "published", "publisher": "published",
    "creators": "creators", "creator": "creator", "toc": "toc", "contents": "toc", "listed": "listed",
    "edition": "edition", "electronic": "electronic", "event": "event", "born": "birth", "birthday": "birth",
    "tall": "height", "married": "spouse", "wife": "spouse", "husband": "spouse", "works": "employer", "work": "employer",
}
# The answer type a question word asks for, and the predicate words that give it.
ANSWER_TYPES = {"where": {"place", "location", "city", "country", "venue", "address", "published", "employer"},
                "when": {"date", "year", "time", "day"}}
SCHEMA_TYPES = ["http://www.w3.org/1999/02/22-rdf-syntax-ns#Property", "http://www.w3.org/2000/01/rdf-schema#Class",
                "http://www.w3.org/2002/07/owl#Class", "http://www.w3.org/2002/07/owl#ObjectProperty",
                "http://www.w3.org/2002/07/owl#DatatypeProperty", "http://www.w3.org/2002/07/owl#DeprecatedProperty",
                "http://www.w3.org/2002/07/owl#AnnotationProperty"]
STOP = set("a an the of in on for to is was were are be by what which who whom when where how does do did has have "
           "it its he his him she her they their them this that with as and or there any associated related "
           "mentioned publication paper article thesis titled named work research".split())


class KgEntity(BaseModel):
    iri: str
    label: str


class KgAnswer(BaseModel):
    entity: KgEntity | None = None
    predicates: list[str] = Field(default_factory=list)  # ranked
    query: str | None = None
    kind: str = "select"  # select | ask | count
    answers: list[str] = Field(default_factory=list)  # ranked values: IRIs, literal values, "true"/"false"
    reason: str | None = None  # why nothing could be answered


class EntityIndex:
    """Labels of the graph's entities, normalised, for linking questions to entities."""

    def __init__(self, labels: dict[str, str]) -> None:
        self.labels = labels
        self.by_text = sorted(((normalise(label), entity) for entity, label in labels.items() if normalise(label)),
                              key=lambda item: -len(item[0]))

    @classmethod
    async def load(cls, endpoint, limit: int = 200_000) -> EntityIndex:
        # Classes and properties have labels too ("Publication", "doi"); questions are about things.
        schema = " ".join(iri(t) for t in SCHEMA_TYPES)
        query = ("SELECT ?s ?label WHERE { VALUES ?p { " + " ".join(iri(p) for p in LABEL_PROPERTIES) +
                 " } ?s ?p ?label FILTER(isIRI(?s) && isLiteral(?label)) "
                 f"FILTER NOT EXISTS {{ VALUES ?t {{ {schema} }} ?s a ?t }} "
                 "FILTER NOT EXISTS { ?x ?s ?y } } LIMIT " + str(limit))
        results = await endpoint.query(query)
        return cls({row["s"].value: row["label"].value for row in results.rows})

    def link(self, question: str) -> KgEntity | None:
        text = f" {normalise(question)} "
        for label, entity in self.by_text:  # longest label first
            if f" {label} " in text:
                return KgEntity(iri=entity, label=self.labels[entity])
        words = set(text.split())
        best, best_share = None, 0.0
        for label, entity in self.by_text:
            tokens = set(label.split())
            if len(tokens) >= 3:
                share = len(tokens & words) / len(tokens)
                if share > best_share:
                    best, best_share = entity, share
        return KgEntity(iri=best, label=self.labels[best]) if best and best_share >= 0.75 else None


def normalise(text: str) -> str:
    return " ".join(WORD.findall(text.lower()))


PERSONAL = re.compile(r"\b(he|she|him|her|his|hers|they|them|their)\b", re.IGNORECASE)


async def answer_question(endpoint, index: EntityIndex, question: str, focal: KgEntity | None = None,
                          previous: str | None = None) -> KgAnswer:
    """`focal`: the entity the dialogue is about; `previous`: the last answer's top value."""
    entity = index.link(question)
    scored = None
    if entity is None and previous in index.labels and PERSONAL.search(question):
        # "Who is X married to?" — "Where was she born?": she may be the answer. She is, when the
        # answer fits the question at least as well as the entity the dialogue is about.
        candidate = KgEntity(iri=previous, label=index.labels[previous])
        candidate_scored = await scored_predicates(endpoint, candidate.iri, question)
        focal_scored = await scored_predicates(endpoint, focal.iri, question) if focal else []
        if _best(candidate_scored) >= _best(focal_scored):
            entity, scored = candidate, candidate_scored
        else:
            entity, scored = focal, focal_scored
    if entity is None and focal is not None:
        entity = focal  # "who authored it?": the entity the dialogue is about
    if entity is None:
        return KgAnswer(reason="I could not tell which entity the question is about; name it as the knowledge graph does.")
    if scored is None:
        scored = await scored_predicates(endpoint, entity.iri, question)
    predicates = [(outgoing, predicate) for _, outgoing, predicate in scored]
    if not predicates:
        return KgAnswer(entity=entity, reason=f"The knowledge graph holds nothing about {entity.label} that fits.")
    subject = iri(entity.iri)
    outgoing, best = predicates[0]
    if YES_NO.search(question):
        value = _asked_value(question, entity.label, best)
        if value and value.isdigit():  # a year decides the relation: "published in 2014?"
            outgoing, best = next(((o, p) for o, p in predicates if "year" in local_name(p).lower()), (outgoing, best))
        pattern = f"{subject} {iri(best)} ?o" if outgoing else f"?o {iri(best)} {subject}"
        check = f" FILTER(CONTAINS(LCASE(STR(?o)), {literal(value.lower())}))" if value else ""
        query = f"ASK WHERE {{ {pattern}{check} }}"
        result = await endpoint.query(query)
        return KgAnswer(entity=entity, predicates=[p for _, p in predicates], query=query, kind="ask",
                        answers=["true" if result.boolean else "false"])
    if COUNT.search(question):
        pattern = f"{subject} {iri(best)} ?o" if outgoing else f"?o {iri(best)} {subject}"
        query = f"SELECT (COUNT(DISTINCT ?o) AS ?n) WHERE {{ {pattern} }}"
        result = await endpoint.query(query)
        return KgAnswer(entity=entity, predicates=[p for _, p in predicates], query=query, kind="count",
                        answers=[row["n"].value for row in result.rows])
    answers: list[str] = []
    queries = []
    for outgoing, predicate in predicates[:5]:
        pattern = f"{subject} {iri(predicate)} ?o" if outgoing else f"?o {iri(predicate)} {subject}"
        query = f"SELECT DISTINCT ?o WHERE {{ {pattern} }} LIMIT 50"
        queries.append(query)
        for row in (await endpoint.query(query)).rows:
            if row["o"].value not in answers:
                answers.append(row["o"].value)
    return KgAnswer(entity=entity, predicates=[p for _, p in predicates], query=queries[0], answers=answers)


def _best(scored: list[tuple[float, bool, str]]) -> float:
    return scored[0][0] if scored else 0.0


async def scored_predicates(endpoint, entity: str, question: str) -> list[tuple[float, bool, str]]:
    """(score, outgoing?, predicate) for the entity's own predicates, best match to the question first."""
    subject = iri(entity)
    rows = (await endpoint.query(
        f"SELECT DISTINCT ?p ?out ?label WHERE {{ {{ {subject} ?p ?o BIND(true AS ?out) }} UNION "
        f"{{ ?s ?p {subject} BIND(false AS ?out) }} OPTIONAL {{ ?p <http://www.w3.org/2000/01/rdf-schema#label> ?label }} }}"
    )).rows
    words = [w for w in WORD.findall(question.lower()) if w not in STOP]
    cues = {CUES[w] for w in words if w in CUES}
    scored = []
    for row in rows:
        predicate = row["p"].value
        if predicate in LABEL_PROPERTIES:
            continue
        name_words = set(WORD.findall(local_name(predicate).lower())) | set(
            WORD.findall(row["label"].value.lower() if "label" in row else ""))
        score = 2.0 * len(cues & name_words) + sum(1.0 for w in words if w in name_words)
        score += sum(0.5 for w in words for n in name_words if len(w) > 4 and n.startswith(w[:5]) and w != n)
        if "primary" in name_words and "other" not in words:
            score += 0.3  # "the homepage" means the primary one unless "other" is said
        if "other" in name_words and "other" not in words:
            score -= 1.0
        if "event" in name_words and "event" not in words:
            score -= 1.0
        if "year" in name_words and "year" in words:
            score += 2.0
        asked = {w for w in ANSWER_TYPES if re.search(rf"\b{w}\b", question, re.IGNORECASE)}
        if any(name_words & ANSWER_TYPES[w] for w in asked):
            score += 2.0  # the answer type decides: "where … born" is a place, "when … born" a date
        outgoing = row["out"].value == "true"
        scored.append((score + (0.1 if outgoing else 0.0), outgoing, predicate))
    scored.sort(key=lambda item: (-item[0], item[2]))
    return [item for item in scored if item[0] > 0]


def _asked_value(question: str, entity_label: str, predicate: str) -> str | None:
    """A value a yes/no question checks: a year, or a quoted or named thing that is neither the
    entity nor the relation itself ("is there an 'other electronic edition'?")."""
    year = re.search(r"\b(1[89]\d\d|20\d\d)\b", question)
    if year and year.group(1) not in entity_label:
        return year.group(1)
    relation = set(normalise(local_name(predicate)).split())
    for quoted in re.findall(r"'([^']{2,})'", question):
        if normalise(quoted) not in (normalise(entity_label), "it") and not set(normalise(quoted).split()) <= relation:
            return quoted
    named = re.search(r"\bby (?:the )?([A-Z][\w .,-]+?)(?:\?|$)", question)
    if named:
        return named.group(1).split(",")[0].strip()
    return None
