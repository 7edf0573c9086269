"""MCP write tools, driven by the SDK's own client over a real engine on devjira (Server and Cloud, check
mode): each tool changes Jira as the connected person and is read back (get_issue, devjira); annotations
mark the changing ones destructive; the auditor and unknown values get one-sentence tool errors with no
write sent; the tools are hidden when actions are off or under tools.read_only."""

from __future__ import annotations

import asyncio

import pytest
from mcp import Client

from jirakg.bots.mcp.registry import TOOLS, writes_hidden
from jirakg.bots.mcp.server import mcp_server
from jirakg.config import Settings
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.demo.access import AUDITOR_ACCOUNT_ID, SERVICE_ACCOUNT_ID, api_token, service_account
from jirakg.engine.session import engine_session
from jirakg.engine.turn import Asker
from tests.actions.test_actions_rest import Site, Writes
from tests.bots.mcp_env import refused, structured
from tests.devjira.access_oracle import Oracle
from tests.jira_env import demo_dataset, devjira

SERVICE = service_account()
WRITE_TOOLS = {"create_issue", "transition_issue", "assign_issue", "add_comment", "link_issues", "set_fix_version"}


def settings_for(jira: str, tmp_path, **changes) -> Settings:
    return Settings(jira={"url": jira, "auth": "basic", "email": SERVICE["emailAddress"],
                          "token": api_token(SERVICE_ACCOUNT_ID)}, store={"backend": "memory"},
                    feedback={"sqlite_path": tmp_path / "feedback.sqlite3"}, **changes)


@pytest.mark.parametrize("deployment", ["server", "cloud"])
def test_write_tools_change_jira_as_the_person(deployment: str, tmp_path) -> None:
    dataset = demo_dataset(issues=400, seed=5)
    writes = Writes()
    oracle = Oracle(dataset)
    member = oracle.person(lambda a: a in oracle.members["proj-team"])
    auditor = oracle.users[AUDITOR_ACCOUNT_ID]

    async def scenario(site: Site) -> None:
        settings = settings_for(site.jira, tmp_path, actions={"enabled": True})
        assert not writes_hidden(settings)
        async with engine_session(site.jira, settings) as engine:
            person = Asker(email=member["emailAddress"], surface_user_id=member["emailAddress"])
            watcher = Asker(email=auditor["emailAddress"], surface_user_id=auditor["emailAddress"])
            server = mcp_server(lambda: engine, lambda ctx: person, read_only=writes_hidden(settings))
            auditing = mcp_server(lambda: engine, lambda ctx: watcher, read_only=False)
            async with Client(server) as client, Client(auditing) as audit_client:
                listed = {t.name: t for t in (await client.list_tools()).tools}
                assert WRITE_TOOLS <= set(listed)
                destructive = {n for n in WRITE_TOOLS if listed[n].annotations.destructive_hint}
                assert destructive == {"transition_issue", "assign_issue", "set_fix_version"}
                assert not any(listed[n].annotations.read_only_hint for n in WRITE_TOOLS)

                key = site.open_key('project = PROJ AND status = "To Do"')
                refusal = await refused(audit_client, "transition_issue", {"key": key, "status": "In Progress"})
                assert "does not let you" in refusal and site.writes.seen == []
                assert "Jira does not offer a move" in await refused(client, "transition_issue",
                                                                     {"key": key, "status": "Shipped"})
                done = await structured(client, "transition_issue", {"key": key, "status": "In Progress"})
                assert done["status"] == "done" and done["changes"][0]["after"] == "In Progress"
                read = await structured(client, "get_issue", {"key": key})
                assert read["status"] == "In Progress" == site.issue(key)["fields"]["status"]["name"]

                await structured(client, "assign_issue", {"key": key, "assignee": "me"})
                assert site.issue(key)["fields"]["assignee"]["accountId"] == member["accountId"]
                await structured(client, "assign_issue", {"key": key, "assignee": None})
                assert site.issue(key)["fields"]["assignee"] is None
                await structured(client, "add_comment", {"key": key, "body": "via the agent"})
                assert site.issue(key)["fields"]["comment"]["comments"][-1]["body"] == "via the agent"
                other = site.open_key(f"project = PROJ AND key != {key}")
                await structured(client, "link_issues", {"key": key, "link": "is blocked by", "other_key": other})
                assert any(link.get("outwardIssue", {}).get("key") == key
                           for link in site.issue(other)["fields"]["issuelinks"])
                version = next(p for p in dataset.metadata["projects"] if p["key"] == "PROJ")["versions"][0]["name"]
                await structured(client, "set_fix_version", {"key": key, "version": version})
                assert [v["name"] for v in site.issue(key)["fields"]["fixVersions"]] == [version]
                made = await structured(client, "create_issue", {"project": "PROJ", "issue_type": "Task",
                                                                  "summary": "Agent-made task"})
                assert site.issue(made["issue_key"])["fields"]["summary"] == "Agent-made task"
                assert "has no issue type" in await refused(client, "create_issue", {
                    "project": "PROJ", "issue_type": "Epicc", "summary": "x"})
        assert len(site.writes.seen) == 7
        assert [row[0] for row in site.audit()] == ["transition", "transition", "assign", "unassign", "comment",
                                                    "link", "fix_version", "create"]
        assert [row[3] for row in site.audit()] == ["refused"] + ["done"] * 7

    with devjira(dataset, middlewares=[writes.middleware], deployment=deployment,
                 auth=AuthSpec("basic", SERVICE["emailAddress"], api_token(SERVICE_ACCOUNT_ID))) as jira:
        asyncio.run(scenario(Site(jira, "", dataset, writes, tmp_path / "feedback.sqlite3", deployment == "cloud")))


def test_write_tools_are_hidden_when_actions_are_off_or_read_only(tmp_path) -> None:
    assert writes_hidden(Settings()) is True  # actions are off by default
    assert writes_hidden(Settings(actions={"enabled": True}, tools={"read_only": True})) is True
    assert writes_hidden(Settings(actions={"enabled": True})) is False

    async def scenario(jira: str) -> None:
        settings = settings_for(jira, tmp_path)
        async with engine_session(jira, settings, people=False) as engine:
            server = mcp_server(lambda: engine, lambda ctx: Asker(service_account=True),
                                read_only=writes_hidden(settings))
            async with Client(server) as client:
                listed = {t.name for t in (await client.list_tools()).tools}
                assert listed == {t.name for t in TOOLS if not t.writes} and not listed & WRITE_TOOLS
                assert await refused(client, "add_comment", {"key": "PROJ-1", "body": "x"}) == (
                    "jirakg only reads here (tools.read_only, or actions.enabled off), so add_comment is not offered.")

    with devjira(demo_dataset(issues=200, seed=5)) as jira:
        asyncio.run(scenario(jira))
