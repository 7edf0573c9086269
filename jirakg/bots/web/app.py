"""One aiohttp application for everything `jirakg serve` offers; each part can be switched off."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from importlib import resources

from aiohttp import web

from jirakg.bots.mcp.http import add_mcp_route
from jirakg.bots.web import api, health, keys
from jirakg.bots.web.connections import BUSY, mark_busy
from jirakg.bots.web.guard import REFUSALS_PER_MINUTE, address_of, guard
from jirakg.bots.web.jira_routes import add_jira_routes
from jirakg.bots.web.limits import RateLimiter, identity_of_token
from jirakg.bots.web.loop_watchdog import LoopWatchdog
from jirakg.bots.web.metrics import Metrics
from jirakg.bots.web.origin import checked_origin
from jirakg.bots.web.sign_in_routes import add_sign_in_routes
from jirakg.config import Settings
from jirakg.engine.engine import Engine

log = logging.getLogger("jirakg.web")
STATIC = resources.files("jirakg.bots.web") / "static"
STATIC_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}


def build_app(engine_session: Callable[[], AbstractAsyncContextManager[Engine]], settings: Settings, *,
              web_chat: bool = True, rest_api: bool = True, slack=None, jira_routes: bool = True,
              forge=None, mcp: bool = True) -> web.Application:
    """`engine_session` opens the engine on the serving event loop (its connections belong there) and
    closes it at shutdown; `slack`: a SlackBot or None (its endpoints then answer 404), served on
    /slack/* in HTTP mode or connected out in Socket Mode once the engine is open; `forge`: a
    FitVerifier or None; `mcp`: serve MCP's streamable HTTP at /mcp."""
    app = web.Application(client_max_size=settings.web.max_request_bytes,
                          middlewares=[mark_busy, observe, checked_origin(settings), guard])
    app[keys.SETTINGS], app[keys.METRICS], app[BUSY] = settings, Metrics(), set()

    async def engine_context(app: web.Application):
        async with engine_session() as engine:
            app[keys.ENGINE] = engine
            socket_mode = None
            if slack is not None:
                slack.engine = engine
                if slack.settings.mode == "socket":
                    socket_mode = asyncio.create_task(slack.socket_mode())
            yield
            if socket_mode is not None:
                socket_mode.cancel()
                await asyncio.gather(socket_mode, return_exceptions=True)

    async def loop_watchdog(app: web.Application):
        # Started once the engine is open: opening it may block the loop, which is not a stall.
        watchdog = LoopWatchdog(asyncio.get_running_loop(), settings.web.max_loop_lag_s)
        app[keys.WATCHDOG] = watchdog
        watchdog.start()
        yield
        await asyncio.to_thread(watchdog.stop)

    app.cleanup_ctx.append(engine_context)
    app.cleanup_ctx.append(loop_watchdog)
    if settings.store.backend == "redis":
        app.cleanup_ctx.append(shared_budgets)
    else:
        app[keys.LIMITER] = RateLimiter(settings.web.rate_limit_per_minute)
        app[keys.REFUSALS] = RateLimiter(REFUSALS_PER_MINUTE)
    app[keys.TOKENS] = [t.token.get_secret_value() for t in settings.web.api_tokens]
    app[keys.TOKEN_USERS] = {identity_of_token(t.token.get_secret_value()): t.user for t in settings.web.api_tokens}
    app.router.add_get("/healthz", health.healthz)
    app.router.add_get("/readyz", health.readyz)
    app.router.add_get("/metrics", metrics)
    if rest_api or web_chat:
        app.router.add_post("/api/v1/ask", api.ask)
        app.router.add_post("/api/v1/feedback", api.feedback)
        app.router.add_post("/api/v1/actions/{action_id}/{verb:confirm|cancel}", api.action)
        app.router.add_get("/api/v1/conversations/{conversation_id}", api.conversation)
        app.router.add_get("/api/v1/examples", api.examples)
        app.router.add_get("/api/v1/openapi.json", openapi)
    if mcp:
        add_mcp_route(app)  # after the engine's context: the MCP tools call the open engine
    if web_chat:
        app.router.add_get("/", chat_page)
        app.router.add_get("/static/{name}", static)
        if settings.jira.permissions == "user-token":
            add_sign_in_routes(app)
    if jira_routes:
        add_jira_routes(app, forge)
    if slack is not None and slack.settings.mode == "http":
        slack.add_routes(app)
    else:
        reason = "Slack runs in Socket Mode here." if slack is not None else "Slack is not configured."

        async def slack_off(request: web.Request) -> web.Response:
            return api.error(404, reason)
        app.router.add_route("*", "/slack/{path:.*}", slack_off)
    return app


async def shared_budgets(app: web.Application):
    """Budgets kept in the graph store's Redis, so every replica and worker spends from the same ones."""
    from redis.asyncio import Redis  # the redis extra: only with store.backend redis

    from jirakg.bots.web.shared_limits import SharedRateLimiter
    store = app[keys.SETTINGS].store
    redis = Redis.from_url(str(store.redis_url), decode_responses=True, socket_timeout=store.timeout_s,
                           socket_connect_timeout=store.timeout_s)
    app[keys.LIMITER] = SharedRateLimiter(redis, "requests", app[keys.SETTINGS].web.rate_limit_per_minute)
    app[keys.REFUSALS] = SharedRateLimiter(redis, "refusals", REFUSALS_PER_MINUTE)
    yield
    await redis.aclose()


@web.middleware
async def observe(request: web.Request, handler) -> web.StreamResponse:
    """One JSON log line and one metric per request; an unexpected failure is a sentence, not a trace."""
    started = time.perf_counter()
    try:
        response = await handler(request)
    except web.HTTPRequestEntityTooLarge:
        limit = request.app[keys.SETTINGS].web.max_request_bytes
        response = api.error(413, f"The request is larger than {limit} bytes.")
    except web.HTTPException as exc:  # aiohttp's own answers (404, 405): counted, then passed on
        _observed(request, exc.status, started)
        raise
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("request failed", extra={"fields": {"path": request.path}})
        response = api.error(500, "Something went wrong answering that; it has been logged.")
    _observed(request, response.status, started)
    return response


def _observed(request: web.Request, status: int, started: float) -> None:
    route = request.match_info.route.resource.canonical if request.match_info.route.resource else "unmatched"
    request.app[keys.METRICS].request(route, status)
    log.info("request", extra={"fields": {"method": request.method, "route": route, "status": status,
                                          "ms": round((time.perf_counter() - started) * 1000, 1),
                                          "client": address_of(request)}})


async def metrics(request: web.Request) -> web.Response:
    # Off the event loop: under --workers the text is read from every worker's files in the multiprocess dir.
    text = await asyncio.to_thread(request.app[keys.METRICS].render)
    return web.Response(text=text, content_type="text/plain", charset="utf-8",
                        headers={"X-Content-Type-Options": "nosniff"})


async def openapi(request: web.Request) -> web.Response:
    return web.json_response(api.openapi())


async def chat_page(request: web.Request) -> web.Response:
    return _static_file("chat.html")


async def static(request: web.Request) -> web.Response:
    return _static_file(request.match_info["name"])


def _static_file(name: str) -> web.Response:
    kind = next((t for suffix, t in STATIC_TYPES.items() if name.endswith(suffix)), None)
    path = STATIC / name
    if kind is None or "/" in name or not path.is_file():
        return api.error(404, f"There is no page {name}.")
    # The page and its assets come from this process only: no CDN, no inline script.
    return web.Response(body=path.read_bytes(), content_type=kind, charset="utf-8", headers={
        "Content-Security-Policy": "default-src 'self'; frame-ancestors 'self' https://*.atlassian.net",
        "Cache-Control": "no-cache"})
