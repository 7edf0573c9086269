"""The Jira a command talks to: the configured one, or the demo organisation served in-process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import click

from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.config import Settings


@contextmanager
def jira_url(settings: Settings, today: datetime | None = None) -> Iterator[str]:
    """Yield the Jira base URL; with none configured, serve the demo organisation on localhost, its history
    ending `today` (default: now), so "this week" and "overdue" have data; a given `today` is also the server's now."""
    if settings.jira.url is not None:
        yield str(settings.jira.url).rstrip("/")
        return
    from jirakg.devjira.app_state import ServerOptions
    from jirakg.devjira.dataset import load_dataset  # the demo path is the one place devjira runs in the product
    from jirakg.devjira.demo.generator import generator_fingerprint
    from jirakg.devjira.runner import BackgroundServer
    from jirakg.devjira.server import create_app

    end = (today or datetime.now(UTC)).astimezone(UTC).replace(hour=9, minute=0, second=0, microsecond=0)
    demo = settings.data_dir / f"demo-org-{end:%Y-%m-%d}-{generator_fingerprint()}.jsonl.gz"
    if not demo.exists():
        # one day's organisation replaces another's, and this code's replaces one an older jirakg wrote
        for older in settings.data_dir.glob("demo-org-*"):
            older.unlink()
        write_demo(demo, seed=1, issues=3000, end=end)
    click.echo(f"No Jira configured: using the demo organisation in {demo}.", err=True)
    # A given `today` is the server's clock too: "resolved >= -30d" and "now()" then mean the asker's now
    options = ServerOptions(clock_ms=lambda: int(today.timestamp() * 1000)) if today else None
    with BackgroundServer(create_app(load_dataset(demo), options)) as url:
        yield url
