"""Text reduced to comparable words, two ways. They differ on possessives, non-ASCII letters and
underscores; each side's matching was tuned with its own, so they are not merged."""

from __future__ import annotations

import re
import unicodedata

ASCII_WORD = re.compile(r"[a-z0-9]+")
_POSSESSIVE = re.compile(r"['’]s\b")
_NOT_WORD = re.compile(r"[^\w]+")
# Letters NFKD leaves whole: folded by hand, as a person typing without them would write them.
_UNDECOMPOSED = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ð": "d"})


def unicode_words(text: str) -> str:
    """Lower case, possessive 's dropped, punctuation to spaces, single spaces; letters of any script
    and underscores stay ("Bruno Souza's tasks" → "bruno souza tasks"; "D'Souza" stays a name).
    How the Jira parser compares questions with the instance's vocabulary."""
    return " ".join(_NOT_WORD.sub(" ", _POSSESSIVE.sub("", text.lower())).split())


def ascii_words(text: str) -> str:
    """Lower-case runs of ASCII letters and digits, single spaces, accents folded first so a name typed
    without them still matches ("Élodie" → "elodie", "Tromsø" → "tromso"); everything else separates
    ("D'Souza" → "d souza", "Gödel's" → "godel s"). How knowledge-graph labels, questions and
    predicate names are compared."""
    folded = unicodedata.normalize("NFKD", text.lower().translate(_UNDECOMPOSED))
    return " ".join(ASCII_WORD.findall("".join(ch for ch in folded if not unicodedata.combining(ch))))
