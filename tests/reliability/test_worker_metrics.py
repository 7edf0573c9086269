"""`jirakg serve --workers 2`: whichever worker answers /metrics counts the turns and requests of both
(prometheus-client's multiprocess mode in a directory `serve` makes and removes). Real processes."""

from __future__ import annotations

import re

import pytest

from tests.bots.web_env import DATASET, call
from tests.jira_env import devjira
from tests.reliability.served import start, stop

pytestmark = [pytest.mark.child_process, pytest.mark.slow]

ASKED = 24


def total(metrics: str, name: str) -> int:
    return sum(int(n) for n in re.findall(rf"^{name}{{[^}}]*}} (\d+)$", metrics, re.MULTILINE))


def test_metrics_count_every_worker(tmp_path) -> None:
    with devjira(DATASET) as jira:
        served = start(tmp_path, jira, {"JIRAKG_STORE__BACKEND": "memory"}, args=("--workers", "2"))
        try:
            for n in range(ASKED):  # a new connection each: the kernel spreads them over both workers
                assert call(f"{served.url}/api/v1/ask", "POST", {"text": f"open bugs {n}"})[0] == 200
            scrapes = [call(f"{served.url}/metrics")[1]["text"] for _ in range(8)]
        finally:
            stop(served)
    for metrics in scrapes:
        assert total(metrics, "jirakg_turns_total") == ASKED
        assert f'jirakg_http_requests_total{{route="/api/v1/ask",status="200"}} {ASKED}' in metrics
        assert f'jirakg_turn_seconds_count{{intent="search"}} {ASKED}' in metrics
