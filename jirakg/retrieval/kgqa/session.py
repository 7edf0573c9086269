"""The knowledge graph a conversation talks to, and its answers in words."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from jirakg.config.settings import SparqlSettings
from jirakg.connectors.sparql import EmbeddedStore, RemoteEndpoint, resolve_labels
from jirakg.retrieval.kgqa.pipeline import EntityIndex, KgAnswer, KgEntity, answer_question

DEMO_KG = "demo_kg.ttl"


class KgSession:
    def __init__(self, endpoint) -> None:
        self.endpoint = endpoint
        self._index: EntityIndex | None = None

    @classmethod
    def from_settings(cls, settings: SparqlSettings) -> KgSession:
        """A configured endpoint, else a configured file, else the small demo graph jirakg ships."""
        if settings.endpoint is not None:
            password = settings.password.get_secret_value() if settings.password else None
            return cls(RemoteEndpoint(str(settings.endpoint), timeout_s=settings.timeout_s, user=settings.user,
                                      password=password))
        path = settings.kg_file or Path(str(resources.files("jirakg") / "data" / DEMO_KG))
        return cls(EmbeddedStore(path))

    async def index(self) -> EntityIndex:
        if self._index is None:
            self._index = await EntityIndex.load(self.endpoint)
        return self._index

    async def names_entity(self, text: str) -> bool:
        return (await self.index()).link(text) is not None

    async def ask(self, question: str, focal: KgEntity | None, previous: str | None = None) -> tuple[KgAnswer, str]:
        answer = await answer_question(self.endpoint, await self.index(), question, focal, previous)
        return answer, await self.words(answer)

    async def words(self, answer: KgAnswer) -> str:
        if answer.entity is None or answer.reason:
            return answer.reason or "I found nothing about that in the knowledge graph."
        predicate = answer.predicates[0] if answer.predicates else None
        labels = await resolve_labels(self.endpoint, [p for p in [predicate] if p] +
                                      [a for a in answer.answers[:1] if a.startswith(("http://", "https://"))])
        relation = labels.get(predicate, "") if predicate else ""
        if answer.kind == "ask":
            return f"{'Yes' if answer.answers == ['true'] else 'No'} ({answer.entity.label}, {relation})."
        if not answer.answers:
            return f"The knowledge graph has no {relation} for {answer.entity.label}."
        value = labels.get(answer.answers[0], answer.answers[0])
        return f"{answer.entity.label} — {relation}: {value}."
