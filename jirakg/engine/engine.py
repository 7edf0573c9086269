"""One turn, end to end, as typed stages: parse (Jira or knowledge graph decided there) → one handler
per intent → compose the parts → recorders. The engine does not know which bot called it."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from jirakg.access import Access, AccountNotLinked
from jirakg.actions.models import ActionOutcome, ActionRefused
from jirakg.actions.service import DISABLED, Actions, confirm_hint
from jirakg.actions.wording import WriteRequest, read_write_request
from jirakg.answer.kg_session import KgSession
from jirakg.answer.llm_answerer import LlmAnswerer
from jirakg.answer.parts import ExplainStep, FullList, PartAnswer
from jirakg.connectors.jira.errors import JiraUnavailable, PersonRefused
from jirakg.engine.glance import IssueGlance, RecentQuestions, glance
from jirakg.engine.history import Conversation, HistoryStore, TurnFeedback, TurnRecord, kg_history
from jirakg.engine.recorders import FeedbackRecorder, HistoryRecorder, TurnRecorder
from jirakg.engine.turn import ActionProposal, Asker, JiraList, Surface, TurnContext, TurnResult, TurnStats, owner_of
from jirakg.errors import JirakgError
from jirakg.feedback import FeedbackRow, FeedbackStore
from jirakg.graph import GraphManager
from jirakg.graph.webhooks import WebhookOutcome, apply_webhook
from jirakg.handlers import Services, TurnInput, handler_for
from jirakg.intents.models import ParsedQuery
from jirakg.intents.parser import Parser
from jirakg.intents.router import Router
from jirakg.jql.readable import JqlNames
from jirakg.llm import LlmCall, LlmClient, llm_turn
from jirakg.retrieval.examples import Example, instance_examples

if TYPE_CHECKING:
    from jirakg.engine.startup import Ready

HEALTH_TIMEOUT_S = 5.0
EVENT_CLAIM_TTL_S = 86400


class TurnTimedOut(JirakgError):
    """A turn passed its deadline; nothing of it was acknowledged."""


class Engine:
    def __init__(self, parser: Parser, manager: GraphManager, history: HistoryStore,
                 answerer: LlmAnswerer | None = None, kg: KgSession | None = None,
                 feedback_store: FeedbackStore | None = None, llm: LlmClient | None = None,
                 turn_timeout_s: float = 30.0, clock: Callable[[], datetime] | None = None,
                 access: Access | None = None, jql_names: JqlNames | None = None,
                 actions: Actions | None = None) -> None:
        self.turn_timeout_s = turn_timeout_s
        self.actions = actions  # None: jirakg only reads, and a write request is told so
        self.access = access  # None: every turn is answered as the service account
        self.parser = _router(parser, kg)
        self.services = Services(manager=manager, kg=kg, answerer=answerer, jql_names=jql_names or JqlNames(),
                                 **({"clock": clock} if clock else {}))
        self.history = history
        self.llm = llm  # for /readyz: the parser and answerers hold it too
        self.feedback_store = feedback_store  # None: turns and feedback live in the history only
        # The feedback store first: a turn it refuses is not acknowledged, so it is not kept in the history either.
        self.recorders: list[TurnRecorder] = [FeedbackRecorder(feedback_store)] if feedback_store is not None else []
        self.recorders.append(HistoryRecorder(history))
        self.recent = RecentQuestions(history.store, history.ttl_s)  # for a surface's "your recent questions"
        # Set while start-up still waits for Jira (engine/startup): why, and whether turns must wait for
        # the permission set-up (a Jira reached with credentials) or may answer from the cache meanwhile.
        self.waiting_for_jira: str | None = None
        self.access_needed = False

    def started(self, ready: Ready) -> None:
        """What start-up waited for from Jira, put in place: later turns use it."""
        self.parser = _router(ready.parser, self.services.kg)
        self.services = dataclasses.replace(self.services, answerer=ready.answerer, jql_names=ready.jql_names)
        self.access, self.waiting_for_jira = ready.access, None

    async def ask(self, turn: TurnContext) -> TurnResult:
        """The answer once every recorder has kept the turn, within turn_timeout_s; a JirakgError
        (ConversationNotFound, TurnTimedOut, a store that refused or did not answer) says why there is none."""
        deadline = asyncio.timeout(self.turn_timeout_s)
        try:
            async with deadline:
                return await self._ask(turn)
        except TimeoutError:
            if not deadline.expired():
                raise
            raise TurnTimedOut(f"That took longer than {self.turn_timeout_s:g} s to answer, so it was "
                               "stopped; try again, or ask something narrower.") from None

    async def _ask(self, turn: TurnContext) -> TurnResult:
        if self.waiting_for_jira is not None and self.access_needed:
            raise JiraUnavailable("Jira has not answered since jirakg started, so nobody's permissions can be "
                                  "checked yet; try again in a minute.")
        asker, services = await self.services_for(turn.asker, turn.surface)
        turn = turn.model_copy(update={"asker": asker})
        conversation = await self.history.load(turn.conversation_id or uuid.uuid4().hex, turn.owner)
        request = read_write_request(turn.text)  # a change to Jira is recognised before any read intent
        if request is not None:
            return await self._propose(turn, request, services.manager, conversation)
        with llm_turn() as llm:  # every model call of this turn shares one deadline
            parsed = (self.parser.knowledge_graph(turn.text) if turn.knowledge_graph
                      else await self.parser.understand(turn.text, conversation.state(), turn.issue_key))
            inputs = TurnInput(text=turn.text, kg_history=kg_history(conversation))
            # Parts are independent: their fetches and model calls run side by side.
            async with self._own_token_of(asker):
                parts = list(await asyncio.gather(*(handler_for(call.name).handle(call, inputs, services)
                                                    for call in parsed.intents)))
        result, record = _compose(conversation.id, parsed, parts, llm.calls, self)
        for recorder in self.recorders:
            await recorder.record(turn, parsed, result, record, conversation)
        return result

    async def _propose(self, turn: TurnContext, request: WriteRequest, manager: GraphManager,
                       conversation: Conversation) -> TurnResult:
        """A write request's turn: one sentence when actions are off or the request cannot be grounded,
        else the proposal with exactly what will change; nothing is sent to Jira here."""
        active = conversation.state().active_keys
        if turn.issue_key is None and active:  # "assign it to me" after talking about an issue
            turn = turn.model_copy(update={"issue_key": active[0]})
        shown: ActionProposal | None = None
        cited: list[str] = []  # the issues a proposal changes
        if self.actions is None:
            text = DISABLED
        else:
            try:
                proposal = await self.actions.propose(request, turn, manager)
            except ActionRefused as exc:
                text = str(exc)
            else:
                confirm, cancel = confirm_hint(turn.surface, proposal.id)
                minutes = max(1, round(self.actions.ttl_s / 60))
                text = (f"{proposal.describe()}\nNothing changes until you confirm ({confirm}) within "
                        f"{minutes} min.")
                shown = proposal.shown(confirm, cancel)
                cited = [k for k in (proposal.issue_key, proposal.other_key) if k]
        parsed = ParsedQuery(text=turn.text, intents=[])
        part = PartAnswer(intent="action", text=text, citations=cited)
        result, record = _compose(conversation.id, parsed, [part], [], self)
        result = result.model_copy(update={"action": shown, "intents": ["action"]})
        for recorder in self.recorders:
            await recorder.record(turn, parsed, result, record, conversation)
        return result

    async def confirm_action(self, action_id: str, asker: Asker, surface: Surface) -> ActionOutcome:
        """Do a proposal once, as `asker` (who must be the person it was proposed to); ActionRefused says why not."""
        if self.actions is None:
            raise ActionRefused(DISABLED)
        asker, services = await self.services_for(asker, surface)
        async with self._own_token_of(asker):
            return await self.actions.confirm(action_id, owner_of(surface, asker.surface_user_id), asker,
                                              services.manager)

    async def act(self, request: WriteRequest, asker: Asker, surface: Surface) -> ActionOutcome:
        """A change the client has already confirmed with its person (an MCP client's own confirmation of a
        destructive tool): grounded as a proposal, then done at once, as `asker`, with the same checks."""
        if self.actions is None:
            raise ActionRefused(DISABLED)
        asker, services = await self.services_for(asker, surface)
        turn = TurnContext(text=request.text, surface=surface, asker=asker)
        async with self._own_token_of(asker):
            proposal = await self.actions.propose(request, turn, services.manager)
            return await self.actions.confirm(proposal.id, turn.owner, asker, services.manager)

    async def cancel_action(self, action_id: str, asker: Asker, surface: Surface) -> ActionOutcome:
        if self.actions is None:
            raise ActionRefused(DISABLED)
        return await self.actions.cancel(action_id, owner_of(surface, asker.surface_user_id))

    async def services_for(self, asker: Asker, surface: Surface) -> tuple[Asker, Services]:
        """`asker` with their Jira account, and the services as that person may use them (every fetch
        checked for them); AccountNotLinked, the sentence on how to link, when there is no account."""
        if self.access is None:  # every turn is answered as the service account
            return asker, self.services
        asker = await self.access.identify(asker, surface)
        return asker, dataclasses.replace(self.services, manager=await self.access.graph_for(asker, surface))

    @asynccontextmanager
    async def _own_token_of(self, asker: Asker) -> AsyncIterator[None]:
        """Work done with `asker`'s own Jira token: when Jira no longer accepts it, it is forgotten and they
        are asked to sign in again (AccountNotLinked), whatever the work was."""
        try:
            yield
        except PersonRefused as exc:
            assert self.access is not None and asker.account_id is not None
            await self.access.forget_credential(asker.account_id)
            raise AccountNotLinked(str(exc)) from exc

    async def understand(self, text: str, conversation_id: str | None = None,
                         issue_key: str | None = None) -> ParsedQuery:
        """The parse stage alone, in a conversation's context (evaluations, previews)."""
        conversation = await self.history.load(conversation_id or uuid.uuid4().hex, owner_of("cli", None))
        with llm_turn():
            return await self.parser.understand(text, conversation.state(), issue_key)

    async def feedback(self, turn_id: str, rating: Literal["up", "down"] | None, comment: str | None = None,
                       user: str | None = None, channel: Surface = "cli", seen: bool = False) -> bool:
        """False when nothing was stored: no such turn, or not one the rater (`user` on `channel`) was
        answered. `rating` None: a comment alone, the rating stays. `seen`: the surface verified the answer
        was in front of `user` (a Slack message in their channel), so someone other than its asker rates
        it too, in their own feedback row; the asker's history is left as it is."""
        conversation = await self.history.conversation_of(turn_id, owner_of(channel, user))
        if conversation is None and not (seen and self.feedback_store is not None):
            return False
        if self.feedback_store is not None and not await self.feedback_store.record_feedback(
                FeedbackRow(turn_id=turn_id, rating=rating, comment=comment, user=user, channel=channel)):
            return False
        if conversation is None:
            return True
        for turn in conversation.turns:
            if turn.id == turn_id:
                earlier = turn.feedback or TurnFeedback()
                turn.feedback = TurnFeedback(rating=rating or earlier.rating, comment=comment or earlier.comment)
        await self.history.save(conversation)
        return True

    async def conversation(self, conversation_id: str, owner: str) -> Conversation:
        """`owner`'s conversation (empty when there is none); ConversationNotFound when it is someone else's."""
        return await self.history.load(conversation_id, owner)

    async def glance(self, key: str, asker: Asker, surface: Surface) -> IssueGlance | None:
        """An issue at a glance (a link preview) as `asker` may see it; None when they may not
        (AccountNotLinked when they cannot be matched to an account)."""
        _, services = await self.services_for(asker, surface)
        return await glance(services.manager, key)

    async def examples(self, asker: Asker, surface: Surface) -> list[Example]:
        """Questions that answer on this instance, naming only what `asker` may browse (AccountNotLinked
        when they cannot be matched to an account)."""
        _, services = await self.services_for(asker, surface)
        return await instance_examples(services.manager)

    def jira_list(self, full: FullList) -> JiraList:
        """A cut list's link to all of it, on the Jira this process answers from (made here, like issue links)."""
        return JiraList(total=full.total, jql=full.jql, url=self.services.manager.search_url(full.jql))

    def issue_url(self, key: str) -> str:
        """An issue's link on the Jira this process answers from: links are made here, never stored, since
        processes sharing a store may reach Jira at different addresses (the demo's port)."""
        return self.services.manager.issue_url(key)

    async def turn(self, turn_id: str, owner: str) -> TurnRecord | None:
        conversation = await self.history.conversation_of(turn_id, owner)
        return next((t for t in conversation.turns if t.id == turn_id), None) if conversation else None

    async def claim_event(self, name: str) -> bool:
        """True for the first claim of `name` across retries and replicas sharing the store (for a day:
        Slack retries within hours and a signed request can be replayed for five minutes)."""
        return await self.history.store.claim_state(name, "1", EVENT_CLAIM_TTL_S)

    async def remember(self, name: str) -> None:
        """Keep a surface's fact (a Slack thread the bot is in) as long as conversations are kept."""
        await self.history.store.put_state(name, "1", self.history.ttl_s)

    async def remembers(self, name: str) -> bool:
        return bool(await self.history.store.get_state(name))

    async def jira_changed(self, payload: object) -> WebhookOutcome:
        """A Jira webhook: cached issues and queries it makes stale are dropped."""
        return await apply_webhook(self.services.manager, payload)

    async def health(self) -> dict[str, str]:
        """Each dependency: "ok", or why it failed."""
        checks = {"jira": self.services.manager.ping(), "graph_store": self.history.store.get_state("readyz")}
        if self.waiting_for_jira is not None:
            checks["jira_startup"] = _failing(f"Start-up is waiting for Jira: {self.waiting_for_jira}")
        if self.services.kg is not None:
            checks["knowledge_graph"] = self.services.kg.endpoint.query("ASK { }")
        if self.feedback_store is not None:
            checks["feedback_store"] = self.feedback_store.ping()
        if self.llm is not None:
            checks["llm"] = self.llm.ping()
        outcomes = await asyncio.gather(*(asyncio.wait_for(c, HEALTH_TIMEOUT_S) for c in checks.values()),
                                        return_exceptions=True)
        return {name: "ok" if not isinstance(outcome, BaseException) else (str(outcome) or type(outcome).__name__)
                for name, outcome in zip(checks, outcomes, strict=True)}


