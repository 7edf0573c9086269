"""Observers of finished turns: the conversation history and the feedback store each keep what they need."""

from __future__ import annotations

from typing import Protocol

from jirakg.engine.history import Conversation, HistoryStore, TurnRecord
from jirakg.engine.turn import TurnContext, TurnResult
from jirakg.feedback import FeedbackStore, TurnLog
from jirakg.intents.models import ParsedQuery


class TurnRecorder(Protocol):
    async def record(self, turn: TurnContext, parsed: ParsedQuery, result: TurnResult, record: TurnRecord,
                     conversation: Conversation) -> None: ...


class HistoryRecorder:
    def __init__(self, history: HistoryStore) -> None:
        self.history = history

    async def record(self, turn: TurnContext, parsed: ParsedQuery, result: TurnResult, record: TurnRecord,
                     conversation: Conversation) -> None:
        conversation.turns.append(record)
        await self.history.save(conversation)


class FeedbackRecorder:
    def __init__(self, store: FeedbackStore) -> None:
        self.store = store

    async def record(self, turn: TurnContext, parsed: ParsedQuery, result: TurnResult, record: TurnRecord,
                     conversation: Conversation) -> None:
        await self.store.record_turn(TurnLog(
            turn_id=result.turn_id, conversation_id=result.conversation_id, question=turn.text,
            intents=result.intents, plans=record.plans, answer=result.answer, parsed=parsed.intents,
            parser=result.stats.parser, answerer=result.stats.answerer, user=turn.asker.surface_user_id,
            channel=turn.surface, account_id=None if turn.asker.service_account else turn.asker.account_id,
            shown=list(dict.fromkeys([*result.citations, *(r.key for r in result.rows)]))))
