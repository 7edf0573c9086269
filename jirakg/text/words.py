"""Text reduced to comparable words, two ways. They differ on possessives, non-ASCII letters and
underscores; each side's matching was tuned with its own, so they are not merged."""

from __future__ import annotations

import re

ASCII_WORD = re.compile(r"[a-z0-9]+")
_POSSESSIVE = re.compile(r"['’]s\b")
_NOT_WORD = re.compile(r"[^\w]+")


def unicode_words(text: str) -> str:
    """Lower case, possessive 's dropped, punctuation to spaces, single spaces; letters of any script
    and underscores stay ("Bruno Souza's tasks" → "bruno souza tasks"; "D'Souza" stays a name).
    How the Jira parser compares questions with the instance's vocabulary."""
    return " ".join(_NOT_WORD.sub(" ", _POSSESSIVE.sub("", text.lower())).split())


def ascii_words(text: str) -> str:
    """Lower-case runs of ASCII letters and digits, single spaces; everything else separates
    ("D'Souza" → "d souza", "Gödel's" → "g del s"). How knowledge-graph labels, questions and
    predicate names are compared."""
    return " ".join(ASCII_WORD.findall(text.lower()))
