"""A concurrency cap that halves on rate limiting and creeps back up on success (AIMD)."""

from __future__ import annotations

import asyncio


class AdaptiveLimiter:
    def __init__(self, maximum: int) -> None:
        self.maximum = maximum
        self.limit = maximum
        self.in_flight = 0
        self._successes = 0
        self._condition = asyncio.Condition()

    async def __aenter__(self) -> None:
        async with self._condition:
            await self._condition.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1

    async def __aexit__(self, *exc: object) -> None:
        async with self._condition:
            self.in_flight -= 1
            # Wake only as many waiters as there are free slots: hundreds may be queued.
            self._condition.notify(max(1, self.limit - self.in_flight))

    def throttled(self) -> None:
        """The server said 429: halve the cap (never below one)."""
        self.limit = max(1, self.limit // 2)
        self._successes = 0

    def succeeded(self) -> None:
        """After a full window of successes at this cap, allow one more request in flight."""
        if self.limit >= self.maximum:
            return
        self._successes += 1
        if self._successes >= self.limit:
            self.limit += 1
            self._successes = 0
