"""Request budgets shared by every replica and worker through Redis (with `store.backend: redis`): the
same token bucket as `limits.RateLimiter`, refilled and spent atomically in one Lua script on Redis's
clock, so N processes give a client one budget, not N. If Redis does not answer in time, this process's
own bucket decides meanwhile: a limit that goes local is better than a request that waits or fails."""

from __future__ import annotations

import logging

from redis.asyncio import Redis
from redis.exceptions import RedisError

from jirakg.bots.web.limits import RateLimiter

log = logging.getLogger("jirakg.web")

# KEYS[1]: the bucket; ARGV: capacity, tokens per second, 1 to spend a token (0 to look only).
# Returns the seconds to wait as a string (Lua numbers become integers on the way out).
BUCKET = """
local capacity, rate, spend = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or capacity
local at = tonumber(held[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then
  if spend == 1 then tokens = tokens - 1 end
else
  wait = (1 - tokens) / rate
end
if spend == 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('EXPIRE', KEYS[1], math.ceil(capacity / rate) + 1)
end
return tostring(wait)
"""


class SharedRateLimiter:
    def __init__(self, redis: Redis, name: str, per_minute: int, namespace: str = "jirakg") -> None:
        self.redis, self.prefix = redis, f"{namespace}:budget:{name}:"
        self.capacity, self.rate = float(per_minute), per_minute / 60.0
        self.local = RateLimiter(per_minute)  # while Redis does not answer
        self.script = redis.register_script(BUCKET)

    async def waiting(self, client: str) -> float:
        return await self._bucket(client, spend=False)

    async def take(self, client: str) -> float:
        return await self._bucket(client, spend=True)

    async def _bucket(self, client: str, *, spend: bool) -> float:
        try:
            wait = await self.script(keys=[self.prefix + client], args=[self.capacity, self.rate, int(spend)])
            return float(wait)
        except (RedisError, OSError) as exc:
            log.warning("shared budget unavailable; this process decides", extra={"fields": {"error": str(exc)}})
            return await (self.local.take(client) if spend else self.local.waiting(client))
