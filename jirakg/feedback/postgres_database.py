"""The feedback database on PostgreSQL: one connection, replaced as soon as it breaks. A database
restart breaks it; the next call finds it broken and connects again at once (no back-off schedule to
wait out), so the store is back with the database. Every statement has the store's deadline."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import psycopg  # the `postgres` extra

from jirakg.feedback.database import Dialect, Statements, first_line
from jirakg.feedback.errors import FeedbackRowRefused, FeedbackStoreUnavailable

T = TypeVar("T")


class PostgresDatabase:
    dialect: Dialect = "postgres"

    def __init__(self, dsn: str, timeout_s: float) -> None:
        self._dsn = dsn
        self._timeout_s = timeout_s
        self._lock = threading.Lock()
        self._connection: psycopg.Connection | None = self._connect()

    def _connect(self) -> psycopg.Connection:
        try:
            return psycopg.connect(self._dsn, connect_timeout=max(1, round(self._timeout_s)),
                                   options=f"-c statement_timeout={round(self._timeout_s * 1000)}")
        except psycopg.Error as exc:
            raise FeedbackStoreUnavailable(f"Could not reach the feedback database: {first_line(exc)}") from exc

    def transaction(self, work: Callable[[Statements], T]) -> T:
        with self._lock:
            broken: Exception | None = None
            for _ in range(2):  # a connection a restart broke is replaced and the work tried once more
                connection = self._connection if self._connection and not self._connection.closed else None
                connection = self._connection = connection or self._connect()
                try:
                    with connection.cursor() as cursor:
                        result = work(Statements(cursor, "%s"))
                    connection.commit()
                    return result
                except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                    if not connection.broken and not connection.closed:  # a timeout: the connection is fine
                        connection.rollback()
                        raise FeedbackStoreUnavailable(f"The feedback database did not answer in time "
                                                       f"({first_line(exc)}); nothing was stored.") from exc
                    self._discard()
                    broken = exc
                except (psycopg.Error, UnicodeError) as exc:  # the row's own fault: a NUL, a broken constraint
                    connection.rollback()
                    raise FeedbackRowRefused(f"The feedback database refused this turn ({first_line(exc)}).") \
                        from exc
                except BaseException:
                    connection.rollback()
                    raise
            assert broken is not None  # both tries ended on a broken connection
            raise FeedbackStoreUnavailable(f"The feedback database is not reachable ({first_line(broken)}); "
                                           "nothing was stored.") from broken

    def _discard(self) -> None:
        if self._connection is not None:
            self._connection.close()
        self._connection = None

    def close(self) -> None:
        with self._lock:
            self._discard()
