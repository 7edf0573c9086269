"""difflib's `get_close_matches` over a fixed pool of words, asked of many words: only the pool's words that could
reach the cutoff are compared. The answers are the same; looking for a misspelling among every alias of a large Jira
was most of a parse's time."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches


class CloseWords:
    def __init__(self, pool: Iterable[str]) -> None:
        words = list(pool)
        self._slots: dict[str, int] = {}
        for word in words:
            for char in word:
                self._slots.setdefault(char, len(self._slots))
        self._width = max((word.count(char) for word in words for char in set(word)), default=1)
        self._bits = {word: self._letters(word) for word in words}
        self._by_length: dict[int, list[str]] = {}
        for word in words:
            self._by_length.setdefault(len(word), []).append(word)

    def matches(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """What `get_close_matches(word, pool, n, cutoff)` returns."""
        size, letters = len(word), self._letters(word)
        near = [other for length, words in self._by_length.items() if _ratio(min(size, length), size + length) >= cutoff
                for other in self._sharing(size, letters, words, cutoff)]
        return get_close_matches(word, near, n, cutoff)

    def within(self, word: str, others: Iterable[str], cutoff: float) -> list[str]:
        """Those of `others` (words of the pool) that pass difflib's first two tests."""
        return self._sharing(len(word), self._letters(word), others, cutoff)

    def _sharing(self, size: int, letters: int, others: Iterable[str], cutoff: float) -> list[str]:
        # Two strings match no better than the letters they share (the bits both letter sets have), nor than their
        # lengths allow.
        return [other for other in others
                if _ratio((letters & self._bits[other]).bit_count(), size + len(other)) >= cutoff]

    def _letters(self, word: str) -> int:
        """The word's letters as a number: a slot of bits per character, as many bits set in it as the word has of
        that character, so that the bits two words have in common count the letters they share."""
        bits = 0
        for char in set(word):
            slot = self._slots.get(char)
            if slot is not None:  # a character no word of the pool has is shared with none
                bits |= ((1 << min(word.count(char), self._width)) - 1) << (slot * self._width)
        return bits


def _ratio(matches: int, length: int) -> float:
    """difflib's own arithmetic, so that a pair at the cutoff is kept exactly when difflib would keep it."""
    return 2.0 * matches / length if length else 1.0
