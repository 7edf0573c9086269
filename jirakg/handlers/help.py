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
        for spec in INTENTS.values():
            if spec.name in ("help", "clarify"):
                continue
            example = examples.get(spec.name) or next((e for e in spec.examples if names_nothing(e)), None)
            lines.append(f"- {spec.description}" + (f" e.g. \"{example}\"" if example else ""))
        return constant(call.name, "\n".join(lines))


def names_nothing(example: str) -> bool:
    """No key, project, person or version in it (no capital or digit after the first word) and nothing
    pointed at ("the release epic", "his height"): it answers on any instance."""
    rest = "".join(example.split(maxsplit=1)[1:])
    pointing = {"the", "his", "her", "it", "its"} & set(rest.lower().rstrip("?.").split())
    return not pointing and not any(ch.isupper() or ch.isdigit() for ch in rest)


HANDLER = HelpHandler()
