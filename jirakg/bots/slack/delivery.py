"""Where one question's answer goes, so every way of asking shares one answering path."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass


@dataclass
class Delivery:
    """`post` shows the answer, `private` tells the asker alone why there is none; `asked` shows the
    question above an answer not in reply to it; `shareable` adds the "Share in channel" button."""
    post: Callable[[str, list[dict]], Awaitable[object]]
    private: Callable[[str], Awaitable[object]]
    asked: bool = False
    shareable: bool = False
