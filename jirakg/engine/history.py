"""Conversation history, kept through the graph store's state (memory, SQLite or Redis), bounded."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, Field

from jirakg.graph.stores import GraphStore
from jirakg.intents.embedded import ConversationState
from jirakg.intents.models import IntentCall, LinkFilter, Slots
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
    urls: dict[str, str] = Field(default_factory=dict)  # citation → link, for a conversation shown again
    listed: list[str] = Field(default_factory=list)  # keys the answer listed, for "the second one"
    kg: KgTurn | None = None  # a knowledge-graph turn: what the next one's reformulation needs
    feedback: TurnFeedback | None = None


class Conversation(BaseModel):
    id: str
    turns: list[TurnRecord] = Field(default_factory=list)

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
        if call.name in ("search", "count") or call.slots.measure is not None:
            return call.slots
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
    def __init__(self, store: GraphStore, max_turns: int = 50) -> None:
        self.store = store
        self.max_turns = max_turns

    async def load(self, conversation_id: str) -> Conversation:
        raw = await self.store.get_state(f"conversation:{conversation_id}")
        return Conversation.model_validate_json(raw) if raw else Conversation(id=conversation_id)

    async def save(self, conversation: Conversation) -> None:
        conversation.turns = conversation.turns[-self.max_turns:]
        await self.store.put_state(f"conversation:{conversation.id}", conversation.model_dump_json())
        for turn in conversation.turns[-1:]:
            await self.store.put_state(f"turn:{turn.id}", json.dumps({"conversation": conversation.id}))

    async def conversation_of(self, turn_id: str) -> Conversation | None:
        raw = await self.store.get_state(f"turn:{turn_id}")
        return await self.load(json.loads(raw)["conversation"]) if raw else None
