"""/healthz (the process answers) and /readyz (Jira, the knowledge graph and the stores answer; the LLM
is reported but does not make the bot unready: every question is answered without it)."""

from __future__ import annotations

from aiohttp import web

from jirakg.bots.web import keys

OPTIONAL = {"llm"}


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    report = await request.app[keys.ENGINE].health()
    ready = all(value == "ok" for name, value in report.items() if name not in OPTIONAL)
    return web.json_response({"ready": ready, "checks": report}, status=200 if ready else 503)
