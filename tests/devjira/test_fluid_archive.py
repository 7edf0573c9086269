"""devjira on the real Fluid Jira archive: it loads whole and counts like a brute-force filter."""

from __future__ import annotations

import gzip
import json
from datetime import datetime
from pathlib import Path

import pytest

from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.jql.text import index_terms

ARCHIVE = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "fluid-jira" / "issues.jsonl.gz"
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
