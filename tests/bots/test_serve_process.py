"""`jirakg serve` as people run it: a child process configured through the environment, printing its
URL, answering over HTTP (one process or several sharing the port), and exiting cleanly on SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.bots.web_env import DATASET, KEY, OWNER, call
from tests.jira_env import devjira
from tests.local_servers import free_port, wait_for

pytestmark = [pytest.mark.child_process, pytest.mark.slow]


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_answers_and_stops_on_sigterm(tmp_path, workers: int) -> None:
    port = free_port()
    with devjira(DATASET) as jira:
        env = {**os.environ, "JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__AUTH": "anonymous",
               "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "graph.db"),
               "JIRAKG_FEEDBACK__SQLITE_PATH": str(tmp_path / "feedback.db"), "JIRAKG_WEB__PORT": str(port)}
        process = subprocess.Popen([sys.executable, "-m", "jirakg", "serve", "--workers", str(workers)], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(port, "jirakg serve", seconds=60)
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while call(f"{url}/healthz")[0] != 200 and time.monotonic() < deadline:
                time.sleep(0.1)
            answers = [call(f"{url}/api/v1/ask", "POST", {"text": f"Who owns {KEY}?"}) for _ in range(6)]
            assert all(status == 200 and OWNER in body["answer"] for status, body, _ in answers)
            assert call(f"{url}/readyz")[0] == 200
        finally:
            process.send_signal(signal.SIGTERM)
            _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert f"jirakg is serving on http://127.0.0.1:{port}/" in stderr
    logged = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    asks = [entry for entry in logged if entry.get("route") == "/api/v1/ask"]
    assert len(asks) == 6 and all(entry["status"] == 200 and entry["level"] == "info" for entry in asks)
    assert "Authorization" not in stderr and "token" not in stderr.lower()
