"""An answer as the terminal shows it: cited issue keys as OSC 8 hyperlinks where the terminal
supports them, else plain keys and one compact source line (one Jira link for all cited issues)."""

from __future__ import annotations

import os
import re
from typing import TextIO
from urllib.parse import quote

from jirakg.engine.turn import TurnResult

# OSC 8: ESC ] 8 ; params ; URI ST, the text, then the same with an empty URI (ST = ESC \).
OSC8 = "\x1b]8;;{url}\x1b\\{text}\x1b]8;;\x1b\\"
# Terminals known to print OSC 8 as garbage, or to lack it: the Linux console and dumb terminals.
NO_HYPERLINKS = {"", "dumb", "linux"}


def hyperlinks_supported(stream: TextIO) -> bool:
    """A terminal (not a pipe or file) of a kind that shows OSC 8 links; others ignore or mangle them."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM", "") not in NO_HYPERLINKS


def hyperlink(url: str, text: str) -> str:
    # A URL holding ESC or BEL would end the sequence early: such a URL is shown as plain text.
    return text if any(c in url for c in "\x1b\x07") else OSC8.format(url=url, text=text)


def answer_text(result: TurnResult, hyperlinks: bool) -> str:
    """The answer, then (if needed) one line naming its sources."""
    urls = {key: result.urls[key] for key in result.citations if result.urls.get(key)}
    if not urls:
        return result.answer
    if not hyperlinks:
        return f"{result.answer}\n  {source_line(list(urls.values()), list(urls))}"
    pattern = re.compile(r"(?<![A-Za-z0-9_-])(" + "|".join(re.escape(k) for k in sorted(urls, key=len, reverse=True))
                         + r")(?![0-9A-Za-z_])")
    linked = pattern.sub(lambda m: hyperlink(urls[m.group(1)], m.group(1)), result.answer)
    mentioned = set(pattern.findall(result.answer))  # the keys just linked; the others get a sources line
    unmentioned = [key for key in urls if key not in mentioned]
    if not unmentioned:
        return linked
    return linked + "\n  Sources: " + ", ".join(hyperlink(urls[key], key) for key in unmentioned)


def source_line(urls: list[str], keys: list[str]) -> str:
    """One link: the issue itself, or Jira's issue search for all of them when they share a Jira."""
    if len(urls) == 1:
        return f"Source: {urls[0]}"
    tail = [f"/browse/{key}" for key in keys]
    bases = {url.removesuffix(end) for url, end in zip(urls, tail, strict=True)}
    if len(bases) == 1 and all(url.endswith(end) for url, end in zip(urls, tail, strict=True)):
        jql = f"key in ({', '.join(keys)}) ORDER BY key"
        return f"Sources ({len(keys)} issues): {bases.pop()}/issues/?jql={quote(jql)}"
    return f"Sources: {urls[0]} and {len(urls) - 1} more"
