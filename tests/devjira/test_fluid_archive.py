"""devjira on the real Fluid Jira archive: it loads whole and counts like a brute-force filter."""

from __future__ import annotations

import gzip
import json
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.jql.text import index_terms
from jirakg.jql.errors import JqlSyntaxError
from tests.devjira.http import call
from tests.jira_env import devjira

ARCHIVE = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "fluid-jira" / "issues.jsonl.gz"
NOW = int(datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000)
pytestmark = [pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/datasets is absent"),
              pytest.mark.fluid_archive, pytest.mark.slow]


@pytest.fixture(scope="module")
def raw() -> list[dict]:
    with gzip.open(ARCHIVE, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


@pytest.fixture(scope="module")
def dataset():
    return load_dataset(ARCHIVE)


def name(value: dict | None) -> str | None:
    return value["name"] if value else None


def stamp(text: str | None) -> datetime | None:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%f%z") if text else None


CASES = [
    ("project = FLUID", lambda f: f["project"]["key"] == "FLUID"),
    ("type = Bug AND project = FLUID", lambda f: f["issuetype"]["name"] == "Bug" and f["project"]["key"] == "FLUID"),
    ("status in (Open, Reopened)", lambda f: f["status"]["name"] in ("Open", "Reopened")),
    ("statusCategory = Done", lambda f: f["status"]["statusCategory"]["key"] == "done"),
    ("priority = Blocker", lambda f: name(f["priority"]) == "Blocker"),
    ("priority is EMPTY", lambda f: f["priority"] is None),
    ("assignee is EMPTY", lambda f: f["assignee"] is None),
    ('assignee = "justin.obara"', lambda f: (f["assignee"] or {}).get("name") == "justin.obara"),
    ("resolution = Unresolved", lambda f: f["resolution"] is None),
    ("component is not EMPTY", lambda f: bool(f["components"])),
    ('created >= "2015-01-01" AND created < "2016-01-01"',
     lambda f: stamp("2015-01-01T00:00:00.000+0000") <= stamp(f["created"]) < stamp("2016-01-01T00:00:00.000+0000")),
    ("summary ~ keyboard", lambda f: "keyboard" in index_terms(f["summary"])),
    ("issueLinkType = duplicates", lambda f: any(link["type"]["outward"] == "duplicates" and "outwardIssue" in link
                                                 for link in f["issuelinks"])),
    ("fixVersion is not EMPTY AND type != Task", lambda f: bool(f["fixVersions"]) and f["issuetype"]["name"] != "Task"),
    ("NOT project = FLUID OR priority = Critical",
     lambda f: f["project"]["key"] != "FLUID" or name(f["priority"]) == "Critical"),
]


def test_archive_loads_whole(dataset, raw) -> None:
    assert len(raw) == 10052
    assert len(dataset.issues) == 10052
    assert len(dataset.engine.search("", 0)) == 10052
    projects = {p["key"] for p in dataset.metadata["projects"]}
    assert len(projects) == 19
    link_types = {t["name"] for t in dataset.metadata["issueLinkTypes"]}
    assert {"Relates", "Dependency", "Duplicate", "Supersession"} <= link_types


@pytest.mark.parametrize(("jql", "predicate"), CASES, ids=[c[0] for c in CASES])
def test_counts_match_brute_force(dataset, raw, jql, predicate) -> None:
    expected = {issue["key"] for issue in raw if predicate(issue["fields"])}
    got = {dataset.issues[p]["key"] for p in dataset.engine.search(jql, 0)}
    assert got == expected
    assert expected  # every case selects something, or it would prove little


def test_writes_follow_the_archives_own_workflow(dataset, raw) -> None:
    """Runs last: it changes the module's dataset. The archive has no workflow metadata and its
    changelogs record no status change in FLUID, so FLUID gets Jira's simplified workflow (every
    status from every other); taking a transition is a change JQL sees."""
    moves: dict[str, set[str]] = {}
    for issue in raw:
        if issue["fields"]["project"]["key"] == "FLUID":
            for history in (issue.get("changelog") or {}).get("histories") or []:
                for item in history["items"]:
                    if item["field"] == "status" and item.get("fromString"):
                        moves.setdefault(item["fromString"], set()).add(item["toString"])
    known = {s["name"] for s in dataset.metadata["statuses"]}
    key = next(i["key"] for i in raw if i["fields"]["project"]["key"] == "FLUID"
               and i["fields"]["status"]["name"] == "Open")
    with devjira(dataset, clock_ms=lambda: NOW) as url:
        offered = call(f"{url}/rest/api/2/issue/{key}/transitions?expand=transitions.fields").body["transitions"]
        assert moves == {}
        assert {t["to"]["name"] for t in offered} == known - {"Open"}
        done = {s["name"] for s in dataset.metadata["statuses"] if s["statusCategory"]["key"] == "done"}
        assert {t["to"]["name"] for t in offered if t["fields"]} == done - {"Open"} != set()
        target = next(t for t in offered if not t["fields"])
        assert call(f"{url}/rest/api/2/issue/{key}/transitions", "POST", {"transition": {"id": target["id"]}},
                    ).status == 204
        query = urllib.parse.urlencode({"jql": f'status CHANGED FROM Open TO "{target["to"]["name"]}" ON '
                                               '"2026-12-01" AND project = FLUID', "fields": "status"})
        assert [i["key"] for i in call(f"{url}/rest/api/2/search?{query}").body["issues"]] == [key]
        commented = call(f"{url}/rest/api/2/issue/{key}/comment", "POST", {"body": "Checked by the archive test."})
        assert commented.status == 201


def test_every_side_of_a_defined_link_type_is_a_value(dataset, raw) -> None:
    """The archive holds each link once, from its outward side; Jira still knows both sides of every type, so
    asking for the other side finds what the data shows (nothing here) instead of failing, and a link that exists
    nowhere is still refused."""
    depends_on = {issue["key"] for issue in raw
                  if any(link["type"]["outward"] == "depends on" and "outwardIssue" in link
                         for link in issue["fields"]["issuelinks"])}
    assert {dataset.issues[p]["key"] for p in dataset.engine.search('issueLinkType = "depends on"', 0)} == depends_on
    assert dataset.engine.search('issueLinkType = "is depended on by"', 0) == []
    key = sorted(depends_on)[0]
    assert dataset.engine.search(f'issue in linkedIssues({key}, "is depended on by")', 0) == []
    with pytest.raises(JqlSyntaxError, match="does not exist"):
        dataset.engine.search('issueLinkType = "is blocked by"', 0)
    with pytest.raises(JqlSyntaxError, match="does not exist"):
        dataset.engine.search(f'issue in linkedIssues({key}, "is blocked by")', 0)
