"""`jirakg run`: the product on its embedded defaults — a chat, on the demo organisation when no
Jira is configured."""

from __future__ import annotations

import click

from jirakg.bots.cli.ask_commands import chat


@click.command()
@click.pass_context
def run(ctx: click.Context) -> None:
    """Start jirakg on the embedded defaults and chat with it."""
    click.echo("jirakg: ask about your Jira issues; 'help' lists questions that answer here.")
    ctx.invoke(chat)
