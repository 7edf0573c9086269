"""Jira or the knowledge graph, decided once per question, as the last step of parsing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from jirakg.intents.models import ConversationState, IntentCall, ParsedQuery, Slots
from jirakg.intents.parser import Parser


class Router:
    """A question the Jira parser could not place (a clarification, or a search without filters) that
    names an entity of the knowledge graph is for the knowledge graph."""

    def __init__(self, jira: Parser, names_entity: Callable[[str], Awaitable[bool]] | None) -> None:
        self.jira = jira
        self.names_entity = names_entity

    async def understand(self, text: str, state: ConversationState, issue_in_view: str | None) -> ParsedQuery:
        parsed = await self.jira.understand(text, state, issue_in_view)
        if self.names_entity is None or not _unplaced(parsed) or not await self.names_entity(text):
            return parsed
        return self.knowledge_graph(text, parsed)

    def knowledge_graph(self, text: str, parsed: ParsedQuery | None = None) -> ParsedQuery:
        """`text` as a knowledge-graph question: routed here, or chosen by the client that asked it."""
        call = IntentCall(name="kg_question", slots=Slots(text=text))
        return parsed.model_copy(update={"intents": [call]}) if parsed else ParsedQuery(text=text, intents=[call])


def _unplaced(parsed: ParsedQuery) -> bool:
    names = [c.name for c in parsed.intents]
    return names == ["clarify"] or (names == ["search"] and not parsed.intents[0].jql)
