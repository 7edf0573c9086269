"""Reformulation: turn a follow-up ("where was he born?") into a self-contained question about one
entity, from the dialogue history, as the reference chatbot does: classify the question as
self-contained or not, rewrite it if not, verify the rewrite, retry up to three times, else ask.

- `EmbeddedReformulator` (the default): a question is self-contained when it names an entity. Else
  the candidates are the entities of earlier turns: for a personal pronoun the previous answer
  competes with the entity the dialogue is about (the one whose predicates fit the question
  better wins, ties to the previous answer); for "it" or an ellipsis the dialogue's entity comes
  first. A rewrite is verified when the entity has a predicate that fits the question.
- `LlmReformulator`: an OpenAI-compatible model classifies and rewrites with the full history; its
  rewrite is verified by linking it to an entity and by keeping the question's answer type and
  relation (`rewrite_check`). After three rejected rewrites the embedded rules are tried before the
  person is asked; any model failure falls back to the embedded one at once.
"""

from __future__ import annotations

import asyncio
import json
import re

from pydantic import BaseModel, Field

from jirakg.llm import LlmClient, LlmError
from jirakg.llm.schema import max_tokens_for, strict_schema
from jirakg.retrieval.kgqa.linking import EntityLinker, KgEntity
from jirakg.retrieval.kgqa.pipeline import checks_a_value
from jirakg.retrieval.kgqa.relations import scored_predicates
from jirakg.retrieval.kgqa.rewrite_check import check_rewrite

ATTEMPTS = 3
PERSONAL = re.compile(r"\b(he|she|him|her|his|hers|they|them|their)\b", re.IGNORECASE)
REFERRING = re.compile(r"(['\"])it\1|\b(it|he|she|him|her|they|them|this|that)\b(?!['’]s)|\b(its|his|her|their)\b",
                       re.IGNORECASE)
# A place or thing the dialogue already named: "there", "the city", "this film" (coreference, like a pronoun).
DESCRIBING = re.compile(r"\bthere\b(?!\s+(is|are|was|were|any)\b)|\b(the|this|that)\s+(city|town|place|country|film|"
                        r"movie|book|novel|company|firm|event|festival|person|man|woman|team|club|paper|publication)\b",
                        re.IGNORECASE)
PRONOUN_SUBJECT = re.compile(r"\s*(is|was|were|are|does|do|did|has|have)\s+(he|she|it|they)\b", re.IGNORECASE)
CLARIFY = "I could not tell which entity the question is about; name it as the knowledge graph does."


class KgTurn(BaseModel):
    """What the reformulator needs of an earlier turn."""
    question: str
    reformulated: str | None = None
    entity: KgEntity | None = None  # the entity the turn was about
    answer: str | None = None  # its answer in words
    answer_entity: KgEntity | None = None  # its top answer, when that is an entity ("she" may be it next)


class Reformulation(BaseModel):
    question: str  # self-contained: the original, or its rewrite
    entity: KgEntity | None = None  # None: ask the user (`clarify`)
    self_contained: bool
    attempts: int = 0
    by: str = "embedded"  # embedded | llm | embedded (llm failed) | embedded (llm rejected)
    fallback_reason: str | None = None  # why the model's reformulation was not used
    rejected: list[str] = Field(default_factory=list)  # the model's rewrites not kept, each with why
    clarify: str | None = None
    scored: list[tuple[float, bool, str]] | None = None  # the entity's predicates ranked, when computed


def rewrite(question: str, entity: KgEntity) -> str:
    """The question with its referring words replaced by the entity's label."""
    def replace(match: re.Match) -> str:
        return f"{entity.label}'s" if match.group(3) else f"'{entity.label}'"
    return REFERRING.sub(replace, question, count=1)


