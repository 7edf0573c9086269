"""Relative time windows in plain words → a start and end (UTC).

"today", "yesterday", "this/last week|month|year", "last 3 days", "past 2 weeks",
"since Monday", "on Saturday", "since March", "since 2026-03-01", "in March", "in March 2025",
"the past month (October)", "the first week of October",
"before/after <date>", "between <date> and <date>", "this/last sprint", "past 3 sprints", "this/last/next
quarter", "tomorrow", "in the next 2 weeks", "soon", "later this month", "by the end of the month", "for a
fortnight".
Weeks start on Monday; months and years count on the calendar ("3 months ago" is the same day three months back).
A month or day said without a year is the latest one that has begun, or with `ahead` (due dates) the next one
that has not ended.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from itertools import pairwise

from jirakg.intents.lexicon import Sprint
from jirakg.intents.models import TimeWindow

MONTHS = {name.lower(): n for n, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): n for n, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9
WEEKDAYS = {name.lower(): n for n, name in enumerate(calendar.day_name)}
UNITS = {"day": 1, "week": 7}  # in days; months and years count on the calendar (shift)
# whether a yearless month or day reads forward (due dates) — set for one find_windows call
_AHEAD: ContextVar[bool] = ContextVar("ahead", default=False)
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                "fifteen": 15, "sixteen": 16, "eighteen": 18, "twenty": 20, "thirty": 30, "forty": 40,
                "forty five": 45, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "couple of": 2,
                "few": 3}
ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3}
DATE = r"(\d{4}-\d{2}-\d{2}|\d{4}/\d{2}/\d{2})"
COUNT = rf"(\d+|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"  # "forty five" before "forty"
GLUED_UNITS = {"d": "day", "w": "week", "wk": "week", "wks": "week", "mo": "month", "mos": "month", "mth": "month",
               "mths": "month", "y": "year", "yr": "year", "yrs": "year"}
# keywords drop the preposition after a word of (in)activity: "not updated 30 days", "idle 2 weeks"
TERSE_SPAN = "(?:" + "|".join(rf"(?<=\b{word} )" for word in ("updated", "update", "updates", "touched", "activity",
                                                                   "stale", "idle", "untouched", "inactive", "created",
                                                                   "closed", "resolved", "fixed", "new", "opened",
                                                                   "filed", "raised", "reported", "due")) + ")"


def parse_window(text: str, now: datetime, sprints: Sequence[Sprint] = ()) -> TimeWindow | None:
    found = find_windows(text, now, sprints)
    return min(found, key=lambda f: f[0])[2] if found else None


def find_windows(text: str, now: datetime, sprints: Sequence[Sprint] = (),
                 ahead: bool = False) -> list[tuple[int, int, TimeWindow]]:
    """Every time window the text states, with its character span, without overlaps: the longest
    phrase wins its words ("since January this year" over "this year"), then the rule listed first."""
    token = _AHEAD.set(ahead)
    try:
        return _find_windows(text, now, sprints)
    finally:
        _AHEAD.reset(token)


def _find_windows(text: str, now: datetime, sprints: Sequence[Sprint]) -> list[tuple[int, int, TimeWindow]]:
    # "since the beginning of 2020", "since new year 2020" read as "since 2020", "from the start of this calendar year
    # until today" as "this calendar year"; spans stay aligned (same length, spaces)
    text = re.sub(r"\b(?:the )?(?:beginning|start|begin) of |\bnew year(?:'?s)?(?: day)?(?: of)? (?=(?:19|20)\d\d\b)|"
                  r"\b(?:the )?(?:calendar |full )?year (?=(?:19|20)\d\d\b)|"
                  r"(?<!\byear)\s(?:until|till|up to|up until|through|to) (?:today|now|the present|date)\b",
                  lambda m: " " * len(m.group(0)), text.lower())
    lowered = text.lower()
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    candidates = [(match, order, build) for order, (pattern, build) in enumerate(_COMPILED)
                  for match in pattern.finditer(lowered)]
    found: list[tuple[int, int, TimeWindow]] = []
    for match, _, build in sorted(candidates, key=lambda c: (c[0].start() - c[0].end(), c[1])):
        if any(match.start() < end and start < match.end() for start, end, _ in found):
            continue
        window = build(match, now, today, sprints)
        if window is not None:
            begins, ends = window
            found.append((match.start(), match.end(), TimeWindow(start=_iso(begins), end=_iso(ends),
                                                                 phrase=" ".join(match.group(0).split()))))
    return sorted(found, key=lambda f: f[0])


def _iso(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def _date(text: str) -> datetime:
    return datetime.strptime(text.replace("/", "-"), "%Y-%m-%d").replace(tzinfo=UTC)


def _spoken_date(match: re.Match, today: datetime) -> datetime:
    """"1 jan 2010", "jan 1st, 2010", "january 1 2010" from the groups of SPOKEN_DATE; without a year ("1 october"),
    the most recent such day that has begun."""
    day = int(match.group("day1") or match.group("day2"))
    month = MONTHS[match.group("month1") or match.group("month2")]
    if match.group("year"):
        return datetime(int(match.group("year")), month, day, tzinfo=UTC)
    this_year = datetime(today.year, month, day, tzinfo=UTC)
    if _AHEAD.get():
        return this_year if this_year >= today else this_year.replace(year=today.year + 1)
    return this_year if this_year <= today else this_year.replace(year=today.year - 1)


def _year_words(text: str | None, today: datetime) -> str | None:
    """"2024", "this year", "last year" → the year's number as text."""
    if text in ("this year", "last year"):
        return str(today.year - (text == "last year"))
    return text


