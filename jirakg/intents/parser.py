"""What every parser is to the engine: an asynchronous question → ParsedQuery."""

from __future__ import annotations

from typing import Protocol

from jirakg.intents.models import ConversationState, ParsedQuery


class Parser(Protocol):
    async def understand(self, text: str, state: ConversationState, issue_in_view: str | None) -> ParsedQuery: ...
