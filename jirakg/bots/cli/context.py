"""Settings for a command, with configuration errors shown as one sentence."""

from __future__ import annotations

from datetime import datetime

import click

from jirakg.config import ConfigError, Settings, load_settings
from jirakg.engine.turn import OPERATOR, Asker


def settings_from(ctx: click.Context) -> Settings:
    try:
        return load_settings(ctx.find_root().obj.get("config_file"))
    except ConfigError as exc:
        raise click.ClickException(f"Configuration error: {exc}") from None


now_option = click.option("--now", "now_text", default=None,
                          help="The moment 'today', ages and relative dates count from (ISO; default: now).")


user_option = click.option("--user", "user", default=None, metavar="EMAIL",
                           help="Answer as this person: only what their Jira account may browse (default: as the "
                           "service account).")


def asker_for(user: str | None) -> Asker:
    """The CLI is the operator's tool: without --user it answers as the service account."""
    return Asker(email=user, surface_user_id=user) if user else OPERATOR


def moment(now_text: str | None) -> datetime | None:
    if now_text is None:
        return None
    try:
        parsed = datetime.fromisoformat(now_text)
    except ValueError:
        raise click.ClickException(
            f"--now {now_text!r} is not an ISO date or time, such as 2026-11-01T12:00:00+00:00.") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=datetime.now().astimezone().tzinfo)


def with_jira(settings: Settings, url: str | None, token: str | None) -> Settings:
    """`settings` talking to the Jira at `url` (and `token`), when given."""
    if not url and not token:
        return settings
    changes: dict = {}
    if url:
        changes["url"] = url
    if token:
        changes["token"] = token
        changes["auth"] = "basic" if settings.jira.email else "bearer"
    return settings.model_copy(update={"jira": settings.jira.model_copy(update=changes)})
