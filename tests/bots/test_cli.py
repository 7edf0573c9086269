"""The command line: help everywhere, and `jirakg run` on the embedded defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.devjira.jsonl import read_issues


def all_commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix]
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += all_commands(command, prefix + (name,))
        else:
            found.append(prefix + (name,))
    return found


@pytest.mark.parametrize("path", all_commands(main), ids=" ".join)
def test_every_command_has_help(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0
    assert "Usage: " in result.output and "--help" in result.output


def test_run_chats_on_the_demo_organisation(tmp_path: Path) -> None:
    env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "g.sqlite3")}
    result = CliRunner().invoke(main, ["run"], env=env, input="who owns PROJ-1?\n/quit\n")
    assert result.exit_code == 0, result.output
    demo = tmp_path / "demo-org.jsonl.gz"
    issues = {i["key"]: i for i in read_issues(demo)}
    assert len(issues) == 3000
    owner = issues["PROJ-1"]["fields"]["assignee"]
    assert (owner["displayName"] if owner else "not set") in result.output
    assert "PROJ-1 (" in result.output


def test_make_run_works_without_a_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "g.sqlite3")}
    finished = subprocess.run([sys.executable, "-m", "jirakg", "run"], env=env, input="help\n", text=True,
                              capture_output=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert "I answer questions about Jira issues" in finished.stdout
