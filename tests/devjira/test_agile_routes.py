"""devjira's Jira Software routes over a real socket: boards per project, a board's sprints by state and page,
the same credentials and visibility as the rest of the API, and sprints derived when there is no metadata."""

from __future__ import annotations

import pytest

from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.access import AUDITOR_NAME, api_token, auditor
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.devjira.http import call

ORG, STREAM = generate(seed=5, issues=600)
ISSUES = list(STREAM)
DEMO = build_dataset(ISSUES, organisation_metadata(ORG))
AGILE = "/rest/agile/1.0"


@pytest.fixture(scope="module")
def url():
    with BackgroundServer(create_app(DEMO, ServerOptions(auth=AuthSpec.parse("basic:svc:secret")))) as served:
        yield served


SERVICE = ("svc", "secret")


def test_one_scrum_board_per_project_with_sprints(url: str) -> None:
    reply = call(f"{url}{AGILE}/board", auth=SERVICE)
    assert reply.status == 200
    with_sprints = [p.key for p in ORG.projects.values() if p.sprints]
    assert [b["location"]["projectKey"] for b in reply.body["values"]] == with_sprints
    assert reply.body["isLast"] is True and reply.body["startAt"] == 0
    board = reply.body["values"][0]
    assert board["type"] == "scrum" and board["self"].endswith(f"{AGILE}/board/{board['id']}")
    only = call(f"{url}{AGILE}/board?projectKeyOrId=MOB", auth=SERVICE).body["values"]
    assert [b["location"]["projectKey"] for b in only] == ["MOB"]
    assert call(f"{url}{AGILE}/board?projectKeyOrId=INIT", auth=SERVICE).body["values"] == []


def test_board_sprints_by_state_and_page(url: str) -> None:
    board = call(f"{url}{AGILE}/board?projectKeyOrId=MOB", auth=SERVICE).body["values"][0]
    sprints = f"{url}{AGILE}/board/{board['id']}/sprint"
    active = call(f"{sprints}?state=active", auth=SERVICE).body
    expected = [s for s in ORG.projects["MOB"].sprints if s.state == "active"]
    assert [s["name"] for s in active["values"]] == [s.name for s in expected]
    sprint = active["values"][0]
    assert set(sprint) >= {"id", "self", "state", "name", "startDate", "endDate", "originBoardId", "goal"}
    assert sprint["originBoardId"] == board["id"] and "total" not in active
    # Paged by startAt/maxResults until isLast, each sprint once, all states by default.
    names, start = [], 0
    while True:
        page = call(f"{sprints}?startAt={start}&maxResults=7", auth=SERVICE).body
        names += [s["name"] for s in page["values"]]
        start += len(page["values"])
        if page["isLast"]:
            break
    assert names == [s.name for s in ORG.projects["MOB"].sprints]
    closed = call(f"{sprints}?state=closed", auth=SERVICE).body["values"]
    assert closed and all(s["state"] == "closed" and s["completeDate"] for s in closed)
    assert call(f"{sprints}?state=running", auth=SERVICE).status == 400
    assert call(f"{url}{AGILE}/board/999/sprint", auth=SERVICE).status == 404
    one = call(f"{url}{AGILE}/sprint/{sprint['id']}", auth=SERVICE)
    assert one.status == 200 and one.body == sprint
    assert call(f"{url}{AGILE}/sprint/999999", auth=SERVICE).status == 404


def test_same_credentials_and_visibility_as_the_rest_of_the_api(url: str) -> None:
    assert call(f"{url}{AGILE}/board").status == 401
    assert call(f"{url}{AGILE}/board", auth=("svc", "wrong")).status == 401
    ops = call(f"{url}{AGILE}/board?projectKeyOrId=OPS", auth=SERVICE).body["values"][0]
    # The auditor may browse the open projects but not OPS: its board is as missing as one that does not exist.
    person = (f"{AUDITOR_NAME}@example.com", api_token(auditor()["accountId"]))
    seen = [b["location"]["projectKey"] for b in call(f"{url}{AGILE}/board", auth=person).body["values"]]
    assert "OPS" not in seen and "MOB" in seen
    assert call(f"{url}{AGILE}/board/{ops['id']}/sprint", auth=person).status == 404
    ops_sprint = call(f"{url}{AGILE}/board/{ops['id']}/sprint", auth=SERVICE).body["values"][0]
    assert call(f"{url}{AGILE}/sprint/{ops_sprint['id']}", auth=person).status == 404


def test_sprints_derived_from_the_issues_without_metadata() -> None:
    derived = build_dataset(ISSUES, {})
    with BackgroundServer(create_app(derived)) as served:
        boards = call(f"{served}{AGILE}/board").body["values"]
        mob = next(b for b in boards if b["location"]["projectKey"] == "MOB")
        names = [s["name"] for s in call(f"{served}{AGILE}/board/{mob['id']}/sprint").body["values"]]
    carried = {s["name"] for i in ISSUES if i["key"].startswith("MOB-")
               for s in i["fields"].get("customfield_10020") or []}
    assert set(names) == carried and len(names) == len(carried)
