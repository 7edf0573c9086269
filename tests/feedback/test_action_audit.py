"""The audit of changes made to Jira (migration 5) on SQLite and on a real PostgreSQL server: who, what,
before → after and the outcome, read back in order."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from jirakg.config.settings import FeedbackSettings
from jirakg.feedback import ActionLog, open_feedback_store

DAY = datetime(2026, 11, 1, tzinfo=UTC)


async def audited(settings: FeedbackSettings) -> list[ActionLog]:
    store = open_feedback_store(settings)
    try:
        await store.record_action(ActionLog(
            action_id="a2", kind="comment", issue_key="PROJ-3", account_id=None, user=None, channel="cli",
            request="comment on PROJ-3: hi", changes=[], outcome="refused", detail="Jira does not let you do that.",
            created_at=DAY + timedelta(minutes=1)))
        await store.record_action(ActionLog(
            action_id="a1", kind="transition", issue_key="PROJ-3", account_id="acc-1", user="U1", channel="slack",
            request="Move PROJ-3 to In Progress",
            changes=[{"field": "Status", "before": "To Do", "after": "In Progress"}], outcome="done",
            created_at=DAY))
        return await store.actions()
    finally:
        await store.close()


def check(rows: list[ActionLog]) -> None:
    assert [(r.action_id, r.outcome) for r in rows] == [("a1", "done"), ("a2", "refused")]
    assert rows[0].changes == [{"field": "Status", "before": "To Do", "after": "In Progress"}]
    assert rows[0].account_id == "acc-1" and rows[0].channel == "slack" and rows[0].created_at == DAY
    assert rows[1].account_id is None and rows[1].detail == "Jira does not let you do that."


def test_sqlite_audit(tmp_path) -> None:
    check(asyncio.run(audited(FeedbackSettings(sqlite_path=tmp_path / "f.sqlite3"))))


@pytest.mark.postgres
def test_postgres_audit(postgres_dsn: str) -> None:
    check(asyncio.run(audited(FeedbackSettings(backend="postgres", postgres_dsn=postgres_dsn))))
