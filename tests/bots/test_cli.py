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
from jirakg.devjira.jsonl import read_issues, write_issues
from tests.engine.demo_env import DATASET, RAW
from tests.jira_env import devjira


def all_commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix]
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += all_commands(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


@pytest.mark.parametrize("path", all_commands(main), ids=" ".join)
def test_every_command_has_help(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0
    assert "Usage: " in result.output and "--help" in result.output


def demo_file(data_dir: Path) -> Path:
    """The demo organisation a command generated: one file, named after the day its history ends."""
    (found,) = data_dir.glob("demo-org-*.jsonl.gz")
    return found


@pytest.mark.slow
def test_run_chats_on_the_demo_organisation(tmp_path: Path) -> None:
    env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "g.sqlite3")}
    result = CliRunner().invoke(main, ["run"], env=env, input="who owns PROJ-1?\n/quit\n")
    assert result.exit_code == 0, result.output
    issues = {i["key"]: i for i in read_issues(demo_file(tmp_path))}
    assert len(issues) == 3000
    owner = issues["PROJ-1"]["fields"]["assignee"]
    assert (owner["displayName"] if owner else "not set") in result.output
    assert "PROJ-1 (" in result.output


@pytest.mark.child_process
@pytest.mark.slow
def test_make_run_works_without_a_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "g.sqlite3")}
    finished = subprocess.run([sys.executable, "-m", "jirakg", "run"], env=env, input="help\n", text=True,
                              capture_output=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert "I answer questions about Jira issues" in finished.stdout


@pytest.mark.slow
def test_sync_command_full_then_incremental(tmp_path: Path) -> None:
    """Against one organisation that stays put: the demo's own is the day's, and a run across midnight
    would sync a new day's organisation the second time."""
    with devjira(DATASET) as url:
        env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "graph.sqlite3"),
               "JIRAKG_JIRA__URL": url, "JIRAKG_JIRA__AUTH": "anonymous"}
        first = CliRunner().invoke(main, ["sync", "--jql", "project = MOB"], env=env)
        assert first.exit_code == 0, first.output
        expected = sum(1 for issue in RAW.values() if issue["fields"]["project"]["key"] == "MOB")
        assert expected and f"Full sync: {expected} issues" in first.output
        second = CliRunner().invoke(main, ["sync", "--jql", "project = MOB"], env=env)
        assert "Incremental sync: 0 issues" in second.output
        bad = CliRunner().invoke(main, ["sync", "--jql", "status = Nope"], env=env)
        assert bad.exit_code == 1
    assert "The value 'Nope' does not exist for the field 'status'." in bad.output
    assert "Traceback" not in bad.output


@pytest.mark.slow
def test_ask_json_and_chat_on_the_demo(tmp_path: Path) -> None:
    env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "graph.sqlite3")}
    first = CliRunner().invoke(main, ["ask", "how many bugs are in WEB?", "--json", "--explain"], env=env)
    assert first.exit_code == 0, first.output
    turn = json.loads(first.output.strip().splitlines()[-1])
    demo_issues = list(read_issues(demo_file(tmp_path)))
    bugs = sum(1 for i in demo_issues
               if i["fields"]["project"]["key"] == "WEB" and i["fields"]["issuetype"]["name"] == "Bug")
    assert turn["intents"] == ["count"] and turn["answer"].startswith(f"{bugs} issue")
    assert set(turn) >= {"answer", "intents", "citations", "turn_id", "conversation_id", "explain"}
    assert "(cache miss)" in turn["explain"][0]
    again = CliRunner().invoke(main, ["ask", "and how many are in MOB?", "--conversation", turn["conversation_id"],
                                      "--json", "--explain"], env=env)
    assert json.loads(again.output.strip().splitlines()[-1])["intents"] == ["count"]

    key = next(i["key"] for i in demo_issues if i["fields"]["assignee"])
    owner = next(i["fields"]["assignee"]["displayName"] for i in demo_issues if i["key"] == key)
    typed = (f"who owns {key}?\n/explain\n/feedback down wrong owner\n/feedback sideways\n/feedback down \xff\n"
             "/reset\n/quit\n")
    chat = CliRunner().invoke(main, ["chat"], env=env, input=typed.encode("latin-1"))  # \xff: not UTF-8
    assert chat.exit_code == 0, chat.output
    assert owner in chat.output and "metadata: node" in chat.output and "Thanks, recorded." in chat.output
    # Not a terminal: the plain key in the answer and one source line, no "KEY: URL" block.
    assert "\n  Source: http://127.0.0.1:" in chat.output and f"/browse/{key}\n" in chat.output
    assert f"{key}: http" not in chat.output and "\x1b]8;;" not in chat.output
    assert chat.output.count("Thanks, recorded.") == 1 and "bytes that are not UTF-8" in chat.output
    assert "Usage: /feedback" in chat.output and "New conversation." in chat.output