def _year(text: str) -> datetime:
    return datetime(int(text), 1, 1, tzinfo=UTC)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _amount_of(units: str) -> str:
    """A count and its unit, "30 days" or as keywords glue them, "30d", "2w", "6mo": four groups, for `_amount`."""
    return rf"(?:{COUNT}\+? ({units})\b|(\d+)({'|'.join(sorted(GLUED_UNITS, key=len, reverse=True))})\b)"


def _amount(match: re.Match[str], sign: int) -> tuple[int, str]:
    if match.group(1):
        return sign * _count(match.group(1)), match.group(2)
    return sign * int(match.group(3)), GLUED_UNITS[match.group(4)]


def shift(moment: datetime, count: int, unit: str) -> datetime:
    """`count` days, weeks, calendar months or years from `moment` (negative: back), the day clamped to the month."""
    unit = unit.rstrip("s")
    if unit == "fortnight":
        unit, count = "week", 2 * count
    if unit in ("day", "week"):
        return moment + timedelta(days=count * UNITS[unit])
    months = count * (12 if unit == "year" else 1)
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, calendar.monthrange(year, month)[1]))


def _coming(today: datetime, weekday: str, after: int = 0) -> datetime:
    """The first such weekday from today on (`after`=1: after today)."""
    return today + timedelta(days=(WEEKDAYS[weekday] - today.weekday() - after) % 7 + after)


def _latest(today: datetime, weekday: str, before: int = 0) -> datetime:
    """The last such weekday up to today (`before`=1: before today)."""
    return today - timedelta(days=(today.weekday() - WEEKDAYS[weekday] - before) % 7 + before)


def _half(year: int, first: bool) -> tuple[datetime, datetime]:
    start = datetime(year, 1 if first else 7, 1, tzinfo=UTC)
    return start, datetime(year, 7, 1, tzinfo=UTC) if first else datetime(year + 1, 1, 1, tzinfo=UTC)