class EmbeddedReformulator:
    def __init__(self, endpoint, linker: EntityLinker) -> None:
        self.endpoint = endpoint
        self.linker = linker

    async def reformulate(self, question: str, history: list[KgTurn]) -> Reformulation:
        refers = bool(history) and bool(REFERRING.search(question) or DESCRIBING.search(question))
        # "Is he a citizen of Germany?": he is asked about; Germany is the value checked, not linked.
        entity = None if refers and PRONOUN_SUBJECT.match(question) else await self.linker.link(
            question, fuzzy=not refers)
        if entity is not None and not refers:
            return Reformulation(question=question, entity=entity, self_contained=True)
        candidates = await self._candidates(question, history)
        for attempt, (candidate, scored) in enumerate(candidates[:ATTEMPTS], 1):
            if scored is None:
                scored = await scored_predicates(self.endpoint, candidate.iri, question)
            # Verified: the entity has something the question asks about — or, for a yes/no question
            # naming a value ("Is she a novelist?"), it is the likeliest entity and the answer may be no.
            if scored or (attempt == 1 and checks_a_value(question, candidate.label)):
                if entity is not None and entity.iri != candidate.iri:
                    # A label in a question that also refers back ("Where was he born?" in a graph with an
                    # entity "Born") is that entity only when it fits the whole question better.
                    named = await scored_predicates(self.endpoint, entity.iri, question)
                    if _best(named) > _best(scored):
                        return Reformulation(question=question, entity=entity, self_contained=True, scored=named)
                return Reformulation(question=rewrite(question, candidate), entity=candidate, self_contained=False,
                                     attempts=attempt, scored=scored)
        if entity is not None:
            return Reformulation(question=question, entity=entity, self_contained=True)
        # Nothing fits: say about which entity, if there was one, so the person can name another.
        clarify = (f"The knowledge graph holds nothing that fits this about {candidates[0][0].label.rstrip('.')}; "
                   "if you mean another entity, name it as the knowledge graph does.") if candidates else CLARIFY
        return Reformulation(question=question, self_contained=False, attempts=min(len(candidates), ATTEMPTS),
                             clarify=clarify)

    async def _candidates(self, question: str, history: list[KgTurn]) -> list[tuple[KgEntity, list | None]]:
        """Entities of earlier turns, most likely first, each with its scored predicates if known."""
        ordered: list[KgEntity] = []
        for turn in reversed(history):
            for entity in (turn.entity, turn.answer_entity):
                if entity is not None and entity.iri not in {e.iri for e in ordered}:
                    ordered.append(entity)
        last = history[-1] if history else None
        focal = next((t.entity for t in reversed(history) if t.entity), None)
        if not (last and last.answer_entity and focal and last.answer_entity.iri != focal.iri):
            if focal is not None:  # "it", or an ellipsis: the entity the dialogue is about
                ordered.remove(focal)
                ordered.insert(0, focal)
            return [(e, None) for e in ordered]
        # "Who is X married to?" — "Where was she born?": she may be the answer; "Where was he born?" —
        # "How many people live there?": there is. The answer is meant when it fits the question better
        # than the entity the dialogue is about (as well, for "he"/"she" and "there").
        answer, about = await asyncio.gather(scored_predicates(self.endpoint, last.answer_entity.iri, question),
                                             scored_predicates(self.endpoint, focal.iri, question))  # one wait, not two
        first, second = ((last.answer_entity, answer), (focal, about))
        to_answer = bool(PERSONAL.search(question) or DESCRIBING.search(question))
        if _best(about) > _best(answer) or (_best(about) == _best(answer) and not to_answer):
            first, second = second, first
        rest = [(e, None) for e in ordered if e.iri not in (first[0].iri, second[0].iri)]
        return [first, second, *rest]


def _best(scored: list[tuple[float, bool, str]]) -> float:
    return scored[0][0] if scored else 0.0


CLASSIFY = ("Classify the QUESTION of a dialogue about a knowledge graph as self-contained (it can be understood "
            "alone: it names the entity it asks about) or non-self-contained (it uses a pronoun or leaves out what "
            'it is about). Reply with one JSON object: {"self_contained": true} or {"self_contained": false}')
