"""One knowledge-graph question, found: reformulate it against the dialogue, link its entity, rank its
relations (and, with a model, let it pick among the best few), query the graph and resolve the labels
of what was found. Wording the facts is `answer/`'s."""

from __future__ import annotations

from jirakg.connectors.sparql import EmbeddedStore, resolve_labels
from jirakg.connectors.sparql.labels import LabelCache
from jirakg.llm import LlmClient
from jirakg.retrieval.kgqa.facts import KgFacts, labelled_facts, labels_needed
from jirakg.retrieval.kgqa.linking import EntityLinker, linker_for
from jirakg.retrieval.kgqa.pipeline import KgAnswer, answer_question
from jirakg.retrieval.kgqa.reformulation import EmbeddedReformulator, KgTurn, LlmReformulator
from jirakg.retrieval.kgqa.relation_choice import LlmRelationChooser, RelationChoice
from jirakg.retrieval.kgqa.relations import scored_predicates


class KgRetriever:
    def __init__(self, endpoint, linker: EntityLinker | None = None, llm: LlmClient | None = None,
                 cache: LabelCache | None = None) -> None:
        self.endpoint = endpoint
        self.linker = linker or linker_for(endpoint, "auto", embedded=isinstance(endpoint, EmbeddedStore))
        embedded = EmbeddedReformulator(endpoint, self.linker)
        self.reformulator = LlmReformulator(llm, self.linker, embedded) if llm else embedded
        self.chooser = LlmRelationChooser(llm) if llm else None
        self.cache = cache

    async def names_entity(self, text: str) -> bool:
        return await self.linker.link(text) is not None

    async def find(self, question: str, history: list[KgTurn]) -> KgFacts:
        found = await self.reformulator.reformulate(question, history)
        choice: RelationChoice | None = None
        if found.entity is None:
            answer = KgAnswer(reason=found.clarify)
        else:
            asked = found.question if found.by == "llm" else question
            scored = found.scored
            if self.chooser is not None:
                scored = scored if scored is not None else await scored_predicates(self.endpoint, found.entity.iri,
                                                                                   asked)
                scored, choice = await self.chooser.choose(asked, found.entity, scored)
            answer = await answer_question(self.endpoint, asked, found.entity, scored)
        labels = await resolve_labels(self.endpoint, labels_needed(answer), self.cache)
        return labelled_facts(question, found, answer, labels).model_copy(update={"relation_choice": choice})
