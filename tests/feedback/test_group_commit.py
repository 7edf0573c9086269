"""A batch with a row the store refuses is written row by row, so the others still land; but once the
store itself fails, the rows left fail at once instead of each waiting out the store's deadline."""

from __future__ import annotations

import asyncio

from jirakg.feedback.errors import FeedbackRowRefused, FeedbackStoreUnavailable
from jirakg.feedback.group_commit import GroupCommit


def run(fails: dict[str, Exception]) -> tuple[list[object], list[list[tuple]]]:
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
    outcomes, writes = run({"batch": FeedbackRowRefused("NUL"), "b": FeedbackRowRefused("NUL")})
    assert [type(o).__name__ for o in outcomes] == ["NoneType", "FeedbackRowRefused", "NoneType", "NoneType"]
    assert writes[1:] == [[("a",)], [("b",)], [("c",)], [("d",)]]


def test_once_the_store_fails_the_rows_left_fail_without_waiting() -> None:
    down = FeedbackStoreUnavailable("The feedback store did not answer within 5 s; nothing was stored.")
    outcomes, writes = run({"batch": FeedbackRowRefused("NUL"), "a": FeedbackRowRefused("NUL"), "b": down})
    assert [type(o).__name__ for o in outcomes] == [
        "FeedbackRowRefused", "FeedbackStoreUnavailable", "FeedbackStoreUnavailable", "FeedbackStoreUnavailable"]
    assert writes[1:] == [[("a",)], [("b",)]]  # c and d were not tried one by one
