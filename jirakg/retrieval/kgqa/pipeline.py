"""Answering a self-contained question about a linked entity over any SPARQL endpoint.

Query building: ASK for yes/no questions (checking a year or quoted value when one is given),
COUNT for "how many", SELECT otherwise; every value escaped. Answers are ranked — the best
predicate's values first — so P@1, MRR and Hit@5 can be scored, and each keeps the triple it came
from, so an answer in words states only facts the graph holds.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from jirakg.connectors.sparql.escaping import iri, literal
from jirakg.connectors.sparql.labels import local_name
from jirakg.retrieval.kgqa.linking import KgEntity
from jirakg.retrieval.kgqa.relations import scored_predicates
from jirakg.text.words import ascii_words

LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
# "Is he an actor?": what the entity is asked to be, whichever relation says so (occupation, type …).
BEING = re.compile(r"^\s*(?:(?:is|was|are|were)\b.*\b(?:a|an)|(?:does|did|do)\b.*\bwork(?:s|ed)? as (?:a|an))\s+"
                   r"([a-z][a-z -]*?)\s*\?*\s*$", re.IGNORECASE)

YES_NO = re.compile(r"^\s*(is|was|were|are|does|do|did|has|have|can|could)\b", re.IGNORECASE)
CHOICE = re.compile(r"\w\s+or\s+(a |an )?\w+\s*\??\s*$", re.IGNORECASE)  # "Is he male or female?" picks, not yes/no
COUNT = re.compile(r"\bhow many\b", re.IGNORECASE)


class KgFact(BaseModel):
    predicate: str
    value: str  # an IRI or a literal's value
    outgoing: bool = True  # entity → value; False: value → entity


class KgAnswer(BaseModel):
    entity: KgEntity | None = None
    predicates: list[str] = Field(default_factory=list)  # ranked
    query: str | None = None
    kind: str = "select"  # select | ask | count
    answers: list[str] = Field(default_factory=list)  # ranked values: IRIs, literal values, "true"/"false"
    facts: list[KgFact] = Field(default_factory=list)  # where each SELECT answer came from
    reason: str | None = None  # why nothing could be answered


async def answer_question(endpoint, question: str, entity: KgEntity,
                          scored: list[tuple[float, bool, str]] | None = None) -> KgAnswer:
    """`scored`: the entity's predicates already ranked for this question, if the caller has them."""
    if scored is None:
        scored = await scored_predicates(endpoint, entity.iri, question)
    predicates = [(outgoing, predicate) for _, outgoing, predicate in scored]
    yes_no = _yes_no(question)
    if yes_no and not predicates and _asked_value(question, entity.label, None):
        return await _ask(endpoint, question, entity, [])  # "Is he a footballer?": any relation with that value
    if not predicates:
        return KgAnswer(entity=entity, reason=f"The knowledge graph holds nothing about {entity.label} that fits.")
    if yes_no:
        return await _ask(endpoint, question, entity, predicates)
    if COUNT.search(question):
        return await _count(endpoint, entity, predicates)
    return await _select(endpoint, entity, predicates)


async def _ask(endpoint, question: str, entity: KgEntity, predicates: list[tuple[bool, str]]) -> KgAnswer:
    """Does the best relation hold — with the value the question names, when it names one? Without a
    relation that fits, does any relation of the entity have that value? A value is compared with the
    value's text and, for an entity, with its label ("a figure skater" is <…/Figure_skater>)."""
    outgoing, best = predicates[0] if predicates else (True, None)
    value = _asked_value(question, entity.label, best)
    if value and value.isdigit():  # a year decides the relation: "published in 2014?"
        outgoing, best = next(((o, p) for o, p in predicates if "year" in local_name(p).lower()), (outgoing, best))
    check = (f" OPTIONAL {{ ?o {iri(LABEL)} ?label }} FILTER(CONTAINS(LCASE(STR(?o)), {literal(value.lower())}) "
             f"|| CONTAINS(LCASE(STR(?label)), {literal(value.lower())}))") if value else ""
    pattern = _pattern(iri(entity.iri), best, outgoing) if best else f"{iri(entity.iri)} ?p ?o"
    query = f"ASK WHERE {{ {pattern}{check} }}"
    result = await endpoint.query(query)
    if not result.boolean and best and value and BEING.search(question):
        query = f"ASK WHERE {{ {iri(entity.iri)} ?p ?o{check} }}"  # the relation that fit was not the one
        result = await endpoint.query(query)
    return KgAnswer(entity=entity, predicates=[p for p in [best, *(p for _, p in predicates if p != best)] if p],
                    query=query, kind="ask", answers=["true" if result.boolean else "false"])


