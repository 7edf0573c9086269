"""The feedback store on SQLite and on a real PostgreSQL server; the export and stats commands."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.config.settings import FeedbackSettings
from jirakg.feedback import FeedbackRow, TurnLog, open_feedback_store

DAY = datetime(2026, 11, 1, tzinfo=UTC)


def turn(turn_id: str, intents: list[str], days: int = 0) -> TurnLog:
    return TurnLog(turn_id=turn_id, conversation_id="c1", question=f"question {turn_id}", intents=intents,
                   plans=[f"plan {turn_id}"], answer=f"answer {turn_id}", parser="embedded", answerer="templated",
                   user="U1", channel="web", created_at=DAY + timedelta(days=days))


async def fill(settings: FeedbackSettings) -> tuple[bool, list[dict], dict, list[dict]]:
    store = open_feedback_store(settings)
    try:
        await store.record_turn(turn("t1", ["metadata"]))
        await store.record_turn(turn("t2", ["metadata", "links"], days=2))
        await store.record_turn(turn("t3", ["search"], days=3))
        for rating, turn_id, comment, user in [("up", "t1", None, "U2"), ("up", "t2", None, "U2"),
                                               ("down", "t2", "wrong owner", "U2"),  # U2 changes their mind
                                               ("down", "t2", None, "U3"), (None, "t2", "still", "U3"),
                                               ("up", "t3", None, "U2")]:
            assert await store.record_feedback(FeedbackRow(turn_id=turn_id, rating=rating, comment=comment,
                                                           user=user, channel="slack"))
        unknown = await store.record_feedback(FeedbackRow(turn_id="nope", rating="up"))
        return unknown, await store.export(), await store.stats(), await store.export(DAY + timedelta(days=2))
    finally:
        await store.close()


def check(unknown: bool, rows: list[dict], stats: dict, since: list[dict]) -> None:
    assert unknown is False
    assert [(r["turn_id"], r["rating"]) for r in rows] == [("t1", "up"), ("t2", "down"), ("t2", "down"), ("t3", "up")]
    assert rows[1]["intents"] == ["metadata", "links"] and rows[1]["comment"] == "wrong owner"
    assert rows[1]["rated_in"] == "slack" and rows[1]["channel"] == "web"
    assert stats["intents"]["metadata"] == {"turns": 2, "up": 1, "down": 2, "approval": 0.333}
    assert stats["intents"]["search"]["approval"] == 1.0
    assert stats["most_disliked"][0]["turn_id"] == "t2" and stats["most_disliked"][0]["down"] == 2
    assert stats["most_disliked"][0]["comments"] == ["wrong owner", "still"]
    assert {r["turn_id"] for r in since} == {"t2", "t3"}


def test_a_later_rating_or_comment_updates_the_same_row() -> None:
    rows = asyncio.run(fill(FeedbackSettings(sqlite_path=":memory:")))[1]
    assert [(r["rated_by"], r["rating"], r["comment"]) for r in rows if r["turn_id"] == "t2"] == [
        ("U2", "down", "wrong owner"), ("U3", "down", "still")]


def test_sqlite_store(tmp_path) -> None:
    check(*asyncio.run(fill(FeedbackSettings(sqlite_path=tmp_path / "f.sqlite3"))))


@pytest.mark.postgres
def test_postgres_store(postgres_dsn: str) -> None:
    check(*asyncio.run(fill(FeedbackSettings(backend="postgres", postgres_dsn=postgres_dsn))))


def test_export_and_stats_commands(tmp_path, monkeypatch) -> None:
    path = tmp_path / "f.sqlite3"
    asyncio.run(fill(FeedbackSettings(sqlite_path=path)))
    monkeypatch.setenv("JIRAKG_FEEDBACK__SQLITE_PATH", str(path))
    runner = CliRunner()
    lines = runner.invoke(main, ["feedback", "export", "--format", "jsonl", "--since", "2026-11-03"]).output
    assert [json.loads(line)["turn_id"] for line in lines.splitlines()] == ["t2", "t2", "t3"]
    table = list(csv.DictReader(io.StringIO(runner.invoke(main, ["feedback", "export", "--format", "csv"]).output)))
    assert len(table) == 4 and table[1]["intents"] == "metadata;links" and table[1]["comment"] == "wrong owner"
    stats = runner.invoke(main, ["feedback", "stats"])
    assert stats.exit_code == 0 and "metadata" in stats.output and "33%" in stats.output
    assert "2× 'question t2' — wrong owner; still" in stats.output
    figures = json.loads(runner.invoke(main, ["feedback", "stats", "--json"]).output)
    assert figures["intents"]["links"]["down"] == 2


@pytest.mark.parametrize("env, message", [
    ({"JIRAKG_FEEDBACK__BACKEND": "postgres", "JIRAKG_FEEDBACK__POSTGRES_DSN": "postgresql://nobody@127.0.0.1:1/x"},
     "Could not reach the feedback database"),
    ({"JIRAKG_FEEDBACK__SQLITE_PATH": "/proc/forbidden/f.sqlite3"}, "Could not open the feedback file"),
])
def test_unreachable_store_is_a_sentence(env: dict, message: str, monkeypatch) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(main, ["feedback", "stats"])
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_ask_with_an_unusable_feedback_store_is_a_sentence(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("JIRAKG_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("JIRAKG_FEEDBACK__SQLITE_PATH", "/proc/forbidden/f.sqlite3")
    monkeypatch.setenv("JIRAKG_JIRA__URL", "http://127.0.0.1:9")
    monkeypatch.setenv("JIRAKG_JIRA__AUTH", "anonymous")
    result = CliRunner().invoke(main, ["ask", "help"])
    assert result.exit_code == 1 and "Could not open the feedback file" in result.output
    assert "Traceback" not in result.output


def test_turns_written_in_batches_are_all_there_for_readers(tmp_path) -> None:
    async def run():
        store = open_feedback_store(FeedbackSettings(sqlite_path=tmp_path / "f.sqlite3"))
        try:
            await asyncio.gather(*(store.record_turn(turn(f"b{n}", ["search"])) for n in range(200)))
            rated = await store.record_feedback(FeedbackRow(turn_id="b199", rating="up"))  # not yet written
            return rated, await store.export()
        finally:
            await store.close()
    rated, rows = asyncio.run(run())
    assert rated and len(rows) == 200 and {r["turn_id"] for r in rows} == {f"b{n}" for n in range(200)}
