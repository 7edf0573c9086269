"""`jirakg mcp` spawned over stdio by the SDK's own client, as Claude Desktop or an IDE would start it,
against devjira: every tool called and its result checked against its schema, the operator answered as
the service account and `--user` as that person, and a Jira that stops answering one tool error."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from aiohttp import web
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from jirakg.devjira.demo.access import SERVICE_ACCOUNT_ID, api_token, service_account
from tests.bots.mcp_env import DATASET, OUTSIDER, SECRET, B, O, S, refused, structured
from tests.jira_env import devjira

pytestmark = [pytest.mark.child_process, pytest.mark.slow]
JIRA_DOWN = {"now": False}


@web.middleware
async def outage(request: web.Request, handler):
    if JIRA_DOWN["now"]:
        return web.json_response({"errorMessages": ["Service Unavailable"], "errors": {}}, status=503)
    return await handler(request)


def spawned(jira: str, tmp_path, *args: str) -> StdioServerParameters:
    env = {"JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__EMAIL": service_account()["emailAddress"],
           "JIRAKG_JIRA__TOKEN": api_token(SERVICE_ACCOUNT_ID), "JIRAKG_JIRA__MAX_RETRIES": "0",
           "JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_STORE__BACKEND": "memory"}
    return StdioServerParameters(command=sys.executable, args=["-m", "jirakg", "mcp", *args], env=env, cwd=tmp_path)


def test_jirakg_mcp_over_stdio_answers_as_the_operator_or_the_user(tmp_path) -> None:
    with devjira(DATASET, deployment="server", middlewares=[outage]) as jira:
        async def operator() -> None:
            async with Client(spawned(jira, tmp_path)) as client:
                tools = {tool.name for tool in (await client.list_tools()).tools}
                assert tools == {"ask", "search", "get_issue", "dependencies", "history", "breakdown", "kg_ask",
                                 "feedback"}
                answer = await structured(client, "ask", {"question": f"who owns {SECRET}?"})
                assert SECRET in [c["key"] for c in answer["citations"]]  # the operator is the service account
                assert (await structured(client, "get_issue", {"key": SECRET}))["key"] == SECRET
                assert (await structured(client, "search", {"query": "bugs in WEB"}))["total"] > 0
                chain = await structured(client, "dependencies", {"key": S})
                assert O in [hop["key"] for hop in chain["chain"]]
                assert (await structured(client, "history", {"key": S}))["changes"]
                assert (await structured(client, "breakdown", {"query": "project = WEB"}))["group_by"] == ["status"]
                assert "Harbourton" in (await structured(client, "kg_ask", {
                    "question": "Where was Antony Cheng born?"}))["answer"]
                assert (await structured(client, "feedback", {"turn_id": answer["turn_id"], "rating": "up"}))[
                    "recorded"]

                JIRA_DOWN["now"] = True
                try:
                    sentence = await refused(client, "search", {"query": "project = MOB AND issuetype = Task"})
                finally:
                    JIRA_DOWN["now"] = False
                assert sentence.startswith(f"Jira at {jira} is not answering (")
                assert sentence.endswith("try again shortly.")

        async def as_user() -> None:
            async with Client(spawned(jira, tmp_path, "--user", OUTSIDER["emailAddress"])) as client:
                assert await refused(client, "get_issue", {"key": SECRET}) == \
                    f"There is no issue {SECRET} in Jira, or it is not visible to this account."
                chain = await structured(client, "dependencies", {"key": S})
                assert B in [hop["key"] for hop in chain["chain"]] and O not in [hop["key"] for hop in chain["chain"]]

        asyncio.run(operator())
        asyncio.run(as_user())

        nobody = subprocess.run([sys.executable, "-m", "jirakg", "mcp", "--user", "nobody@example.com"],
                                env={**spawned(jira, tmp_path).env, "PATH": "/usr/bin:/bin"}, cwd=tmp_path,
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert nobody.returncode == 1 and nobody.stdout == ""
    assert "could not find your Jira account (looked for nobody@example.com)" in nobody.stderr
    assert "--user" in nobody.stderr and "Traceback" not in nobody.stderr
