"""`jirakg run`: start the product on its embedded defaults."""

from __future__ import annotations

import click

from jirakg.bots.cli.context import settings_from
from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.devjira.demo.generator import DEFAULT_END


@click.command()
@click.pass_context
def run(ctx: click.Context) -> None:
    """Prepare the demo organisation in the data directory and report where it is."""
    settings = settings_from(ctx)
    out = settings.data_dir / "demo-org.jsonl.gz"
    if out.exists():
        click.echo(f"Demo organisation ready at {out}")
        return
    count, _ = write_demo(out, seed=1, issues=3000, end=DEFAULT_END)
    click.echo(f"Generated the demo organisation ({count} issues) at {out}")
