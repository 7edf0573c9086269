"""Request bodies read as JSON within bounds: a deadline on reading them and a cap on nesting, so a
slow sender or `[[[[…]]]]` cannot hold a handler or exhaust the parser's recursion."""

from __future__ import annotations

import asyncio
import json
import re

from aiohttp import web

MAX_DEPTH = 32
BODY_READ_TIMEOUT_S = 10.0
STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')  # brackets inside strings do not nest
NOT_BRACKETS = re.compile(rb"[^\[\]{}]")


class BadBody(Exception):
    """The body is not usable JSON; the message says why, as a sentence."""


async def read_body(request: web.Request) -> bytes:
    """The whole body, or BadBody when the client has not sent it within BODY_READ_TIMEOUT_S."""
    try:
        async with asyncio.timeout(BODY_READ_TIMEOUT_S):
            return await request.read()
    except TimeoutError:
        raise BadBody(f"The request body did not arrive within {BODY_READ_TIMEOUT_S:g} s.") from None


async def read_json(request: web.Request) -> object:
    raw = await read_body(request)
    if nesting(raw) > MAX_DEPTH:
        raise BadBody(f"The request body nests deeper than {MAX_DEPTH} levels.")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise BadBody("The request body is not JSON.") from None


def nesting(raw: bytes) -> int:
    """How deep arrays and objects nest in `raw` (malformed JSON included: the parser judges that)."""
    depth = deepest = 0
    for bracket in NOT_BRACKETS.sub(b"", STRINGS.sub(b"", raw)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest
