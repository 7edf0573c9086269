"""A dataset whose metadata has no workflow (the Fluid archive, any exported JSONL) still offers
plausible transitions: those its changelogs show (any of them from a status never seen left), or
every status when they show none."""

from __future__ import annotations

import copy

import pytest

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from tests.devjira.http import call
from tests.jira_env import devjira


def exported(with_changelogs: bool):
    """The demo's issues as an export without workflow metadata (statuses and people only)."""
    org, stream = generate(seed=13, issues=400)
    issues = list(stream)
    if not with_changelogs:
        for issue in issues:
            issue["changelog"] = {"startAt": 0, "maxResults": 0, "total": 0, "histories": []}
    metadata = {k: v for k, v in organisation_metadata(org).items() if k != "workflows"}
    return issues, build_dataset(copy.deepcopy(issues), metadata)


def seen_moves(issues: list[dict], project: str) -> dict[str, set[str]]:
    moves: dict[str, set[str]] = {}
    for issue in issues:
        if issue["fields"]["project"]["key"] != project:
            continue
        for history in issue["changelog"]["histories"]:
            for item in history["items"]:
                if item["field"] == "status":
                    moves.setdefault(item["fromString"], set()).add(item["toString"])
    return moves


@pytest.mark.parametrize("status", ["To Do", "In Progress", "In Review", "Blocked"])
def test_transitions_are_the_moves_the_changelogs_show(status: str) -> None:
    issues, dataset = exported(with_changelogs=True)
    issue = next(i for i in dataset.issues if i["fields"]["status"]["name"] == status)
    key = issue["key"]
    moves = seen_moves(issues, issue["fields"]["project"]["key"])
    with devjira(dataset) as url:
        offered = call(f"{url}/rest/api/2/issue/{key}/transitions?expand=transitions.fields").body["transitions"]
        # A status never seen left may go wherever the project's issues ever went.
        targets = moves.get(status) or {to for seen in moves.values() for to in seen}
        assert {t["to"]["name"] for t in offered} == targets - {status}
        for transition in offered:
            assert transition["name"] == transition["to"]["name"]
            assert ("resolution" in transition["fields"]) == (transition["to"]["statusCategory"]["key"] == "done")
        target = offered[0]
        done = target["to"]["statusCategory"]["key"] == "done"
        assert call(f"{url}/rest/api/2/issue/{key}/transitions", "POST",
                    {"transition": {"id": target["id"]},
                     "fields": {"resolution": {"name": "Done"}} if done else {}}).status == 204
        assert call(f"{url}/rest/api/2/issue/{key}").body["fields"]["status"]["name"] == target["to"]["name"]


def test_without_changelogs_every_status_is_reachable() -> None:
    _, dataset = exported(with_changelogs=False)
    statuses = [s["name"] for s in dataset.metadata["statuses"]]
    issue = dataset.issues[0]
    current = issue["fields"]["status"]["name"]
    with devjira(dataset) as url:
        offered = call(f"{url}/rest/api/2/issue/{issue['key']}/transitions").body["transitions"]
        assert [t["to"]["name"] for t in offered] == [s for s in statuses if s != current]
        assert [t["id"] for t in offered] == [str(11 + 10 * statuses.index(t["to"]["name"])) for t in offered]
        made = call(f"{url}/rest/api/2/issue", "POST", {"fields": {
            "project": {"key": "WEB"}, "summary": "x", "issuetype": {"name": "Task"}}})
        assert call(f"{url}/rest/api/2/issue/{made.body['key']}").body["fields"]["status"]["name"] == statuses[0]
