"""Which shared links are issues of the configured Jira: `<base>/browse/KEY`, with or without a query."""

from __future__ import annotations

import urllib.parse

from jirakg.jql.keys import ISSUE_KEY


def issue_keys_in(urls: list[str], base_url: str) -> dict[str, str]:
    """URL → issue key, for the URLs that browse an issue of the Jira at `base_url` (same scheme and host,
    under its path); others, and malformed keys, are left out."""
    base = urllib.parse.urlsplit(base_url)
    prefix = base.path.rstrip("/") + "/browse/"
    found = {}
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        if (parts.scheme, parts.netloc.lower()) != (base.scheme, base.netloc.lower()) or \
                not parts.path.startswith(prefix):
            continue
        key = parts.path[len(prefix):].rstrip("/").upper()
        if ISSUE_KEY.match(key):
            found[url] = key
    return found
