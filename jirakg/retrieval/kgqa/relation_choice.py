"""With a model configured, the relation linker's best candidates for a question are offered to it and
it picks the one the question asks about. The reply is held to an enum of the candidates and checked
again here (a server that ignores the schema may answer anything): only a candidate is used. Any
failure keeps the linker's order, and the reason is recorded."""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from jirakg.connectors.sparql.labels import local_name
from jirakg.llm import LlmClient, LlmError
from jirakg.llm.schema import max_tokens_for, strict_schema
from jirakg.retrieval.kgqa.linking import KgEntity
from jirakg.retrieval.kgqa.relations import ScoredPredicate

CANDIDATES = 5  # the linker's best few: the right one is almost always among them, and the prompt stays short
# Only relations the linker cannot tell from its best by more than one question word are offered: against
# SmolLM2 on the development dialogues, picks among clear winners turned right answers wrong.
CONTESTED = 1.0
PICK = ("A QUESTION asks about an ENTITY of a knowledge graph. CANDIDATES are relations the entity has, the likeliest "
        "first; \"(inverse)\" means the entity is the relation's value, not its subject. Pick the one relation whose "
        "value answers the question. Reply with one JSON object: {\"relation\": \"<a candidate, exactly as written>\"}")


class RelationPick(BaseModel):
    relation: str


class RelationChoice(BaseModel):
    """Which relation answers, and who chose it."""
    by: str = "embedded"  # embedded | llm | embedded (llm failed) | embedded (llm rejected)
    predicate: str | None = None  # the chosen predicate's IRI
    candidates: list[str] = Field(default_factory=list)  # as offered to the model
    fallback_reason: str | None = None  # why the model's pick was not used


def candidate_names(scored: list[ScoredPredicate]) -> list[str]:
    """Each candidate's local name, marked when incoming, numbered when two namespaces share it."""
    names: list[str] = []
    for _, outgoing, predicate in scored:
        name = local_name(predicate) + ("" if outgoing else " (inverse)")
        taken = sum(n == name or n.startswith(f"{name} #") for n in names)
        names.append(f"{name} #{taken + 1}" if taken else name)
    return names


class LlmRelationChooser:
    def __init__(self, llm: LlmClient) -> None:
        self.llm = llm

    async def choose(self, question: str, entity: KgEntity,
                     scored: list[ScoredPredicate]) -> tuple[list[ScoredPredicate], RelationChoice]:
        """`scored` with the model's pick first, and the choice; the linker's order when the model fails."""
        top = [s for s in scored[:CANDIDATES] if s[0] >= scored[0][0] - CONTESTED] if scored else []
        if len(top) < 2:  # nothing to choose between, or a clear winner
            return scored, RelationChoice(predicate=top[0][2] if top else None)
        names = candidate_names(top)
        schema = strict_schema(RelationPick)
        schema["properties"]["relation"]["enum"] = names
        embedded = RelationChoice(predicate=top[0][2], candidates=names)
        try:
            offer = f"QUESTION: {question}\nENTITY: {entity.label}\nCANDIDATES: {json.dumps(names, ensure_ascii=False)}"
            reply = await self.llm.complete("kg_relation", PICK, offer, RelationPick, schema, max_tokens_for(schema))
        except LlmError as exc:
            return scored, embedded.model_copy(update={"by": "embedded (llm failed)",
                                                       "fallback_reason": f"llm failed: {exc}"})
        if reply.relation not in names:
            return scored, embedded.model_copy(update={
                "by": "embedded (llm rejected)",
                "fallback_reason": f"llm pick rejected: not a candidate: {reply.relation[:80]!r}"})
        picked = top[names.index(reply.relation)]
        return [picked, *(s for s in scored if s is not picked)], RelationChoice(
            by="llm", predicate=picked[2], candidates=names)
