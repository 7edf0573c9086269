"""`jira.permissions: user-token`: a confirmed change is made with the person's own token (Jira records
them as its author), and a person Jira does not allow is refused by `mypermissions` with their token
before the change is sent. The person signs in through jirakg's real sign-in (OAuth consent on Cloud,
a personal access token on Data Center) and uses the REST API with that browser session."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from jirakg.bots.web.app import build_app
from jirakg.devjira.demo.access import AUDITOR_ACCOUNT_ID
from jirakg.devjira.oauth import OAuthClient
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from tests.access.test_own_tokens import APP_ID, APP_SECRET, NOW, Browser, free_port, token_settings
from tests.actions.test_actions_rest import Site, Writes
from tests.devjira.access_oracle import Oracle
from tests.jira_env import demo_dataset, devjira


@contextmanager
def served(deployment: str, tmp_path):
    dataset = demo_dataset(issues=400, seed=5)
    writes = Writes()
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    client = OAuthClient(APP_ID, APP_SECRET, f"{address}/auth/callback")
    with devjira(dataset, middlewares=[writes.middleware], deployment=deployment, oauth_clients=(client,),
                 clock_ms=lambda: NOW[0]) as jira:
        settings = token_settings(jira, address, tmp_path, {"backend": "memory"})
        settings = settings.model_copy(update={"actions": settings.actions.model_copy(update={"enabled": True})})
        with BackgroundServer(build_app(lambda: engine_session(jira, settings), settings), port=port) as url:
            yield Site(jira, url, dataset, writes, tmp_path / "feedback.sqlite3", deployment == "cloud")


def act(browser: Browser, url: str, action_id: str) -> tuple[int, dict]:
    status, text, _ = browser.open(f"{url}/api/v1/actions/{action_id}/confirm", body={})
    return status, json.loads(text)


@pytest.mark.parametrize("deployment", ["server", "cloud"])
def test_changes_are_made_with_the_persons_own_token(deployment: str, tmp_path) -> None:
    with served(deployment, tmp_path) as site:
        oracle = Oracle(site.dataset)
        member, auditor = site.member, oracle.users[AUDITOR_ACCOUNT_ID]
        key = site.open_key('project = PROJ AND status = "To Do"')
        browser, watcher = Browser(), Browser()
        for who, person in ((browser, member), (watcher, auditor)):
            status, page, where = who.sign_in(site.url, site.jira, person, site.cloud)
            assert status == 200 and where == f"{site.url}/", page

        status, reply = browser.ask(site.url, f"please comment on {key}: signed by its own author")
        assert status == 200 and reply["action"] is not None, reply
        assert site.writes.seen == []
        status, outcome = act(browser, site.url, reply["action"]["id"])
        assert status == 200 and outcome["status"] == "done", outcome
        comment = site.issue(key)["fields"]["comment"]["comments"][-1]
        assert comment["body"] == "signed by its own author"
        assert comment["author"]["accountId"] == member["accountId"]  # their token, not the service account

        # Jira offers the read-only auditor no transition (asked with their token): nothing to propose.
        status, reply = watcher.ask(site.url, f"Move {key} to In Progress")
        assert status == 200 and reply["action"] is None and "offers you no transition" in reply["answer"]
        status, reply = watcher.ask(site.url, f"comment on {key}: may I?")
        assert status == 200 and reply["action"] is not None, reply
        status, refused = act(watcher, site.url, reply["action"]["id"])
        assert status == 409 and "does not let you" in refused["error"] and "add comments" in refused["error"]
        assert len(site.writes.seen) == 1 and site.issue(key)["fields"]["status"]["name"] == "To Do"
        # Someone else's browser cannot confirm the member's proposal either.
        status, reply = browser.ask(site.url, f"Move {key} to In Progress")
        assert act(watcher, site.url, reply["action"]["id"])[0] == 409
        assert site.issue(key)["fields"]["status"]["name"] == "To Do"
