"""help: what jirakg answers, one example per kind of question."""

from __future__ import annotations

from jirakg.answer.parts import PartAnswer
from jirakg.handlers.base import Services, TurnInput, constant
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS


class HelpHandler:
    async def handle(self, call: IntentCall, turn: TurnInput, services: Services) -> PartAnswer:
        lines = ["I answer questions about Jira issues, for example:"]
        lines += [f"- {spec.description} e.g. \"{spec.examples[0]}\"" for spec in INTENTS.values()
                  if spec.name not in ("help", "clarify")]
        return constant(call.name, "\n".join(lines))


HANDLER = HelpHandler()
