"""Knowledge-graph answers in words, from the labelled triples only: the entity, the relation that
gave the answer, and its values (those stated, and how many more)."""

from __future__ import annotations

from jirakg.retrieval.kgqa.facts import KgFacts


def kg_words(facts: KgFacts) -> str:
    answer = facts.answer
    if answer.entity is None or answer.reason:
        return answer.reason or "I found nothing about that in the knowledge graph."
    if not facts.triples:
        return f"The knowledge graph has no {facts.relation} for {answer.entity.label}."
    first = facts.triples[0]
    if answer.kind == "ask":
        return f"{'Yes' if answer.answers == ['true'] else 'No'} ({first.entity}, {first.relation})."
    values = ", ".join(t.value for t in facts.triples)
    more = f" and {facts.unstated} more" if facts.unstated else ""
    return f"{first.entity} — {first.relation}: {values}{more}."
