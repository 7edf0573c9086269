"""Per-client request budgets (a token bucket per verified caller or address; `shared_limits` keeps them in
Redis for every replica and worker), the client's address behind trusted load balancers, and bearer-token
checks."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import time
from typing import Protocol


class Budget(Protocol):
    """Requests per client per minute: in this process, or shared by every replica and worker."""

    async def waiting(self, client: str) -> float: ...
    async def take(self, client: str) -> float: ...


class RateLimiter:
    """A token bucket per client, in this process."""

    def __init__(self, per_minute: int, clock=time.monotonic) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client → (tokens, last refill)

    def _refilled(self, client: str, now: float) -> float:
        tokens, last = self.buckets.get(client, (self.capacity, now))
        return min(self.capacity, tokens + (now - last) * self.rate)

    async def waiting(self, client: str) -> float:
        """The seconds until `client` may go ahead, taking nothing (0: now)."""
        tokens = self._refilled(client, self.clock())
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

    async def take(self, client: str) -> float:
        """0 when the request may go ahead; else the seconds until it may."""
        now = self.clock()
        tokens = self._refilled(client, now)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            return 0.0
        self.buckets[client] = (tokens, now)
        if len(self.buckets) > 100_000:  # forget idle clients rather than grow without bound
            self.buckets = {c: b for c, b in self.buckets.items() if now - b[1] < 60}
        return (1 - tokens) / self.rate


def token_identity(header: str | None, tokens: list[str]) -> str | None:
    """Who the bearer token in `header` is — `token:` and a fingerprint of the configured token it matches
    (compared in constant time) — or None when it matches none. However the header is spelt, one token is
    one identity, so budgets and conversations follow the caller, not the header's bytes."""
    scheme, _, presented = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer" or not presented.strip():
        return None
    given = presented.strip().encode()
    matched = [t for t in tokens if hmac.compare_digest(given, t.encode())]
    return identity_of_token(matched[0]) if matched else None


def identity_of_token(token: str) -> str:
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:16]


def client_address(remote: str | None, forwarded_for: str | None, trusted: list) -> str:
    """The address that sent the request: behind a trusted proxy, the last X-Forwarded-For hop that
    is not itself a trusted proxy (earlier hops are whatever the client claimed)."""
    address = remote or "unknown"
    if not trusted:
        return address
    hops = [h.strip() for h in (forwarded_for or "").split(",") if h.strip()]
    while _trusted(address, trusted) and hops:
        address = hops.pop()
    return address


def _trusted(address: str, trusted: list) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)
