"""`jirakg feedback export|stats`: what people thought of the answers."""

from __future__ import annotations

import asyncio
import csv
import json
import sys
from datetime import UTC, datetime

import click

from jirakg.bots.cli.context import settings_from
from jirakg.feedback import FeedbackStoreError, open_feedback_store


@click.group("feedback")
def feedback_group() -> None:
    """Export or summarise the answers given and the feedback on them."""


async def _with_store(ctx: click.Context, work):
    try:
        store = open_feedback_store(settings_from(ctx).feedback)
    except FeedbackStoreError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        return await work(store)
    finally:
        await store.close()


@feedback_group.command("export")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl"]), default="jsonl", show_default=True)
@click.option("--since", type=click.DateTime(["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S"]), default=None,
              help="Only turns asked at or after this date (UTC), such as 2026-11-01.")
@click.pass_context
def export(ctx: click.Context, fmt: str, since: datetime | None) -> None:
    """One row per feedback given (or per answered turn without feedback), oldest first."""
    since = since.replace(tzinfo=UTC) if since else None
    rows = asyncio.run(_with_store(ctx, lambda store: store.export(since)))
    if fmt == "jsonl":
        for row in rows:
            click.echo(json.dumps(row, ensure_ascii=False))
        return
    writer = csv.writer(sys.stdout)
    names = ["turn_id", "conversation_id", "asked_at", "channel", "user", "question", "intents", "answer", "parser",
             "answerer", "rating", "comment", "rated_by", "rated_in", "rated_at"]
    writer.writerow(names)
    for row in rows:
        writer.writerow([";".join(row[n]) if n == "intents" else row[n] for n in names])


@feedback_group.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
@click.pass_context
def stats(ctx: click.Context, as_json: bool) -> None:
    """Approval rate per intent and the most disliked answers."""
    figures = asyncio.run(_with_store(ctx, lambda store: store.stats()))
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False))
        return
    click.echo("intent               turns   up  down  approval")
    for name, c in figures["intents"].items():
        approval = "-" if c["approval"] is None else f"{c['approval']:.0%}"
        click.echo(f"{name:<20} {c['turns']:>5} {c['up']:>4} {c['down']:>5}  {approval:>8}")
    if figures["most_disliked"]:
        click.echo("\nmost disliked:")
        for entry in figures["most_disliked"]:
            comments = f" — {'; '.join(entry['comments'])}" if entry["comments"] else ""
            click.echo(f"  {entry['down']}× {entry['question']!r}{comments}")
