"""Group commit: a turn is acknowledged only once it is committed, and a row the database refuses
fails alone — on SQLite (text that is not Unicode) and on a real PostgreSQL server (a NUL character);
but once the store itself fails, the rows left fail at once instead of each waiting out its deadline."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from jirakg.config.settings import FeedbackSettings
from jirakg.feedback import FeedbackRow, FeedbackRowRefused, FeedbackStore, TurnLog, open_feedback_store
from jirakg.feedback.errors import FeedbackStoreUnavailable
from jirakg.feedback.group_commit import GroupCommit


def turn(turn_id: str, question: str = "who owns PROJ-1?") -> TurnLog:
    return TurnLog(turn_id=turn_id, conversation_id="c1", question=question, intents=["metadata"], plans=["p"],
                   answer="a", parser="embedded", answerer="templated")


async def record_all(store: FeedbackStore, turns: list[TurnLog]) -> list[BaseException | None]:
    return await asyncio.gather(*(store.record_turn(t) for t in turns), return_exceptions=True)


def test_an_acknowledged_turn_is_already_in_the_file(tmp_path) -> None:
    path = tmp_path / "f.sqlite3"

    async def run() -> list[int]:
        store = open_feedback_store(FeedbackSettings(sqlite_path=path))
        seen = []
        try:
            for n in range(5):
                await store.record_turn(turn(f"t{n}"))
                with sqlite3.connect(path) as other:  # another connection: only committed rows are visible
                    seen.append(other.execute("SELECT COUNT(*) FROM turns").fetchone()[0])
        finally:
            await store.close()
        return seen
    assert asyncio.run(run()) == [1, 2, 3, 4, 5]


def poisoned_batch(settings: FeedbackSettings, poison: str) -> tuple[list, list[dict], bool]:
    async def run():
        store = open_feedback_store(settings)
        try:
            turns = [turn(f"p{n}", poison if n == 7 else f"question {n}") for n in range(20)]
            outcomes = await record_all(store, turns)
            rated = await store.record_feedback(FeedbackRow(turn_id="p7", rating="up"))
            return outcomes, await store.export(), rated
        finally:
            await store.close()
    return asyncio.run(run())


def check_poisoned(outcomes: list, rows: list[dict], rated: bool) -> None:
    refused = [n for n, outcome in enumerate(outcomes) if outcome is not None]
    assert refused == [7] and isinstance(outcomes[7], FeedbackRowRefused)
    assert "refused this turn" in str(outcomes[7])
    stored = sorted(r["turn_id"] for r in rows if r["turn_id"].startswith("p"))  # the database is shared
    assert stored == sorted(f"p{n}" for n in range(20) if n != 7)
    assert rated is False  # feedback on the turn that was not stored says so


def test_sqlite_refuses_the_poisoned_row_alone(tmp_path) -> None:
    check_poisoned(*poisoned_batch(FeedbackSettings(sqlite_path=tmp_path / "f.sqlite3"), "who owns \udcff?"))


@pytest.mark.postgres
def test_postgres_refuses_the_poisoned_row_alone(postgres_dsn: str) -> None:
    check_poisoned(*poisoned_batch(FeedbackSettings(backend="postgres", postgres_dsn=postgres_dsn),
                                   "who owns \u0000PROJ-1?"))


def test_the_same_turn_twice_is_stored_once(tmp_path) -> None:
    async def run() -> list[dict]:
        store = open_feedback_store(FeedbackSettings(sqlite_path=tmp_path / "f.sqlite3"))
        try:
            await record_all(store, [turn("same"), turn("same")])  # a write retried after a lost acknowledgement
            return await store.export()
        finally:
            await store.close()
    assert [r["turn_id"] for r in asyncio.run(run())] == ["same"]


def written(fails: dict[str, Exception]) -> tuple[list[object], list[list[tuple]]]:
    """Four rows added together; `fails` maps a row (or "batch") to what writing it raises."""
    writes: list[list[tuple]] = []

    async def write(rows: list[tuple]) -> None:
        writes.append(rows)
        key = "batch" if len(rows) > 1 else rows[0][0]
        if key in fails:
            raise fails[key]

    async def main() -> list[object]:
        commit = GroupCommit(write, 0.01)
        return await asyncio.gather(*(commit.add((name,)) for name in "abcd"), return_exceptions=True)

    return asyncio.run(main()), writes


def test_a_refused_row_does_not_take_its_neighbours_with_it() -> None:
    outcomes, writes = written({"batch": FeedbackRowRefused("NUL"), "b": FeedbackRowRefused("NUL")})
    assert [type(o).__name__ for o in outcomes] == ["NoneType", "FeedbackRowRefused", "NoneType", "NoneType"]
    assert writes[1:] == [[("a",)], [("b",)], [("c",)], [("d",)]]


def test_once_the_store_fails_the_rows_left_fail_without_waiting() -> None:
    down = FeedbackStoreUnavailable("The feedback store did not answer within 5 s; nothing was stored.")
    outcomes, writes = written({"batch": FeedbackRowRefused("NUL"), "a": FeedbackRowRefused("NUL"), "b": down})
    assert [type(o).__name__ for o in outcomes] == [
        "FeedbackRowRefused", "FeedbackStoreUnavailable", "FeedbackStoreUnavailable", "FeedbackStoreUnavailable"]
    assert writes[1:] == [[("a",)], [("b",)]]  # c and d were not tried one by one


def test_rows_that_arrive_while_a_batch_is_written_are_written_without_another_caller() -> None:
    """Every caller waits for its own row: rows added during a slow write (a database that is restarting) must get
    a flush of their own, or they wait until a caller that never comes."""
    written: list[list[tuple]] = []

    async def slow_write(rows: list[tuple]) -> None:
        await asyncio.sleep(0.2)
        written.append(rows)

    async def run() -> None:
        commit = GroupCommit(slow_write, wait_s=0.01)
        first = asyncio.create_task(commit.add(("a",)))
        await asyncio.sleep(0.05)  # the first batch is being written
        later = [asyncio.create_task(commit.add((name,))) for name in ("b", "c")]
        async with asyncio.timeout(2):
            await asyncio.gather(first, *later)

    asyncio.run(run())
    assert written == [[("a",)], [("b",), ("c",)]]
