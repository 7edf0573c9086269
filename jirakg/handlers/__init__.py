"""One handler per intent: each plans, fetches and words its part of an answer.

The intent map (`jirakg.intents.registry`) names each intent's handler module; `handler_for` finds
it. Adding an intent is one module here with a `HANDLER`, plus its row in the registry.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from jirakg.handlers.base import Handler, Services, TurnInput
from jirakg.intents.registry import INTENTS

__all__ = ["Handler", "Services", "TurnInput", "handler_for"]


@cache
def handler_for(intent: str) -> Handler:
    return import_module(f"jirakg.handlers.{INTENTS[intent].handler}").HANDLER
