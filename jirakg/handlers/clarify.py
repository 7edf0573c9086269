"""clarify: the question could not be resolved; say what is missing."""

from __future__ import annotations

from jirakg.answer.parts import PartAnswer
from jirakg.handlers.base import Services, TurnInput, constant
from jirakg.intents.models import IntentCall


class ClarifyHandler:
    async def handle(self, call: IntentCall, turn: TurnInput, services: Services) -> PartAnswer:
        return constant(call.name, call.slots.reason or "I did not understand; which issue do you mean?")


HANDLER = ClarifyHandler()