async def _count(endpoint, entity: KgEntity, predicates: list[tuple[bool, str]]) -> KgAnswer:
    outgoing, best = predicates[0]
    query = (f"SELECT (COUNT(DISTINCT ?o) AS ?n) (SAMPLE(?o) AS ?value) "
             f"WHERE {{ {_pattern(iri(entity.iri), best, outgoing)} }}")
    rows = (await endpoint.query(query)).rows
    value = rows[0].get("value") if rows and rows[0]["n"].value == "1" else None
    if value is not None and value.kind == "literal" and _numeric(value.value):
        # "How many people live there?" is answered by the population, not by counting it.
        return KgAnswer(entity=entity, predicates=[p for _, p in predicates], query=query, answers=[value.value],
                        facts=[KgFact(predicate=best, value=value.value, outgoing=outgoing)])
    return KgAnswer(entity=entity, predicates=[p for _, p in predicates], query=query, kind="count",
                    answers=[row["n"].value for row in rows])


def _numeric(value: str) -> bool:
    return re.fullmatch(r"[+-]?\d+(\.\d+)?([eE][+-]?\d+)?", value) is not None


async def _select(endpoint, entity: KgEntity, predicates: list[tuple[bool, str]]) -> KgAnswer:
    """The values of the five best relations, best first, each kept with the triple it came from."""
    facts: list[KgFact] = []
    queries = []
    for outgoing, predicate in predicates[:5]:
        query = f"SELECT DISTINCT ?o WHERE {{ {_pattern(iri(entity.iri), predicate, outgoing)} }} LIMIT 50"
        queries.append(query)
        for row in (await endpoint.query(query)).rows:
            if all(f.value != row["o"].value for f in facts):
                facts.append(KgFact(predicate=predicate, value=row["o"].value, outgoing=outgoing))
    return KgAnswer(entity=entity, predicates=[p for _, p in predicates], query=queries[0],
                    answers=[f.value for f in facts], facts=facts)


def _pattern(subject: str, predicate: str, outgoing: bool) -> str:
    return f"{subject} {iri(predicate)} ?o" if outgoing else f"?o {iri(predicate)} {subject}"


def _yes_no(question: str) -> bool:
    return bool(YES_NO.search(question)) and not CHOICE.search(question)


def checks_a_value(question: str, entity_label: str) -> bool:
    """A yes/no question that names the value it checks ("Is she a novelist?", "Is it in France?")."""
    return _yes_no(question) and bool(_asked_value(question, entity_label, None))


def _asked_value(question: str, entity_label: str, predicate: str | None) -> str | None:
    """A value a yes/no question checks: a year, or a quoted or named thing that is neither the
    entity nor the relation itself ("is there an 'other electronic edition'?"), or what it is asked
    to be ("a citizen of Norway", "a footballer")."""
    year = re.search(r"\b(1[89]\d\d|20\d\d)\b", question)
    if year and year.group(1) not in entity_label:
        return year.group(1)
    relation = set(ascii_words(local_name(predicate)).split()) if predicate else set()
    for quoted in re.findall(r"'([^']{2,})'", question):
        words = ascii_words(quoted)
        if words not in (ascii_words(entity_label), "it") and not set(words.split()) <= relation:
            return quoted
    named = re.search(r"\bby (?:the )?([A-Z][\w .,-]+?)(?:\?|$)", question)
    if named:
        return named.group(1).split(",")[0].strip()
    rest = question.replace(entity_label, " ")
    place = re.search(r"\b(?:of|in|from)\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)", rest)
    if place:
        return place.group(1)
    # "Is he an actor?", "Does she work as a figure skater?" (its head noun: "skater") — not "Does he have
    # a homepage?", which asks whether there is one.
    being = BEING.search(rest)
    head = ascii_words(being.group(1)).split()[-1:] if being else []
    return head[0] if head and head[0] not in relation else None
