"""One store for SQLite and PostgreSQL: the same tables and SQL, run off the event loop through
the DB-API driver of each (sqlite3, psycopg), one connection guarded by a lock.

Turns are written in batches: every answer records one, and a commit each costs more than the
rest of a cached answer. A turn waits at most BATCH_WAIT_S; anything that reads (feedback,
export, stats) or closes the store writes what waits first."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from jirakg.config.settings import FeedbackSettings
from jirakg.errors import JirakgError
from jirakg.feedback.models import FeedbackRow, TurnLog

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS turns (
        turn_id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, question TEXT NOT NULL, intents TEXT NOT NULL,
        parsed TEXT NOT NULL, plans TEXT NOT NULL, answer TEXT NOT NULL, parser TEXT NOT NULL, answerer TEXT NOT NULL,
        user_id TEXT, channel TEXT, created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS feedback (
        feedback_id TEXT PRIMARY KEY, turn_id TEXT NOT NULL REFERENCES turns(turn_id),
        rating TEXT CHECK (rating IN ('up', 'down')), comment TEXT, user_id TEXT, channel TEXT,
        created_at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS feedback_turn ON feedback(turn_id)",
    "CREATE INDEX IF NOT EXISTS turns_created ON turns(created_at)",
]
INSERT_TURN = ("INSERT INTO turns (turn_id, conversation_id, question, intents, parsed, plans, answer, parser, "
               "answerer, user_id, channel, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
BATCH_WAIT_S = 0.02
EXPORT = """SELECT t.turn_id, t.conversation_id, t.question, t.intents, t.parsed, t.plans, t.answer, t.parser,
    t.answerer, t.user_id, t.channel, t.created_at, f.rating, f.comment, f.user_id, f.channel, f.created_at
    FROM turns t LEFT JOIN feedback f ON f.turn_id = t.turn_id WHERE t.created_at >= ?
    ORDER BY t.created_at, f.created_at"""


class DbApiConnection(Protocol):
    """What the store uses of a DB-API connection; sqlite3's and psycopg's cursors differ in type only."""

    def cursor(self) -> Any: ...
    def commit(self) -> None: ...
    def close(self) -> None: ...


class FeedbackStore:
    def __init__(self, connect: Callable[[], DbApiConnection], placeholder: str = "?") -> None:
        self._connection = connect()
        self._placeholder = placeholder
        self._lock = threading.Lock()
        self._pending: list[tuple] = []
        self._writing: asyncio.Lock | None = None  # made on first use, on the loop that serves
        self._flush_soon: asyncio.Task | None = None
        for statement in SCHEMA:
            self._run(statement)

    def _run(self, sql: str, params: tuple = (), many: list[tuple] | None = None) -> list[tuple]:
        with self._lock:
            cursor = self._connection.cursor()
            if many is not None:
                cursor.executemany(sql.replace("?", self._placeholder), many)
            else:
                cursor.execute(sql.replace("?", self._placeholder), params)
            rows = cursor.fetchall() if cursor.description else []
            self._connection.commit()
            return rows

    async def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        await self.flush()
        return await asyncio.to_thread(self._run, sql, params)

    async def record_turn(self, turn: TurnLog) -> None:
        parsed = [c.model_dump(mode="json", exclude_defaults=True) for c in turn.parsed]
        self._pending.append((turn.turn_id, turn.conversation_id, turn.question, json.dumps(turn.intents),
                              json.dumps(parsed), json.dumps(turn.plans), turn.answer, turn.parser, turn.answerer,
                              turn.user, turn.channel, turn.created_at.isoformat()))
        if self._flush_soon is None or self._flush_soon.done():
            self._flush_soon = asyncio.create_task(self._flush_after_wait())

    async def _flush_after_wait(self) -> None:
        await asyncio.sleep(BATCH_WAIT_S)  # the turns of the next few milliseconds share one transaction
        await self.flush()

    async def flush(self) -> None:
        """Write the turns that wait; a write in progress finishes first, so reads see every turn."""
        if self._writing is None:
            self._writing = asyncio.Lock()
        async with self._writing:
            batch, self._pending = self._pending, []
            if batch:
                await asyncio.to_thread(self._run, INSERT_TURN, many=batch)

    async def record_feedback(self, row: FeedbackRow) -> bool:
        """False when the turn is unknown: feedback must point at an answer that was given. One row per
        person, channel and answer: a changed rating or a comment added later updates it."""
        if not await self._query("SELECT 1 FROM turns WHERE turn_id = ?", (row.turn_id,)):
            return False
        earlier = await self._query("SELECT feedback_id FROM feedback WHERE turn_id = ? AND COALESCE(user_id, '') = ? "
                                    "AND COALESCE(channel, '') = ?", (row.turn_id, row.user or "", row.channel or ""))
        if earlier:
            await self._query("UPDATE feedback SET rating = COALESCE(?, rating), comment = COALESCE(?, comment), "
                              "created_at = ? WHERE feedback_id = ?",
                              (row.rating, row.comment, row.created_at.isoformat(), earlier[0][0]))
        else:
            await self._query("INSERT INTO feedback "
                              "(feedback_id, turn_id, rating, comment, user_id, channel, created_at) "
                              "VALUES (?, ?, ?, ?, ?, ?, ?)",
                              (uuid.uuid4().hex, row.turn_id, row.rating, row.comment, row.user, row.channel,
                               row.created_at.isoformat()))
        return True

    async def export(self, since: datetime | None = None) -> list[dict]:
        """One row per feedback given (or per turn without any), oldest first."""
        rows = await self._query(EXPORT, ((since.isoformat() if since else ""),))
        names = ["turn_id", "conversation_id", "question", "intents", "parsed", "plans", "answer", "parser", "answerer",
                 "user", "channel", "asked_at", "rating", "comment", "rated_by", "rated_in", "rated_at"]
        out = []
        for row in rows:
            item = dict(zip(names, row, strict=True))
            for name in ("intents", "parsed", "plans"):
                item[name] = json.loads(item[name])
            out.append(item)
        return out

    async def stats(self) -> dict:
        """Approval rate per intent (up / rated) and the most disliked answers."""
        rows = await self.export()
        per_intent: dict[str, dict[str, int]] = {}
        disliked: dict[str, dict] = {}
        counted: set[str] = set()
        for row in rows:
            for intent in row["intents"] or ["none"]:
                counts = per_intent.setdefault(intent, {"turns": 0, "up": 0, "down": 0})
                counts["turns"] += row["turn_id"] not in counted
                if row["rating"]:
                    counts[row["rating"]] += 1
            counted.add(row["turn_id"])
            entry = disliked.setdefault(row["turn_id"], {"turn_id": row["turn_id"], "question": row["question"],
                                                         "answer": row["answer"], "down": 0, "comments": []})
            entry["down"] += row["rating"] == "down"
            if row["comment"]:
                entry["comments"].append(row["comment"])
        disliked = {turn: entry for turn, entry in disliked.items() if entry["down"]}
        return {"intents": {name: {**c, "approval": round(c["up"] / (c["up"] + c["down"]), 3)
                                   if c["up"] + c["down"] else None} for name, c in sorted(per_intent.items())},
                "most_disliked": sorted(disliked.values(), key=lambda e: -e["down"])[:10]}

    async def ping(self) -> None:
        await self._query("SELECT 1")

    async def close(self) -> None:
        await self.flush()
        await asyncio.to_thread(self._connection.close)


class FeedbackStoreError(JirakgError):
    """The feedback store cannot be opened."""


def open_feedback_store(settings: FeedbackSettings) -> FeedbackStore:
    if settings.backend == "postgres":
        try:
            import psycopg  # the `postgres` extra
        except ImportError as exc:
            raise FeedbackStoreError("feedback.backend postgres needs the postgres extra: "
                                     "pip install 'jirakg[postgres]'") from exc
        dsn = str(settings.postgres_dsn)
        try:
            return FeedbackStore(lambda: psycopg.connect(dsn, autocommit=True, connect_timeout=10), "%s")
        except psycopg.Error as exc:
            raise FeedbackStoreError(f"Could not reach the feedback database: {_first_line(exc)}") from exc
    path = Path(settings.sqlite_path)

    def connect() -> sqlite3.Connection:
        connection = sqlite3.connect(path, check_same_thread=False)
        # WAL with NORMAL sync: a commit per answer without an fsync each; a crash loses at most the last few.
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        return connection

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return FeedbackStore(connect)
    except (OSError, sqlite3.Error) as exc:
        raise FeedbackStoreError(f"Could not open the feedback file {path}: {_first_line(exc)}") from exc


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
