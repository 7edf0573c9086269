"""The knowledge graph a conversation talks to: the retriever's facts for each turn, worded by the
templates or, when a model is configured, by the model and checked against the facts."""

from __future__ import annotations

from pydantic import BaseModel, Field

from jirakg.answer.kg_words import kg_words
from jirakg.answer.llm_kg_answerer import LlmKgAnswerer
from jirakg.config.settings import SparqlSettings
from jirakg.connectors.sparql.factory import endpoint_for
from jirakg.connectors.sparql.labels import LabelCache
from jirakg.llm import LlmClient
from jirakg.retrieval.kgqa.linking import EntityLinker, linker_for
from jirakg.retrieval.kgqa.pipeline import KgAnswer
from jirakg.retrieval.kgqa.reformulation import KgTurn, Reformulation
from jirakg.retrieval.kgqa.retriever import KgRetriever


class KgReply(BaseModel):
    reformulation: Reformulation
    answer: KgAnswer
    words: str
    turn: KgTurn  # what the next turn's reformulation needs of this one
    explain: list[str]
    worded_by_llm: bool = False
    fallback_reasons: list[str] = Field(default_factory=list)  # "stage: why" where the model failed or was rejected
    llm_used: list[str] = Field(default_factory=list)  # the stages whose model output this answer used


class KgSession:
    def __init__(self, endpoint, linker: EntityLinker | None = None, llm: LlmClient | None = None,
                 cache: LabelCache | None = None) -> None:
        self.retriever = KgRetriever(endpoint, linker, llm, cache)
        self.wording = LlmKgAnswerer(llm) if llm else None

    @classmethod
    def from_settings(cls, settings: SparqlSettings, llm: LlmClient | None = None,
                      cache: LabelCache | None = None) -> KgSession:
        endpoint = endpoint_for(settings)
        linker = linker_for(endpoint, settings.entity_search, embedded=settings.endpoint is None,
                            index_file=settings.label_index)
        return cls(endpoint, linker, llm, cache)

    @property
    def endpoint(self):
        return self.retriever.endpoint

    @property
    def linker(self) -> EntityLinker:
        return self.retriever.linker

    async def names_entity(self, text: str) -> bool:
        return await self.retriever.names_entity(text)

    async def ask(self, question: str, history: list[KgTurn]) -> KgReply:
        facts = await self.retriever.find(question, history)
        found, choice = facts.reformulation, facts.relation_choice
        explain = [f"reformulated ({found.by}, {found.attempts} attempt(s)): {found.question}"
                   if not found.self_contained else f"self-contained ({found.by})"]
        explain += [f"llm rewrite rejected: {rejected}" for rejected in found.rejected]
        reasons = [f"reformulation: {found.fallback_reason}"] if found.fallback_reason else []
        used = ["reformulation"] if found.by == "llm" else []
        if choice is not None and choice.predicate is not None:
            explain.append(f"relation ({choice.by}" + (f", among {', '.join(choice.candidates)}" if choice.candidates
                                                        else "") + f"): {choice.predicate}")
            reasons += [f"relation: {choice.fallback_reason}"] if choice.fallback_reason else []
            used += ["relation"] if choice.by == "llm" else []
        words = kg_words(facts)
        worded_by_llm = False
        if self.wording is not None and facts.triples:
            words, rejected = await self.wording.words(found.question, facts.triples, words)
            explain.append(rejected or "worded by the llm")
            worded_by_llm = rejected is None
            reasons += [f"wording: {rejected}"] if rejected else []
            used += ["wording"] if worded_by_llm else []
        explain.append(f"sparql: {facts.answer.query or 'no query'}")
        turn = KgTurn(question=question, reformulated=found.question, entity=facts.answer.entity, answer=words,
                      answer_entity=facts.answer_entity)
        return KgReply(reformulation=found, answer=facts.answer, words=words, turn=turn, explain=explain,
                       worded_by_llm=worded_by_llm, fallback_reasons=reasons, llm_used=used)
