"""`jirakg run`: start the product on its embedded defaults."""

from __future__ import annotations

import click
from aiohttp import web

from jirakg.bots.cli.context import settings_from
from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.demo.generator import DEFAULT_END
from jirakg.devjira.server import create_app


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(1, 65535), default=8089, show_default=True)
@click.pass_context
def run(ctx: click.Context, host: str, port: int) -> None:
    """Generate the demo organisation once (in the data directory) and serve it as a Jira REST API."""
    settings = settings_from(ctx)
    demo = settings.data_dir / "demo-org.jsonl.gz"
    if demo.exists():
        click.echo(f"Demo organisation ready at {demo}")
    else:
        count, _ = write_demo(demo, seed=1, issues=3000, end=DEFAULT_END)
        click.echo(f"Generated the demo organisation ({count} issues) at {demo}")
    dataset = load_dataset(demo)
    base = f"http://{host}:{port}"
    click.echo(f"Jira REST API for the demo organisation: {base}/rest/api/2/serverInfo")
    click.echo(f"Try: curl '{base}/rest/api/2/search?jql=project%3DPROJ%20AND%20status%3DBlocked&fields=summary'")
    web.run_app(create_app(dataset), host=host, port=port, print=None, access_log=None)
