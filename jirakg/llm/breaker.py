"""A circuit breaker: after some failed calls in a row the model is skipped for a while, so a down or
overloaded server costs a question nothing; after the cool-down one trial call decides."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal


class CircuitBreaker:
    def __init__(self, failures: int = 3, cooldown_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.failures_to_open = failures
        self.cooldown_s = cooldown_s
        self.clock = clock
        self.failures = 0
        self.opened_at: float | None = None
        self.trial = False  # a half-open breaker lets one call through at a time

    @property
    def state(self) -> Literal["closed", "open", "half-open"]:
        if self.opened_at is None:
            return "closed"
        return "half-open" if self.clock() - self.opened_at >= self.cooldown_s else "open"

    def allows(self) -> bool:
        state = self.state
        if state == "closed":
            return True
        if state == "half-open" and not self.trial:
            self.trial = True
            return True
        return False

    def succeeded(self) -> None:
        self.failures, self.opened_at, self.trial = 0, None, False

    def failed(self) -> None:
        self.failures += 1
        if self.trial or self.failures >= self.failures_to_open:
            self.opened_at, self.trial = self.clock(), False

    def describe(self) -> str:
        if self.state == "closed":
            return "closed"
        assert self.opened_at is not None
        left = max(0.0, self.cooldown_s - (self.clock() - self.opened_at))
        return f"{self.state} after {self.failures} failed calls in a row ({left:.0f} s before the next try)"
