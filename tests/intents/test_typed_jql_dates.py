"""Date functions in JQL the person typed become fixed moments counted from the parser's now (Wednesday
2026-03-18 15:30 UTC); every expected moment is written out by hand from the calendar. Periods and now() stay as
typed: Jira reads a literal in the user's zone, so a moment counted back from now is only exact as a period."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.grounding import Grounder
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.typed_jql import TypedJql

NOW = datetime(2026, 3, 18, 15, 30, tzinfo=UTC)


@pytest.mark.parametrize(("function", "moment"), [
    ("startOfDay(-1)", "2026/03/17 00:00"),
    ("endOfDay()", "2026/03/18 23:59"),
    ("startOfWeek(-1)", "2026/03/09 00:00"),
    ("endOfWeek()", "2026/03/22 23:59"),
    ("startOfMonth(-1)", "2026/02/01 00:00"),
    ("endOfMonth(-1)", "2026/02/28 23:59"),
    ("startOfMonth(-3)", "2025/12/01 00:00"),
    ("endOfMonth(10)", "2027/01/31 23:59"),
    ("startOfYear(1)", "2027/01/01 00:00"),
    ("endOfYear(-1)", "2025/12/31 23:59"),
])
def test_typed_date_functions_are_fixed_moments(function: str, moment: str) -> None:
    lexicon = Lexicon()
    typed = TypedJql(lexicon, Grounder(lexicon), lambda: NOW)
    where, _, _, _ = typed.ground(f"created >= {function}")
    assert where == f'created >= "{moment}"', where


@pytest.mark.parametrize(("typed", "kept"), [("-30d", '"-30d"'), ("10d", '"10d"'), ("+2w", '"+2w"'),
                                             ("now()", "now()")])
def test_typed_periods_and_now_stay_as_typed(typed: str, kept: str) -> None:
    lexicon = Lexicon()
    where, _, _, _ = TypedJql(lexicon, Grounder(lexicon), lambda: NOW).ground(f"created >= {typed}")
    assert where == f"created >= {kept}", where

