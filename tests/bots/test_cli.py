"""The command line: help everywhere, and `jirakg run` on the embedded defaults."""

from __future__ import annotations

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


def test_run_generates_the_demo_organisation_once(tmp_path: Path) -> None:
    env = {"JIRAKG_DATA_DIR": str(tmp_path)}
    first = CliRunner().invoke(main, ["run"], env=env)
    assert first.exit_code == 0, first.output
    demo = tmp_path / "demo-org.jsonl.gz"
    assert f"at {demo}" in first.output
    assert sum(1 for _ in read_issues(demo)) == 3000
    stamp = demo.stat().st_mtime_ns
    second = CliRunner().invoke(main, ["run"], env=env)
    assert second.exit_code == 0 and "ready at" in second.output
    assert demo.stat().st_mtime_ns == stamp
