"""The knowledge graph a conversation talks to: reformulate, link, answer, word — one turn."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from pydantic import BaseModel

from jirakg.answer.kg_words import kg_words, labels_needed, triples
from jirakg.answer.llm_kg_answerer import LlmKgAnswerer
from jirakg.config.settings import SparqlSettings
from jirakg.connectors.sparql import EmbeddedStore, RemoteEndpoint, resolve_labels
from jirakg.connectors.sparql.labels import LabelCache
from jirakg.llm import LlmClient
from jirakg.retrieval.kgqa.linking import EntityLinker, KgEntity, linker_for
from jirakg.retrieval.kgqa.pipeline import KgAnswer, answer_question
from jirakg.retrieval.kgqa.reformulation import EmbeddedReformulator, KgTurn, LlmReformulator, Reformulation

DEMO_KG = "demo_kg.ttl"


class KgReply(BaseModel):
    reformulation: Reformulation
    answer: KgAnswer
    words: str
    turn: KgTurn  # what the next turn's reformulation needs of this one
    explain: list[str]
    worded_by_llm: bool = False
    llm_fallbacks: int = 0  # stages where the model failed or was rejected and the rules answered


class KgSession:
    def __init__(self, endpoint, linker: EntityLinker | None = None, llm: LlmClient | None = None,
                 cache: LabelCache | None = None) -> None:
        self.endpoint = endpoint
        self.linker = linker or linker_for(endpoint, "auto", embedded=isinstance(endpoint, EmbeddedStore))
        embedded = EmbeddedReformulator(endpoint, self.linker)
        self.reformulator = LlmReformulator(llm, self.linker, embedded) if llm else embedded
        self.wording = LlmKgAnswerer(llm) if llm else None
        self.cache = cache

    @classmethod
    def from_settings(cls, settings: SparqlSettings, llm: LlmClient | None = None,
                      cache: LabelCache | None = None) -> KgSession:
        """A configured endpoint, else a configured file, else the small demo graph jirakg ships."""
        if settings.endpoint is not None:
            password = settings.password.get_secret_value() if settings.password else None
            endpoint = RemoteEndpoint(str(settings.endpoint), timeout_s=settings.timeout_s, user=settings.user,
                                      password=password,
                                      headers={k: v.get_secret_value() for k, v in settings.headers.items()})
        else:
            endpoint = EmbeddedStore(settings.kg_file or Path(str(resources.files("jirakg") / "data" / DEMO_KG)))
        linker = linker_for(endpoint, settings.entity_search, embedded=settings.endpoint is None)
        return cls(endpoint, linker, llm, cache)

    async def names_entity(self, text: str) -> bool:
        return await self.linker.link(text) is not None

    async def ask(self, question: str, history: list[KgTurn]) -> KgReply:
        found = await self.reformulator.reformulate(question, history)
        explain = [f"reformulated ({found.by}, {found.attempts} attempt(s)): {found.question}"
                   if not found.self_contained else f"self-contained ({found.by})"]
        if found.entity is None:
            answer = KgAnswer(reason=found.clarify)
        else:
            answer = await answer_question(self.endpoint, found.question if found.by == "llm" else question,
                                           found.entity, found.scored)
        labels = await resolve_labels(self.endpoint, labels_needed(answer), self.cache)
        words = kg_words(answer, labels)
        worded_by_llm, fallbacks = False, int(found.by == "embedded (llm failed)")
        rows = triples(answer, labels)
        if self.wording is not None and rows:
            words, rejected = await self.wording.words(found.question, rows, words)
            explain.append(rejected or "worded by the llm")
            worded_by_llm, fallbacks = rejected is None, fallbacks + (rejected is not None)
        explain.append(f"sparql: {answer.query or 'no query'}")
        top = answer.answers[0] if answer.kind == "select" and answer.answers else None
        answer_entity = KgEntity(iri=top, label=labels.get(top, top)) if top and top.startswith(
            ("http://", "https://")) else None
        turn = KgTurn(question=question, reformulated=found.question, entity=answer.entity, answer=words,
                      answer_entity=answer_entity)
        return KgReply(reformulation=found, answer=answer, words=words, turn=turn, explain=explain,
                       worded_by_llm=worded_by_llm, llm_fallbacks=fallbacks)
