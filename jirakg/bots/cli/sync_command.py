"""`jirakg sync`: load the issue graph into the store and keep it fresh."""

from __future__ import annotations

import asyncio
import sys

import click

from jirakg.bots.cli.context import settings_from
from jirakg.bots.cli.jira_access import jira_url
from jirakg.connectors.jira import JiraError
from jirakg.connectors.jira.factory import connector_for
from jirakg.graph import GraphManager, open_store
from jirakg.graph.sync import SyncProgress, sync
from jirakg.jql import JqlSyntaxError

BAR = 30


@click.command("sync")
@click.option("--jql", default="", help="Which issues to keep (default: every issue).")
@click.option("--fields", default="", help="Extra fields to store, comma-separated (ids or names).")
@click.pass_context
def sync_command(ctx: click.Context, jql: str, fields: str) -> None:
    """Full load on first run, then only what changed since; an interrupted run resumes."""
    settings = settings_from(ctx)
    wanted = [f.strip() for f in fields.split(",") if f.strip()]
    try:
        with jira_url(settings) as url:
            report = asyncio.run(_run(url, settings, jql, wanted))
    except KeyboardInterrupt:
        raise click.ClickException("Interrupted; run `jirakg sync` again to resume from the last checkpoint.") from None
    except (JiraError, JqlSyntaxError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"\n{report.mode.capitalize()} sync: {report.issues} issues in {report.seconds:.1f}s ({report.jql}).")


async def _run(url: str, settings, jql: str, fields: list[str]):
    connector = connector_for(url, settings.jira)
    store = open_store(settings.store)
    try:
        manager = GraphManager(connector, store, base_url=url, ttl_s=settings.store.cache_ttl_s)
        return await sync(manager, jql, fields, progress=_draw)
    finally:
        await connector.http.close()
        await store.close()


def _draw(progress: SyncProgress) -> None:
    share = progress.done / progress.expected if progress.expected else 1.0
    filled = int(share * BAR)
    eta = f"{progress.eta_s:.0f}s" if progress.eta_s is not None else "?"
    sys.stderr.write(f"\r[{'#' * filled}{'-' * (BAR - filled)}] {progress.done}/{progress.expected} issues "
                     f"{share:4.0%}  {progress.rate:,.0f}/s  ETA {eta}   ")
    sys.stderr.flush()
