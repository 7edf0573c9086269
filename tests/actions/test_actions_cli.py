"""`jirakg ask "…" --yes` prints the proposal then makes the change as the asker; without --yes it says
how to confirm and changes nothing. Against devjira on both deployments, read back from devjira."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.devjira.demo.access import SERVICE_ACCOUNT_ID, api_token, service_account
from tests.actions.test_actions_rest import Site, served

SERVICE = service_account()


def env_for(site: Site, tmp_path) -> dict[str, str]:
    return {"JIRAKG_JIRA__URL": site.jira, "JIRAKG_JIRA__EMAIL": SERVICE["emailAddress"],
            "JIRAKG_JIRA__TOKEN": api_token(SERVICE_ACCOUNT_ID), "JIRAKG_DATA_DIR": str(tmp_path / "cli"),
            "JIRAKG_STORE__BACKEND": "memory", "JIRAKG_ACTIONS__ENABLED": "true",
            "JIRAKG_FEEDBACK__SQLITE_PATH": str(site.feedback_path)}


@pytest.mark.parametrize("deployment", ["server", "cloud"])
def test_ask_yes_makes_the_change_as_the_user(deployment: str, tmp_path) -> None:
    with served(deployment, tmp_path) as site:
        env = env_for(site, tmp_path)
        key = site.open_key('project = PROJ AND status = "To Do"')
        asked = CliRunner().invoke(main, ["ask", f"Move {key} to In Progress", "--user",
                                          site.member["emailAddress"]], env=env)
        assert asked.exit_code == 0, asked.output
        assert "Status: To Do → In Progress" in asked.output and "--yes" in asked.output
        assert site.issue(key)["fields"]["status"]["name"] == "To Do" and site.writes.seen == []

        done = CliRunner().invoke(main, ["ask", f"Move {key} to In Progress", "--yes", "--user",
                                         site.member["emailAddress"]], env=env)
        assert done.exit_code == 0, done.output
        assert done.output.index("Status: To Do → In Progress") < done.output.index("Done:")
        assert site.issue(key)["fields"]["status"]["name"] == "In Progress"
        read = CliRunner().invoke(main, ["ask", f"what status is {key} in?", "--json"], env=env)
        assert "In Progress" in json.loads(read.output)["answer"]

        refused = CliRunner().invoke(main, ["ask", f"comment on {key}: hello", "--yes", "--user",
                                            "auditor@example.com"], env=env)
        assert refused.exit_code != 0 and "does not let you" in refused.output
        assert len(site.writes.seen) == 1  # the auditor's comment was never sent
        assert [(row[0], row[3]) for row in site.audit()] == [("transition", "done"), ("comment", "refused")]


def test_chat_confirms_with_a_command(tmp_path) -> None:
    with served("server", tmp_path) as site:
        key = site.open_key('project = PROJ AND status = "To Do"')
        lines = "\n".join([f"Move {key} to In Progress", "/cancel", "/confirm", f"Move {key} to In Progress",
                           "/confirm", "/confirm", "/quit"]) + "\n"
        result = CliRunner().invoke(main, ["chat", "--user", site.member["emailAddress"]], env=env_for(site, tmp_path),
                                    input=lines)
        assert result.exit_code == 0, result.output
        assert "/confirm in jirakg chat" in result.output
        assert "Cancelled; nothing was changed." in result.output
        assert "already confirmed or cancelled" in result.output  # the cancelled one, and the second /confirm
        assert result.output.count("Done: Transition") == 1
        assert site.issue(key)["fields"]["status"]["name"] == "In Progress" and len(site.writes.seen) == 1
