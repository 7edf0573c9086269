"""`CloseWords` answers as difflib's `get_close_matches` does, only faster."""

from __future__ import annotations

import random
from difflib import get_close_matches

import pytest

from jirakg.text.close_words import CloseWords

LETTERS = "abcdeilnorst "


def _word(rnd: random.Random, longest: int, letters: str = LETTERS) -> str:
    return "".join(rnd.choice(letters) for _ in range(rnd.randint(0, longest)))


@pytest.mark.parametrize("cutoff", [0.3, 0.6, 0.8, 0.88])
def test_same_answers_as_difflib(cutoff: float) -> None:
    rnd = random.Random(cutoff)
    # repeated words, an empty one and one with a letter many times over, as pools may have
    pool = [_word(rnd, 14) for _ in range(400)] + ["aaaaaaaaa", "", "assignee", "assignee"]
    close = CloseWords(pool)
    # words with characters no word of the pool has ("z", "é")
    for word in [_word(rnd, 12, LETTERS + "zé") for _ in range(300)] + ["", "asignee", "zzz"]:
        assert close.matches(word, 3, cutoff) == get_close_matches(word, pool, 3, cutoff), word


def test_within_keeps_only_what_could_reach_the_cutoff_in_the_order_given() -> None:
    close = CloseWords(["reporter", "assignee", "resolution", "priority", "reported"])
    assert close.within("reprter", ["reported", "assignee", "reporter"], 0.75) == ["reported", "reporter"]
    assert close.within("reprter", ["reported", "assignee", "reporter"], 0.84) == ["reporter"]  # 6 shared of 15
    assert close.within("reprter", ["priority", "resolution"], 0.75) == []