def _quarter(today: datetime, offset: int) -> tuple[datetime, datetime]:
    """The calendar quarter `offset` quarters from the current one."""
    start = shift(_month_start(today.year, (today.month - 1) // 3 * 3 + 1), 3 * offset, "month")
    return start, shift(start, 3, "month")


def _period_end(unit: str, today: datetime, offset: int = 0) -> datetime:
    """The moment the current (or `offset`-th next) week, month, quarter or year ends."""
    if unit == "week":
        return _week_start(today) + timedelta(days=7 * (offset + 1))
    if unit == "quarter":
        return _quarter(today, offset)[1]
    start = _month_start(today.year, today.month if unit == "month" else 1)
    return shift(start, offset + 1, unit)


def _month_start(year: int, month: int) -> datetime:
    return datetime(year, month, 1, tzinfo=UTC)


def _next_month(moment: datetime) -> datetime:
    return _month_start(moment.year + moment.month // 12, moment.month % 12 + 1)


def _named_month(name: str, year: str | None, today: datetime) -> datetime:
    month = MONTHS[name]
    if year:
        return _month_start(int(year), month)
    if _AHEAD.get():  # the next such month that has not ended
        return _month_start(today.year if month >= today.month else today.year + 1, month)
    # The most recent such month that has begun.
    return _month_start(today.year if month <= today.month else today.year - 1, month)


def _week_start(today: datetime) -> datetime:
    return today - timedelta(days=today.weekday())


def _week_of_month(match, now, today, _):
    start = _named_month(match.group(2), match.group(3), today)
    if match.group(1) == "last":
        return _next_month(start) - timedelta(days=7), _next_month(start)
    start += timedelta(days=7 * ORDINALS[match.group(1)])
    return start, start + timedelta(days=7)


def _past_sprints(match, now, today, sprints):
    started = [s for s in sprints if s.start and parse_iso(s.start) <= now]
    wanted = _count(match.group(1))
    if not started:
        return None
    return parse_iso(started[-min(wanted, len(started))].start), None


def _one_sprint(match, now, today, sprints):
    """'this sprint': since the current one began; 'last sprint': the one before it."""
    started = [parse_iso(s.start) for s in sprints if s.start and parse_iso(s.start) <= now]
    if match.group(1) in ("this", "current"):
        return (started[-1], None) if started else None
    return (started[-2], started[-1]) if len(started) >= 2 else None


def parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00").replace("+0000", "+00:00"))


_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
# a year that is part of a quarter's name ("Q4 2026", "third quarter of 2026", "2026 Q4") names a release, not a year
YEAR = (r"(?<!q[1-4] )(?<!quarter )(?<!quarter of )((?:19|20)\d{2})"
        r"(?! q[1-4]\b)(?! (?:first|second|third|fourth) quarter\b)")
SPOKEN_DATE = (rf"(?:(?:the )?(?P<day1>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<month1>{_MONTH_NAMES})\.?|"
               rf"(?P<month2>{_MONTH_NAMES})\.? (?:the )?(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?)"
               rf"(?:,? (?P<year>(?:19|20)\d{{2}}))?")  # "the 15th of September"
# One side of a range said in words: "july 1", "1 july", "september", "the end of september"
RANGE_SIDE = (rf"(?:(?:the )?end of )?(?:\d{{1,2}}(?:st|nd|rd|th)? (?:{_MONTH_NAMES})|(?:{_MONTH_NAMES})"
              rf"(?: \d{{1,2}}(?:st|nd|rd|th)?(?!\d))?)")


def _range_side(said: str, year: str | None, today: datetime, *, last: bool) -> datetime:
    """Where one side of a spoken range begins (the first) or ends (the last: the day or month said is in it)."""
    month = re.search(_MONTH_NAMES, said)
    day = re.search(r"\d{1,2}", said)
    start = _named_month(month.group(0) if month else "", year, today)
    if day:
        moment = start.replace(day=min(int(day.group(0)), calendar.monthrange(start.year, start.month)[1]))
        return moment + timedelta(days=1) if last else moment
    return _next_month(start) if last or said.startswith(("end of", "the end of")) else start


SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}  # the month each begins (the north's)
# "this summer", "the spring of 2025", "last winter"; "fall" only with a word that makes it the season, never the verb
SEASON = (r"(?:(?P<which>this|last|previous|past) |the )?(?P<season>spring|summer|autumn|winter|"
          r"(?:(?<=this )|(?<=last )|(?<=the ))fall|fall(?=,? (?:of )?(?:19|20)\d{2}\b))"
          r"(?:,? (?:of )?(?P<year>(?:19|20)\d{2}))?\b")


# "sep '26", "fall 09", "jun 26", "q3 '26": a month, season or quarter and two digits, said short for the year
SHORT_YEAR = re.compile(rf"\b(?P<said>{_MONTH_NAMES}|{'|'.join(SEASONS)}|q[1-4])\.? (?P<mark>')?(?P<yy>\d\d)\b"
                        r"(?![:/.,]?\d|(?:st|nd|rd|th)\b)"
                        # "march 15 to june 30 2014": a day, the range's other side and its year after it
                        rf"(?! (?:to|through|until|till|and|-) (?:the )?(?:\d{{1,2}}(?:st|nd|rd|th)? )?"
                        rf"(?:{_MONTH_NAMES})(?: \d{{1,2}}(?:st|nd|rd|th)?)?,? (?:19|20)\d\d)",
                        re.IGNORECASE)
# "updated 2018+", "2018 onward": that year on
YEAR_ON = re.compile(r"\b((?:19|20)\d\d)(?:\+(?![\w+])| (?:onwards?|and (?:later|after|beyond|since))\b)",
                     re.IGNORECASE)  # (after a month or day, theirs: "from september 2026 onwards")
DAY_OR_MONTH_BEFORE = re.compile(rf"\b(?:{_MONTH_NAMES}|\d+(?:st|nd|rd|th)?)\W*$", re.IGNORECASE)
# the words that make the digits after a month its day: "on sep 26", "due jun 26", "from oct 25"
DAY_BEFORE = re.compile(r"\b(?:on|by|due|before|after|since|until|till|from|through|to|and)\s*$|-\s*$", re.IGNORECASE)


def spelled_years(text: str, now: datetime) -> str:
    """Two-digit years written out ("sep '26" → "sep 2026"); without an apostrophe after a month only when that
    year of this century has begun and no word before makes the digits its day."""
    def year(match: re.Match) -> str:
        yy = int(match.group("yy"))
        begun = 2000 + yy <= now.year
        if not match.group("mark") and match.group("said").lower() in MONTHS and (
                not begun or DAY_BEFORE.search(text[:match.start()])):
            return match.group(0)
        return f"{match.group('said')} {2000 + yy if begun else 1900 + yy}"
    text = SHORT_YEAR.sub(year, text)
    return YEAR_ON.sub(lambda m: m.group(0) if DAY_OR_MONTH_BEFORE.search(text[:m.start()])
                       else f"since {m.group(1)}", text)


def _season(m, now, today, _):
    """"summer 2025", "this summer", "last winter": three months from the month the season begins; without a
    year, the one under way or else the last to begin ("last" in its season: the one before)."""
    begins = SEASONS[m.group("season")]
    if m.group("year"):
        start = _month_start(int(m.group("year")), begins)
    else:
        start = _month_start(today.year, begins)
        while start > today:
            start = shift(start, -1, "year")
        if m.group("which") in ("last", "previous", "past") and today < shift(start, 3, "month"):
            start = shift(start, -1, "year")
    return start, shift(start, 3, "month")


def _weekend(m, now, today, _):
    """Saturday and Sunday: "this weekend" this week's; "last weekend" the week before's; "the weekend" the one
    under way or else the last one."""
    saturday = _week_start(today) + timedelta(days=5)
    which = m.group("which")
    if which in ("last", "past", "previous") or (which != "this" and today < saturday):
        saturday -= timedelta(days=7)
    return saturday, saturday + timedelta(days=2)


def _ahead(day: datetime, year: str | None, today: datetime) -> datetime:
    """A day said without a year after "between now and": the next such day."""
    return day if year or day >= today else day.replace(year=day.year + 1)


def _months_listed(said: str, year: int) -> tuple[datetime, datetime] | None:
    """"July, August and September 2026": the span of months listed one after another (else no window)."""
    months = [MONTHS[w] for w in re.findall(rf"\b(?:{_MONTH_NAMES})\b", said)]
    if any(b != a + 1 for a, b in pairwise(months)):
        return None
    return _month_start(year, months[0]), _next_month(_month_start(year, months[-1]))


def _spoken_range(m, now, today, _):
    """"between July 1 and the end of September 2026", "from 1 march to 15 april 2008": a year said once is both
    sides' year; the range takes in the whole of its last day or month."""
    first_year, last_year = m.group("ya") or m.group("yb"), m.group("yb") or m.group("ya")
    return (_range_side(m.group("a"), first_year, today, last=False),
            _range_side(m.group("b"), last_year, today, last=True))


BEFORE = r"(?:before|until|till|prior to|earlier than)"  # the end a window is said to stop short of

_RULES = [
    # "between today and ten days from now", "from now to 2 weeks out": now to then
    (rf"\b(?:between|from) (?:now|today) (?:and|to|through|until|till) {COUNT} (day|week|fortnight|month)s? "
     r"(?:from (?:now|today)|out|ahead|away)\b",
     lambda m, now, today, _: (now, shift(now, _count(m.group(1)), m.group(2)))),
    (rf"\b(?:between|from) (?:now|today) (?:and|to|through|until|till) (?:the )?{SPOKEN_DATE}\b",
     lambda m, now, today, _: (today, _ahead(_spoken_date(m, today), m.group("year"), today) + timedelta(days=1))),
    (rf"\b(?:(?:in|during) )?(?P<months>(?:(?:{_MONTH_NAMES}),? )+(?:and|&) (?:{_MONTH_NAMES})),? {YEAR}\b",
     lambda m, now, today, _: _months_listed(m.group("months"), int(m.group(2)))),
    # ("march 15 to june 30 2014": a day on each side, and the year, say a range without "from")
    (rf"(?:\b(?:between|from)\s+|\b(?=(?:{_MONTH_NAMES}) \d{{1,2}}(?:st|nd|rd|th)? (?:to|through|until|till) "
     rf"(?:{_MONTH_NAMES}) \d{{1,2}}(?:st|nd|rd|th)?,? (?:19|20)\d\d\b))"
     rf"(?P<a>{RANGE_SIDE})(?:,? (?P<ya>(?:19|20)\d{{2}}))? (?:and|to|through|until|till|-) "
     rf"(?P<b>{RANGE_SIDE})(?:,? (?P<yb>(?:19|20)\d{{2}}))?(?:,? (?:inclusive|inclusively|both included))?\b",
     _spoken_range),
    (rf"\b(?:between|from)\s+(?P<a>{RANGE_SIDE}) (?:and|to|through|until|till|-) (?:the )?end of {YEAR}\b",
     lambda m, now, today, _: (_range_side(m.group("a"), m.group(2), today, last=False),
                               _year(str(int(m.group(2)) + 1)))),
    (rf"\b{BEFORE} {SPOKEN_DATE}\b", lambda m, now, today, _: (None, _spoken_date(m, today))),
    (rf"\b(?:since|from|after) {SPOKEN_DATE}(?: on| onwards?| forward| and later)?\b",
     lambda m, now, today, _: (_spoken_date(m, today), None)),
    (rf"\b(?:on) {SPOKEN_DATE}\b", lambda m, now, today, _: (
        _spoken_date(m, today), _spoken_date(m, today) + timedelta(days=1))),
    (rf"\b(?:between|from)\s+({_MONTH_NAMES}) (?:and|to|through|until|till|-) "
     rf"(?:the end of )?({_MONTH_NAMES}),? {YEAR}\b",
     lambda m, now, today, _: (_month_start(int(m.group(3)), MONTHS[m.group(1)]),
                               _next_month(_month_start(int(m.group(3)), MONTHS[m.group(2)])))),
    # "between 2010 and 2012", "during 2010 and 2011", "2010-2011": both years, and those between
    (rf"\b(?:(?:between|from|in|during|across|over|for) )?{YEAR} ?(?:and|to|through|until|till|-|–) ?{YEAR}\b",
     lambda m, now, today, _: (_year(m.group(1)), _year(str(int(m.group(2)) + 1)))),
    # "since March 2020", "from March 2020 on"; "stories from September 2026" are that month's (below)
    (rf"\bsince\s+({_MONTH_NAMES}),? {YEAR}(?: on| onwards?| forward| and later)?\b|"
     rf"\bfrom\s+({_MONTH_NAMES}),? {YEAR} (?:on|onwards?|forward|and later)\b",
     lambda m, now, today, _: (_named_month(m.group(1) or m.group(3), m.group(2) or m.group(4), today), None)),
    # "after March (2026)": from April; "before December": until December begins
    (rf"\bafter\s+({_MONTH_NAMES})(?:,? {YEAR})?\b",
     lambda m, now, today, _: (_next_month(_named_month(m.group(1), m.group(2), today)), None)),
    (rf"\b{BEFORE}\s+({_MONTH_NAMES})(?:,? {YEAR})?\b",
     lambda m, now, today, _: (None, _named_month(m.group(1), m.group(2), today))),
    # "from July onwards", "from the start of July on": since it began (a year may follow)
    (rf"\b(?:since|from|after) (?:the (?:start|beginning) of )?({_MONTH_NAMES})(?:,? (\d{{4}}))? "
     r"(?:on|onwards?|forward|and later)\b",
     lambda m, now, today, _: (_named_month(m.group(1), m.group(2), today), None)),
    # "during the month of October"
    (rf"\b(?:in|during|over|for) the month of ({_MONTH_NAMES})(?:,? (\d{{4}}))?\b", lambda m, now, today, _: (
        _named_month(m.group(1), m.group(2), today), _next_month(_named_month(m.group(1), m.group(2), today)))),
    (rf"\b(?:in|during|of) ({_MONTH_NAMES}),? {YEAR}\b", lambda m, now, today, _: (
        _named_month(m.group(1), m.group(2), today), _next_month(_named_month(m.group(1), m.group(2), today)))),
    # "the past month (october)", "last month, i.e. october": the month named says which calendar month is meant
    (rf"\b(?:the )?(?:past|last|previous|prior) month,?\s*(?:\(\s*|- |i\.?e\.?,? |that is,? |namely |so )?"
     rf"({_MONTH_NAMES})(?: (\d{{4}}))?\s*\)?",
     lambda m, now, today, _: (_named_month(m.group(1), m.group(2), today),
                               _next_month(_named_month(m.group(1), m.group(2), today)))),
    # "the first week of October": days 1-7 of the month (the last week: its last seven days)
    (rf"\b(?:the |in the |during the )?(first|second|third|fourth|last) week of ({_MONTH_NAMES})(?:,? (\d{{4}}))?\b",
     _week_of_month),
    (rf"\bsince\s+{YEAR}\b(?![-/.]?\w)|\bfrom\s+{YEAR} on\b", lambda m, now, today, _: (
        _year(m.group(1) or m.group(2)), None)),
    # "stuff from 2012": dating from that year, as "bugs from October" is that month ("from 2012 on": since)
    (rf"\bfrom\s+{YEAR}\b(?![-/.]?\w)", lambda m, now, today, _: (
        _year(m.group(1)), _year(str(int(m.group(1)) + 1)))),
    (rf"\b(?:in |from )?{YEAR} (?:or later|or after|onwards|onward|and later|and after|or newer|and newer|\+)",
     lambda m, now, today, _: (_year(m.group(1)), None)),
    (rf"\b(?:in |from )?{YEAR} (?:or earlier|or before|and earlier|and before|or older|and older)\b",
     lambda m, now, today, _: (None, _year(str(int(m.group(1)) + 1)))),
    (rf"\b({_MONTH_NAMES}) ?(?:-|to|through|until|till) ?({_MONTH_NAMES}),? {YEAR}\b",
     lambda m, now, today, _: (_month_start(int(m.group(3)), MONTHS[m.group(1)]),
                               _next_month(_month_start(int(m.group(3)), MONTHS[m.group(2)])))),
    (rf"\b({_MONTH_NAMES}),? {YEAR}\b", lambda m, now, today, _: (
        _named_month(m.group(1), m.group(2), today), _next_month(_named_month(m.group(1), m.group(2), today)))),
    (rf"\bafter\s+{YEAR}\b(?![-/.]?\w)", lambda m, now, today, _: (_year(str(int(m.group(1)) + 1)), None)),
    (rf"\b{BEFORE}\s+{YEAR}\b(?![-/.]?\w)", lambda m, now, today, _: (None, _year(m.group(1)))),
    (rf"\b(?:in|during)\s+{YEAR}\b(?![-/.]?\w)", lambda m, now, today, _: (
        _year(m.group(1)), _year(str(int(m.group(1)) + 1)))),
    (rf"\b(?:older than|more than|over|at least) {_amount_of('days?|weeks?|fortnights?|months?|years?')}"
     r"(?: old| ago)?\b",
     lambda m, now, today, _: (None, shift(now, *_amount(m, -1)))),
    (rf"\b(?:between {DATE} and|(?:from )?{DATE} ?(?:to|through|until|till|-|–|\.\.)) ?{DATE}",
     lambda m, now, today, _: (_date(m.group(1) or m.group(2)), _date(m.group(3)) + timedelta(days=1))),
    (rf"\b(?:the )?(?:last|past) {COUNT} sprints?\b", _past_sprints),
    (r"\b(this|current|last|previous) sprint\b", _one_sprint),
    (r"\b(?:(?:in|within|over|during) )?(?:the )?(?:next|coming|upcoming) fortnight\b",
     lambda m, now, today, _: (now, shift(now, 1, "fortnight"))),
    (r"\b(?:(?:in|within|over|during) )?the (?:last|past) fortnight\b",
     lambda m, now, today, _: (shift(now, -1, "fortnight"), None)),
    (r"\b(?:(?:over|during|on|at|from) )?(?:(?P<which>this|last|past|previous) |the )?weekend\b", _weekend),
    (rf"\b{BEFORE} {SEASON}", lambda m, now, today, _: (None, _season(m, now, today, _)[0])),
    (rf"\b(?:since|after) {SEASON}",
     lambda m, now, today, _: (_season(m, now, today, _)[0 if "since" in m.group(0) else 1], None)),
    (rf"\b(?:(?:in|during|over|through|throughout) )?{SEASON}", _season),
    (rf"\b(?:(?:in|within|over|during) the )?(?:last|past) {_amount_of('days?|weeks?|fortnights?|months?|years?')}",
     lambda m, now, today, _: (shift(now, *_amount(m, -1)), None)),
    (rf"\b(?:(?:in|within|over|during) )?(?:the )?(?:next|coming|upcoming) "
     rf"{_amount_of('days?|weeks?|fortnights?|months?')}",
     lambda m, now, today, _: (now, shift(now, *_amount(m, 1)))),
    # "for a month", "in 30 days", "within 2 weeks": a span back from now; the reader turns it forward for due
    # dates and into "before" after a negation ("not touched in 2 weeks")
    (rf"(?:\b(?:for|in|within) |{TERSE_SPAN}){_amount_of('days?|weeks?|fortnights?|months?')}",
     lambda m, now, today, _: (shift(now, *_amount(m, -1)), None)),
    (r"\b(?:soon|shortly|coming up)\b", lambda m, now, today, _: (now, now + timedelta(days=7))),
    (r"\blater this (week|month|quarter|year)\b",
     lambda m, now, today, _: (now, _period_end(m.group(1), today))),
    (r"\b(?:ytd|(?:this )?year[- ]to[- ]date|so far this year|this year so far)\b",
     lambda m, now, today, _: (today.replace(month=1, day=1), None)),
    (r"\btomorrow\b", lambda m, now, today, _: (today + timedelta(days=1), today + timedelta(days=2))),
    (r"\b(this|the current|current|last|previous|prior|the previous|next|the coming|coming|upcoming) quarter\b",
     lambda m, now, today, _: _quarter(today, {"last": -1, "previous": -1, "prior": -1, "the previous": -1,
                                               "next": 1, "the coming": 1, "coming": 1, "upcoming": 1}.get(
                                                   m.group(1), 0))),
    # "by the end of the month", "before the end of next week": until that period ends
    (r"\b(?:by|before|until|till) (?:the )?end of (?:the |this |(next|last|previous|prior) )?"
     r"(week|month|quarter|year)\b",
     lambda m, now, today, _: (None, _period_end(m.group(2), today, {None: 0, "next": 1}.get(m.group(1), -1)))),
    # "since the start of the quarter" (its first words blanked above)
    (r"\bsince\s+(?:the |this )?(week|month|quarter|year)\b",
     lambda m, now, today, _: (_period_end(m.group(1), today, -1), None)),
    (rf"\bby {SPOKEN_DATE}\b", lambda m, now, today, _: (None, _spoken_date(m, today) + timedelta(days=1))),
    (r"\btoday\b", lambda m, now, today, _: (today, today + timedelta(days=1))),
    (r"\byesterday\b", lambda m, now, today, _: (today - timedelta(days=1), today)),
    (r"\b(?:this|the current|current) week\b", lambda m, now, today, _: (
        _week_start(today), _week_start(today) + timedelta(days=7))),
    # "in the next week": the 7 days from now, as "in the last week" is the 7 days before it
    (r"\b(?:within|in|over|during) the (?:next|coming) (week|fortnight|month)\b",
     lambda m, now, today, _: (now, shift(now, 1, m.group(1)))),
    (r"\b(?:next|the coming|coming|upcoming|the upcoming) week\b", lambda m, now, today, _: (
        _week_start(today) + timedelta(days=7), _week_start(today) + timedelta(days=14))),
    # "in the last week" is the 7 days before now; "last week" alone is the calendar week (below)
    (r"\b(?:the )?past (week|fortnight|month|year)\b|\b(?:within|in|over) the (?:last|past) "
     r"(week|fortnight|month|year)\b|\b(?:the )?last (fortnight)\b",
     lambda m, now, today, _: (shift(now, -1, m.group(1) or m.group(2) or m.group(3)), None)),
    # "since last month": since it began
    (r"\bsince\s+(?:last|the previous|previous) (week|month|quarter|year)\b",  # \s+: "since the start of"
     lambda m, now, today, _: (_period_end(m.group(1), today, -2), None)),
    # "next Friday", "by Friday": the coming one (a due date)
    (rf"\b(?:next|this coming|coming) ({'|'.join(WEEKDAYS)})\b", lambda m, now, today, _: (
        _coming(today, m.group(1), 1), _coming(today, m.group(1), 1) + timedelta(days=1))),
    (rf"\bby ({'|'.join(WEEKDAYS)})\b",
     lambda m, now, today, _: (None, _coming(today, m.group(1)) + timedelta(days=1))),
    # "the previous monday-to-sunday week", "last full week", "the week before this one": the calendar week before
    (r"\b(?:last|previous|prior|the previous|the prior) (?:full |whole |complete |calendar |working |"
     r"monday[- ]to[- ](?:sunday|friday) )?week\b|\bthe week before (?:this one|this|the current one|now)\b",
     lambda m, now, today, _: (_week_start(today) - timedelta(days=7), _week_start(today))),
    (r"\b(?:this|the current|current) (?:calendar )?month\b",
     lambda m, now, today, _: (today.replace(day=1), _next_month(today))),
    (r"\b(?:next|the coming|coming|upcoming) month\b", lambda m, now, today, _: (
        _next_month(today), _next_month(_next_month(today)))),
    (r"\b(?:last|previous|prior|the previous) (?:calendar )?month\b", lambda m, now, today, _: (
        _month_start(today.year - (today.month == 1), (today.month - 2) % 12 + 1), today.replace(day=1))),
    (r"\bthis (?:calendar )?year\b", lambda m, now, today, _: (today.replace(month=1, day=1),
                                                  today.replace(year=today.year + 1, month=1, day=1))),
    (r"\b(?:last|previous|the previous) (?:calendar )?year\b", lambda m, now, today, _: (
        today.replace(year=today.year - 1, month=1, day=1), today.replace(month=1, day=1))),
    # "the first half of 2025", "H2 2024": January to July, or July to the next January
    (rf"\b(?:the )?(first|1st|second|2nd|latter|last) (?:half|six months|6 months) of {YEAR}",
     lambda m, now, today, _: _half(int(m.group(2)), m.group(1) in ("first", "1st"))),
    (rf"\bh([12]) {YEAR}", lambda m, now, today, _: _half(int(m.group(2)), m.group(1) == "1")),
    (rf"\bsince {DATE}", lambda m, now, today, _: (_date(m.group(1)), None)),
    # "since Monday", "since this Monday", "since last Monday": from the latest one before today
    (rf"\b(?:since|after) (?:this (?:past )?|last |the )?({'|'.join(WEEKDAYS)})\b",
     lambda m, now, today, _: (_latest(today, m.group(1), 1), None)),
    # "on saturday", "last tuesday": that day, the latest one up to today
    (rf"\b(?:on|last) ({'|'.join(WEEKDAYS)})\b", lambda m, now, today, _: (
        _latest(today, m.group(1)), _latest(today, m.group(1)) + timedelta(days=1))),
    (rf"\bsince\s+({_MONTH_NAMES})(?: (\d{{4}}|this year|last year))?\b", lambda m, now, today, _: (
        _named_month(m.group(1), _year_words(m.group(2), today), today), None)),
    # "bugs from October", "in last October": without a year, the latest such month that has begun
    (rf"\b(?:in|during|from)(?: last| this past)? ({_MONTH_NAMES})(?: (\d{{4}}|this year|last year))?\b",
     lambda m, now, today, _: (
        _named_month(m.group(1), _year_words(m.group(2), today), today),
        _next_month(_named_month(m.group(1), _year_words(m.group(2), today), today)))),
    (rf"\bafter {DATE}", lambda m, now, today, _: (_date(m.group(1)) + timedelta(days=1), None)),
    (rf"\bbefore {DATE}", lambda m, now, today, _: (None, _date(m.group(1)))),
    (rf"(?<![\w./-]){YEAR}(?![-/.]?\w)", lambda m, now, today, _: (_year(m.group(1)), _year(str(int(m.group(1)) + 1)))),
    (rf"\b(?:on|in) {DATE}", lambda m, now, today, _: (_date(m.group(1)), _date(m.group(1)) + timedelta(days=1))),
    # "due oct 28": a day said right after "due" (elsewhere a bare day is as often an aside: "in 2020 (jan 1 - dec 31)")
    (rf"(?<=\bdue ){SPOKEN_DATE}\b", lambda m, now, today, _: (_spoken_date(m, today),
                                                               _spoken_date(m, today) + timedelta(days=1))),
]
_COMPILED = [(re.compile(pattern), build) for pattern, build in _RULES]  # every question tries each
