"""/healthz reflects a blocked event loop: the loop serving a real socket is made to run a blocking call
(as a sync library called without `to_thread` would), and /healthz, answered once the loop is free again,
says how long it was blocked; the watchdog logs the stall while it lasts."""

from __future__ import annotations

import logging
import time

from jirakg.bots.web import keys
from jirakg.bots.web.app import build_app
from jirakg.config import Settings
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from tests.bots.web_env import DATASET, call
from tests.jira_env import devjira


def test_a_blocked_loop_makes_healthz_unhealthy(tmp_path, caplog) -> None:
    caplog.set_level(logging.WARNING, logger="jirakg.web")
    with devjira(DATASET) as jira:
        settings = Settings(jira={"url": jira, "auth": "anonymous"}, store={"backend": "memory"},
                            feedback={"sqlite_path": tmp_path / "feedback.sqlite3"}, web={"max_loop_lag_s": 0.5})
        app = build_app(lambda: engine_session(jira, settings), settings)
        with BackgroundServer(app) as url:
            assert call(url + "/healthz")[:2] == (200, {"status": "ok"})
            app[keys.WATCHDOG].loop.call_soon_threadsafe(time.sleep, 2.0)
            status, reply, _ = call(url + "/healthz")  # served once the sleep returns
            assert status == 503 and reply["status"] == "stalled"
            blocked = float(reply["error"].split("blocked for ")[1].split(" s")[0])
            assert blocked >= 1.5
            assert reply["error"].endswith("within the last 30 s (the limit is 0.5 s).")
            assert call(url + "/readyz")[0] == 200  # the dependencies are fine; only the process is not
    stalls = [r for r in caplog.records if r.getMessage() == "event loop blocked"]
    assert len(stalls) == 1 and stalls[0].fields["seconds"] >= 0.5  # type: ignore[attr-defined]
    assert "asyncio/events.py" in stalls[0].fields["where"]  # type: ignore[attr-defined]  # where it was stuck
