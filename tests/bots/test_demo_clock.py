"""The demo Jira an evaluation serves answers relative dates ("-1d", "now()") from the evaluation's now, as the
parser does; otherwise a gold query with "-30d" and the parser's dates disagree by the days since `--now`."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jirakg.bots.cli import jira_access
from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.config import Settings


def _count(url: str, jql: str) -> int:
    query = urllib.parse.urlencode({"jql": jql, "maxResults": 0})
    with urllib.request.urlopen(f"{url}/rest/api/2/search?{query}", timeout=30) as response:
        return int(json.load(response)["total"])


def test_the_demo_served_for_a_given_day_takes_that_day_as_now(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jira_access, "write_demo", lambda out, seed, issues, end: write_demo(out, seed, 60, end))
    settings = Settings(data_dir=tmp_path)
    today = datetime(2020, 3, 2, 12, tzinfo=UTC)
    with jira_access.jira_url(settings, today) as url:
        recent = _count(url, "updated >= -90d")
    # the organisation's history ends on `today`; by the real clock nothing of 2020 was updated in 90 days
    assert recent > 0
