"""Jira's text-search word semantics: tokens, English stop words, a light stemmer, terms."""

from __future__ import annotations

import re
from dataclasses import dataclass

WORD = re.compile(r"[0-9a-z]+")
# Lucene's English stop words, which Jira's text search ignores.
STOP_WORDS = frozenset("a an and are as at be but by for if in into is it no not of on or such that "
                       "the their then there these they this to was will with".split())


def stem(word: str) -> str:
    """A light English stemmer: plurals and -ing/-ed forms fold onto one stem.

    Applied until nothing changes, so a stem stems to itself ("settings" and "setting" meet).
    """
    while True:
        shorter = _strip_verb(_strip_plural(word))
        if shorter == word:
            return word
        word = shorter


def _strip_plural(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and (word[-3] in "sxz" or word[-4:-2] in ("ch", "sh")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _strip_verb(word: str) -> str:
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed"):
        return word[:-2]
    return word


def words(text: str) -> list[str]:
    """The stems of a text, in order, stop words included (phrases need positions)."""
    return [stem(w) for w in WORD.findall(text.lower())]


def index_terms(text: str) -> set[str]:
    return {stem(w) for w in WORD.findall(text.lower()) if w not in STOP_WORDS}


@dataclass(frozen=True, slots=True)
class Term:
    kind: str  # "word", "phrase", "wildcard"
    stems: tuple[str, ...] = ()
    pattern: str = ""
    excluded: bool = False


def parse_terms(query: str) -> list[Term]:
    """Split a `~` operand into words, "quoted phrases" and wild*cards; a leading '-' excludes."""
    terms: list[Term] = []
    for match in re.finditer(r'(-?)"([^"]*)"|(-?)(\S+)', query):
        if match.group(2) is not None:
            stems = tuple(words(match.group(2)))
            if stems:
                terms.append(Term("phrase", stems, excluded=bool(match.group(1))))
            continue
        excluded, raw = bool(match.group(3)), match.group(4).lower()
        if "*" in raw or "?" in raw:
            core = re.sub(r"[^0-9a-z*?]", "", raw)
            if core.strip("*?"):
                terms.append(Term("wildcard", pattern=core, excluded=excluded))
            continue
        for word in WORD.findall(raw):
            if word not in STOP_WORDS:
                terms.append(Term("word", (stem(word),), excluded=excluded))
    return terms


def wildcard_regex(pattern: str) -> re.Pattern[str]:
    return re.compile("".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern) + "$")


def contains_phrase(haystack: list[str], phrase: tuple[str, ...]) -> bool:
    size = len(phrase)
    return any(tuple(haystack[i:i + size]) == phrase for i in range(len(haystack) - size + 1))
