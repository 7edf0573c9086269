"""Creating, editing and deleting issues over devjira's REST API, and JQL seeing the change."""

from __future__ import annotations

import urllib.parse
from datetime import UTC, datetime

from tests.devjira.http import call
from tests.jira_env import demo_dataset, devjira

NOW = int(datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000)


def search(url: str, jql: str) -> dict:
    return call(f"{url}/rest/api/2/search?" + urllib.parse.urlencode({"jql": jql, "fields": "summary"})).body


def test_create_edit_delete() -> None:
    dataset = demo_dataset(issues=300, seed=23)
    with devjira(dataset, clock_ms=lambda: NOW) as url:
        made = call(f"{url}/rest/api/2/issue", "POST",
                    {"fields": {"project": {"key": "OPS"}, "summary": "Rotate the zebrafish credentials",
                                "issuetype": {"name": "Task"}}})
        assert made.status == 201
        key = made.body["key"]
        assert search(url, 'summary ~ zebrafish')["issues"][0]["key"] == key

        edited = call(f"{url}/rest/api/2/issue/{key}", "PUT", {"fields": {"priority": {"name": "Highest"},
                                                                         "labels": ["security"]}})
        assert edited.status == 204
        assert search(url, f"key = {key} AND priority = Highest AND labels = security")["total"] == 1
        assert search(url, f'key = {key} AND priority CHANGED TO Highest ON "2026-12-01"')["total"] == 1
        issue = call(f"{url}/rest/api/2/issue/{key}?expand=changelog").body
        assert issue["fields"]["updated"].startswith("2026-12-01T12:00")
        assert {i["field"] for h in issue["changelog"]["histories"] for i in h["items"]} == {"priority", "labels"}

        assert call(f"{url}/rest/api/2/issue/{key}", "DELETE").status == 204
        assert call(f"{url}/rest/api/2/issue/{key}").status == 404
        assert search(url, 'summary ~ zebrafish')["total"] == 0


def test_bad_edits_are_refused_in_jiras_format() -> None:
    dataset = demo_dataset(issues=100, seed=29)
    with devjira(dataset) as url:
        no_project = call(f"{url}/rest/api/2/issue", "POST", {"fields": {"project": {"key": "NOPE"}, "summary": "x"}})
        assert no_project.status == 400
        assert no_project.body["errors"] == {"project": "The project 'NOPE' does not exist."}
        no_summary = call(f"{url}/rest/api/2/issue", "POST", {"fields": {"project": {"key": "OPS"}}})
        assert no_summary.status == 400 and "summary" in no_summary.body["errors"]
        locked = call(f"{url}/rest/api/2/issue/PROJ-1", "PUT", {"fields": {"status": {"name": "Done"}}})
        assert locked.status == 400 and "status" in locked.body["errors"]
        assert call(f"{url}/rest/api/2/issue/PROJ-1", "PUT", {}).status == 400
        assert call(f"{url}/rest/api/2/issue/NOPE-1", "PUT", {"fields": {"summary": "x"}}).status == 404
        assert call(f"{url}/rest/api/2/issue/NOPE-1", "DELETE").status == 404
