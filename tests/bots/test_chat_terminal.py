"""`jirakg chat` in a real pseudo-terminal against devjira: readline editing and history (Up recalls
the previous question, across sessions through the history file), cited keys as OSC 8 hyperlinks,
a line of undecodable bytes answered with one sentence and Ctrl-C dropping a line while the chat
goes on."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import subprocess
import sys
import termios
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.bots.web_env import DATASET, KEY, OWNER
from tests.jira_env import devjira

pytestmark = [pytest.mark.child_process, pytest.mark.slow]

UP = b"\x1b[A"
PROMPT = b"> "
LINK = re.compile(rb"\x1b\]8;;(?P<url>[^\x1b]*)\x1b\\(?P<text>[^\x1b]*)\x1b\]8;;\x1b\\")


class Terminal:
    """A child process on the slave side of a pty; the test types into and reads from the master."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        # A session of its own with the pty as its controlling terminal, so Ctrl-C becomes SIGINT.
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True,
                                        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.seen = b""

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def read_until(self, expected: bytes, after: int, seconds: float = 90) -> bytes:
        """Output from offset `after` up to and including the first `expected` there."""
        deadline = time.monotonic() + seconds
        while expected not in self.seen[after:]:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {expected!r} in {self.seen[after:]!r}"
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                assert chunk, f"the chat ended before {expected!r}: {self.seen[after:]!r}"
                self.seen += chunk
        end = self.seen.index(expected, after) + len(expected)
        return self.seen[after:end]

    def turn(self, typed: bytes) -> bytes:
        """Type a line (ending in Enter) and return what the chat printed up to its next prompt."""
        mark = len(self.seen)
        self.type(typed)
        return self.read_until(b"\n" + PROMPT, mark)

    def close(self) -> int:
        self.type(b"/quit\r")
        code = self.process.wait(timeout=60)
        os.close(self.master)
        return code


@pytest.fixture(scope="module")
def jira_url():
    with devjira(DATASET) as url:
        yield url


@contextmanager
def chat(jira: str, data_dir: Path):
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "INPUTRC": "/dev/null", "JIRAKG_DATA_DIR": str(data_dir), "JIRAKG_JIRA__URL": jira,
           "JIRAKG_JIRA__AUTH": "anonymous", "JIRAKG_STORE__BACKEND": "memory",
           "JIRAKG_FEEDBACK__SQLITE_PATH": str(data_dir / "feedback.sqlite3")}
    terminal = Terminal([sys.executable, "-m", "jirakg", "chat"], env)
    try:
        terminal.read_until(PROMPT, 0)
        yield terminal
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
            terminal.process.wait()


def answered_links(output: bytes) -> dict[str, str]:
    return {m["text"].decode(): m["url"].decode() for m in LINK.finditer(output)}


def test_up_recalls_the_previous_question_and_keys_are_hyperlinks(jira_url: str, tmp_path: Path) -> None:
    question = f"who owns {KEY}?".encode()
    with chat(jira_url, tmp_path) as terminal:
        first = terminal.turn(question + b"\r")
        assert OWNER.encode() in first
        assert answered_links(first) == {KEY: f"{jira_url}/browse/{KEY}"}
        assert f"{KEY}: http".encode() not in first  # no block of KEY: URL lines

        recalled = terminal.turn(UP + b"\r")
        assert b"^[[A" not in recalled
        assert recalled.count(question) == 1 and OWNER.encode() in recalled  # the line was redrawn, then answered
        assert answered_links(recalled) == {KEY: f"{jira_url}/browse/{KEY}"}

        # Editing: Up, then Ctrl-A (start of line) and a word typed in front of the recalled question.
        edited = terminal.turn(UP + b"\x01so \r")
        assert OWNER.encode() in edited
        assert terminal.close() == 0
    history = (tmp_path / "chat_history").read_text().splitlines()
    assert history == [question.decode(), "so " + question.decode(), "/quit"]  # a repeated line is kept once

    with chat(jira_url, tmp_path) as terminal:  # a new session recalls the last session's questions
        again = terminal.turn(UP + UP + b"\r")  # past /quit to "so who owns ..."
        assert b"so " + question in again and OWNER.encode() in again
        assert terminal.close() == 0


def test_undecodable_bytes_and_ctrl_c_get_a_line_each_and_the_chat_goes_on(jira_url: str, tmp_path: Path) -> None:
    with chat(jira_url, tmp_path) as terminal:
        refused = terminal.turn(b"who owns \xff\xfe?\r")
        assert b"bytes that are not UTF-8" in refused and b"Traceback" not in refused
        dropped = terminal.turn(b"half a quest\x03")  # Ctrl-C drops the line, as in a shell
        assert b"Traceback" not in dropped and b"KeyboardInterrupt" not in dropped
        answered = terminal.turn(f"who owns {KEY}?\r".encode())
        assert OWNER.encode() in answered
        assert terminal.close() == 0
    assert b"half a quest" not in (tmp_path / "chat_history").read_bytes()
