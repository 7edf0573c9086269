"""`jirakg demo-data ...`: the generated demo organisation."""

from __future__ import annotations

import json
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import click

from jirakg.devjira.demo.generator import MIN_ISSUES, generate
from jirakg.devjira.demo.metadata import metadata_path, organisation_metadata
from jirakg.devjira.jsonl import write_issues


@click.group("demo-data")
def demo_data() -> None:
    """Generate the demo Jira organisation."""


@demo_data.command("generate")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed; same seed, same bytes.")
@click.option("--issues", type=click.IntRange(min=MIN_ISSUES), default=3000, show_default=True,
              help="Number of issues.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), required=True,
              help="Output JSONL file (gzip when it ends in .gz); metadata goes to <name>.meta.json.")
@click.option("--end-date", type=click.DateTime(["%Y-%m-%d"]), default=lambda: datetime.now(UTC).strftime("%Y-%m-%d"),
              show_default="today", help="The organisation's 'today': history ends here.")
def generate_command(seed: int, issues: int, out: Path, end_date: datetime) -> None:
    """Write a deterministic demo organisation as Jira REST v2 issue objects."""
    started = time.perf_counter()
    count, types = write_demo(out, seed, issues, end_date.replace(hour=9, tzinfo=UTC))
    elapsed = time.perf_counter() - started
    summary = ", ".join(f"{n} {t}" for t, n in types.most_common())
    click.echo(f"Wrote {count} issues to {out} in {elapsed:.1f}s ({summary}).")
    click.echo(f"Metadata (fields, link types, users, sprints, versions): {metadata_path(out)}")


def write_demo(out: Path, seed: int, issues: int, end: datetime) -> tuple[int, Counter]:
    org, stream = generate(seed, issues, end)
    types: Counter = Counter()

    def counted():
        for issue in stream:
            types[issue["fields"]["issuetype"]["name"]] += 1
            yield issue

    count = write_issues(out, counted())
    metadata_path(out).write_text(json.dumps(organisation_metadata(org), indent=1), encoding="utf-8")
    return count, types
