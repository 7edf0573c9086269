"""Settings for a command, with configuration errors shown as one sentence."""

from __future__ import annotations

import click

from jirakg.config import ConfigError, Settings, load_settings


def settings_from(ctx: click.Context) -> Settings:
    try:
        return load_settings(ctx.find_root().obj.get("config_file"))
    except ConfigError as exc:
        raise click.ClickException(f"Configuration error: {exc}") from None
