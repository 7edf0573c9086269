"""/healthz (the process answers) and /readyz (Jira, the knowledge graph and the stores answer)."""

from __future__ import annotations

from aiohttp import web

from jirakg.bots.web import keys


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    report = await request.app[keys.ENGINE].health()
    ready = all(value == "ok" for value in report.values())
    return web.json_response({"ready": ready, "checks": report}, status=200 if ready else 503)
