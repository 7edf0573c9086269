"""MCP over streamable HTTP at /mcp of `jirakg serve`'s application, spoken to with the SDK's own client:
the bearer token the REST API wants, every tool with its structured result checked against its schema
and against the data, errors as tool errors, and each person seeing only what devjira lets them browse."""

from __future__ import annotations

import asyncio
import json
from urllib.parse import quote

import pytest
from mcp.shared.exceptions import MCPError

from jirakg.bots.web.app import build_app
from jirakg.config import Settings
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.demo.access import SERVICE_ACCOUNT_ID, api_token, service_account
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from tests.bots.mcp_env import (
    DATASET,
    INSIDER,
    ORACLE,
    OUTSIDER,
    RAW,
    SECRET,
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    O,
    S,
    connected,
    refused,
    structured,
    visible,
)
from tests.bots.web_env import feedback_rows
from tests.devjira import http
from tests.jira_env import devjira

SERVICE = service_account()
TOKENS = [{"token": "out-token", "user": OUTSIDER["emailAddress"]},
          {"token": "in-token", "user": INSIDER["accountId"]},
          {"token": "nobody-token", "user": "nobody@example.com"}, "machine-token"]
READ_TOOLS = {"ask", "search", "get_issue", "dependencies", "history", "breakdown", "kg_ask"}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    path = tmp_path_factory.mktemp("mcp") / "feedback.sqlite3"
    # The service credential required, as a real Jira: people are checked with Jira's own permission answers.
    with devjira(DATASET, deployment="cloud", auth=AuthSpec("basic", *ORACLE.basic(SERVICE))) as jira:
        settings = Settings(jira={"url": jira, "auth": "basic", "email": SERVICE["emailAddress"],
                                  "token": api_token(SERVICE_ACCOUNT_ID)},
                            store={"backend": "memory"}, feedback={"sqlite_path": path}, web={"api_tokens": TOKENS})
        with BackgroundServer(build_app(lambda: engine_session(jira, settings), settings)) as url:
            yield url, path


def url_of_jira(found: dict) -> str:
    """The Jira the links point at, read off the first issue's link."""
    return found["issues"][0]["url"].rsplit("/browse/", 1)[0]


def keys(items: list[dict]) -> list[str]:
    return [item["key"] for item in items]


def test_mcp_wants_the_rest_apis_bearer_token(served) -> None:
    url, _ = served
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    accept = {"Accept": "application/json, text/event-stream"}
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        reply = http.call(f"{url}/mcp", "POST", hello, headers={**accept, **headers})
        assert reply.status == 401 and reply.headers.get("WWW-Authenticate") == "Bearer"
        assert reply.body == {"error": "A valid API token is required: send 'Authorization: Bearer <token>'."}
    form = http.call(f"{url}/mcp", "POST", raw=b"x=1", headers={"Content-Type": "text/plain",
                                                                "Authorization": "Bearer machine-token"})
    assert form.status == 415  # a page on another site cannot post to it without a preflight
    reply = http.call(f"{url}/mcp", "POST", hello, headers={**accept, "Authorization": "Bearer machine-token"})
    assert reply.status == 200 and reply.body["result"]["serverInfo"]["name"] == "jirakg"

    async def client_without_token() -> None:
        async with connected(url) as client:
            await client.list_tools()
    with pytest.raises(Exception):  # noqa: B017 (the SDK client fails the connection on a 401)
        asyncio.run(client_without_token())


def test_tools_are_listed_with_schemas_and_annotations(served) -> None:
    url, _ = served

    async def scenario():
        async with connected(url, "machine-token") as client:
            return (await client.list_tools()).tools, (await client.list_resource_templates()).resource_templates
    tools, templates = asyncio.run(scenario())
    by_name = {tool.name: tool for tool in tools}
    assert set(by_name) == READ_TOOLS | {"feedback"}
    for name in READ_TOOLS:
        tool = by_name[name]
        assert tool.input_schema["type"] == "object" and tool.output_schema and tool.output_schema["type"] == "object"
        assert tool.annotations and tool.annotations.read_only_hint is True
    rating = by_name["feedback"].annotations
    assert rating and (rating.read_only_hint, rating.destructive_hint, rating.idempotent_hint) == (False, False, True)
    assert by_name["search"].input_schema["required"] == ["query"]
    assert {t.uri_template for t in templates} == {"jira://issue/{key}", "jira://search/{jql}"}


