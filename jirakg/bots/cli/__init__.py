"""The `jirakg` command line."""

from __future__ import annotations

from pathlib import Path

import click

from jirakg import __version__
from jirakg.bots.cli.ask_commands import ask, chat
from jirakg.bots.cli.config_commands import config
from jirakg.bots.cli.demo_data_commands import demo_data
from jirakg.bots.cli.devjira_commands import devjira
from jirakg.bots.cli.eval_commands import eval_group
from jirakg.bots.cli.feedback_commands import feedback_group
from jirakg.bots.cli.mcp_command import mcp
from jirakg.bots.cli.run_command import run
from jirakg.bots.cli.serve_command import serve
from jirakg.bots.cli.sync_command import sync_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--config", "config_file", type=click.Path(path_type=Path), default=None,
              help="YAML configuration file (default: $JIRAKG_CONFIG).")
@click.version_option(__version__, prog_name="jirakg")
@click.pass_context
def main(ctx: click.Context, config_file: Path | None) -> None:
    """Grounded answers about Jira issue graphs and knowledge graphs."""
    ctx.obj = {"config_file": config_file}


main.add_command(ask)
main.add_command(chat)
main.add_command(config)
main.add_command(demo_data)
main.add_command(devjira)
main.add_command(eval_group)
main.add_command(feedback_group)
main.add_command(mcp)
main.add_command(run)
main.add_command(serve)
main.add_command(sync_command)
