"""Streamable HTTP at /mcp inside `jirakg serve`'s aiohttp application: the SDK's session manager (an
ASGI application) is handed each request the REST API's guard let through, with the person the guard
verified, in the same process and on the same port as everything else.

The manager runs stateless with JSON responses: every request stands alone, so replicas and `--workers`
processes need share nothing but what the engine already shares (a conversation continues through its
conversation_id), and no session outlives its request."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, MutableMapping
from typing import Any

from aiohttp import web
from mcp.server.context import ServerRequestContext
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from multidict import CIMultiDict

from jirakg.bots.mcp.registry import writes_hidden
from jirakg.bots.mcp.server import mcp_server
from jirakg.bots.web import api, keys
from jirakg.bots.web.json_body import BadBody, read_body
from jirakg.engine.turn import Asker

PATH = "/mcp"
ASKER_SCOPE = "jirakg.asker"  # the ASGI scope key that carries the verified asker to the tools
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"]
MANAGER: web.AppKey[StreamableHTTPSessionManager] = web.AppKey("mcp_manager")


def add_mcp_route(app: web.Application) -> None:
    """Serve MCP at /mcp once the engine is open (register after the engine's cleanup context)."""
    settings = app[keys.SETTINGS]
    server = mcp_server(lambda: app[keys.ENGINE], _asker_of, read_only=writes_hidden(settings))
    app[MANAGER] = StreamableHTTPSessionManager(server, json_response=True, stateless=True,
                                                security_settings=_rebinding_guard(settings.web.host))
    app.cleanup_ctx.append(_running)
    # Stateless: no stream to open with GET and no session to end with DELETE, so aiohttp answers them 405.
    app.router.add_post(PATH, _handle)


async def _running(app: web.Application) -> AsyncIterator[None]:
    # The manager's task group must be entered and left by one task; aiohttp may start and clean up the
    # application from different ones, so the manager lives in a task of its own.
    started, stop = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with app[MANAGER].run():
            started.set()
            await stop.wait()

    holder = asyncio.create_task(hold())
    await asyncio.wait({holder, asyncio.create_task(started.wait())}, return_when=asyncio.FIRST_COMPLETED)
    if holder.done():
        holder.result()  # the manager failed to start: say so at start-up
    yield
    stop.set()
    await holder


def _rebinding_guard(host: str) -> TransportSecuritySettings | None:
    """Listening on loopback only, a request naming another host or coming from another site's page is a
    DNS-rebinding attack (MCP requires the check): the SDK refuses it. Elsewhere the tokens decide."""
    if host not in LOOPBACK:
        return None
    return TransportSecuritySettings(allowed_hosts=[f"{name}:*" for name in LOOPBACK_NAMES],
                                     allowed_origins=[f"http://{name}:*" for name in LOOPBACK_NAMES])


def _asker_of(ctx: ServerRequestContext[Any, Any]) -> Asker:
    scope = ctx.request.scope if ctx.request is not None else {}
    return scope[ASKER_SCOPE]


async def _handle(request: web.Request) -> web.StreamResponse:
    try:
        body = await read_body(request)
    except BadBody as exc:
        return api.error(400, str(exc))
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": request.method,
        "scheme": request.scheme, "path": request.path, "raw_path": request.raw_path.encode(), "root_path": "",
        "query_string": request.query_string.encode(), "client": (request.remote or "", 0),
        "headers": [(name.lower(), value) for name, value in request.raw_headers], "state": {},
        ASKER_SCOPE: request[api.ASKER],
    }
    done = asyncio.Event()
    delivered = False

    async def receive() -> dict:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        await done.wait()  # nothing more arrives: the client is gone once the answer is written
        return {"type": "http.disconnect"}

    started: MutableMapping[str, Any] | None = None
    chunks: list[bytes] = []
    streamed: web.StreamResponse | None = None

    async def send(message: MutableMapping[str, Any]) -> None:
        nonlocal started, streamed
        if message["type"] == "http.response.start":
            started = message
        elif message["type"] == "http.response.body" and started is not None:
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
            if more or streamed is not None:  # a stream (server-sent events): written as it comes
                if streamed is None:
                    streamed = web.StreamResponse(status=started["status"], headers=_headers(started))
                    await streamed.prepare(request)
                await streamed.write(b"".join(chunks))
                chunks.clear()
                if not more:
                    await streamed.write_eof()

    try:
        await request.app[MANAGER].handle_request(scope, receive, send)
    finally:
        done.set()
    if streamed is not None:
        return streamed
    if started is None:
        return api.error(500, "The MCP server gave no answer; it has been logged.")
    # A whole answer goes out as one response, headers and body together: written in two parts, a client
    # with delayed acknowledgements waits 40 ms for the second.
    return web.Response(status=started["status"], body=b"".join(chunks), headers=_headers(started))


def _headers(started: MutableMapping[str, Any]) -> CIMultiDict[str]:
    """The ASGI answer's headers, less the length aiohttp sets itself."""
    return CIMultiDict((name.decode("latin-1"), value.decode("latin-1")) for name, value in started["headers"]
                       if name.lower() != b"content-length")