@pytest.mark.slow
def test_ask_with_a_configured_llm_that_fails_still_answers(tmp_path: Path) -> None:
    from tests.intents.openai_server import ScriptedModel

    model = ScriptedModel(lambda messages: (503, {"message": "overloaded"}))
    with model.serve() as url:
        env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "g.sqlite3"),
               "JIRAKG_LLM__BASE_URL": f"{url}/v1", "JIRAKG_LLM__MODEL": "m"}
        result = CliRunner().invoke(main, ["ask", "how many bugs are in WEB?", "--json", "--explain"], env=env)
    assert result.exit_code == 0, result.output
    turn = json.loads(result.output.strip().splitlines()[-1])
    assert turn["intents"] == ["count"] and turn["answer"].endswith('AND issuetype = "Bug".')
    assert turn["explain"][0].startswith("parsed by the embedded parser: llm failed: InternalServerError")
    assert any(line.startswith("llm failed") for line in turn["explain"])
    assert turn["parser"].startswith("embedded (llm failed") and turn["answerer"] == "templated"
    assert [reason.split(":")[0] for reason in turn["fallback_reasons"]] == ["parse", "count"]
    assert len(model.requests) == 2  # one parse, one answer: both failed, neither surfaced


@pytest.mark.slow
def test_a_demo_organisation_an_older_jirakg_wrote_is_not_reused(tmp_path: Path) -> None:
    """Same day, other code: an organisation written before watchers were generated is replaced."""
    stale = tmp_path / "demo-org-2026-11-01.jsonl.gz"
    write_issues(stale, [{"key": "OLD-1", "fields": {}}])
    env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "graph.sqlite3")}
    result = CliRunner().invoke(main, ["ask", "help", "--now", "2026-11-01T12:00:00+00:00"], env=env)
    assert result.exit_code == 0, result.output
    assert not stale.exists()
    issues = list(read_issues(demo_file(tmp_path)))
    assert len(issues) == 3000 and all("watches" in issue["fields"] for issue in issues)


def test_ask_now_fixes_the_demo_day_and_the_window(tmp_path: Path) -> None:
    env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "graph.sqlite3")}
    result = CliRunner().invoke(main, ["ask", "what changed in DATA this week?", "--now", "2026-11-01T12:00:00+00:00",
                                       "--json"], env=env)
    assert result.exit_code == 0, result.output
    turn = json.loads(result.output.strip().splitlines()[-1])
    assert turn["intents"] == ["activity"]
    assert turn["answer"].startswith("This week (2026-10-26 to 2026-11-01)")
    assert demo_file(tmp_path).name.startswith("demo-org-2026-11-01-")
    earlier = CliRunner().invoke(main, ["ask", "help", "--now", "2026-10-01T12:00:00+00:00"], env=env)
    assert earlier.exit_code == 0, earlier.output
    assert demo_file(tmp_path).name.startswith("demo-org-2026-10-01-")  # the other day's organisation is gone
    bad = CliRunner().invoke(main, ["ask", "who is overloaded?", "--now", "next tuesday"], env=env)
    assert bad.exit_code == 1 and "is not an ISO date or time" in bad.output and "Traceback" not in bad.output
