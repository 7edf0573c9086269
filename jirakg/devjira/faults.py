"""Fault injection for devjira: latency with jitter, per-credential rate limits, random 5xx.

Every random draw comes from one seeded generator so a benchmark run can be repeated.
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime


@dataclass
class TokenBucket:
    rate: float
    tokens: float
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> float:
        """Take one token; return 0 when granted, else seconds until one is available."""
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


@dataclass
class Faults:
    latency_ms: float = 0.0
    jitter_ms: float = 0.0
    rate_limit: float | None = None  # requests per second per credential
    error_rate: float = 0.0
    seed: int = 0
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed)

    async def pad(self, started: float) -> None:
        """Hold the answer until `latency + jitter` has passed since the request arrived.

        The work is done first and the wait covers it, as on a server whose many cores work
        while the network carries the bytes; otherwise devjira's single thread would add its
        own CPU time to every simulated round trip.
        """
        pause = self.latency_ms + (self.random.random() * self.jitter_ms if self.jitter_ms else 0.0)
        remaining = pause / 1000 - (time.monotonic() - started)
        if remaining > 0:
            await asyncio.sleep(remaining)

    def throttle(self, credential: str) -> dict[str, str] | None:
        """Headers for a 429 when this credential is over its rate, else None."""
        if not self.rate_limit:
            return None
        bucket = self.buckets.setdefault(credential, TokenBucket(self.rate_limit, self.rate_limit))
        wait = bucket.take()
        if wait == 0:
            return None
        reset = datetime.fromtimestamp(time.time() + wait, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        return {"Retry-After": str(max(1, math.ceil(wait))), "X-RateLimit-Limit": str(int(self.rate_limit)),
                "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset}

    def failure(self) -> int | None:
        """A status code to fail this request with, or None."""
        if self.error_rate and self.random.random() < self.error_rate:
            return self.random.choice((500, 502, 503))
        return None


def parse_rate(text: str | None) -> float | None:
    """'20/s' or '20' → 20.0 requests per second."""
    if not text:
        return None
    value = float(text.strip().removesuffix("/s"))
    if value <= 0:
        raise ValueError("the rate limit must be above 0 requests per second, as in 20/s")
    return value
