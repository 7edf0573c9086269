"""`jirakg config ...`: inspect the effective configuration."""

from __future__ import annotations

import click
import yaml

from jirakg.bots.cli.context import settings_from
from jirakg.config import masked


@click.group()
def config() -> None:
    """Inspect the configuration."""


@config.command("show")
@click.pass_context
def show(ctx: click.Context) -> None:
    """Print the effective configuration (environment over file over defaults), secrets masked."""
    click.echo(yaml.safe_dump(masked(settings_from(ctx)), sort_keys=False), nl=False)
