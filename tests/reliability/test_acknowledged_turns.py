"""An acknowledged turn is a stored turn: `jirakg serve` killed with SIGKILL in the middle of a load
loses none it answered (SQLite), and a PostgreSQL restart under load loses none and is reconnected to
within 5 s; asks during the outage are refused with a sentence, never acknowledged."""

from __future__ import annotations

import signal
import sqlite3
import time

import psycopg
import pytest

from tests.bots.web_env import DATASET
from tests.jira_env import devjira
from tests.reliability.load import run_load, wait_until
from tests.reliability.private_postgres import private_postgres
from tests.reliability.served import start, stop

pytestmark = [pytest.mark.child_process, pytest.mark.slow, pytest.mark.postgres]
TURNS = 1000


def test_no_acknowledged_turn_is_lost_to_sigkill(tmp_path) -> None:
    with devjira(DATASET) as jira:
        served = start(tmp_path, jira, {})
        load, pool = run_load(served.url, clients=16, limit_each=200)
        try:
            wait_until(lambda: load.count() >= TURNS, 120, f"{TURNS} acknowledged turns")
            served.process.send_signal(signal.SIGKILL)  # while the clients are still asking
            served.process.wait(10)
        finally:
            load.stopped.set()
            pool.shutdown()
            stop(served)
    with sqlite3.connect(tmp_path / "feedback.db") as database:
        stored = {turn_id for (turn_id,) in database.execute("SELECT turn_id FROM turns")}
    acknowledged = load.turn_ids()
    assert len(acknowledged) >= TURNS and load.statuses.get(500, 0) == 0
    assert acknowledged - stored == set()


def test_a_postgres_restart_loses_nothing_and_is_reconnected_within_5_s(tmp_path) -> None:
    with private_postgres() as postgres, devjira(DATASET) as jira:
        served = start(tmp_path, jira, {"JIRAKG_FEEDBACK__BACKEND": "postgres",
                                        "JIRAKG_FEEDBACK__POSTGRES_DSN": postgres.dsn})
        load, pool = run_load(served.url, clients=8, limit_each=100_000)
        try:
            wait_until(lambda: load.count() >= TURNS // 2, 120, "acknowledged turns before the restart")
            postgres.stop()
            time.sleep(1.0)  # asks meanwhile find the database gone
            postgres.start()
            back = time.monotonic()
            wait_until(lambda: any(at > back for at, _ in list(load.acknowledged)), 30, "an answer after the restart")
            reconnected_s = min(at for at, _ in list(load.acknowledged) if at > back) - back
            wait_until(lambda: load.count() >= TURNS, 120, f"{TURNS} acknowledged turns")
        finally:
            load.stopped.set()
            pool.shutdown()
            assert stop(served) == 0
        with psycopg.connect(postgres.dsn) as database:
            stored = {turn_id for (turn_id,) in database.execute("SELECT turn_id FROM turns")}
    assert load.turn_ids() - stored == set()
    assert reconnected_s < 5.0, reconnected_s
    assert load.statuses.get(503, 0) >= 1 and load.statuses.get(500, 0) == 0, load.statuses
    assert all("feedback" in sentence for sentence in load.refusals), set(load.refusals)
    print(f"reconnected {reconnected_s:.2f} s after PostgreSQL accepted connections again; {load.statuses}")
