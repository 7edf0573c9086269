"""/healthz (the process answers and its event loop has not been blocked lately) and /readyz (Jira, the
knowledge graph and the stores answer; the LLM is reported but does not make the bot unready: every question
is answered without it)."""

from __future__ import annotations

from aiohttp import web

from jirakg.bots.web import keys
from jirakg.bots.web.loop_watchdog import WINDOW_S

OPTIONAL = {"llm"}


async def healthz(request: web.Request) -> web.Response:
    watchdog = request.app.get(keys.WATCHDOG)
    lag = watchdog.worst_lag_s() if watchdog is not None else 0.0
    if watchdog is not None and lag > watchdog.threshold_s:
        return web.json_response({"status": "stalled", "error": f"The event loop was blocked for {lag:.1f} s within "
                                  f"the last {WINDOW_S:.0f} s (the limit is {watchdog.threshold_s:g} s)."}, status=503)
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    report = await request.app[keys.ENGINE].health()
    ready = all(value == "ok" for name, value in report.items() if name not in OPTIONAL)
    return web.json_response({"ready": ready, "checks": report}, status=200 if ready else 503)
