"""MCP over stdin/stdout for one local client (Claude Desktop, an IDE): every call asks as one person."""

from __future__ import annotations

from mcp.server.stdio import stdio_server

from jirakg.bots.mcp.server import mcp_server
from jirakg.engine.engine import Engine
from jirakg.engine.turn import Asker


async def serve_stdio(engine: Engine, asker: Asker, *, read_only: bool) -> None:
    """Until the client closes stdin."""
    server = mcp_server(lambda: engine, lambda ctx: asker, read_only=read_only)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
