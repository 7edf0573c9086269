"""Every answered turn and the feedback on it, in SQLite or PostgreSQL: the same SQL on both, run off
the event loop with a deadline, the schema migrated at start-up.

The database is called from a thread of its own: while it is down, calls wait on it (a connect timeout, its
lock), and in the loop's shared pool they would hold the threads every other blocking call of an answer needs
(the graph store's reads), so an outage of feedback alone would stall answers past their deadline.

Turns go through a group commit: every answer records one and a commit each would cost more than the
rest of a cached answer, so the turns of BATCH_WAIT_S share a transaction, and each `record_turn`
returns only once its turn is committed — an acknowledged turn is a stored turn."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from jirakg.config.settings import FeedbackSettings
from jirakg.feedback.database import Database, Statements, first_line
from jirakg.feedback.errors import FeedbackStoreError, FeedbackStoreUnavailable
from jirakg.feedback.group_commit import GroupCommit
from jirakg.feedback.migrations import migrate
from jirakg.feedback.models import ActionLog, FeedbackRow, TurnLog

T = TypeVar("T")
# A turn retried after a lost commit acknowledgement must not fail on its own first copy.
INSERT_TURN = ("INSERT INTO turns (turn_id, conversation_id, question, intents, parsed, plans, answer, parser, "
               "answerer, user_id, channel, account_id, shown, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
               "ON CONFLICT (turn_id) DO NOTHING")
INSERT_ACTION = ("INSERT INTO actions (action_id, kind, issue_key, account_id, user_id, channel, request, changes, "
                 "outcome, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
BATCH_WAIT_S = 0.02
EXPORT = """SELECT t.turn_id, t.conversation_id, t.question, t.intents, t.parsed, t.plans, t.answer, t.parser,
    t.answerer, t.user_id, t.channel, t.account_id, t.shown, t.created_at,
    f.rating, f.comment, f.user_id, f.channel, f.created_at
    FROM turns t LEFT JOIN feedback f ON f.turn_id = t.turn_id WHERE t.created_at >= ?
    ORDER BY t.created_at, f.created_at"""


class FeedbackStore:
    def __init__(self, database: Database, timeout_s: float = 5.0) -> None:
        self._database = database
        self._timeout_s = timeout_s
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="feedback-database")
        migrate(database)
        self._turns = GroupCommit(self._insert_turns, BATCH_WAIT_S)

    async def _transaction(self, work: Callable[[Statements], T]) -> T:
        try:
            async with asyncio.timeout(self._timeout_s):
                return await asyncio.get_running_loop().run_in_executor(self._thread, self._database.transaction,
                                                                        work)
        except TimeoutError:
            raise FeedbackStoreUnavailable(f"The feedback store did not answer within {self._timeout_s:g} s; "
                                           "nothing was stored.") from None

    async def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        await self.flush()
        return await self._transaction(lambda statements: statements.execute(sql, params))

    async def _insert_turns(self, rows: list[tuple]) -> None:
        await self._transaction(lambda statements: statements.executemany(INSERT_TURN, rows))

    async def record_turn(self, turn: TurnLog) -> None:
        """Returns once the turn is committed; FeedbackRowRefused or FeedbackStoreUnavailable says why not."""
        parsed = [c.model_dump(mode="json", exclude_defaults=True) for c in turn.parsed]
        await self._turns.add((turn.turn_id, turn.conversation_id, turn.question, json.dumps(turn.intents),
                               json.dumps(parsed), json.dumps(turn.plans), turn.answer, turn.parser, turn.answerer,
                               turn.user, turn.channel, turn.account_id, json.dumps(turn.shown),
                               turn.created_at.isoformat()))

    async def flush(self) -> None:
        """Write the turns that wait, so a reader sees every acknowledged turn."""
        await self._turns.flush()

    async def record_feedback(self, row: FeedbackRow) -> bool:
        """False when the turn is unknown: feedback must point at an answer that was given. One row per
        person, channel and answer: a changed rating or a comment added later updates it."""
        await self.flush()
        return await self._transaction(lambda statements: _feedback(statements, row))

    async def export(self, since: datetime | None = None) -> list[dict]:
        """One row per feedback given (or per turn without any), oldest first."""
        rows = await self._query(EXPORT, ((since.isoformat() if since else ""),))
        names = ["turn_id", "conversation_id", "question", "intents", "parsed", "plans", "answer", "parser",
                 "answerer", "user", "channel", "account_id", "shown", "asked_at", "rating", "comment", "rated_by",
                 "rated_in", "rated_at"]
        out = []
        for row in rows:
            item = dict(zip(names, row, strict=True))
            for name in ("intents", "parsed", "plans", "shown"):
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

    async def record_action(self, action: ActionLog) -> None:
        """Returns once the action's audit row is committed."""
        row = (action.action_id, action.kind, action.issue_key, action.account_id, action.user, action.channel,
               action.request, json.dumps(action.changes), action.outcome, action.detail,
               action.created_at.isoformat())
        await self._transaction(lambda statements: statements.execute(INSERT_ACTION, row))

    async def actions(self) -> list[ActionLog]:
        """Every audited action, oldest first."""
        rows = await self._query("SELECT action_id, kind, issue_key, account_id, user_id, channel, request, changes, "
                                 "outcome, detail, created_at FROM actions ORDER BY created_at, action_id")
        return [ActionLog(action_id=r[0], kind=r[1], issue_key=r[2], account_id=r[3], user=r[4], channel=r[5],
                          request=r[6], changes=json.loads(r[7]), outcome=r[8], detail=r[9],
                          created_at=datetime.fromisoformat(r[10])) for r in rows]

    async def ping(self) -> None:
        await self._query("SELECT 1")

    async def close(self) -> None:
        try:
            await self.flush()
        finally:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._database.close)
            self._thread.shutdown(wait=False)


