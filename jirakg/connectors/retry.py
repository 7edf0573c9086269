"""One retry policy for every connector: capped exponential backoff with full jitter, the server's
Retry-After honoured when it gives one, and a give-up error of the connector's own choosing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


class TransientFailure(Exception):
    """An attempt failed in a way that may pass; raised inside an attempt, never seen by callers."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after  # seconds the server asked for, if it said


@dataclass
class RetryPolicy:
    attempts: int = 6  # first try included
    base_s: float = 0.2
    cap_s: float = 10.0
    spread_s: float = 0.05  # added to every wait, Retry-After too, so clients told alike do not return together
    statuses: frozenset[int] = frozenset({429, 500, 502, 503, 504})  # HTTP answers worth another try
    rng: random.Random = field(default_factory=random.Random)

    def retries(self, status: int) -> bool:
        return status in self.statuses

    def backoff(self, attempt: int) -> float:
        """Exponential backoff with full jitter: anywhere from 0 to min(cap, base·2^attempt)."""
        return self.rng.uniform(0, min(self.cap_s, self.base_s * 2 ** attempt))

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """How long to wait after failed attempt number `attempt` (0 for the first)."""
        wait = retry_after if retry_after is not None else self.backoff(attempt)
        return wait + self.rng.uniform(0, self.spread_s)

    async def run(self, attempt: Callable[[], Awaitable[T]], give_up: Callable[[str], Exception],
                  on_retry: Callable[[], None] | None = None) -> T:
        """`attempt()` until it returns, raises something other than `TransientFailure`, or has been
        tried `attempts` times; then `give_up(last reason)` is raised, chained to the last failure."""
        last = TransientFailure("no answer")
        for number in range(self.attempts):
            try:
                return await attempt()
            except TransientFailure as failure:
                last = failure
            if number + 1 < self.attempts:
                if on_retry is not None:
                    on_retry()
                await asyncio.sleep(self.delay(number, last.retry_after))
        raise give_up(last.reason) from last


def retry_after_seconds(value: str | None) -> float | None:
    """A Retry-After header in seconds; None when absent or an HTTP date (then the backoff decides)."""
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None
