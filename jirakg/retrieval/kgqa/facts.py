"""What a knowledge-graph question found, before anyone words it: the answer with the triples it
came from, and those triples with every IRI replaced by its label — all an answer may state."""

from __future__ import annotations

from pydantic import BaseModel

from jirakg.retrieval.kgqa.linking import KgEntity
from jirakg.retrieval.kgqa.pipeline import KgAnswer, KgFact
from jirakg.retrieval.kgqa.reformulation import Reformulation
from jirakg.retrieval.kgqa.relation_choice import RelationChoice

STATED = 10  # values of the answering relation an answer states; the rest are counted


class LabelledTriple(BaseModel):
    """One fact as a person reads it: labels, not IRIs."""
    entity: str
    relation: str
    value: str


class KgFacts(BaseModel):
    question: str  # as asked
    reformulation: Reformulation
    answer: KgAnswer  # ranked values (IRIs or literals) and the query that found them
    triples: list[LabelledTriple]  # what an answer may state
    relation: str  # the label of the best-ranked relation; "" when none fits
    unstated: int = 0  # values of the answering relation beyond the triples
    answer_entity: KgEntity | None = None  # the top answer, when it is an entity ("she" may be it next)
    relation_choice: RelationChoice | None = None  # with a model configured: who picked the relation


def labels_needed(answer: KgAnswer) -> list[str]:
    """The IRIs a person would otherwise see: the relation and the stated values."""
    values = [f.value for f in _answering_relation(answer)[:STATED]]
    return answer.predicates[:1] + [v for v in values if v.startswith(("http://", "https://"))]


def labelled_facts(question: str, reformulation: Reformulation, answer: KgAnswer, labels: dict[str, str]) -> KgFacts:
    """`labels`: IRI → label for at least `labels_needed(answer)`."""
    relation = labels.get(answer.predicates[0], answer.predicates[0]) if answer.predicates else ""
    triples = _triples(answer, relation, labels)
    top = answer.answers[0] if answer.kind == "select" and answer.answers else None
    answer_entity = KgEntity(iri=top, label=labels.get(top, top)) if top and top.startswith(
        ("http://", "https://")) else None
    return KgFacts(question=question, reformulation=reformulation, answer=answer, triples=triples,
                   relation=relation, unstated=max(0, len(_answering_relation(answer)) - len(triples)),
                   answer_entity=answer_entity)


def _triples(answer: KgAnswer, relation: str, labels: dict[str, str]) -> list[LabelledTriple]:
    if answer.entity is None or not answer.predicates:
        return []
    entity = answer.entity.label
    if answer.kind == "ask":
        return [LabelledTriple(entity=entity, relation=relation, value="yes" if answer.answers == ["true"] else "no")]
    if answer.kind == "count":
        return [LabelledTriple(entity=entity, relation=f"number of {relation}", value=v) for v in answer.answers[:1]]
    return [LabelledTriple(entity=entity, relation=labels.get(f.predicate, relation),
                           value=labels.get(f.value, f.value))
            for f in _answering_relation(answer)[:STATED]]


def _answering_relation(answer: KgAnswer) -> list[KgFact]:
    """The facts of the best-ranked relation that gave any: what the answer is about."""
    if not answer.facts:
        return []
    best = answer.facts[0].predicate
    return [f for f in answer.facts if f.predicate == best]