def _feedback(sql: Statements, row: FeedbackRow) -> bool:
    if not sql.execute("SELECT 1 FROM turns WHERE turn_id = ?", (row.turn_id,)):
        return False
    earlier = sql.execute("SELECT feedback_id FROM feedback WHERE turn_id = ? AND COALESCE(user_id, '') = ? "
                          "AND COALESCE(channel, '') = ?", (row.turn_id, row.user or "", row.channel or ""))
    if earlier:
        sql.execute("UPDATE feedback SET rating = COALESCE(?, rating), comment = COALESCE(?, comment), "
                    "created_at = ? WHERE feedback_id = ?",
                    (row.rating, row.comment, row.created_at.isoformat(), earlier[0][0]))
    else:
        sql.execute("INSERT INTO feedback (feedback_id, turn_id, rating, comment, user_id, channel, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)", (uuid.uuid4().hex, row.turn_id, row.rating, row.comment,
                                                     row.user, row.channel, row.created_at.isoformat()))
    return True


def open_feedback_store(settings: FeedbackSettings) -> FeedbackStore:
    """The configured store, migrated to the current schema; FeedbackStoreError says why it cannot open."""
    if settings.backend == "postgres":
        try:
            from jirakg.feedback.postgres_database import PostgresDatabase  # needs the `postgres` extra
        except ImportError as exc:
            raise FeedbackStoreError("feedback.backend postgres needs the postgres extra: "
                                     "pip install 'jirakg[postgres]'") from exc
        try:
            return FeedbackStore(PostgresDatabase(str(settings.postgres_dsn), settings.timeout_s), settings.timeout_s)
        except FeedbackStoreUnavailable as exc:
            raise FeedbackStoreError(str(exc)) from exc
    from jirakg.feedback.sqlite_database import SqliteDatabase

    path = Path(settings.sqlite_path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return FeedbackStore(SqliteDatabase(path), settings.timeout_s)
    except (OSError, FeedbackStoreUnavailable) as exc:
        raise FeedbackStoreError(f"Could not open the feedback file {path}: {first_line(exc)}") from exc
