"""The MCP server (the official SDK's low-level `Server`) over the tool registry: tools listed with their
schemas and annotations, each call validated, run as its asker within the turn deadline, and every
failure one sentence in a tool error; issues and searches as resources."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, ValidationError

from jirakg import __version__
from jirakg.bots.mcp import reads
from jirakg.bots.mcp.models import IssueInput, SearchInput
from jirakg.bots.mcp.registry import TOOLS, Tool, offered
from jirakg.engine.engine import Engine, TurnTimedOut
from jirakg.engine.turn import Asker
from jirakg.errors import JirakgError

log = logging.getLogger("jirakg.mcp")
ISSUE, SEARCH = "jira://issue/", "jira://search/"
TEMPLATES = [
    types.ResourceTemplate(name="issue", title="A Jira issue", uri_template=ISSUE + "{key}",
                           description="An issue's fields, children, links and latest changes, as get_issue returns "
                           "them.", mime_type="application/json"),
    types.ResourceTemplate(name="search", title="A Jira search", uri_template=SEARCH + "{jql}",
                           description="The issues a JQL query (URL-encoded) or plain-language search selects, as "
                           "the search tool returns them.", mime_type="application/json"),
]
FAILED = "Something went wrong answering that; it has been logged."

AskerOf = Callable[[ServerRequestContext[Any, Any]], Asker]


def mcp_server(engine: Callable[[], Engine], asker_of: AskerOf, *, read_only: bool,
               tools: list[Tool] = TOOLS) -> Server[Any]:
    """`engine`: the open engine (it is opened after the server is built, on the serving loop);
    `asker_of`: who sent a request, as its transport verified it."""
    shown = {tool.name: tool for tool in offered(tools, read_only)}
    hidden = {tool.name for tool in tools} - set(shown)
    # Built once: schema generation is slow, and the SDK reads the list again to check each call's headers.
    described = [tool.described() for tool in shown.values()]
    input_schemas = {tool.name: tool.input_schema for tool in described}

    async def list_tools(ctx: ServerRequestContext[Any, Any],
                         params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=described)

    async def call_tool(ctx: ServerRequestContext[Any, Any],
                        params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = shown.get(params.name)
        if tool is None:
            return refusal(f"jirakg only reads here (tools.read_only, or actions.enabled off), so {params.name} is "
                           "not offered." if params.name in hidden
                           else f"There is no tool {params.name}; tools/list names them.")
        try:
            given = tool.input.model_validate(params.arguments or {})
        except ValidationError as exc:
            return refusal(invalid(exc))
        output = await run(tool.run(given, reads.Caller(engine(), asker_of(ctx))), engine().turn_timeout_s)
        if isinstance(output, str):
            return refusal(output)
        structured = output.model_dump(mode="json")
        return types.CallToolResult(content=[types.TextContent(type="text", text=_text(output, structured))],
                                    structured_content=structured)

    async def list_resources(ctx: ServerRequestContext[Any, Any],
                             params: types.PaginatedRequestParams | None) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[])  # every issue and search is reached through a template

    async def list_templates(ctx: ServerRequestContext[Any, Any],
                             params: types.PaginatedRequestParams | None) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=TEMPLATES)

    async def read_resource(ctx: ServerRequestContext[Any, Any],
                            params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        uri = str(params.uri)
        caller = reads.Caller(engine(), asker_of(ctx))
        reading: Any
        try:
            if uri.startswith(ISSUE):
                reading = reads.get_issue(IssueInput(key=unquote(uri[len(ISSUE):])), caller)
            elif uri.startswith(SEARCH):
                reading = reads.search_issues(SearchInput(query=unquote(uri[len(SEARCH):]), limit=100), caller)
            else:
                raise MCPError(types.INVALID_PARAMS, f"There is no resource {uri}; jira://issue/KEY and "
                               "jira://search/JQL are.")
        except ValidationError as exc:
            raise MCPError(types.INVALID_PARAMS, invalid(exc)) from None
        output = await run(reading, engine().turn_timeout_s)
        if isinstance(output, str):
            raise MCPError(types.INVALID_PARAMS, output)
        return types.ReadResourceResult(contents=[types.TextResourceContents(
            uri=uri, mime_type="application/json", text=output.model_dump_json())])

    return Server("jirakg", version=__version__, title="jirakg",
                  instructions="Grounded answers about this Jira instance and a knowledge graph, as the person "
                  "connected: ask in plain language, or search, read issues, walk dependencies, read history and "
                  "count by field.",
                  get_tool_input_schema=input_schemas.get, on_list_tools=list_tools, on_call_tool=call_tool,
                  on_list_resources=list_resources,
                  on_list_resource_templates=list_templates, on_read_resource=read_resource)


async def run(work, deadline_s: float) -> BaseModel | str:
    """The tool's output, or the sentence that says why there is none (never a traceback)."""
    try:
        async with asyncio.timeout(deadline_s):
            return await work
    except JirakgError as exc:
        return str(exc)
    except TimeoutError:
        return str(TurnTimedOut(f"That took longer than {deadline_s:g} s to answer, so it was stopped; try again, "
                                "or ask something narrower."))
    except Exception:
        log.exception("MCP tool failed")
        return FAILED


def refusal(sentence: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=sentence)], is_error=True)


def invalid(exc: ValidationError) -> str:
    """The first problem with the arguments, as one sentence."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = first["msg"].removeprefix("Value error, ")  # a check of the whole input names no field
    return f"{where}: {message}." if where else f"{message[0].upper()}{message[1:]}."


def _text(output: BaseModel, structured: dict) -> str:
    """The unstructured copy a client without structured output reads: the answer's words when there
    are some, else the JSON."""
    answer = getattr(output, "answer", None)
    return answer if isinstance(answer, str) else json.dumps(structured, ensure_ascii=False)
