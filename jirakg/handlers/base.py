"""What every intent handler shares: the services it may use, the protocol it follows, and the
plan → fetch → word composition most Jira intents are."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeVar

from jirakg.answer.parts import ExplainStep, FullList, PartAnswer
from jirakg.answer.templated import LIST_LIMIT, Answer, row
from jirakg.connectors.jira.errors import PersonRefused
from jirakg.errors import JirakgError
from jirakg.graph import GraphManager
from jirakg.intents.models import IntentCall
from jirakg.jql.readable import JqlNames, readable_jql
from jirakg.retrieval.facts import FactsBase
from jirakg.retrieval.kgqa.reformulation import KgTurn
from jirakg.retrieval.plan import RetrievalPlan

if TYPE_CHECKING:
    from jirakg.answer.kg_session import KgSession
    from jirakg.answer.llm_answerer import LlmAnswerer

ROWS = 10  # issues a list part carries as table rows
F = TypeVar("F", bound=FactsBase)


CUSTOM_FIELD = re.compile(r"\bcustomfield_\d+\b")


@dataclass(frozen=True)
class Services:
    """What handlers may call: the issue graph, the knowledge graph, the LLM answerer (each optional but the first)."""
    manager: GraphManager
    kg: KgSession | None = None
    answerer: LlmAnswerer | None = None
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # "now" for ages, overdue and windows
    jql_names: JqlNames = field(default_factory=JqlNames)  # people and sprints by id, for JQL shown in answers


@dataclass(frozen=True)
class TurnInput:
    """What a handler sees of the turn besides its own intent."""
    text: str
    kg_history: list[KgTurn] = field(default_factory=list)


class Handler(Protocol):
    async def handle(self, call: IntentCall, turn: TurnInput, services: Services) -> PartAnswer: ...


@dataclass(frozen=True)
class JiraHandler(Generic[F]):
    """An intent answered from the issue graph: plan it, fetch through the GraphManager (cache first),
    word it from the facts; with an LLM configured the model may reword it under the grounding check."""
    plan: Callable[[IntentCall], RetrievalPlan]
    fetch: Callable[[RetrievalPlan, GraphManager], Awaitable[F]]
    word: Callable[[F], Answer]

    async def handle(self, call: IntentCall, turn: TurnInput, services: Services) -> PartAnswer:
        plan = self.plan(call).model_copy(update={"as_of": services.clock()})
        try:
            facts = await self.fetch(plan, services.manager)
        except PersonRefused:
            raise  # about the person, not this part: the whole turn asks them to sign in again
        except JirakgError as exc:  # one clear sentence for this part; the other parts still answer
            return failed(call.name, plan.describe(), exc)
        cache: Literal["hit", "miss"] | None = (None if facts.cache_hit is None
                                                else "hit" if facts.cache_hit else "miss")
        part = _part(call.name, self.word(facts), facts,
                     ExplainStep(stage="plan", text=plan.describe(), cache=cache))  # the JQL as it ran
        for jql in filter(None, {facts.plan.jql, call.jql}):  # the answer shows it with names and status words
            part.text = part.text.replace(jql, readable_jql(jql, services.jql_names))
        fields = services.jql_names.fields  # a custom field by its name, never its id
        part.text = CUSTOM_FIELD.sub(lambda m: fields.get(m.group(0), m.group(0)), part.text)
        if services.answerer is not None and plan.operation != "none":
            await _reword(part, turn.text, facts, services.answerer)
        if facts.capped:  # after any rewording, so the model cannot drop it
            part.text += "\n" + capped_note(facts, services.manager)
        return part


def capped_note(facts: FactsBase, manager: GraphManager) -> str:
    """What an answer over more issues than a question may read says, with the search to open in Jira."""
    jql = facts.plan.jql or ""
    link = manager.search_url(jql)
    read = (f"the first {len(facts.nodes):,} of the {facts.matched:,} issues that match" if facts.matched is not None
            else f"the first {len(facts.nodes):,} issues that match")
    return (f"I read only {read} (jira.max_issues_per_question): what I list, group or rank covers those alone; "
            f"all of them are in Jira: {link}")


def _part(intent: str, written: Answer, facts: FactsBase, step: ExplainStep) -> PartAnswer:
    cut = facts.plan.jql is not None and len(facts.nodes) > LIST_LIMIT
    return PartAnswer(intent=intent, text=written.text, citations=written.citations,
                      listed=[n.key for n in facts.nodes], rows=[row(n) for n in facts.nodes[:ROWS]], explain=[step],
                      full_list=FullList(jql=facts.plan.jql or "", total=len(facts.nodes)) if cut else None,
                      cache_hits=int(facts.cache_hit is True), cache_misses=int(facts.cache_hit is False))


async def _reword(part: PartAnswer, question: str, facts: FactsBase, answerer: LlmAnswerer) -> None:
    templated = Answer(text=part.text, citations=part.citations)
    written, rejected = await answerer.answer(question, facts, templated)
    part.explain.append(ExplainStep(stage="answer", text=rejected or "answered by the llm"))
    part.text, part.citations = written.text, written.citations
    part.worded_by_llm = rejected is None
    if rejected is not None:
        part.fallback_reasons.append(rejected)


def failed(intent: str, what: str, exc: Exception) -> PartAnswer:
    return PartAnswer(intent=intent, text=str(exc), explain=[ExplainStep(stage="plan", text=f"{what} → failed: {exc}")])


def constant(intent: str, text: str) -> PartAnswer:
    """A part that needs no retrieval (help, clarify)."""
    return PartAnswer(intent=intent, text=text, explain=[ExplainStep(stage="plan", text=f"{intent}: none -")])