def test_every_tool_answers_from_the_data(served) -> None:
    url, feedback_path = served
    web_bugs = sorted((k for k, i in RAW.items() if i["fields"]["project"]["key"] == "WEB"
                       and i["fields"]["issuetype"]["name"] == "Bug"), key=lambda k: int(k.split("-")[1]))
    mob_bugs = [k for k, i in RAW.items() if i["fields"]["project"]["key"] == "MOB"
                and i["fields"]["issuetype"]["name"] == "Bug"]

    async def scenario() -> None:
        async with connected(url, "machine-token") as client:
            first = await structured(client, "ask", {"question": "how many bugs are in WEB?"})
            assert first["intents"] == ["count"] and first["answer"].startswith(f"{len(web_bugs)} issue")
            assert first["explain"] and first["turn_id"]
            again = await structured(client, "ask", {"question": "and how many are in MOB?",
                                                     "conversation_id": first["conversation_id"]})
            assert again["answer"].startswith(f"{len(mob_bugs)} issue")
            assert again["conversation_id"] == first["conversation_id"]

            typed = await structured(client, "search", {"query": "project = WEB AND issuetype = Bug ORDER BY key",
                                                        "limit": 5})
            assert typed["total"] == len(web_bugs) and keys(typed["issues"]) == web_bugs[:5]
            assert typed["jql"].startswith("project = ") and "ORDER BY key" in typed["jql"]
            assert typed["url"] == f"{url_of_jira(typed)}/issues/?jql={quote(typed['jql'], safe='')}"
            first_bug = RAW[web_bugs[0]]["fields"]
            assert typed["issues"][0]["summary"] == first_bug["summary"]
            assert typed["issues"][0]["assignee"] == (first_bug["assignee"] or {}).get("displayName")
            assert typed["issues"][0]["url"].endswith(f"/browse/{web_bugs[0]}")
            said = await structured(client, "search", {"query": "bugs in WEB", "limit": 100})
            assert sorted(keys(said["issues"])) == sorted(web_bugs) and said["total"] == len(web_bugs)

            issue = await structured(client, "get_issue", {"key": S.lower(), "changes": 3})
            assert issue["key"] == S and issue["summary"] == RAW[S]["fields"]["summary"]
            assert {(link["key"], link["relation"]) for link in issue["links"]} == {(A, "is blocked by"),
                                                                                   (B, "is blocked by")}
            children = sorted(k for k, i in RAW.items() if (i["fields"].get("parent") or {}).get("key") == S)
            assert sorted(keys(issue["children"])) == children
            histories = sorted(RAW[S]["changelog"]["histories"], key=lambda h: h["created"], reverse=True)[:3]
            assert len(issue["recent_changes"]) == sum(len(h["items"]) for h in histories)
            assert issue["fields"]["assignee"] == ((RAW[S]["fields"]["assignee"] or {}).get("displayName")
                                                   or "not set")

            chain = await structured(client, "dependencies", {"key": S})
            assert [(hop["key"], hop["level"]) for hop in chain["chain"]] == [
                (A, 1), (B, 1), (O, 2), (C, 2), (D, 3), (F, 3), (E, 3), (G, 4)]
            assert [set(cycle) for cycle in chain["cycles"]] == [{C, F}]
            assert chain["critical_path"] == [S, B, O, E, G]  # D is done: it holds nothing up
            blocks = await structured(client, "dependencies", {"key": G, "direction": "blocks"})
            assert [(hop["key"], hop["level"]) for hop in blocks["chain"]] == [(E, 1), (O, 2), (B, 3), (S, 4)]

            every = sorted(RAW[S]["changelog"]["histories"], key=lambda h: h["created"])
            since, until = every[1]["created"], every[-1]["created"]
            window = await structured(client, "history", {"key": S, "since": since, "until": until})
            assert len(window["changes"]) == sum(len(h["items"]) for h in every[1:-1])
            assert [c["at"] for c in window["changes"]] == sorted((c["at"] for c in window["changes"]), reverse=True)
            statuses = await structured(client, "history", {"key": S, "fields": ["status"]})
            assert {c["field"] for c in statuses["changes"]} == {"status"}

            counted = await structured(client, "breakdown", {"query": "project = WEB", "group_by": ["issuetype"]})
            web = [i for i in RAW.values() if i["fields"]["project"]["key"] == "WEB"]
            assert counted["total"] == len(web)
            assert {g["value"]: g["count"] for g in counted["groups"]} == {
                t: sum(1 for i in web if i["fields"]["issuetype"]["name"] == t)
                for t in {i["fields"]["issuetype"]["name"] for i in web}}
            assert sum(g["percent"] for g in counted["groups"]) in range(98, 103)

            born = await structured(client, "kg_ask", {"question": "Where was Antony Cheng born?"})
            assert "Harbourton" in born["answer"] and born["intents"] == ["kg_question"]
            height = await structured(client, "kg_ask", {"question": "What is his height?",
                                                         "conversation_id": born["conversation_id"]})
            assert "1.82" in height["answer"]  # "his" is Antony Cheng, from the conversation

            rated = await structured(client, "feedback", {"turn_id": first["turn_id"], "rating": "down",
                                                          "comment": "count looks off"})
            assert rated == {"recorded": True, "turn_id": first["turn_id"]}

            read = await client.read_resource(f"jira://issue/{S}")
            assert json.loads(read.contents[0].text)["key"] == S
            found = await client.read_resource("jira://search/" + quote("project = WEB AND issuetype = Bug"))
            assert json.loads(found.contents[0].text)["total"] == len(web_bugs)
    asyncio.run(scenario())
    rows = {row["turn_id"]: row for row in feedback_rows(feedback_path)}
    assert any(row["rating"] == "down" and row["comment"] == "count looks off" and row["channel"] == "mcp"
               for row in rows.values())


