"""One turn, end to end; the engine does not know which bot called it."""

from __future__ import annotations

import inspect
import uuid
from typing import Literal

from pydantic import BaseModel, Field

from jirakg.answer.llm_answerer import LlmAnswerer
from jirakg.answer.templated import answer, shown
from jirakg.connectors.jira import JiraError
from jirakg.connectors.sparql import SparqlError
from jirakg.engine.history import HistoryStore, TurnRecord, kg_history
from jirakg.feedback import FeedbackRow, FeedbackStore, TurnLog
from jirakg.graph import GraphManager
from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.llm_parser import LlmParser
from jirakg.intents.models import IntentCall, ParsedQuery, Slots
from jirakg.retrieval.executor import execute
from jirakg.answer.kg_session import KgSession
from jirakg.retrieval.plan import plan


ROWS = 10


class TurnStats(BaseModel):
    """How a turn was answered, for metrics and the feedback store."""
    parser: str = "embedded"  # embedded | llm | embedded (llm failed)
    answerer: str = "templated"  # templated | llm (the model worded at least one part)
    cache_hits: int = 0
    cache_misses: int = 0
    llm_fallbacks: int = 0  # stages where the model failed or was rejected and the embedded path answered


class TurnResult(BaseModel):
    answer: str
    turn_id: str
    conversation_id: str
    intents: list[str]
    citations: list[str]
    urls: dict[str, str] = Field(default_factory=dict)
    explain: list[str] = Field(default_factory=list)  # the plans, and whether each hit the cache
    rows: list[dict[str, str]] = Field(default_factory=list)  # the issues a list answer names, for a table
    stats: TurnStats = Field(default_factory=TurnStats)


class Engine:
    def __init__(self, parser: EmbeddedParser | LlmParser, manager: GraphManager, history: HistoryStore,
                 answerer: LlmAnswerer | None = None, kg: KgSession | None = None,
                 feedback_store: FeedbackStore | None = None) -> None:
        self.parser = parser
        self.manager = manager
        self.history = history
        self.answerer = answerer  # None: templated answers only
        self.kg = kg  # None: knowledge-graph questions are declined
        self.feedback_store = feedback_store  # None: turns and feedback live in the history only

    async def ask(self, text: str, conversation_id: str | None = None, context: dict | None = None,
                  user: str | None = None, channel: str | None = None) -> TurnResult:
        conversation = await self.history.load(conversation_id or uuid.uuid4().hex)
        parsed = self.parser.parse(text, conversation.state(), context)
        if inspect.isawaitable(parsed):  # the LLM parser is asynchronous
            parsed = await parsed
        parsed = await self._route_to_kg(text, parsed)
        texts, citations, urls, explain, listed, rows = [], [], {}, [], [], []
        kg_turn = None
        stats = TurnStats(parser="embedded (llm failed)" if parsed.fell_back else (
            "llm" if isinstance(self.parser, LlmParser) else "embedded"), llm_fallbacks=int(parsed.fell_back))
        for step in plan(parsed):
            if step.intent.name == "kg_question" and self.kg is not None:
                try:
                    reply = await self.kg.ask(text, kg_history(conversation))
                except SparqlError as exc:
                    texts.append(str(exc))
                    explain.append(f"kg_question → failed: {exc}")
                    continue
                kg_turn = reply.turn if reply.answer.entity else None
                stats.llm_fallbacks += reply.llm_fallbacks
                stats.answerer = "llm" if reply.worded_by_llm else stats.answerer
                texts.append(reply.words)
                explain += [f"kg_question: {line}" for line in reply.explain]
                continue
            try:
                retrieved = await execute(step, self.manager)
            except JiraError as exc:  # one clear sentence per failed part; the other parts still answer
                texts.append(str(exc))
                explain.append(f"{step.describe()} → failed: {exc}")
                continue
            hit = "" if retrieved.cache_hit is None else (" (cache hit)" if retrieved.cache_hit else " (cache miss)")
            explain.append(step.describe() + hit)
            stats.cache_hits += retrieved.cache_hit is True
            stats.cache_misses += retrieved.cache_hit is False
            written = answer(retrieved)
            if self.answerer is not None and step.operation != "none":
                written, rejected = await self.answerer.answer(text, retrieved, written)
                explain.append(rejected or "answered by the llm")
                stats.llm_fallbacks += rejected is not None
                stats.answerer = "llm" if rejected is None else stats.answerer
            texts.append(written.text)
            citations += [k for k in written.citations if k not in citations]
            urls.update(written.urls)
            listed = [n.key for n in retrieved.nodes] or listed
            rows += [{"key": n.key, "summary": n.summary, "status": n.status or "",
                      "assignee": shown(n.fields.get("assignee")) if "assignee" in n.fields else ""}
                     for n in retrieved.nodes[:ROWS]]
        if parsed.fell_back:
            explain.insert(0, "the llm parser failed; the embedded parser answered")
        turn = TurnRecord(id=uuid.uuid4().hex, question=text,
                          intents=[c.model_dump(include={"name", "issue_keys"}) for c in parsed.intents],
                          plans=explain, answer="\n\n".join(texts), citations=citations, urls=urls, listed=listed,
                          kg=kg_turn)
        conversation.turns.append(turn)
        await self.history.save(conversation)
        if self.feedback_store is not None:
            await self.feedback_store.record_turn(TurnLog(
                turn_id=turn.id, conversation_id=conversation.id, question=text,
                intents=[c.name for c in parsed.intents], plans=explain, answer=turn.answer,
                parsed=[c.model_dump(mode="json", exclude_defaults=True) for c in parsed.intents],
                parser=stats.parser, answerer=stats.answerer, user=user, channel=channel))
        return TurnResult(answer=turn.answer, turn_id=turn.id, conversation_id=conversation.id,
                          intents=[c.name for c in parsed.intents], citations=citations, urls=urls, explain=explain,
                          rows=rows if len(rows) > 1 else [], stats=stats)

    async def _route_to_kg(self, text: str, parsed: ParsedQuery) -> ParsedQuery:
        """A question the Jira parser could not place, naming an entity of the knowledge graph, is for it."""
        if self.kg is None or [c.name for c in parsed.intents] not in (["clarify"], ["search"]):
            return parsed
        if parsed.intents[0].name == "search" and parsed.intents[0].jql:
            return parsed
        if not await self.kg.names_entity(text):
            return parsed
        return parsed.model_copy(update={"intents": [IntentCall(name="kg_question", slots=Slots(text=text))]})

    async def feedback(self, turn_id: str, rating: Literal["up", "down"] | None, comment: str | None = None,
                       user: str | None = None, channel: str | None = None) -> bool:
        """False when no such turn was answered. `rating` None: a comment alone, the rating stays."""
        conversation = await self.history.conversation_of(turn_id)
        if conversation is None:
            return False
        if self.feedback_store is not None:
            await self.feedback_store.record_feedback(FeedbackRow(turn_id=turn_id, rating=rating, comment=comment,
                                                                  user=user, channel=channel))
        for turn in conversation.turns:
            if turn.id == turn_id:
                earlier = turn.feedback or {}
                turn.feedback = {"rating": rating or earlier.get("rating"), "comment": comment or earlier.get("comment")}
        await self.history.save(conversation)
        return True
