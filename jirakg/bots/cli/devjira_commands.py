"""`jirakg devjira ...`: the Jira-compatible development server."""

from __future__ import annotations

import time
from typing import get_args

import click
from aiohttp import web

from jirakg.devjira.app_state import Deployment, ServerOptions
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.faults import Faults, parse_rate
from jirakg.devjira.oauth import OAuthClient
from jirakg.devjira.server import create_app


@click.group()
def devjira() -> None:
    """A Jira-compatible REST server with a real JQL engine and fault injection."""


@devjira.command("serve")
@click.option("--data", "source", required=True,
              help="A JSONL(.gz) file of Jira REST v2 issue objects, or 'demo'.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=8089, show_default=True)
@click.option("--deployment", type=click.Choice(get_args(Deployment)), default="server", show_default=True)
@click.option("--latency-ms", type=click.FloatRange(min=0), default=0, show_default=True)
@click.option("--jitter-ms", type=click.FloatRange(min=0), default=0, show_default=True)
@click.option("--rate-limit", default=None, help="Requests per second per credential, e.g. 20/s.")
@click.option("--error-rate", type=click.FloatRange(0, 1), default=0, show_default=True,
              help="Share of requests answered with a random 500, 502 or 503.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for jitter and injected errors.")
@click.option("--auth", "auth_spec", default=None, help="basic:USER:TOKEN or bearer:TOKEN; anonymous when absent.")
@click.option("--max-results", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Largest page a server deployment returns (cloud always caps at 100).")
@click.option("--oauth-client", "oauth_specs", multiple=True,
              help="ID:SECRET:REDIRECT_URI of an OAuth 2.0 (3LO) app (cloud only); may be repeated.")
def serve(source: str, host: str, port: int, deployment: Deployment, latency_ms: float, jitter_ms: float,
          rate_limit: str | None, error_rate: float, seed: int, auth_spec: str | None, max_results: int,
          oauth_specs: tuple[str, ...]) -> None:
    """Serve Jira's REST API over SOURCE until interrupted."""
    try:
        auth = AuthSpec.parse(auth_spec) if auth_spec else None
        rate = parse_rate(rate_limit)
        oauth_clients = tuple(OAuthClient.parse(spec) for spec in oauth_specs)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if oauth_clients and deployment != "cloud":
        raise click.BadParameter("OAuth 2.0 (3LO) is Jira Cloud's: add --deployment cloud.",
                                 param_hint="--oauth-client")
    started = time.perf_counter()
    try:
        dataset = load_dataset(source)
    except (FileNotFoundError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Loaded {len(dataset.issues)} issues in {time.perf_counter() - started:.1f}s.")
    options = ServerOptions(deployment=deployment, auth=auth, max_results=max_results, oauth_clients=oauth_clients,
                            faults=Faults(latency_ms, jitter_ms, rate, error_rate, seed))
    click.echo(f"devjira ({deployment}) on http://{host}:{port}/rest/api/2/serverInfo")
    web.run_app(create_app(dataset, options), host=host, port=port, print=None, access_log=None)
