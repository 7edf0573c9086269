"""kg_question: a fact about an entity of the knowledge graph, asked in the conversation's context."""

from __future__ import annotations

from jirakg.answer.parts import ExplainStep, PartAnswer
from jirakg.errors import JirakgError
from jirakg.handlers.base import Services, TurnInput, constant
from jirakg.intents.models import IntentCall

NOT_CONFIGURED = "No knowledge graph is configured; set sparql.endpoint or sparql.kg_file to ask about one."


class KgHandler:
    async def handle(self, call: IntentCall, turn: TurnInput, services: Services) -> PartAnswer:
        if services.kg is None:
            return constant(call.name, NOT_CONFIGURED)
        try:
            reply = await services.kg.ask(turn.text, turn.kg_history)
        except JirakgError as exc:
            return PartAnswer(intent=call.name, text=str(exc),
                              explain=[ExplainStep(stage="kg", text=f"kg_question → failed: {exc}")])
        return PartAnswer(intent=call.name, text=reply.words,
                          explain=[ExplainStep(stage="kg", text=f"kg_question: {line}") for line in reply.explain],
                          worded_by_llm=reply.worded_by_llm, fallback_reasons=reply.fallback_reasons,
                          kg_turn=reply.turn if reply.answer.entity else None)


HANDLER = KgHandler()
