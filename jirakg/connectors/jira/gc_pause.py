"""Pause Python's cyclic garbage collector while a large result accumulates.

Decoded JSON is acyclic and freed by reference counting, yet every full collection rescans all
of it: fetching 20,000 issues spent about 0.2 s (10%) in the collector. Nested and concurrent
pauses share one counter; the collector runs again as soon as the last one ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_depth = 0
_was_enabled = True


@contextmanager
def paused_gc() -> Iterator[None]:
    global _depth, _was_enabled
    if _depth == 0:
        _was_enabled = gc.isenabled()
        gc.disable()
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and _was_enabled:
            gc.enable()
