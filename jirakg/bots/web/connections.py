"""The server's connections within bounds. aiohttp's keep-alive timer, armed when a connection opens
and after each response, closes a connection that has not delivered a whole request within
IDLE_TIMEOUT_S (idle keep-alive, never-sending and slowly-sending clients alike). ConnectionCap keeps
the number open under the process's descriptor limit: the oldest idle connection makes room for a new
one, so idle sockets cannot lock out /healthz; when every connection is busy a new one is closed."""

from __future__ import annotations

import asyncio
import resource

from aiohttp import web

IDLE_TIMEOUT_S = 5.0
RESERVED_DESCRIPTORS = 64  # for the stores, Jira, the knowledge graph, logs and the listening socket
BUSY: web.AppKey[set[asyncio.BaseTransport]] = web.AppKey("busy", set)


def connection_limit(configured: int) -> int:
    """`configured`, lowered to fit under the soft descriptor limit."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return configured
    return max(8, min(configured, soft - RESERVED_DESCRIPTORS))


@web.middleware
async def mark_busy(request: web.Request, handler) -> web.StreamResponse:
    """A connection running a request is not idle: it is never closed to make room."""
    busy, transport = request.app[BUSY], request.transport
    if transport is None:
        return await handler(request)
    busy.add(transport)
    try:
        return await handler(request)
    finally:
        busy.discard(transport)


class ConnectionCap:
    """A protocol factory over aiohttp's server, for `loop.create_server`."""

    def __init__(self, server: web.Server, busy: set[asyncio.BaseTransport], limit: int) -> None:
        self.server = server
        self.busy = busy
        self.limit = limit

    def __call__(self) -> asyncio.Protocol:
        open_now = self.server.connections  # oldest first
        if len(open_now) >= self.limit:
            idle = next((h for h in open_now if h.transport is not None and h.transport not in self.busy), None)
            if idle is None:
                return _Refused()
            idle.force_close()
        return self.server()


class _Refused(asyncio.Protocol):
    """Every connection is busy: this one is closed at once rather than queued without bound."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()
