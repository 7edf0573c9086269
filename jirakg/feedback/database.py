"""What the feedback store needs of a database: run some work in one transaction, off the event loop,
with every failure classified as the row's fault or the database's. SQLite and PostgreSQL each
implement it in their own module."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol, TypeVar

T = TypeVar("T")
Dialect = Literal["sqlite", "postgres"]


class Statements:
    """The cursor a transaction's work gets: SQL written with `?` placeholders whatever the driver's style."""

    def __init__(self, cursor: Any, placeholder: str) -> None:
        self._cursor = cursor
        self._placeholder = placeholder

    def execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        self._cursor.execute(sql.replace("?", self._placeholder), params)
        return self._cursor.fetchall() if self._cursor.description else []

    def executemany(self, sql: str, rows: list[tuple]) -> None:
        self._cursor.executemany(sql.replace("?", self._placeholder), rows)


class Database(Protocol):
    dialect: Dialect

    def transaction(self, work: Callable[[Statements], T]) -> T:
        """`work` in one transaction, committed before this returns. Raises FeedbackRowRefused when the
        data was refused, FeedbackStoreUnavailable when the database was not reachable."""
        ...

    def close(self) -> None: ...


def first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
