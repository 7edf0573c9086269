"""A newcomer's first run: a busy port is one sentence suggesting --port, never a traceback; the demo Jira
shows what "view all in Jira" links to."""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.error
import urllib.parse
import urllib.request

import click
import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.bots.cli.serve_command import _serve
from jirakg.config import Settings
from tests.bots.web_env import DATASET
from tests.jira_env import devjira


def test_a_busy_port_is_one_sentence_before_anything_starts(tmp_path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port)], env={"JIRAKG_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"Port {port} on 127.0.0.1 is already in use" in lines[0], result.output
    assert "jirakg serve --port " in lines[0] and "Traceback" not in result.output
    assert not list(tmp_path.glob("demo-org-*"))  # said before the demo organisation was generated


def test_a_port_taken_while_starting_closes_the_engine_and_says_so(tmp_path, capfd) -> None:
    settings = Settings(jira={"url": "http://127.0.0.1:1", "auth": "anonymous"}, store={"backend": "memory"},
                        feedback={"sqlite_path": tmp_path / "feedback.sqlite3"})
    with devjira(DATASET) as jira, socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(click.ClickException, match=rf"Port {port} .* `jirakg serve --port \d+`"):
            asyncio.run(_serve(settings, jira, "127.0.0.1", port, web_chat=True, rest_api=True, slack=False,
                               jira_routes=True))
    assert "Traceback" not in capfd.readouterr().err  # the engine was closed, not left to the finaliser


def test_the_demo_jira_shows_what_view_all_links_to() -> None:
    """"View all N in Jira" leads to devjira's issue navigator when the demo serves the Jira."""
    jql = 'project = "PROJ" AND resolution is EMPTY'
    wanted = [i["key"] for i in DATASET.issues if i["fields"]["project"]["key"] == "PROJ"
              and i["fields"]["resolution"] is None]
    with devjira(DATASET) as jira:
        page = urllib.request.urlopen(f"{jira}/issues/?jql={urllib.parse.quote(jql)}", timeout=10).read().decode()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{jira}/issues/?jql={urllib.parse.quote('project = (')}", timeout=10)
    assert f"<h1>{len(wanted)} issues</h1>" in page
    assert re.findall(r'href="/browse/([A-Z]+-\d+)"', page) == wanted
    assert refused.value.code == 400
