"""One question's share of the model: when the turn started (every call's deadline is cut to the
turn's) and what each call did, for --explain, metrics and the feedback store. Carried in a context
variable so the engine opens it once and calls made in parallel tasks of the turn all see it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel

Outcome = Literal["ok", "timeout", "error", "invalid", "skipped"]


class LlmCall(BaseModel):
    stage: str  # parse | answer | kg_classify | kg_rewrite | kg_answer
    outcome: Outcome
    seconds: float
    detail: str | None = None  # why it was not ok


@dataclass
class TurnBudget:
    started: float = field(default_factory=time.monotonic)
    calls: list[LlmCall] = field(default_factory=list)


_CURRENT: ContextVar[TurnBudget | None] = ContextVar("jirakg_llm_turn", default=None)


@contextmanager
def llm_turn() -> Iterator[TurnBudget]:
    """A turn starts now: model calls inside share its deadline and are logged in it. Inside an open
    turn (an evaluation timing one stage of it) the open one is joined: its deadline still holds."""
    if (open_turn := _CURRENT.get()) is not None:
        yield open_turn
        return
    budget = TurnBudget()
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def current_turn() -> TurnBudget | None:
    return _CURRENT.get()
