"""A release named by when it ships ("the end-of-year release", "the Q4 release", "the december release", "the next
release"): the versions whose release dates fit, among the projects the question names."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from jirakg.intents.lexicon import Release
from jirakg.intents.timewindows import MONTHS

# "may" left out: "may the release slip" is no month
SAID_MONTHS = sorted((m for m in MONTHS if m != "may"), key=len, reverse=True)
QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
WHEN = (r"(?P<year_end>end[- ]of[- ](?:the[- ])?year|year[- ]end|eoy)|q(?P<q>[1-4])|"
        r"(?P<qword>first|second|third|fourth|1st|2nd|3rd|4th)[- ]quarter|"
        rf"(?P<month>{'|'.join(SAID_MONTHS)})|(?P<next>next|upcoming|coming|following)")
DATED_RELEASE = re.compile(rf"(?<![\w.])(?:{WHEN})(?:'s)? (?:\w+ ){{0,2}}?(?:release|version|fix version)\b")


@dataclass
class DatedRelease:
    phrase: str  # as said: "end-of-year release"
    wanted: str  # how the answer says what was looked for: "due in December 2026"
    names: list[str]  # the versions' names that fit, each once
    candidates: list[Release]


def dated_release(text: str, releases: list[Release], projects: list[str], today: date) -> DatedRelease | None:
    """The versions the question names by date, or None when it names none that way."""
    said = DATED_RELEASE.search(text.lower())
    if not said:
        return None
    pool = [r for r in releases if r.date and (not projects or r.project in projects)]
    if said.group("next"):
        coming = [r for r in pool if not r.released and r.date and r.date >= today.isoformat()]
        first = min((r.date for r in coming if r.date), default=None)
        fits = [r for r in coming if r.date == first]
        wanted = "the next one due"
    else:
        if said.group("year_end"):
            months, what = {12}, "December"
        elif said.group("month"):
            number = MONTHS[said.group("month")]
            months, what = {number}, calendar.month_name[number]
        else:
            quarter = int(said.group("q") or QUARTER_WORDS[said.group("qword")])
            months, what = set(range(3 * quarter - 2, 3 * quarter + 1)), f"Q{quarter}"
        fits, year = [], today.year
        for year in (today.year, today.year + 1):  # this year's, else the coming one's
            fits = [r for r in pool if r.date and int(r.date[:4]) == year and int(r.date[5:7]) in months]
            if fits:
                break
        wanted = f"due in {what} {year}"
    return DatedRelease(phrase=said.group(0), wanted=wanted, names=sorted({r.name for r in fits}), candidates=fits)
