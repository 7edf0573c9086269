"""Budgets shared across replicas: two `jirakg serve` processes on one Redis (store.backend redis) give a
client one request budget and one budget of refused tokens, not one each. Real processes, real Redis."""

from __future__ import annotations

import pytest

from tests.bots.web_env import DATASET, call
from tests.jira_env import devjira
from tests.reliability.served import start, stop

pytestmark = [pytest.mark.child_process, pytest.mark.slow, pytest.mark.redis]

PER_MINUTE = 10


def replicas(tmp_path, jira: str, redis_url: str, extra: dict[str, str]):
    # Database 7 of the suite's Redis: budgets of other tests (same address, other limits) stay apart.
    env = {"JIRAKG_STORE__BACKEND": "redis", "JIRAKG_STORE__REDIS_URL": redis_url.rsplit("/", 1)[0] + "/7", **extra}
    processes = []
    for name in ("a", "b"):  # each its own SQLite files, as on separate machines
        (tmp_path / name).mkdir()
        processes.append(start(tmp_path / name, jira, env))
    return processes


def test_one_request_budget_across_replicas(tmp_path, redis_url) -> None:
    with devjira(DATASET) as jira:
        served = replicas(tmp_path, jira, redis_url, {"JIRAKG_WEB__RATE_LIMIT_PER_MINUTE": str(PER_MINUTE)})
        try:
            statuses = [call(f"{served[n % 2].url}/api/v1/conversations/c{n}")[0] for n in range(2 * PER_MINUTE)]
        finally:
            for process in served:
                stop(process)
    allowed = [s for s in statuses if s != 429]
    # One budget: ten (eleven if a token refilled during the run), not twenty; each replica refuses.
    assert PER_MINUTE <= len(allowed) <= PER_MINUTE + 1
    assert 429 in statuses[0::2] and 429 in statuses[1::2]


def test_one_refusal_budget_across_replicas(tmp_path, redis_url) -> None:
    with devjira(DATASET) as jira:
        served = replicas(tmp_path, jira, redis_url, {"JIRAKG_WEB__API_TOKENS": '["right-token"]'})
        try:
            replies = [call(f"{served[n % 2].url}/api/v1/conversations/c{n}",
                            headers={"Authorization": "Bearer wrong-token"}) for n in range(14)]
            right = call(f"{served[0].url}/api/v1/conversations/c", headers={"Authorization": "Bearer right-token"})
        finally:
            for process in served:
                stop(process)
    statuses = [status for status, _, _ in replies]
    assert statuses[:10] == [401] * 10  # ten refusals a minute per address, counted on both replicas together
    assert set(statuses[11:]) == {429} and "Too many requests" in replies[-1][1]["error"]
    assert right[0] == 429  # while refused, even the right token learns nothing
