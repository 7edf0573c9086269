"""A release named by when it ships resolves against the versions' release dates when exactly one fits, and is
asked back with the candidates otherwise."""

from __future__ import annotations

from datetime import date

import pytest

from jirakg.intents.lexicon import Release
from jirakg.intents.release_dates import dated_release
from tests.intents.team_shapes import one

TODAY = date(2026, 11, 1)
RELEASES = [Release(project="MOB", name="2026.Q3", date="2026-09-30", released=True),
            Release(project="MOB", name="2026.Q4", date="2026-12-31"),
            Release(project="MOB", name="2027.Q1", date="2027-03-31"),
            Release(project="WEB", name="Winter", date="2026-12-15"),
            Release(project="WEB", name="Spring", date="2027-04-30")]


@pytest.mark.parametrize(("text", "projects", "names"), [
    ("is the mobile end-of-year release on track", ["MOB"], ["2026.Q4"]),
    ("how is the year end release going", ["MOB"], ["2026.Q4"]),
    ("the q4 release of mob", ["MOB"], ["2026.Q4"]),
    ("the fourth quarter release", ["MOB"], ["2026.Q4"]),
    ("the december release", ["WEB"], ["Winter"]),
    ("what is blocking the next release", ["MOB"], ["2026.Q4"]),
    ("the upcoming web release", ["WEB"], ["Winter"]),
    ("the april release", ["WEB"], ["Spring"]),  # no April version this year: the coming one's
    ("the end-of-year release", [], ["2026.Q4", "Winter"]),  # two projects, two versions: asked back
    ("the february release", ["MOB"], []),
])
def test_a_release_named_by_its_date(text: str, projects: list[str], names: list[str]) -> None:
    found = dated_release(text, RELEASES, projects, TODAY)
    assert found is not None and found.names == names


@pytest.mark.parametrize("text", ["the 2026.Q4 release", "bugs created in december", "may the release slip"])
def test_no_date_named_no_dated_release(text: str) -> None:
    assert dated_release(text, RELEASES, [], TODAY) is None


@pytest.mark.parametrize("question", ["is the mobile end-of-year release on track?",
                                      "how is the Q4 release of OPS going?", "status of the december release in WEB",
                                      "how is the next MOB release looking?"])
def test_the_parser_reports_on_the_one_release_that_fits(question: str) -> None:
    call = one(question)
    assert call.name == "release" and call.slots.fix_versions == ["2026.Q4"], call
    assert call.slots.assumed and call.slots.ignored == []
