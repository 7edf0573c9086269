"""A slow lookup's answers kept in this process for a while: who someone is changes rarely, and asking
Jira or Slack on every turn would put a round trip on each answer."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

V = TypeVar("V")


@dataclass
class Memo(Generic[V]):
    ttl_s: float
    miss_ttl_s: float  # how long "not found" is believed
    clock: Callable[[], float] = time.monotonic
    _kept: dict[str, tuple[V | None, float]] = field(default_factory=dict)

    async def get(self, name: str, look: Callable[[], Awaitable[V | None]]) -> V | None:
        kept = self._kept.get(name)
        if kept is not None and kept[1] > self.clock():
            return kept[0]
        value = await look()
        self._kept[name] = (value, self.clock() + (self.ttl_s if value is not None else self.miss_ttl_s))
        return value
