"""Knowledge-graph answers in words, from label-resolved triples only: the entity, the relation
that gave the answer, and its values (the first ten, and how many more)."""

from __future__ import annotations

from jirakg.retrieval.kgqa.pipeline import KgAnswer

SHOWN = 10


def labels_needed(answer: KgAnswer) -> list[str]:
    """The IRIs a person would otherwise see: the relation and the shown values."""
    values = [f.value for f in _first_relation(answer)[:SHOWN]]
    return answer.predicates[:1] + [v for v in values if v.startswith(("http://", "https://"))]


def triples(answer: KgAnswer, labels: dict[str, str]) -> list[list[str]]:
    """[entity, relation, value] rows, every IRI replaced by its label, as the answer may state them."""
    if answer.entity is None or not answer.predicates:
        return []
    relation = labels.get(answer.predicates[0], answer.predicates[0])
    if answer.kind == "ask":
        return [[answer.entity.label, relation, "yes" if answer.answers == ["true"] else "no"]]
    if answer.kind == "count":
        return [[answer.entity.label, f"number of {relation}", v] for v in answer.answers[:1]]
    return [[answer.entity.label, labels.get(f.predicate, relation), labels.get(f.value, f.value)]
            for f in _first_relation(answer)[:SHOWN]]


def kg_words(answer: KgAnswer, labels: dict[str, str]) -> str:
    if answer.entity is None or answer.reason:
        return answer.reason or "I found nothing about that in the knowledge graph."
    rows = triples(answer, labels)
    if not rows:
        return f"The knowledge graph has no {labels.get(answer.predicates[0], '')} for {answer.entity.label}."
    entity, relation, _ = rows[0]
    if answer.kind == "ask":
        return f"{'Yes' if answer.answers == ['true'] else 'No'} ({entity}, {relation})."
    values = ", ".join(value for _, _, value in rows)
    more = len(_first_relation(answer)) - len(rows)
    return f"{entity} — {relation}: {values}{f' and {more} more' if more > 0 else ''}."


def _first_relation(answer: KgAnswer):
    """The facts of the best-ranked relation that gave any: what the answer is about."""
    if not answer.facts:
        return []
    best = answer.facts[0].predicate
    return [f for f in answer.facts if f.predicate == best]
