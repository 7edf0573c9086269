"""How the terminal shows an answer's citations: OSC 8 links on the keys in a terminal that supports
them, else the plain answer and one compact source line."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, urlsplit

import pytest

from jirakg.bots.cli.answer_text import answer_text, hyperlinks_supported
from jirakg.engine.turn import TurnResult

JIRA = "https://jira.example.com"


def result(answer: str, *keys: str) -> TurnResult:
    return TurnResult(answer=answer, turn_id="t", conversation_id="c", intents=["search"], citations=list(keys),
                      urls={k: f"{JIRA}/browse/{k}" for k in keys})


def link(key: str) -> str:
    return f"\x1b]8;;{JIRA}/browse/{key}\x1b\\{key}\x1b]8;;\x1b\\"


def test_keys_in_the_answer_become_hyperlinks_and_only_unmentioned_ones_get_a_sources_line() -> None:
    shown = answer_text(result("PROJ-1 blocks PROJ-12; PROJ-1 is open.", "PROJ-1", "PROJ-12", "OPS-3"), True)
    assert shown == (f"{link('PROJ-1')} blocks {link('PROJ-12')}; {link('PROJ-1')} is open.\n"
                     f"  Sources: {link('OPS-3')}")
    # PROJ-1 inside PROJ-12 or XPROJ-1 is not PROJ-1.
    assert answer_text(result("XPROJ-1 and PROJ-12.", "PROJ-1"), True).startswith("XPROJ-1 and PROJ-12.")
    # A key the answer names only inside a longer word is not linked there, so it is listed as a source.
    shown = answer_text(result("PROJ-1a is not a key.", "PROJ-1"), True)
    assert shown == f"PROJ-1a is not a key.\n  Sources: {link('PROJ-1')}"


def test_without_hyperlinks_one_source_line_opens_every_cited_issue() -> None:
    one = answer_text(result("PROJ-1 is owned by Ana.", "PROJ-1"), False)
    assert one == f"PROJ-1 is owned by Ana.\n  Source: {JIRA}/browse/PROJ-1"
    many = answer_text(result("PROJ-1, PROJ-2 and OPS-3.", "PROJ-1", "PROJ-2", "OPS-3"), False)
    answer, line = many.split("\n")
    assert answer == "PROJ-1, PROJ-2 and OPS-3." and "\x1b" not in many
    assert line.startswith("  Sources (3 issues): ")
    url = urlsplit(line.split(": ", 1)[1])
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{JIRA}/issues/"
    assert parse_qs(url.query)["jql"] == ["key in (PROJ-1, PROJ-2, OPS-3) ORDER BY key"]
    assert answer_text(result("Nothing found."), False) == "Nothing found."


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream, term, expected", [
    (Tty(), "xterm-256color", True), (Tty(), "dumb", False), (Tty(), "linux", False), (io.StringIO(), "xterm", False),
])
def test_hyperlinks_only_in_a_terminal_that_shows_them(monkeypatch, stream, term: str, expected: bool) -> None:
    monkeypatch.setenv("TERM", term)
    assert hyperlinks_supported(stream) is expected
