"""Schema migrations from every schema released before, on SQLite and on a real PostgreSQL server:
the old rows survive, the version is recorded, and a turn and a comment without a rating (which the
first schema could not hold) are stored afterwards."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from jirakg.config.settings import FeedbackSettings
from jirakg.feedback import FeedbackRow, FeedbackStoreError, TurnLog, open_feedback_store
from jirakg.feedback.migrations import LATEST
from tests.feedback.earlier_schemas import EARLIER, OLD_FEEDBACK


def exercise(settings: FeedbackSettings) -> list[dict]:
    async def run() -> list[dict]:
        store = open_feedback_store(settings)
        try:
            await store.record_turn(TurnLog(turn_id="new1", conversation_id="c-new", question="q", intents=["search"],
                                            plans=["p"], answer="a", parser="embedded", answerer="templated"))
            assert await store.record_feedback(FeedbackRow(turn_id="old1", comment="a comment alone", user="U3"))
            return await store.export()
        finally:
            await store.close()
    return asyncio.run(run())


def check(rows: list[dict], version: int) -> None:
    old = [r for r in rows if r["turn_id"] == "old1"]
    assert {(r["rating"], r["comment"]) for r in old} == {("up", "nice"), (None, "a comment alone")}
    assert old[0]["answer"] == "Ada owns it." and old[0]["parsed"] == ([{"name": "metadata"}] if version == 3 else [])
    assert [r["question"] for r in rows if r["turn_id"] == "new1"] == ["q"]


def insert_old(execute, version: int, placeholder: str) -> None:
    _, statements, turn = EARLIER[version]
    for statement in statements:
        execute(statement, ())
    marks = ", ".join([placeholder] * len(turn))
    execute(f"INSERT INTO turns VALUES ({marks})", turn)
    execute(f"INSERT INTO feedback VALUES ({', '.join([placeholder] * len(OLD_FEEDBACK))})", OLD_FEEDBACK)


@pytest.mark.parametrize("version", sorted(EARLIER))
def test_sqlite_from_every_earlier_schema(tmp_path, version: int) -> None:
    path = tmp_path / "f.sqlite3"
    with sqlite3.connect(path) as connection:
        insert_old(connection.execute, version, "?")
    check(exercise(FeedbackSettings(sqlite_path=path)), version)
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(LATEST,)]
        rating = next(row for row in connection.execute("PRAGMA table_info(feedback)") if row[1] == "rating")
        assert rating[3] == 0  # a comment alone may be stored


@pytest.mark.postgres
@pytest.mark.parametrize("version", sorted(EARLIER))
def test_postgres_from_every_earlier_schema(postgres_dsn: str, version: int) -> None:
    import psycopg
    with psycopg.connect(postgres_dsn, autocommit=True) as connection:
        connection.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        insert_old(connection.execute, version, "%s")
    check(exercise(FeedbackSettings(backend="postgres", postgres_dsn=postgres_dsn)), version)
    with psycopg.connect(postgres_dsn) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(LATEST,)]


def test_a_fresh_database_and_a_second_start_are_at_the_latest_version(tmp_path) -> None:
    path = tmp_path / "f.sqlite3"
    for _ in range(2):  # created, then opened again with nothing left to apply
        asyncio.run(open_feedback_store(FeedbackSettings(sqlite_path=path)).close())
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(LATEST,)]


def test_a_database_from_a_newer_jirakg_is_refused_with_a_sentence(tmp_path) -> None:
    path = tmp_path / "f.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        connection.execute("INSERT INTO schema_version VALUES (?)", (LATEST + 1,))
    with pytest.raises(FeedbackStoreError, match=f"schema version {LATEST + 1}, newer than this jirakg"):
        open_feedback_store(FeedbackSettings(sqlite_path=path))
