"""The two ways text becomes comparable words, and where they differ."""

from __future__ import annotations

import pytest

from jirakg.text.words import ascii_words, unicode_words


@pytest.mark.parametrize(("text", "unicode", "ascii"), [
    ("Bruno Souza's  tasks!", "bruno souza tasks", "bruno souza s tasks"),
    ("D'Souza", "d souza", "d souza"),
    ("José Gödel", "josé gödel", "jose godel"),  # accents folded for knowledge-graph names
    ("Tromsø Æsir", "tromsø æsir", "tromso aesir"),
    ("IN-PROGRESS", "in progress", "in progress"),
    ("story_points", "story_points", "story points"),
    ("", "", ""),
])
def test_words_for_comparison(text: str, unicode: str, ascii: str) -> None:
    assert unicode_words(text) == unicode
    assert ascii_words(text) == ascii