def test_a_persons_token_sees_only_what_they_may_browse(served) -> None:
    url, _ = served
    outsider_sees, insider_sees = visible(OUTSIDER), visible(INSIDER)
    assert SECRET not in outsider_sees and SECRET in insider_sees

    async def scenario() -> None:
        async with connected(url, "in-token") as insider, connected(url, "out-token") as outsider:
            # The insider asks first, so the outsider's answers come after the shared cache holds everything.
            assert (await structured(insider, "get_issue", {"key": SECRET}))["key"] == SECRET
            assert (await structured(insider, "dependencies", {"key": S}))["critical_path"] == [S, B, O, E, G]
            hidden = await refused(outsider, "get_issue", {"key": SECRET})
            assert hidden == f"There is no issue {SECRET} in Jira, or it is not visible to this account."
            with pytest.raises(MCPError):
                await outsider.read_resource(f"jira://issue/{SECRET}")

            walked = await structured(outsider, "dependencies", {"key": S})
            assert [hop["key"] for hop in walked["chain"]] == [A, B, C, D, F]  # nothing through the OPS issue
            assert walked["critical_path"] == [S, A, C, F]
            linked = await structured(outsider, "get_issue", {"key": B})
            assert SECRET not in json.dumps(linked)

            jql = "project in (PROJ, OPS) ORDER BY key"
            theirs = await structured(outsider, "search", {"query": jql, "limit": 100})
            mine = await structured(insider, "search", {"query": jql, "limit": 100})
            in_scope = {k for k, i in RAW.items() if i["fields"]["project"]["key"] in ("PROJ", "OPS")}
            assert theirs["total"] == len(in_scope & outsider_sees) < mine["total"] == len(in_scope & insider_sees)
            assert set(keys(theirs["issues"])) <= outsider_sees

            by_project = await structured(outsider, "breakdown", {"group_by": ["project"]})
            assert "OPS" not in {g["value"] for g in by_project["groups"]}
            assert by_project["total"] == len(outsider_sees)

            answer = await structured(outsider, "ask", {"question": f"Who owns {SECRET}?"})
            assert "not visible" in answer["answer"] and RAW[SECRET]["fields"]["summary"] not in answer["answer"]
            # A turn is rated by whoever was answered it.
            other = await structured(insider, "ask", {"question": f"Who owns {SECRET}?"})
            assert "no answer with turn_id" in await refused(outsider, "feedback", {"turn_id": other["turn_id"],
                                                                                  "rating": "up"})
        async with connected(url, "nobody-token") as nobody:
            sentence = await refused(nobody, "search", {"query": "bugs in WEB"})
            assert "could not find your Jira account" in sentence and "API token issued to you" in sentence
    asyncio.run(scenario())


