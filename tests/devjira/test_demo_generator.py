"""The demo organisation: determinism, hierarchy, links, changelogs and dates."""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.devjira.demo.metadata import metadata_path
from jirakg.devjira.demo.schema import PARENT_TYPES, STATUSES
from jirakg.devjira.jsonl import read_issues

ISSUES = 3000


def generate_file(path: Path, seed: int = 7, issues: int = ISSUES) -> Path:
    result = CliRunner().invoke(main, ["demo-data", "generate", "--seed", str(seed),
                                       "--issues", str(issues), "--out", str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate_file(tmp_path_factory.mktemp("demo") / "org.jsonl.gz")


@pytest.fixture(scope="module")
def issues(demo_file: Path) -> dict[str, dict]:
    return {issue["key"]: issue for issue in read_issues(demo_file)}


@pytest.fixture(scope="module")
def meta(demo_file: Path) -> dict:
    return json.loads(metadata_path(demo_file).read_text())


def when(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%f%z")


@pytest.mark.slow
def test_same_seed_gives_identical_bytes_and_another_seed_differs(tmp_path: Path, demo_file: Path) -> None:
    again = generate_file(tmp_path / "again.jsonl.gz")
    other = generate_file(tmp_path / "other.jsonl.gz", seed=8)
    assert again.read_bytes() == demo_file.read_bytes()
    assert metadata_path(again).read_bytes() == metadata_path(demo_file).read_bytes()
    assert other.read_bytes() != demo_file.read_bytes()


def test_plain_jsonl_output(tmp_path: Path) -> None:
    plain = generate_file(tmp_path / "org.jsonl", issues=50)
    lines = plain.read_text().splitlines()
    assert len(lines) == 50 and all(json.loads(line)["key"] for line in lines)


def test_shape_and_mix(issues: dict[str, dict], meta: dict) -> None:
    assert len(issues) == ISSUES
    types = Counter(i["fields"]["issuetype"]["name"] for i in issues.values())
    assert set(types) == {"Initiative", "Feature", "Epic", "Story", "Task", "Sub-task", "Bug", "Risk"}
    projects = {i["fields"]["project"]["key"] for i in issues.values()}
    assert len(projects) >= 5 and projects == {p["key"] for p in meta["projects"]}
    statuses = Counter(i["fields"]["status"]["name"] for i in issues.values())
    assert set(statuses) == set(STATUSES)
    for issue in issues.values():
        assert issue["id"].isdigit() and issue["self"].endswith("/rest/api/2/issue/" + issue["id"])
        category = issue["fields"]["status"]["statusCategory"]["key"]
        assert category == STATUSES[issue["fields"]["status"]["name"]]["category"]
    # Keys are numbered from 1 without gaps in each project, in creation order.
    by_project = defaultdict(list)
    for issue in issues.values():
        by_project[issue["fields"]["project"]["key"]].append(issue)
    for members in by_project.values():
        numbers = sorted(int(i["key"].split("-")[1]) for i in members)
        assert numbers == list(range(1, len(members) + 1))
        ordered = sorted(members, key=lambda i: int(i["key"].split("-")[1]))
        created = [when(i["fields"]["created"]) for i in ordered]
        assert created == sorted(created)


def test_hierarchy_integrity(issues: dict[str, dict]) -> None:
    children = defaultdict(list)
    for issue in issues.values():
        fields = issue["fields"]
        parent_ref = fields.get("parent")
        kind = fields["issuetype"]["name"]
        if kind in ("Initiative", "Risk") or kind in ("Feature", "Epic", "Sub-task"):
            assert (parent_ref is None) == (kind in ("Initiative", "Risk")), issue["key"]
        if parent_ref is None:
            continue
        parent = issues[parent_ref["key"]]  # every parent exists
        assert parent["id"] == parent_ref["id"]
        assert parent["fields"]["issuetype"]["name"] in PARENT_TYPES[kind]
        assert parent_ref["fields"]["summary"] == parent["fields"]["summary"]
        assert parent_ref["fields"]["status"]["name"] == parent["fields"]["status"]["name"]
        assert when(parent["fields"]["created"]) <= when(fields["created"])
        assert fields["issuetype"]["subtask"] == (kind == "Sub-task")
        children[parent_ref["key"]].append(issue["key"])
    for issue in issues.values():  # no cycles: every chain of parents ends at a root
        seen, key = set(), issue["key"]
        while key is not None:
            assert key not in seen
            seen.add(key)
            ref = issues[key]["fields"].get("parent")
            key = ref["key"] if ref else None
    for key, issue in issues.items():
        listed = [s["key"] for s in issue["fields"]["subtasks"]]
        expected = [c for c in children[key] if issues[c]["fields"]["issuetype"]["name"] == "Sub-task"]
        assert sorted(listed) == sorted(expected)
    # A finished parent has only finished children, resolved no later than it.
    for key, kids in children.items():
        parent = issues[key]["fields"]
        if parent["resolutiondate"]:
            for kid in kids:
                assert issues[kid]["fields"]["resolutiondate"], kid
                assert when(issues[kid]["fields"]["resolutiondate"]) <= when(parent["resolutiondate"])


def test_links_are_present_on_both_ends(issues: dict[str, dict]) -> None:
    ends = defaultdict(list)
    for issue in issues.values():
        for link in issue["fields"]["issuelinks"]:
            side = "outward" if "outwardIssue" in link else "inward"
            other = link[f"{side}Issue"]
            assert other["key"] != issue["key"]
            assert issues[other["key"]]["fields"]["summary"] == other["fields"]["summary"]
            ends[link["id"]].append((issue["key"], side, other["key"], link["type"]["name"]))
    kinds = Counter()
    for link_id, pair in ends.items():
        assert len(pair) == 2, link_id
        (a, side_a, other_a, kind_a), (b, side_b, other_b, kind_b) = pair
        assert {side_a, side_b} == {"outward", "inward"} and kind_a == kind_b
        assert other_a == b and other_b == a
        kinds[kind_a] += 1
    assert set(kinds) == {"Blocks", "Relates", "Duplicate", "Risk"}
    for issue in issues.values():
        for link in issue["fields"]["issuelinks"]:
            if link["type"]["name"] == "Risk" and "outwardIssue" in link:
                assert issue["fields"]["issuetype"]["name"] == "Risk"
                assert link["type"]["outward"] == "is risk for" and link["type"]["inward"] == "has risk"
            if link["type"]["name"] == "Blocks":
                assert (link["type"]["outward"], link["type"]["inward"]) == ("blocks", "is blocked by")


def test_blocking_cycles_exist_for_deadlock_questions(issues: dict[str, dict]) -> None:
    blocks = {key: {link["outwardIssue"]["key"] for link in i["fields"]["issuelinks"]
                    if link["type"]["name"] == "Blocks" and "outwardIssue" in link} for key, i in issues.items()}

    def reaches(start: str, goal: str) -> bool:
        stack, seen = list(blocks[start]), set()
        while stack:
            key = stack.pop()
            if key == goal:
                return True
            if key not in seen:
                seen.add(key)
                stack.extend(blocks[key])
        return False

    assert any(reaches(key, key) for key in blocks if blocks[key])


def replay(issue: dict) -> dict[str, object]:
    """Apply the changelog from the creation state; fail when an item's 'from' contradicts it."""
    state: dict[str, object] = {"status": "To Do", "resolution": None, "Sprint": None, "Fix Version": set()}
    for history in issue["changelog"]["histories"]:
        for item in history["items"]:
            name = item["field"]
            if name == "Fix Version":
                versions = state["Fix Version"]
                if item["fromString"]:
                    assert item["fromString"] in versions
                    versions.discard(item["fromString"])
                if item["toString"]:
                    versions.add(item["toString"])
                continue
            if name in state:
                assert item["fromString"] == state[name], (issue["key"], name)
            state[name] = item["toString"]
            state[name + ":id"] = item["to"]
    return state


def test_changelogs_replay_to_final_values(issues: dict[str, dict]) -> None:
    fields_seen = Counter()
    for issue in issues.values():
        fields = issue["fields"]
        state = replay(issue)
        assert state["status"] == fields["status"]["name"], issue["key"]
        assert state["resolution"] == (fields["resolution"]["name"] if fields["resolution"] else None)
        if "assignee:id" in state:
            assert state["assignee:id"] == (fields["assignee"]["accountId"] if fields["assignee"] else None)
        if "priority" in state:
            assert state["priority"] == fields["priority"]["name"]
        sprints = fields["customfield_10020"]
        assert state["Sprint"] == (", ".join(s["name"] for s in sprints) if sprints else None)
        assert state["Fix Version"] == {v["name"] for v in fields["fixVersions"]}
        for history in issue["changelog"]["histories"]:
            fields_seen.update(item["field"] for item in history["items"])
    assert {"status", "resolution", "assignee", "priority", "Sprint", "Fix Version"} <= set(fields_seen)


def test_dates_are_ordered(issues: dict[str, dict]) -> None:
    for issue in issues.values():
        fields = issue["fields"]
        created, updated = when(fields["created"]), when(fields["updated"])
        assert created <= updated
        moments = [when(h["created"]) for h in issue["changelog"]["histories"]]
        assert moments == sorted(moments)
        assert all(created <= m <= updated for m in moments)
        for comment in fields["comment"]["comments"]:
            assert created <= when(comment["created"]) <= updated
        done = fields["status"]["statusCategory"]["key"] == "done"
        assert (fields["resolutiondate"] is not None) == done == (fields["resolution"] is not None)
        if done:
            resolved = when(fields["resolutiondate"])
            entered = [when(h["created"]) for h in issue["changelog"]["histories"]
                       for item in h["items"]
                       if item["field"] == "status" and item["toString"] == fields["status"]["name"]]
            assert entered[-1] == resolved
        if fields["duedate"]:
            assert fields["duedate"] >= fields["created"][:10]


def test_truncation_worthy_changelogs_exist(issues: dict[str, dict]) -> None:
    totals = [i["changelog"]["total"] for i in issues.values()]
    assert max(totals) > 100  # so that clients must page changelogs beyond what search embeds
    assert all(i["changelog"]["total"] == len(i["changelog"]["histories"]) for i in issues.values())


def test_custom_fields_and_catalogue(issues: dict[str, dict], meta: dict) -> None:
    catalogue = {f["id"]: f for f in meta["fields"]}
    used = {name for issue in issues.values() for name in issue["fields"] if name.startswith("customfield_")}
    assert used <= set(catalogue)
    names = {catalogue[f]["name"] for f in used}
    assert {"Story point estimate", "Sprint"} <= names
    for fid in used:
        assert catalogue[fid]["custom"] is True
        assert f"cf[{fid.removeprefix('customfield_')}]" in catalogue[fid]["clauseNames"]
    sprint_ids = {s["id"] for p in meta["projects"] for s in p["sprints"]}
    for issue in issues.values():
        for sprint in issue["fields"]["customfield_10020"] or []:
            assert sprint["id"] in sprint_ids
    people = {u["accountId"] for u in meta["users"]}
    for issue in issues.values():
        for role in ("assignee", "reporter", "creator"):
            person = issue["fields"][role]
            assert person is None or person["accountId"] in people
    assert {t["name"] for t in meta["issueLinkTypes"]} == {"Blocks", "Relates", "Duplicate", "Risk"}


def test_too_few_issues_is_refused_clearly(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["demo-data", "generate", "--issues", "5", "--out", str(tmp_path / "x.jsonl")])
    assert result.exit_code == 2
    assert "Invalid value for '--issues'" in result.output and "Traceback" not in result.output


def test_access_model_is_documented_and_leaves_issues_alone(issues: dict[str, dict], meta: dict) -> None:
    embargoed = {key for key, issue in issues.items() if "security" in issue["fields"]}
    proj = [key for key in issues if key.startswith("PROJ-")]
    assert embargoed and embargoed <= set(proj) and len(embargoed) < len(proj) / 10
    assert embargoed == {k for k in proj if int(hashlib.sha1(k.encode()).hexdigest(), 16) % 20 == 0}
    assert {u["accountId"]: f"demo-{hashlib.sha1(u['accountId'].encode()).hexdigest()}" for u in meta["users"]} == {
        account: token for token, account in meta["apiTokens"].items()}
    groups = {g["name"]: set(g["members"]) for g in meta["groups"]}
    ops = next(p for p in meta["projects"] if p["key"] == "OPS")
    assert set(ops["permissions"]["BROWSE_PROJECTS"]) == {"ops-team", "jira-administrators"}
    assert groups["jira-users"] >= {u["accountId"] for u in meta["users"]} - groups["jira-administrators"]