REWRITE = ("Rewrite the QUESTION as a self-contained question, replacing pronouns and filling in what it leaves out "
           "from the DIALOGUE (every earlier turn, oldest first). Name the entity exactly as the dialogue names it. "
           "Keep what is asked unchanged and add nothing else. Reply with one JSON object: "
           '{"question": "..."}')


class Classification(BaseModel):
    self_contained: bool


class Rewrite(BaseModel):
    question: str


CLASSIFY_SCHEMA, REWRITE_SCHEMA = strict_schema(Classification), strict_schema(Rewrite)
CLASSIFY_MAX_TOKENS = max_tokens_for(CLASSIFY_SCHEMA)
REWRITE_MAX_TOKENS = max_tokens_for(REWRITE_SCHEMA, values=64)  # one question


class LlmReformulator:
    def __init__(self, llm: LlmClient, linker: EntityLinker, fallback: EmbeddedReformulator) -> None:
        self.llm = llm
        self.linker = linker
        self.fallback = fallback

    async def reformulate(self, question: str, history: list[KgTurn]) -> Reformulation:
        try:
            return await self._reformulate(question, history)
        except LlmError as exc:
            found = await self.fallback.reformulate(question, history)
            return found.model_copy(update={"by": "embedded (llm failed)", "fallback_reason": f"llm failed: {exc}"})

    async def _reformulate(self, question: str, history: list[KgTurn]) -> Reformulation:
        # The first question of a dialogue is taken as self-contained, as in the reference design: no call.
        if not history:
            entity = await self.linker.link(question)
            return Reformulation(question=question, entity=entity, self_contained=True,
                                 clarify=None if entity else CLARIFY)
        if await self._self_contained(question):
            entity = await self.linker.link(question)
            if entity is not None:
                return Reformulation(question=question, entity=entity, self_contained=True, by="llm")
        dialogue = json.dumps([{"question": t.question, "self_contained": t.reformulated or t.question,
                                "answer": t.answer} for t in history], ensure_ascii=False)
        rejected: list[str] = []
        last_why = ""
        for attempt in range(1, ATTEMPTS + 1):
            note = f"\nREJECTED REWRITES (each with why): {json.dumps(rejected, ensure_ascii=False)}" \
                if rejected else ""
            reply = await self.llm.complete("kg_rewrite", REWRITE, f"DIALOGUE: {dialogue}\nQUESTION: {question}{note}",
                                            Rewrite, REWRITE_SCHEMA, REWRITE_MAX_TOKENS)
            candidate = reply.question.strip()
            if not candidate:
                raise LlmError("the model's rewrite has no question", "invalid")
            found, why = await self._verified(question, candidate, attempt)
            if found is not None:
                return found
            rejected.append(f"{candidate!r}: {why}")
            last_why = why
        # Three rewrites that ask something else: the rules may still find the entity before the person is asked.
        ruled = await self.fallback.reformulate(question, history)
        return ruled.model_copy(update={"by": "embedded (llm rejected)", "rejected": rejected,
                                        "fallback_reason": f"llm rewrite rejected: {last_why}"})

    async def _verified(self, question: str, candidate: str, attempt: int) -> tuple[Reformulation | None, str]:
        """The rewrite as the reformulation, when it is self-contained, names an entity and asks what the
        question asks; else why not."""
        if not await self._self_contained(candidate):
            return None, "not self-contained"
        entity = await self.linker.link(candidate)
        if entity is None:
            return None, "names no entity of the knowledge graph"
        check = await check_rewrite(self.fallback.endpoint, question, candidate, entity)
        if check.rejected:
            return None, check.rejected
        return Reformulation(question=candidate, entity=entity, self_contained=False, attempts=attempt, by="llm",
                             scored=check.scored), ""

    async def _self_contained(self, question: str) -> bool:
        reply = await self.llm.complete("kg_classify", CLASSIFY, f"QUESTION: {question}", Classification,
                                        CLASSIFY_SCHEMA, CLASSIFY_MAX_TOKENS)
        return reply.self_contained
