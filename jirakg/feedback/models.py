"""What is kept of a turn and of the feedback on it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field

from jirakg.intents.models import IntentCall


def now() -> datetime:
    return datetime.now(UTC)


class TurnLog(BaseModel):
    turn_id: str
    conversation_id: str
    question: str
    intents: list[str]
    parsed: list[IntentCall] = Field(default_factory=list)  # each intent with its issue keys and slots
    plans: list[str]
    answer: str
    parser: str  # embedded | llm | embedded (llm failed)
    answerer: str  # templated | llm
    user: str | None = None
    channel: str | None = None  # the surface: cli | web | api | slack | jira | mcp
    account_id: str | None = None  # the asker's Jira account; None: answered as the service account
    shown: list[str] = Field(default_factory=list)  # every issue key the answer named or listed
    created_at: datetime = Field(default_factory=now)


class FeedbackRow(BaseModel):
    turn_id: str
    rating: Literal["up", "down"] | None = None  # None: a comment alone
    comment: str | None = None
    user: str | None = None
    channel: str | None = None
    created_at: datetime = Field(default_factory=now)


class ActionLog(BaseModel):
    """One confirmed change to Jira, as the audit keeps it: who, what, before → after, and how it ended."""
    action_id: str
    kind: str
    issue_key: str | None = None
    account_id: str | None = None  # the person's Jira account; None: the operator (service account)
    user: str | None = None
    channel: str | None = None
    request: str  # the words that asked for it
    changes: list[dict[str, str]] = Field(default_factory=list)  # {"field", "before", "after"}
    outcome: Literal["done", "refused", "failed"]
    detail: str | None = None  # Jira's sentence when it was refused or failed
    created_at: datetime = Field(default_factory=now)
