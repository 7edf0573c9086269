"""The tool registry: a tool that changes Jira is one row, shown with destructive annotations, and
hidden (and refused if called anyway) under tools.read_only; a tool that fails unexpectedly answers one
sentence. Driven in-process by the SDK's client over a real engine on devjira."""

from __future__ import annotations

import asyncio

from mcp import Client
from pydantic import BaseModel

from jirakg.bots.mcp.models import IssueInput
from jirakg.bots.mcp.reads import Caller
from jirakg.bots.mcp.registry import TOOLS, Tool
from jirakg.bots.mcp.server import FAILED, mcp_server
from jirakg.config import Settings
from jirakg.engine.session import engine_session
from jirakg.engine.turn import OPERATOR
from tests.bots.mcp_env import DATASET, S, refused, structured
from tests.jira_env import devjira

ASSIGNED: list[str] = []


class Assigned(BaseModel):
    key: str
    assignee: str


async def assign(given: IssueInput, caller: Caller) -> Assigned:
    ASSIGNED.append(given.key)
    return Assigned(key=given.key, assignee="me")


async def broken(given: IssueInput, caller: Caller) -> Assigned:
    raise RuntimeError("a bug, with a traceback nobody should see")


ASSIGN = Tool("assign", "Assign an issue", "Assign an issue to the caller.", IssueInput, Assigned, assign,
              writes=True)
BROKEN = Tool("broken", "Broken", "Fails.", IssueInput, Assigned, broken)


def test_settings_read_only_is_off_by_default_and_read_from_the_environment(monkeypatch) -> None:
    assert Settings().tools.read_only is False
    monkeypatch.setenv("JIRAKG_TOOLS__READ_ONLY", "true")
    assert Settings().tools.read_only is True


def test_read_only_hides_every_write_tool(tmp_path) -> None:
    async def scenario(jira: str) -> None:
        settings = Settings(jira={"url": jira, "auth": "anonymous"}, store={"backend": "memory"},
                            feedback={"sqlite_path": tmp_path / "feedback.sqlite3"})
        async with engine_session(jira, settings, people=False) as engine:
            writable = mcp_server(lambda: engine, lambda ctx: OPERATOR, read_only=False,
                                  tools=[*TOOLS, ASSIGN, BROKEN])
            async with Client(writable) as client:
                listed = {tool.name: tool for tool in (await client.list_tools()).tools}
                hints = listed["assign"].annotations
                assert hints and (hints.read_only_hint, hints.destructive_hint, hints.idempotent_hint) == (
                    False, True, True)
                assert await structured(client, "assign", {"key": S}) == {"key": S, "assignee": "me"}
                assert ASSIGNED == [S]
                assert await refused(client, "broken", {"key": S}) == FAILED

            read_only = mcp_server(lambda: engine, lambda ctx: OPERATOR, read_only=True, tools=[*TOOLS, ASSIGN])
            async with Client(read_only) as client:
                listed = {tool.name for tool in (await client.list_tools()).tools}
                # Every read tool stays, named here rather than by the registry's own `writes` flags, so a read
                # tool wrongly marked as a write would be caught.
                assert listed == {"ask", "search", "get_issue", "dependencies", "history", "breakdown", "kg_ask",
                                  "feedback"}
                assert await refused(client, "assign", {"key": S}) == \
                    "jirakg only reads here (tools.read_only, or actions.enabled off), so assign is not offered."
                assert ASSIGNED == [S]  # nothing ran
                assert (await structured(client, "get_issue", {"key": S}))["key"] == S

    with devjira(DATASET) as jira:
        asyncio.run(scenario(jira))
