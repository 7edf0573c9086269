"""The feedback database in one SQLite file: one connection guarded by a lock, WAL with FULL sync so
a commit that returned survives a crash of the process or the machine (group commit keeps the fsyncs few)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from jirakg.feedback.database import Dialect, Statements, first_line
from jirakg.feedback.errors import FeedbackRowRefused, FeedbackStoreUnavailable

T = TypeVar("T")
# The row's own fault (text that is not Unicode, a broken constraint); anything else is the database's.
REFUSED = (sqlite3.IntegrityError, sqlite3.DataError, sqlite3.ProgrammingError, UnicodeError)
BUSY_TIMEOUT_MS = 5000  # another process (a worker, `jirakg feedback export`) holding the write lock


class SqliteDatabase:
    dialect: Dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        try:
            # Autocommit mode: transactions are begun and committed explicitly, DDL included (migrations).
            self._connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error as exc:
            raise FeedbackStoreUnavailable(first_line(exc)) from exc
        self._lock = threading.Lock()

    def transaction(self, work: Callable[[Statements], T]) -> T:
        with self._lock:
            cursor = self._connection.cursor()
            try:
                cursor.execute("BEGIN IMMEDIATE")  # the write lock first: two writers never deadlock on upgrade
                result = work(Statements(cursor, "?"))
                cursor.execute("COMMIT")
                return result
            except BaseException as exc:
                if self._connection.in_transaction:
                    self._connection.rollback()
                if isinstance(exc, REFUSED):
                    raise FeedbackRowRefused(f"The feedback database refused this turn ({first_line(exc)}).") \
                        from exc
                if not isinstance(exc, sqlite3.Error):
                    raise
                raise FeedbackStoreUnavailable(f"The feedback file could not be written ({first_line(exc)}); "
                                               "nothing was stored.") from exc

    def close(self) -> None:
        with self._lock:
            self._connection.close()
