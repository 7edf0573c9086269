"""The command line: help everywhere, and `jirakg run` on the embedded defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.devjira.jsonl import read_issues
from tests.conftest import free_port


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


def test_run_generates_the_demo_organisation_and_serves_it(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "JIRAKG_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-m", "jirakg", "run", "--port", str(port)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        reply = None
        for _ in range(300):
            reply = call_quietly(f"http://127.0.0.1:{port}/rest/api/2/search?jql=project%3DPROJ&maxResults=1")
            if reply is not None or process.poll() is not None:
                break
            time.sleep(0.1)
        assert reply is not None, process.stdout.read() if process.poll() is not None else "server never answered"
        assert reply["total"] > 0 and reply["issues"][0]["key"].startswith("PROJ-")
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    demo = tmp_path / "demo-org.jsonl.gz"
    assert f"Generated the demo organisation (3000 issues) at {demo}" in output
    assert sum(1 for _ in read_issues(demo)) == 3000


def call_quietly(url: str) -> dict | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return json.loads(response.read())
    except OSError:
        return None
