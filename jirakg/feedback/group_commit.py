"""Group commit: rows that arrive within a few milliseconds share one transaction, and each caller
returns only once its own row is committed (or learns why it was not). A row the database refuses
is found by writing the batch's rows one by one, so it fails alone and the others are stored."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from jirakg.feedback.errors import FeedbackRowRefused

Write = Callable[[list[tuple]], Awaitable[None]]


class GroupCommit:
    def __init__(self, write: Write, wait_s: float) -> None:
        self._write = write
        self._wait_s = wait_s
        self._pending: list[tuple[tuple, asyncio.Future[None]]] = []
        self._writing: asyncio.Lock | None = None  # made on first use, on the loop that serves
        self._flush_soon: asyncio.Task | None = None

    async def add(self, row: tuple) -> None:
        """Returns when `row` is committed; raises FeedbackStoreError when it is not."""
        committed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((row, committed))
        if self._flush_soon is None or self._flush_soon.done():
            self._flush_soon = asyncio.create_task(self._flush_after_wait())
        await asyncio.shield(committed)  # a caller past its deadline does not take the batch's outcome away

    async def _flush_after_wait(self) -> None:
        await asyncio.sleep(self._wait_s)  # the rows of the next few milliseconds share one transaction
        await self.flush()
        # Rows that arrived while that batch was written found this task running and started none: without a
        # flush of their own they would wait for the next caller, and when every caller waits, for ever.
        while self._pending:
            await self.flush()

    async def flush(self) -> None:
        """Write what waits; a write in progress finishes first, so a reader after this sees every row."""
        if self._writing is None:
            self._writing = asyncio.Lock()
        async with self._writing:
            batch, self._pending = self._pending, []
            if not batch:
                return
            try:
                await self._write([row for row, _ in batch])
            except FeedbackRowRefused:
                await self._one_by_one(batch)
            except Exception as exc:
                for _, committed in batch:
                    _fail(committed, exc)
            else:
                for _, committed in batch:
                    if not committed.done():
                        committed.set_result(None)


    async def _one_by_one(self, batch: list[tuple[tuple, asyncio.Future[None]]]) -> None:
        """One poisoned row must not take its neighbours with it; but once the store itself fails, the rest
        fail with it at once rather than each waiting out the store's deadline in turn (a batch of eight
        would hold every later turn for eight deadlines)."""
        for n, (row, committed) in enumerate(batch):
            try:
                await self._write([row])
            except FeedbackRowRefused as exc:
                _fail(committed, exc)
            except Exception as exc:
                for _, waiting in batch[n:]:
                    _fail(waiting, exc)
                return
            else:
                if not committed.done():
                    committed.set_result(None)


def _fail(committed: asyncio.Future[None], exc: Exception) -> None:
    if not committed.done():
        committed.set_exception(exc)
        committed.exception()  # marked retrieved: a caller that gave up must not leave a warning behind
