"""Plain-word time windows, against a fixed 'now' (Wednesday 2026-03-18 15:30 UTC)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.lexicon import Sprint
from jirakg.intents.timewindows import parse_window

NOW = datetime(2026, 3, 18, 15, 30, tzinfo=UTC)
SPRINTS = [Sprint(id=str(n), name=f"S{n}", start=f"2026-{m:02d}-{d:02d}T09:00:00.000+0000")
           for n, (m, d) in enumerate([(1, 19), (2, 2), (2, 16), (3, 2), (3, 16), (3, 30)], 1)]


@pytest.mark.parametrize(("text", "start", "end"), [
    ("what changed today", "2026-03-18T00:00:00Z", "2026-03-19T00:00:00Z"),
    ("what changed yesterday", "2026-03-17T00:00:00Z", "2026-03-18T00:00:00Z"),
    ("bugs closed this week", "2026-03-16T00:00:00Z", "2026-03-23T00:00:00Z"),
    ("what changed on PROJ-7 last week?", "2026-03-09T00:00:00Z", "2026-03-16T00:00:00Z"),
    ("updates this month", "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"),
    ("resolved last month", "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"),
    ("created last year", "2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
    ("in the last 3 days", "2026-03-15T15:30:00Z", None),
    ("over the past two weeks", "2026-03-04T15:30:00Z", None),
    ("since Monday", "2026-03-16T00:00:00Z", None),
    ("since Wednesday", "2026-03-11T00:00:00Z", None),  # today is Wednesday: since the one before
    ("how busy was WEB the week before this one", "2026-03-09T00:00:00Z", "2026-03-16T00:00:00Z"),
    ("during the previous monday-to-sunday week", "2026-03-09T00:00:00Z", "2026-03-16T00:00:00Z"),
    ("what did OPS look like over the past month (february)?", "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"),
    ("changes last month, i.e. february", "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"),
    ("activity during the first week of march", "2026-03-01T00:00:00Z", "2026-03-08T00:00:00Z"),
    ("bugs from the third week of january", "2026-01-15T00:00:00Z", "2026-01-22T00:00:00Z"),
    ("the last week of february 2026", "2026-02-22T00:00:00Z", "2026-03-01T00:00:00Z"),
    ("done last full week", "2026-03-09T00:00:00Z", "2026-03-16T00:00:00Z"),
    ("what moved on saturday", "2026-03-14T00:00:00Z", "2026-03-15T00:00:00Z"),
    ("what moved on wednesday", "2026-03-18T00:00:00Z", "2026-03-19T00:00:00Z"),  # today
    ("bugs filed last monday", "2026-03-16T00:00:00Z", "2026-03-17T00:00:00Z"),
    ("changes on wednesday", "2026-03-18T00:00:00Z", "2026-03-19T00:00:00Z"),
    ("since Wednesday", "2026-03-11T00:00:00Z", None),
    ("since March", "2026-03-01T00:00:00Z", None),
    ("in March", "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"),
    ("in April", "2025-04-01T00:00:00Z", "2025-05-01T00:00:00Z"),
    ("in dec 2024", "2024-12-01T00:00:00Z", "2025-01-01T00:00:00Z"),
    # A period in progress ends where it ends: "due this week" includes the days still to come.
    ("due next week", "2026-03-23T00:00:00Z", "2026-03-30T00:00:00Z"),
    ("closed since January this year", "2026-01-01T00:00:00Z", None),
    ("created 2019", "2019-01-01T00:00:00Z", "2020-01-01T00:00:00Z"),
    ("between May and July 2021", "2021-05-01T00:00:00Z", "2021-08-01T00:00:00Z"),
    ("before 1 Jan 2010", None, "2010-01-01T00:00:00Z"),
    ("opened in the past month", "2026-02-18T15:30:00Z", None),
    ("since 2026-02-10", "2026-02-10T00:00:00Z", None),
    ("before 2026/01/01", None, "2026-01-01T00:00:00Z"),
    ("between 2026-01-01 and 2026-01-31", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"),
    ("over the past 3 sprints", "2026-02-16T09:00:00Z", None),
    ("in the last sprint", "2026-03-02T09:00:00Z", "2026-03-16T09:00:00Z"),
    ("during the current sprint", "2026-03-16T09:00:00Z", None),
    # a range said in words takes in its last day or month whole; a year said once is both sides'
    ("closed between July 1 and the end of September 2025", "2025-07-01T00:00:00Z", "2025-10-01T00:00:00Z"),
    ("created from 1 march 2008 to 15 april 2008", "2008-03-01T00:00:00Z", "2008-04-16T00:00:00Z"),
    ("between March 3rd and May 2024", "2024-03-03T00:00:00Z", "2024-06-01T00:00:00Z"),
    ("created between May and July 2021, inclusive", "2021-05-01T00:00:00Z", "2021-08-01T00:00:00Z"),
    ("created from January 2019 onwards", "2019-01-01T00:00:00Z", None),
    # seasons, as the north has them (now is in spring 2026): the one under way, else the last to begin
    ("created in summer 2025", "2025-06-01T00:00:00Z", "2025-09-01T00:00:00Z"),
    ("bugs from this spring", "2026-03-01T00:00:00Z", "2026-06-01T00:00:00Z"),
    ("bugs from last spring", "2025-03-01T00:00:00Z", "2025-06-01T00:00:00Z"),
    ("closed during the summer", "2025-06-01T00:00:00Z", "2025-09-01T00:00:00Z"),
    ("resolved last winter", "2025-12-01T00:00:00Z", "2026-03-01T00:00:00Z"),
    ("opened in the fall of 2024", "2024-09-01T00:00:00Z", "2024-12-01T00:00:00Z"),
    ("lingering from before spring", None, "2026-03-01T00:00:00Z"),
    ("due in the next fortnight", "2026-03-18T15:30:00Z", "2026-04-01T15:30:00Z"),
    # the weekend: this week's, the week before's, or the one under way else the last one (now is a Wednesday)
    ("what came in over the weekend", "2026-03-14T00:00:00Z", "2026-03-16T00:00:00Z"),
    ("closed last weekend", "2026-03-14T00:00:00Z", "2026-03-16T00:00:00Z"),
    ("due this weekend", "2026-03-21T00:00:00Z", "2026-03-23T00:00:00Z"),
])
def test_windows(text: str, start: str | None, end: str | None) -> None:
    window = parse_window(text, NOW, SPRINTS)
    if start is None and end is None:
        assert window is None
    else:
        assert (window.start, window.end) == (start, end)
        assert window.phrase and window.phrase in text.lower()


def test_no_window_in_plain_questions() -> None:
    for text in ("who owns PROJ-12?", "open bugs in checkout", "what blocks the release", "stories that fall behind"):
        assert parse_window(text, NOW) is None
