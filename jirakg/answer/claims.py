"""The typed facts a worded answer states, read from its text: issue keys, dates and numbers (digits
and number words). Keys and dates are read first and their digits are not numbers: "FLUID-206"
states no 206, "23 June 1912" states no 23."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from jirakg.intents import timewindows
from jirakg.jql.keys import ISSUE_KEY_IN_ANSWER, ISSUE_KEY_SHAPE

MONTHS = {**timewindows.MONTHS, "sept": 9}  # month names and abbreviations, as questions are read
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DATES = [  # (pattern, the order its groups give year, month, day)
    (re.compile(r"\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ]\d\d:\d\d(?::\d\d)?\S*)?"), "ymd"),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH})\.?,?\s+(\d{{4}})\b", re.IGNORECASE), "dmy"),
    (re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE), "mdy"),
]
# "one" is left out: "one of them", "the one blocking it" state no count.
NUMBER_WORDS = {word: n for n, word in enumerate(
    "zero _ two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split()) if word != "_"}
NUMBER_WORDS |= {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
                 "hundred": 100, "dozen": 12, "none": 0, "no": 0}
NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w-])"
                    rf"|\b(?:{'|'.join(w for w in NUMBER_WORDS if w not in ('no', 'none'))})\b", re.IGNORECASE)
ANY_KEY = re.compile(ISSUE_KEY_SHAPE)
# "no issues", "none of them": a count of zero; "no assignee" is an empty field, read elsewhere.
ZERO = re.compile(r"\b(?:no|none of the|zero)\s+(?:matching\s+|open\s+)?(?:issues?|tickets?|results?|children|"
                  r"sub-?tasks?|links?|blockers?|changes?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Stated:
    """A fact the text states and where: `value` is a key (str), a date, or a number (float)."""
    value: str | date | float
    start: int
    end: int


def keys(text: str) -> list[Stated]:
    return [Stated(m.group(0), m.start(), m.end()) for m in ISSUE_KEY_IN_ANSWER.finditer(text)]


def dates(text: str) -> list[Stated]:
    found: list[Stated] = []
    for pattern, order in DATES:
        for match in pattern.finditer(text):
            if any(s.start <= match.start() < s.end for s in found):
                continue
            parts = dict(zip(order, match.groups(), strict=True))
            month = int(parts["m"]) if parts["m"].isdigit() else MONTHS[parts["m"].lower().rstrip(".")]
            try:
                found.append(Stated(date(int(parts["y"]), month, int(parts["d"])), match.start(), match.end()))
            except ValueError:
                continue  # "2026-13-45" is no date
    return found


def numbers(text: str) -> list[Stated]:
    """Numbers outside keys (in any case: a summary may say "proj-206") and dates, digits and words alike."""
    taken = [(m.start(), m.end()) for m in ANY_KEY.finditer(text)] + [(s.start, s.end) for s in dates(text)]
    found = [Stated(0.0, m.start(), m.end()) for m in ZERO.finditer(text)]
    for match in NUMBER.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue
        word = match.group(0).lower()
        value = float(NUMBER_WORDS[word]) if word in NUMBER_WORDS else float(word.replace(",", ""))
        found.append(Stated(value, match.start(), match.end()))
    return sorted(found, key=lambda s: s.start)


def numbers_in(value: object) -> set[float]:
    """The numbers a data value holds, keys' digits left out (a summary's "top 10" holds 10)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int | float):
        return {float(value)}
    if isinstance(value, str):
        return {float(s.value) for s in numbers(value) if isinstance(s.value, float)}
    return set()
