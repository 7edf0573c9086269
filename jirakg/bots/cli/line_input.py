"""Reading chat lines: the standard library's readline (editing, Up/Down history kept in a file) when
the input is a terminal, and lines that are not UTF-8 kept as text so the chat can say so and go on."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from types import ModuleType

HISTORY_LENGTH = 1000


class LineInput:
    """`read()` gives the next line, or None at the end of input. Undecodable bytes arrive as lone
    surrogates (surrogateescape) instead of an exception that would end the chat."""

    def __init__(self, history_file: Path) -> None:
        self.history_file = history_file
        self._readline: ModuleType | None = None

    def __enter__(self) -> LineInput:
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="surrogateescape")
        if sys.stdin.isatty():
            # input() uses readline by itself once the module is imported and stdin is a terminal.
            try:
                import readline
            except ImportError:  # a Python built without it: plain input, no history
                return self
            self._readline = readline
            readline.set_history_length(HISTORY_LENGTH)
            with contextlib.suppress(OSError):
                readline.read_history_file(self.history_file)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._readline is None:
            return
        try:
            self.history_file.parent.mkdir(parents=True, exist_ok=True)
            self._readline.write_history_file(self.history_file)
        except OSError as error:  # history is a convenience: losing it must not hide the answer above
            print(f"Could not save the chat history to {self.history_file}: {error.strerror}.", file=sys.stderr)

    @staticmethod
    def read(prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None
