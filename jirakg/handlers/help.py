"""help: what jirakg answers, with example questions that answer on this instance."""

from __future__ import annotations

from jirakg.answer.parts import PartAnswer
from jirakg.errors import JirakgError
from jirakg.handlers.base import Services, TurnInput, constant
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.examples import instance_examples


class HelpHandler:
    async def handle(self, call: IntentCall, turn: TurnInput, services: Services) -> PartAnswer:
        # The registry's examples name another organisation's keys; only the instance's own are shown.
        try:
            examples = {e.intent: e.text for e in await instance_examples(services.manager)}
        except JirakgError:  # Jira not answering: the kinds of question are still worth listing
            examples = {}
        lines = ["I answer questions about Jira issues, for example:"]
        lines += [f"- {spec.description}" + (f" e.g. \"{examples[spec.name]}\"" if spec.name in examples else "")
                  for spec in INTENTS.values() if spec.name not in ("help", "clarify")]
        return constant(call.name, "\n".join(lines))


HANDLER = HelpHandler()
