"""The Jira a command talks to: the configured one, or the demo organisation served in-process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.config import Settings
from jirakg.devjira.demo.generator import DEFAULT_END

DEMO_FILE = "demo-org.jsonl.gz"


@contextmanager
def jira_url(settings: Settings) -> Iterator[str]:
    """Yield the Jira base URL; with none configured, serve the demo organisation on localhost."""
    if settings.jira.url is not None:
        yield str(settings.jira.url).rstrip("/")
        return
    from jirakg.devjira.dataset import load_dataset  # the demo path is the one place devjira runs in the product
    from jirakg.devjira.runner import BackgroundServer
    from jirakg.devjira.server import create_app

    demo = settings.data_dir / DEMO_FILE
    if not demo.exists():
        write_demo(demo, seed=1, issues=3000, end=DEFAULT_END)
    click.echo(f"No Jira configured: using the demo organisation in {demo}.", err=True)
    with BackgroundServer(create_app(load_dataset(demo))) as url:
        yield url