def test_errors_come_back_as_one_sentence_tool_errors(served) -> None:
    url, _ = served

    async def scenario() -> None:
        async with connected(url, "machine-token") as client:
            assert "There is no issue PROJ-99999" in await refused(client, "get_issue", {"key": "PROJ-99999"})
            malformed = await refused(client, "search", {"query": "project = PROJ AND (status = Open"})
            assert malformed.startswith("That reads as JQL, but it cannot run") and "Expecting ')'" in malformed
            assert await refused(client, "search", {"query": "status = Nowhere"}) == \
                ("That reads as JQL, but it cannot run: There is no status called 'Nowhere' in this Jira. Its statuses "
                 "are To Do, In Progress, In Review, Blocked, Done, Won't Do.")
            assert await refused(client, "search", {"query": "x", "limit": 0}) == \
                "limit: Input should be greater than or equal to 1."
            assert (await refused(client, "get_issue", {"key": "not a key"})).startswith("key: String should match")
            assert (await refused(client, "history", {"key": S, "since": "last tuesday"})).startswith("since:")
            assert "does not select issues" in await refused(client, "search", {"query": f"who owns {S}?"})
            assert "There is no tool" in await refused(client, "delete_issue", {})
            assert await refused(client, "feedback", {"turn_id": "t1"}) == \
                "Give a rating (up or down), a comment, or both."
    asyncio.run(scenario())


@pytest.mark.parametrize("method, raw, headers, status", [
    ("GET", None, {}, 405),  # stateless: no stream to open, no session to end
    ("DELETE", None, {}, 405),
    ("POST", b"not json", {}, 400),
    ("POST", b"[" * 40 + b"]" * 40, {}, 400),
    ("POST", b'{"jsonrpc": "2.0", "id": 1, "method": "nope"}', {}, 200),  # a JSON-RPC error, as the protocol says
    ("POST", b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', {"Accept": "text/html"}, 406),
    # Served on loopback: another site's page, or a name rebound to 127.0.0.1, is refused (DNS rebinding).
    ("POST", b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', {"Origin": "http://evil.example"}, 403),
    ("POST", b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', {"Host": "evil.example:8080"}, 421),
])
def test_bad_requests_to_mcp_are_refused_not_failed(served, method: str, raw: bytes | None, headers: dict,
                                                    status: int) -> None:
    url, _ = served
    reply = http.call(f"{url}/mcp", method, raw=raw, headers={
        "Accept": "application/json, text/event-stream", "Authorization": "Bearer machine-token", **headers})
    assert reply.status == status
    if status in (403, 421):
        assert reply.body == {"text": "Invalid Origin header" if status == 403 else "Invalid Host header"}
    elif status != 405:
        assert reply.body["error"]["message"] and "Traceback" not in json.dumps(reply.body)
