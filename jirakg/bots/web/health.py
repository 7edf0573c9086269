"""/healthz (the process answers) and /readyz (Jira, the knowledge graph and the stores answer)."""

from __future__ import annotations

import asyncio

from aiohttp import web

from jirakg.bots.web import keys

CHECK_TIMEOUT_S = 5.0


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    engine = request.app[keys.ENGINE]
    checks = {"jira": engine.manager.connector.http.get("/rest/api/2/serverInfo"),
              "graph_store": engine.manager.store.get_state("readyz")}
    if engine.kg is not None:
        checks["knowledge_graph"] = engine.kg.endpoint.query("ASK { }")
    if engine.feedback_store is not None:
        checks["feedback_store"] = engine.feedback_store.ping()
    names = list(checks)
    outcomes = await asyncio.gather(*(asyncio.wait_for(c, CHECK_TIMEOUT_S) for c in checks.values()),
                                    return_exceptions=True)
    report = {name: "ok" if not isinstance(outcome, BaseException) else (str(outcome) or type(outcome).__name__)
              for name, outcome in zip(names, outcomes)}
    ready = all(value == "ok" for value in report.values())
    return web.json_response({"ready": ready, "checks": report}, status=200 if ready else 503)
