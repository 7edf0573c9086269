"""Who someone is, remembered: a found answer for `ttl_s`, a miss only for `miss_ttl_s`, so a person
given an account is found soon after, and nobody is looked up on every turn."""

from __future__ import annotations

import asyncio

from jirakg.access.memo import Memo
from tests.access.test_decisions import Clock


def test_found_and_missing_answers_are_kept_for_their_own_time() -> None:
    clock = Clock()
    memo: Memo[str] = Memo(ttl_s=3600, miss_ttl_s=60, clock=clock)
    looked: list[str] = []
    answers = {"ana": "5f-ana"}

    async def get(name: str) -> str | None:
        async def look() -> str | None:
            looked.append(name)
            return answers.get(name)
        return await memo.get(name, look)

    async def run() -> None:
        assert await get("ana") == "5f-ana" and await get("bo") is None
        answers["bo"] = "5f-bo"  # Bo is given an account
        clock.now += 59
        assert await get("ana") == "5f-ana" and await get("bo") is None  # both still remembered
        clock.now += 2
        assert await get("bo") == "5f-bo" and await get("ana") == "5f-ana"  # only the miss was asked again
        clock.now += 3600
        assert await get("ana") == "5f-ana"

    asyncio.run(run())
    assert looked == ["ana", "bo", "bo", "ana"]
