"""`jirakg mcp`: jirakg's tools for an MCP client that starts it (Claude Desktop, an IDE), over stdio."""

from __future__ import annotations

import asyncio

import click

from jirakg.bots.cli.context import asker_for, settings_from, user_option
from jirakg.bots.cli.jira_access import jira_url as jira_for
from jirakg.bots.mcp.registry import writes_hidden
from jirakg.bots.mcp.stdio import serve_stdio
from jirakg.engine.session import engine_session
from jirakg.errors import JirakgError


@click.command("mcp")
@user_option
@click.pass_context
def mcp(ctx: click.Context, user: str | None) -> None:
    """Serve jirakg's MCP tools over stdin/stdout until the client disconnects."""
    settings = settings_from(ctx)

    async def serve(url: str) -> None:
        async with engine_session(url, settings, people=bool(user)) as engine:
            # An operator's --user that matches nobody stops here, not at the client's first call.
            asker, _ = await engine.services_for(asker_for(user), "cli")
            who = asker.display_name or asker.email or "the service account"
            click.echo(f"jirakg MCP server on stdio, answering as {who}.", err=True)
            await serve_stdio(engine, asker, read_only=writes_hidden(settings))

    try:
        with jira_for(settings) as url:
            asyncio.run(serve(url))
    except JirakgError as exc:
        raise click.ClickException(str(exc)) from exc
