"""JQL date operands: absolute formats, relative periods and the date functions."""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime, timedelta, tzinfo

from jirakg.jql.errors import JqlSyntaxError

FORMATS = ("%Y/%m/%d %H:%M", "%Y-%m-%d %H:%M", "%Y/%m/%d", "%Y-%m-%d")
PERIOD = re.compile(r"^\s*([+-])?\s*((?:\d+\s*[yMwdhm]\s*)+)$")
PART = re.compile(r"(\d+)\s*([yMwdhm])")
UNIT_MS = {"w": 7 * 86_400_000, "d": 86_400_000, "h": 3_600_000, "m": 60_000}
FUNCTION_UNITS = {"day": "d", "week": "w", "month": "M", "year": "y"}


def invalid_date(text: str, field: str) -> JqlSyntaxError:
    return JqlSyntaxError(f"Date value '{text}' for field '{field}' is invalid. Valid formats include: "
                    "'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', "
                    "or a period format e.g. '-5d', '4w 2d'.")


def parse_date(text: str, now_ms: int, field: str, zone: tzinfo = UTC) -> int:
    """Milliseconds since the epoch for a JQL date literal (read in the user's time zone,
    as Jira does) or a relative period."""
    stripped = text.strip()
    for fmt in FORMATS:
        try:
            return int(datetime.strptime(stripped, fmt).replace(tzinfo=zone).timestamp() * 1000)
        except ValueError:
            continue
    shifted = shift(now_ms, stripped)
    if shifted is None:
        raise invalid_date(text, field)
    return shifted


def shift(moment_ms: int, period: str) -> int | None:
    """Apply a period such as '-7d', '4w 2d' or '+1M'; None when it is not a period."""
    match = PERIOD.match(period)
    if not match:
        return None
    sign = -1 if match.group(1) == "-" else 1
    result = datetime.fromtimestamp(moment_ms / 1000, UTC)
    for amount, unit in PART.findall(match.group(2)):
        count = sign * int(amount)
        if unit == "y":
            result = _add_months(result, 12 * count)
        elif unit == "M":
            result = _add_months(result, count)
        else:
            result += timedelta(milliseconds=count * UNIT_MS[unit])
    return int(result.timestamp() * 1000)


def _add_months(moment: datetime, months: int) -> datetime:
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def date_function(name: str, args: tuple[str, ...], now_ms: int, zone: tzinfo = UTC) -> int | None:
    """now(), startOfDay/Week/Month/Year(±N[unit]) and endOf…; None for other names.

    Weeks start on Monday. An increment without a unit counts in the function's own unit.
    """
    lowered = name.lower()
    if lowered == "now":
        return now_ms
    match = re.fullmatch(r"(startof|endof)(day|week|month|year)", lowered)
    if match is None:
        return None
    edge, unit = match.groups()
    moment = now_ms
    if args:
        increment = args[0].strip()
        if re.fullmatch(r"[+-]?\d+", increment):
            increment += FUNCTION_UNITS[unit]
        shifted = shift(now_ms, increment)
        if shifted is None:
            raise JqlSyntaxError(f"Invalid increment '{args[0]}' in function '{name}'; use for example -1, +2d or -1w.")
        moment = shifted
    start = _start_of(datetime.fromtimestamp(moment / 1000, zone), unit)
    if edge == "startof":
        return int(start.timestamp() * 1000)
    following = {"day": lambda d: d + timedelta(days=1), "week": lambda d: d + timedelta(days=7),
                 "month": lambda d: _add_months(d, 1), "year": lambda d: _add_months(d, 12)}[unit](start)
    return int(following.timestamp() * 1000) - 1


def _start_of(moment: datetime, unit: str) -> datetime:
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if unit == "day":
        return day
    if unit == "week":
        return day - timedelta(days=day.weekday())
    if unit == "month":
        return day.replace(day=1)
    return day.replace(month=1, day=1)


def timestamp_ms(text: str) -> int:
    """Jira timestamps such as 2026-03-14T09:21:33.123+0000 or dates such as 2026-03-14.

    Sliced by hand: loading 200,000 issues parses about a million of these.
    """
    day = calendar.timegm((int(text[0:4]), int(text[5:7]), int(text[8:10]), 0, 0, 0))
    if len(text) == 10:
        return day * 1000
    seconds = day + int(text[11:13]) * 3600 + int(text[14:16]) * 60 + int(text[17:19])
    millis = int(text[20:23]) if text[19] == "." else 0
    zone = text[23:] if text[19] == "." else text[19:]
    offset = 0
    if zone and zone not in ("Z",):
        digits = zone.replace(":", "")
        offset = (int(digits[1:3]) * 3600 + int(digits[3:5]) * 60) * (-1 if digits[0] == "-" else 1)
    return (seconds - offset) * 1000 + millis
