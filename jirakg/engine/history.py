"""Conversation history, kept through the graph store's state (memory, SQLite or Redis), bounded."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, Field

from jirakg.answer.parts import FullList, IssueRow
from jirakg.errors import JirakgError
from jirakg.graph.stores import GraphStore
from jirakg.intents.models import ConversationState, IntentCall, LinkFilter, Slots
from jirakg.retrieval.kgqa.reformulation import KgTurn


class TurnFeedback(BaseModel):
    rating: Literal["up", "down"] | None = None
    comment: str | None = None


class TurnRecord(BaseModel):
    id: str
    question: str
    intents: list[IntentCall]
    plans: list[str]
    answer: str
    citations: list[str]
    listed: list[str] = Field(default_factory=list)  # keys the answer listed, for "the second one"
    rows: list[IssueRow] = Field(default_factory=list)  # the table a list answer was shown with
    full_list: FullList | None = None  # a list cut short: its JQL, linked again when shown
    kg: KgTurn | None = None  # a knowledge-graph turn: what the next one's reformulation needs
    feedback: TurnFeedback | None = None


class ConversationNotFound(JirakgError):
    """No conversation by that id that the asker owns: whether it exists for someone else is not said."""

    def __init__(self, conversation_id: str) -> None:
        super().__init__(f"There is no conversation {conversation_id}.")


class Conversation(BaseModel):
    id: str
    owner: str | None = None  # owner_of(surface, user) of whoever started it; None: kept from before owners
    turns: list[TurnRecord] = Field(default_factory=list)

    def visible_to(self, owner: str) -> bool:
        return self.owner == owner

    def state(self) -> ConversationState:
        """What the parser needs: issues in play (most recent first), the last list, the last intent."""
        active: list[str] = []
        for turn in reversed(self.turns):
            for key in [k for intent in turn.intents for k in intent.issue_keys] + turn.citations[:1]:
                if key not in active:
                    active.append(key)
        last = self.turns[-1] if self.turns else None
        return ConversationState(active_keys=active[:10], last_results=last.listed if last else [],
                                 last_intent=last.intents[-1].name if last and last.intents else None,
                                 last_search=_last_set(last.intents) if last else None)


def _last_set(intents: list[IntentCall]) -> Slots | None:
    """The conditions of the last set of issues a turn answered with, for "which of those are bugs?": a
    search's or count's own, or a child list's as a search under its parent."""
    for call in reversed(intents):
        if call.name in ("search", "count") or (call.slots.measure is not None and not call.issue_keys):
            return call.slots  # a team question over a set; one issue's comments or reasons are no set
        if call.name == "children" and call.issue_keys:
            return call.slots.model_copy(update={"parents": call.issue_keys[:1]})
        if call.name == "linked" and call.issue_keys:
            link = LinkFilter(key=call.issue_keys[0], link_type=call.slots.link_type)
            return call.slots.model_copy(update={"links": [link], "link_type": None})
    return None


def kg_history(conversation: Conversation) -> list[KgTurn]:
    """The conversation's knowledge-graph turns, oldest first; Jira turns between them do not count."""
    return [t.kg for t in conversation.turns if t.kg is not None]


class HistoryStore:
    def __init__(self, store: GraphStore, max_turns: int = 50, ttl_s: int = 30 * 86400) -> None:
        """`ttl_s`: a conversation nobody continues is forgotten this long after its last turn."""
        self.store = store
        self.max_turns = max_turns
        self.ttl_s = ttl_s

    async def load(self, conversation_id: str, owner: str) -> Conversation:
        """The conversation if `owner` owns it, a new one of theirs if there is none; ConversationNotFound
        when it is someone else's."""
        raw = await self.store.get_state(f"conversation:{conversation_id}")
        if not raw:
            return Conversation(id=conversation_id, owner=owner)
        conversation = Conversation.model_validate_json(raw)
        if not conversation.visible_to(owner):
            raise ConversationNotFound(conversation_id)
        return conversation

    async def save(self, conversation: Conversation) -> None:
        conversation.turns = conversation.turns[-self.max_turns:]
        await self.store.put_state(f"conversation:{conversation.id}", conversation.model_dump_json(), self.ttl_s)
        for turn in conversation.turns[-1:]:
            await self.store.put_state(f"turn:{turn.id}", json.dumps({"conversation": conversation.id}), self.ttl_s)

    async def conversation_of(self, turn_id: str, owner: str) -> Conversation | None:
        """The conversation a turn belongs to, if `owner` owns it."""
        raw = await self.store.get_state(f"turn:{turn_id}")
        if not raw:
            return None
        try:
            return await self.load(json.loads(raw)["conversation"], owner)
        except ConversationNotFound:
            return None
