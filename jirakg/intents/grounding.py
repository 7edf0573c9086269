"""Ground words in a question to values that exist in the instance, tolerating misspellings,
partial names and everyday words for priorities ("urgent", "high priority")."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from jirakg.intents.lexicon import Lexicon, Term
from jirakg.text.close_words import CloseWords
from jirakg.text.phrase_index import PhraseIndex, similarity
from jirakg.text.words import unicode_words

FUZZY_THRESHOLD = 0.84
WORD_THRESHOLD = 0.75  # each word of a misspelt name of several words
MIN_FUZZY_LENGTH = 4  # shorter words are too easy to confuse ("bug" vs "big")
MAX_WORDS = 4
# "syncing", "uploads", "builders": a word of a name, inflected
ENDINGS = frozenset({"ing", "ed", "s", "es", "er", "ers"})
INFLECTED = 0.85
LONGEST_ENDINGS_FIRST = sorted(ENDINGS, key=len, reverse=True)
# Everyday words for the top and bottom of the instance's own priority scheme.
# ("top" only with its noun: "on top of our deadlines", "the top 3" say nothing of a level)
URGENT_WORDS = {"urgent", "critical", "blocker", "blockers", "top priority", "top urgency", "top importance",
                "highest importance", "highest", "showstopper", "show stopper", "show stoppers",
                "showstoppers", "p0", "p1", "most severe", "severest", "emergency", "emergencies"}
# Words for a serious level that mean High (else the level below the top) and every one above it ("serious bugs" are
# High or Highest); where the scheme names a level so ("Major"), the name wins.
HIGH_WORDS = {"important", "severe", "serious", "nasty", "major", "significant"}
MINOR_WORDS = {"trivial", "minor", "lowest", "cosmetic", "p4", "p5"}
# "low" where the scheme has no Low: the level above the lowest and the lowest ("low priority" Fluid bugs are Minor or
# Trivial)
LOW_WORDS = {"low", "unimportant"}
# Words of questions that are never misspelt names of anything; not worth a fuzzy comparison.
COMMON_WORDS = frozenset("""a about after all an and any are as at be been before by can could did do does
done for from get give had has have how i in into is it its last list me mine my next not of on or our
please show since so than that the their them then there these they this those to was we were what when
where which who whom why will with would you your issues issue tickets ticket items assigned open
""".split())


@dataclass(frozen=True)
class Match:
    term: Term
    start: int  # word positions in the normalised text
    end: int
    score: float  # 1.0 exact, lower for partial or fuzzy matches


class Grounder:
    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        # Misspellings rarely change the first letter: compare only aliases that share it.
        self._aliases: PhraseIndex[Term] = PhraseIndex(
            ((alias, term) for term in lexicon.terms for alias in term.aliases), lambda alias: [alias[0]])
        self._close_words = CloseWords(self._aliases)
        # The same words come back in every scan of a question and in every question: their close aliases
        # are remembered (comparing them costs most of a parse).
        self._close = functools.lru_cache(maxsize=65536)(self._close_aliases)

    def find(self, kind: str, phrase: str) -> list[Match]:
        """Terms of `kind` that `phrase` names, best first; nothing when nothing is close."""
        words = unicode_words(phrase).split()
        matches = [m for m in self.scan(" ".join(words), {kind}) if m.start == 0 and m.end == len(words)]
        return sorted(matches, key=lambda m: -m.score)

    def scan(self, text: str, kinds: set[str]) -> list[Match]:
        """Every mention of a term of the given kinds in `text`, longest and best first,
        without overlaps: exact aliases, then first names, then close misspellings."""
        words = unicode_words(text).split()
        candidates: list[Match] = []
        for size in range(min(MAX_WORDS, len(words)), 0, -1):
            for start in range(len(words) - size + 1):
                phrase = " ".join(words[start:start + size])
                candidates += [Match(t, start, start + size, 1.0)
                               for t in self._aliases.named(phrase) if t.kind in kinds]
                if "priority" in kinds and size <= 2:  # "urgent", "most severe"
                    candidates += self._priority_words(phrase, start, start + size)
                if (size <= 2 and len(phrase) >= MIN_FUZZY_LENGTH and phrase not in self._aliases
                        and not set(phrase.split()) <= COMMON_WORDS):
                    candidates += self._fuzzy(phrase, start, start + size, kinds)
        return _without_overlaps(candidates)

    def _priority_words(self, word: str, start: int, end: int) -> list[Match]:
        """A level said in everyday words ("urgent", "minor", "low"), unless the words name something already."""
        order = self.lexicon.priority_order
        if not order or word in self._aliases:
            return []
        if word in URGENT_WORDS:
            level = order[0]
        elif word in HIGH_WORDS:
            level = next((v for v in order if v.lower() == "high"), order[1 if len(order) > 2 else 0])
        elif word in MINOR_WORDS:
            level = order[-1]
        elif word in LOW_WORDS:
            level = order[-2 if len(order) > 2 else -1]
        else:
            return []  # most phrases: no level's terms are looked up
        terms = {t.value: t for t in self.lexicon.of("priority")}
        return [Match(terms[level], start, end, 0.9)]

    def _fuzzy(self, phrase: str, start: int, end: int, kinds: set[str]) -> list[Match]:
        # "oops" is no misspelt OPS: a project key is typed in its own length, or with a letter after it
        return [Match(t, start, end, score) for alias, score in self._close(phrase)
                for t in self._aliases.named(alias) if t.kind in kinds
                and not (t.kind == "project" and alias == t.value.lower() and len(alias) != len(phrase)
                         and not phrase.startswith(alias))]  # "WEBS Sprint 52": the key with a letter after it

    def _close_aliases(self, phrase: str) -> tuple[tuple[str, float], ...]:
        """The aliases `phrase` may be a misspelling of, with their scores."""
        found = []
        words = phrase.count(" ")
        # Same number of words: "supersedes it" is not a misspelling of "supersedes".
        candidates = [alias for alias in self._aliases.candidates([phrase[0]])
                      if abs(len(alias) - len(phrase)) <= 3 and alias.count(" ") == words]
        near = set(self._close_words.within(phrase, candidates, FUZZY_THRESHOLD))
        for alias in candidates:
            score = similarity(phrase, alias, FUZZY_THRESHOLD) if alias in near else None
            if score is not None and (not words or _each_word_close(phrase, alias)):
                found.append((alias, round(score * 0.95, 3)))
            elif words and _inflected(phrase, alias):
                found.append((alias, INFLECTED))
        return tuple(found)


def _inflected(phrase: str, alias: str) -> bool:
    """"offline syncing" for "Offline Sync": a name of several words said with an ending added to some of them,
    one word at least said as named."""
    pairs = list(zip(phrase.split(), alias.split(), strict=True))
    return any(said == named for said, named in pairs) and all(
        said == named or _stem(said) == _stem(named) for said, named in pairs)


def _stem(word: str) -> str:
    """The word without one ending: "needing" and "needs" (Needs Design) are one word said two ways."""
    return next((word[:-len(e)] for e in LONGEST_ENDINGS_FIRST if word.endswith(e) and len(word) - len(e) >= 3), word)


def _each_word_close(phrase: str, alias: str) -> bool:
    """A misspelt name of several words misspells each word a little: "decaa project" is no "data project",
    though the shared word lifts the whole phrase's likeness over the threshold."""
    return all(said == named or similarity(said, named, WORD_THRESHOLD) is not None
               for said, named in zip(phrase.split(), alias.split(), strict=True))


def _without_overlaps(candidates: list[Match]) -> list[Match]:
    chosen: list[Match] = []
    taken: set[int] = set()
    for match in sorted(candidates, key=lambda m: (-(m.end - m.start), -m.score, m.start)):
        span = set(range(match.start, match.end))
        if span & taken:
            # The same words may name several terms equally well (two people called Ana, a label and a
            # component both called Security): keep them all and let the caller decide.
            if any(c.start == match.start and c.end == match.end and c.score == match.score for c in chosen):
                chosen.append(match)
            continue
        taken |= span
        chosen.append(match)
    return sorted(chosen, key=lambda m: (m.start, -m.score))
