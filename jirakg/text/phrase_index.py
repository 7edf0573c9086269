"""Items named by phrases (normalised words, one space apart): exact look-ups, and candidates for a
misspelt phrase drawn from buckets (phrases sharing a first letter, a word prefix, ...) so that most
phrases are never compared. The Jira vocabulary's `Grounder` and the knowledge graph's `EntityIndex`
both build on it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from difflib import SequenceMatcher
from typing import Generic, TypeVar

T = TypeVar("T")


class PhraseIndex(Generic[T]):
    def __init__(self, named: Iterable[tuple[str, T]], bucket_keys: Callable[[str], Iterable[str]]) -> None:
        """`named`: (phrase, item) pairs, items kept in the order given; `bucket_keys(phrase)`: the
        buckets a phrase is a misspelling candidate in (none: never a candidate)."""
        self._items: dict[str, list[T]] = {}
        for phrase, item in named:
            self._items.setdefault(phrase, []).append(item)
        self._bucket_keys = bucket_keys
        self._buckets: dict[str, list[str]] | None = None  # built on the first misspelling

    def __contains__(self, phrase: str) -> bool:
        return phrase in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def named(self, phrase: str) -> list[T]:
        """The items `phrase` names exactly, in the order given."""
        return self._items.get(phrase, [])

    def candidates(self, keys: Iterable[str], max_bucket: int | None = None) -> list[str]:
        """The phrases in the buckets of `keys`, each once: bucket by bucket, each in indexing order;
        buckets of more than `max_bucket` phrases left out."""
        if self._buckets is None:
            self._buckets = {}
            for phrase in self._items:
                for key in dict.fromkeys(self._bucket_keys(phrase)):
                    self._buckets.setdefault(key, []).append(phrase)
        found: dict[str, None] = {}
        for key in keys:
            bucket = self._buckets.get(key, ())
            if max_bucket is None or len(bucket) <= max_bucket:
                found.update(dict.fromkeys(bucket))
        return list(found)


def similarity(a: str, b: str, at_least: float) -> float | None:
    """SequenceMatcher's ratio of `a` to `b` when it is at least `at_least`, else None. The quick
    upper bounds reject most pairs before the full comparison."""
    matcher = SequenceMatcher(None, a, b)
    if matcher.real_quick_ratio() < at_least or matcher.quick_ratio() < at_least:
        return None
    ratio = matcher.ratio()
    return ratio if ratio >= at_least else None