def _router(parser: Parser, kg: KgSession | None) -> Router:
    return Router(parser, kg.names_entity if kg is not None else None)


async def _failing(reason: str) -> None:
    raise JirakgError(reason)


def _compose(conversation_id: str, parsed: ParsedQuery, parts: list[PartAnswer], llm_calls: list[LlmCall],
             links: Engine) -> tuple[TurnResult, TurnRecord]:
    """The turn's result and record; `links` makes the links, on the Jira this process answers from."""
    steps = _parse_steps(parsed) + [step for part in parts for step in part.explain]
    citations = list(dict.fromkeys(key for part in parts for key in part.citations))
    rows = [row for part in parts for row in part.rows]
    rows = rows if len(rows) > 1 else []
    full_list = next((p.full_list for p in parts if p.full_list), None)
    record = TurnRecord(id=uuid.uuid4().hex, question=parsed.text, intents=parsed.intents,
                        plans=[str(s) for s in steps], answer="\n\n".join(p.text for p in parts),
                        citations=citations, rows=rows, full_list=full_list,
                        listed=next((p.listed for p in reversed(parts) if p.listed), []),
                        kg=next((p.kg_turn for p in parts if p.kg_turn), None))
    result = TurnResult(answer=record.answer, turn_id=record.id, conversation_id=conversation_id,
                        intents=[c.name for c in parsed.intents], citations=citations,
                        urls={key: links.issue_url(key) for key in citations},
                        steps=steps, rows=rows, jira_list=links.jira_list(full_list) if full_list else None,
                        stats=_stats(parsed, parts, llm_calls))
    return result, record


def _parse_steps(parsed: ParsedQuery) -> list[ExplainStep]:
    """Which parser read the question, once an LLM is configured (without one there is no choice to show)."""
    if parsed.fallback_reason is not None:
        return [ExplainStep(stage="parse", text=f"parsed by the embedded parser: {parsed.fallback_reason}")]
    return [ExplainStep(stage="parse", text="parsed by the llm")] if parsed.parser == "llm" else []


def _stats(parsed: ParsedQuery, parts: list[PartAnswer], llm_calls: list[LlmCall]) -> TurnStats:
    reasons = [f"parse: {parsed.fallback_reason}"] if parsed.fallback_reason else []
    reasons += [f"{part.intent}: {reason}" for part in parts for reason in part.fallback_reasons]
    return TurnStats(parser=f"embedded ({parsed.fallback_reason})" if parsed.fell_back else parsed.parser,
                     answerer="llm" if any(p.worded_by_llm for p in parts) else "templated",
                     cache_hits=sum(p.cache_hits for p in parts), cache_misses=sum(p.cache_misses for p in parts),
                     fallback_reasons=reasons, llm_calls=llm_calls)
