"""`jirakg serve`: the web chat, REST API, MCP, Slack endpoints, Jira webhook and panel in one process,
on the embedded defaults when nothing is configured; SIGINT/SIGTERM finish in-flight requests."""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import multiprocessing
import os
import shutil
import signal
import socket
import tempfile

import click
from aiohttp import web

from jirakg.bots.cli.context import settings_from
from jirakg.bots.cli.jira_access import jira_url as jira_for
from jirakg.bots.web import logs
from jirakg.bots.web.app import build_app
from jirakg.bots.web.connections import BUSY, IDLE_TIMEOUT_S, ConnectionCap, connection_limit
from jirakg.bots.web.forge_token import FitVerifier
from jirakg.bots.web.metrics import MULTIPROCESS_DIR
from jirakg.config import Settings
from jirakg.connectors.jira import JiraError
from jirakg.engine.session import engine_session
from jirakg.feedback import FeedbackStoreError
from jirakg.llm import LlmConfigError

SHUTDOWN_GRACE_S = 10
PORTS_TRIED = 20  # how far above a busy port a free one is looked for, to suggest it


class PortInUse(click.ClickException):
    def __init__(self, host: str, port: int) -> None:
        spare = next((p for p in range(port + 1, port + 1 + PORTS_TRIED) if _bind_problem(host, p) is None), None)
        hint = f"jirakg serve --port {spare}" if spare else "jirakg serve --port <another port>"
        super().__init__(f"Port {port} on {host} is already in use (another jirakg?); stop that process or start "
                         f"this one with `{hint}`.")


@click.command()
@click.option("--host", default=None, help="Address to listen on (default: web.host).")
@click.option("--port", type=int, default=None, help="Port to listen on (default: web.port).")
@click.option("--no-web", is_flag=True, help="Do not serve the chat page.")
@click.option("--no-api", is_flag=True, help="Do not serve the REST API (the chat page still needs it).")
@click.option("--no-slack", is_flag=True, help="Do not serve Slack, even when configured.")
@click.option("--no-jira", is_flag=True, help="Do not serve the Jira webhook and panel endpoints.")
@click.option("--no-mcp", is_flag=True, help="Do not serve MCP (streamable HTTP) at /mcp.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes sharing the port (SO_REUSEPORT); share caches through the SQLite or Redis store.")
@click.pass_context
def serve(ctx: click.Context, host: str | None, port: int | None, no_web: bool, no_api: bool, no_slack: bool,
          no_jira: bool, no_mcp: bool, workers: int) -> None:
    """Serve jirakg over HTTP until interrupted."""
    settings = settings_from(ctx)
    logs.configure()
    if settings.jira.webhook_unsigned and not no_jira:
        click.echo("Warning: jira.webhook_secret is 'none': anyone who can reach /jira/webhook can empty the "
                   "cache and make jirakg fetch from Jira again.", err=True)
    host, port = host or settings.web.host, port or settings.web.port
    if workers == 1 and _bind_problem(host, port) == errno.EADDRINUSE:  # said now, not after the demo has started
        raise PortInUse(host, port)
    if not settings.web.api_tokens and not ipaddress.ip_address(_resolved(host)).is_loopback:
        click.echo(f"Warning: web.api_tokens is empty and {host} is reachable from other machines: everyone who "
                   "reaches the web chat or REST API is answered as the service account.", err=True)
    parts = {"web_chat": not no_web, "rest_api": not no_api, "slack": settings.slack.enabled and not no_slack,
             "jira_routes": not no_jira, "mcp": not no_mcp}
    try:
        with jira_for(settings) as url:
            if workers == 1:
                asyncio.run(_serve(settings, url, host, port, **parts))
            else:
                _fork(workers, settings, url, host, port, parts)
    except (JiraError, FeedbackStoreError, LlmConfigError, OSError) as exc:
        raise click.ClickException(str(exc)) from None


def _bind_problem(host: str, port: int) -> int | None:
    """The errno binding (host, port) fails with, None when it is free; bound the way aiohttp binds it."""
    try:
        with socket.create_server((host, port), reuse_port=False) as probe:
            probe.close()
    except OSError as exc:
        return exc.errno
    return None


def _resolved(host: str) -> str:
    try:
        return socket.gethostbyname(host)
    except OSError:
        return "0.0.0.0"  # unknown: warn rather than assume it is private


def _fork(workers: int, settings: Settings, url: str, host: str, port: int, parts: dict) -> None:
    """Worker processes on one port; SIGINT/SIGTERM reach each, which finishes its requests and exits.
    The workers write their metrics to one fresh directory, so each one's /metrics counts them all."""
    if os.environ.get(MULTIPROCESS_DIR):  # the operator's own (they clear it between runs)
        _run_workers(workers, settings, url, host, port, parts)
        return
    os.environ[MULTIPROCESS_DIR] = tempfile.mkdtemp(prefix="jirakg-metrics-")  # inherited by the workers
    try:
        _run_workers(workers, settings, url, host, port, parts)
    finally:
        shutil.rmtree(os.environ.pop(MULTIPROCESS_DIR), ignore_errors=True)


def _run_workers(workers: int, settings: Settings, url: str, host: str, port: int, parts: dict) -> None:
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no event loop or socket inherited
    processes = [context.Process(target=_worker, args=(settings, url, host, port, parts), daemon=True)
                 for _ in range(workers)]
    for process in processes:
        process.start()
    def stop_workers(*_: object) -> None:
        for process in processes:
            process.terminate()

    signal.signal(signal.SIGTERM, stop_workers)
    try:
        for process in processes:
            process.join()
    except KeyboardInterrupt:
        for process in processes:
            process.join(SHUTDOWN_GRACE_S + 5)


def _worker(settings: Settings, url: str, host: str, port: int, parts: dict) -> None:
    logs.configure()
    asyncio.run(_serve(settings, url, host, port, reuse_port=True, **parts))


async def _serve(settings: Settings, jira: str, host: str, port: int, *, web_chat: bool, rest_api: bool, slack: bool,
                 jira_routes: bool, mcp: bool = True, reuse_port: bool = False) -> None:
    bot = None
    if slack:
        from jirakg.bots.slack import SlackBot  # slow to import; only when Slack is configured
        bot = SlackBot(None, settings.slack)
    app_id = settings.forge.app_id
    forge = FitVerifier(app_id, str(settings.forge.jwks_url)) if app_id is not None else None
    # The address actually served (--host, --port), for the parts that check the Host header against it.
    settings = settings.model_copy(update={"web": settings.web.model_copy(update={"host": host, "port": port})})
    app = build_app(lambda: engine_session(jira, settings), settings, web_chat=web_chat, rest_api=rest_api,
                    slack=bot, jira_routes=jira_routes, forge=forge, mcp=mcp)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_GRACE_S, keepalive_timeout=IDLE_TIMEOUT_S)
    await runner.setup()
    assert runner.server is not None  # made by setup()
    loop = asyncio.get_running_loop()
    cap = ConnectionCap(runner.server, app[BUSY], connection_limit(settings.web.max_connections))
    try:
        listening = await loop.create_server(cap, host, port, reuse_port=reuse_port or None)
    except OSError as exc:
        await runner.cleanup()  # the engine is open: close it here, not in asyncio.run's finaliser
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(host, port) from None
        raise
    click.echo(f"jirakg is serving on http://{host}:{port}/ (Ctrl-C to stop)", err=True)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        listening.close()  # accept nothing more; the runner then finishes the requests in flight
        await runner.cleanup()
