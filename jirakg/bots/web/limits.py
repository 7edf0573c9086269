"""Per-client request budgets (a token bucket per bearer token or address), the client's address
behind trusted load balancers, and bearer-token checks."""

from __future__ import annotations

import hmac
import ipaddress
import time


class RateLimiter:
    def __init__(self, per_minute: int, clock=time.monotonic) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client → (tokens, last refill)

    def take(self, client: str) -> float:
        """0 when the request may go ahead; else the seconds until it may."""
        now = self.clock()
        tokens, last = self.buckets.get(client, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - last) * self.rate)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            return 0.0
        self.buckets[client] = (tokens, now)
        if len(self.buckets) > 100_000:  # forget idle clients rather than grow without bound
            self.buckets = {c: b for c, b in self.buckets.items() if now - b[1] < 60}
        return (1 - tokens) / self.rate


def bearer_ok(header: str | None, tokens: list[str]) -> bool:
    """No tokens configured: open. Else the header must carry one of them (compared in constant time)."""
    if not tokens:
        return True
    scheme, _, presented = (header or "").partition(" ")
    if scheme.lower() != "bearer" or not presented:
        return False
    return any(hmac.compare_digest(presented.strip().encode(), t.encode()) for t in tokens)


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
