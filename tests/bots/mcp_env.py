"""The demo organisation with a blocking web laid over it for the MCP tests: a chain several levels
deep through a restricted OPS issue, a deadlock, and a finished blocker, so a dependency walk, its
cycles and its critical path have something to find and something a person may not see. Plus the
people of tests/access and an MCP client that carries a bearer token."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import jsonschema
import mcp_types as types
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.access import RESTRICTED_PROJECT, embargoed
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from tests.devjira.access_oracle import Oracle

org, stream = generate(seed=23, issues=600)  # the organisation of tests/access, the same people and tokens
ISSUES = list(stream)
RAW = {issue["key"]: issue for issue in ISSUES}


def _quiet(project: str, done: bool) -> list[str]:
    """Keys in `project` with no links and no security level, done or not."""
    return [k for k, i in RAW.items() if k.startswith(project + "-") and not i["fields"].get("issuelinks")
            and not embargoed(k) and (i["fields"]["status"]["statusCategory"]["key"] == "done") is done]


# S is blocked by A and B; A by C; C by D (done) and F; F by C (a deadlock); B by O (restricted); O by E; E by G.
S, A, B, C, F, E, G = _quiet("PROJ", False)[:7]
D = _quiet("PROJ", True)[0]
O = _quiet(RESTRICTED_PROJECT, False)[0]  # noqa: E741 (O for OPS)
BLOCKED_BY = {S: [A, B], A: [C], C: [D, F], F: [C], B: [O], O: [E], E: [G]}


def _block(blocked: str, blocker: str) -> None:
    kind = {"id": "10000", "name": "Blocks", "inward": "is blocked by", "outward": "blocks"}
    RAW[blocked]["fields"].setdefault("issuelinks", []).append({"type": kind, "inwardIssue": {"key": blocker}})
    RAW[blocker]["fields"].setdefault("issuelinks", []).append({"type": kind, "outwardIssue": {"key": blocked}})


for _blocked, _blockers in BLOCKED_BY.items():
    for _blocker in _blockers:
        _block(_blocked, _blocker)
DATASET = build_dataset(copy.deepcopy(ISSUES), organisation_metadata(org))
ORACLE = Oracle(DATASET)
OUTSIDER = ORACLE.person(lambda a: a not in ORACLE.members["ops-team"] | ORACLE.members["security"])
INSIDER = ORACLE.person(lambda a: a in ORACLE.members["ops-team"])
SECRET = O


def visible(person: dict) -> set[str]:
    return {key for key, issue in RAW.items() if ORACLE.may_browse(person["accountId"], issue)}


@asynccontextmanager
async def connected(url: str, token: str | None = None) -> AsyncIterator[Client]:
    """The SDK's own client on /mcp, with `Authorization: Bearer token` when given."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with create_mcp_http_client(headers=headers) as http, \
            Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
        yield client


async def structured(client: Client, tool: str, arguments: dict) -> dict:
    """A call that must succeed, its structured result checked against the tool's own output schema."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    listed = {t.name: t for t in (await client.list_tools()).tools}
    jsonschema.Draft202012Validator(listed[tool].output_schema).validate(result.structured_content)
    return result.structured_content


async def refused(client: Client, tool: str, arguments: dict) -> str:
    """A call that must fail as a tool error: its one sentence."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error and result.structured_content is None
    (content,) = result.content
    assert isinstance(content, types.TextContent)
    assert "Traceback" not in content.text and content.text.count("\n") == 0
    return content.text
