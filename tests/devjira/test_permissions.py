"""devjira answers only what the caller may browse, and its permission and user APIs, over a real socket.

Expectations come from the demo's metadata (groups, schemes, security levels) through `Oracle`.
"""

from __future__ import annotations

import re
import urllib.parse

import pytest

from jirakg.devjira.app_state import NOT_FOUND
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.access import EMBARGO, SERVICE_ACCOUNT_ID, api_token
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.devjira.access_oracle import Oracle
from tests.devjira.http import call

ORG, STREAM = generate(seed=5, issues=1200)
DEMO = build_dataset(list(STREAM), organisation_metadata(ORG))
ORACLE = Oracle(DEMO)
OUTSIDER = ORACLE.person(lambda a: a not in ORACLE.members["ops-team"])  # outside OPS and security
OPS_MEMBER = ORACLE.person(lambda a: a in ORACLE.members["ops-team"])
SERVICE = ORACLE.users[SERVICE_ACCOUNT_ID]
EMBARGOED = [i for i in DEMO.issues if i["fields"].get("security")]
OPS_KEYS = {i["key"] for i in DEMO.issues if i["key"].startswith("OPS-")}
# Someone outside `security` who reported an embargoed issue (and so may see that one).
REPORTER = ORACLE.person(lambda a: a not in ORACLE.members["security"]
                         and any(i["fields"]["reporter"]["accountId"] == a for i in EMBARGOED))


def serve(dataset=DEMO, **options) -> BackgroundServer:
    return BackgroundServer(create_app(dataset, ServerOptions(**options)))


@pytest.fixture(scope="module")
def cloud_url():
    with serve(deployment="cloud") as url:
        yield url


@pytest.fixture(scope="module")
def server_url():
    with serve(deployment="server") as url:
        yield url


def jql_keys(url: str, jql: str, auth) -> list[str]:
    """Every key the enhanced search returns, page by page."""
    keys, token = [], None
    while True:
        body = {"jql": jql, "fields": ["key"], "maxResults": 100, **({"nextPageToken": token} if token else {})}
        reply = call(f"{url}/rest/api/3/search/jql", "POST", body, auth=auth)
        assert reply.status == 200, reply.body
        keys += [i["key"] for i in reply.body["issues"]]
        token = reply.body.get("nextPageToken")
        if not token:
            return keys


def test_the_demo_restricts_someone() -> None:
    assert EMBARGOED and OPS_KEYS
    assert OUTSIDER["accountId"] not in ORACLE.members["security"] | ORACLE.members["jira-administrators"]


def test_outside_ops_team_no_ops_issue_anywhere(cloud_url: str) -> None:
    auth = ORACLE.basic(OUTSIDER)
    ops_issue = sorted(OPS_KEYS)[0]
    missing = call(f"{cloud_url}/rest/api/3/issue/{ops_issue}", auth=auth)
    assert missing.status == 404 and missing.body["errorMessages"] == [NOT_FOUND]
    assert call(f"{cloud_url}/rest/api/3/issue/{ops_issue}/changelog", auth=auth).status == 404
    assert call(f"{cloud_url}/browse/{ops_issue}", auth=auth).status == 404
    keys = jql_keys(cloud_url, "type = Bug ORDER BY key", auth)
    assert keys == ORACLE.browsable_keys(OUTSIDER["accountId"], "type = Bug ORDER BY key")
    assert not set(keys) & OPS_KEYS
    count = call(f"{cloud_url}/rest/api/3/search/approximate-count", "POST", {"jql": "type = Bug"}, auth=auth)
    assert count.body["count"] == len(keys) < len(ORACLE.browsable_keys(OPS_MEMBER["accountId"], "type = Bug"))
    wanted = [*sorted(OPS_KEYS)[:5], "PROJ-1", "MOB-1"]
    bulk = call(f"{cloud_url}/rest/api/3/issue/bulkfetch", "POST", {"issueIdsOrKeys": wanted}, auth=auth).body
    assert [i["key"] for i in bulk["issues"]] == [
        k for k in ["PROJ-1", "MOB-1"] if ORACLE.may_browse(OUTSIDER["accountId"], DEMO.issues[DEMO.position(k)])]
    assert {e["issueIdOrKey"] for e in bulk["issueErrors"]} == set(sorted(OPS_KEYS)[:5])
    assert all(e["errorMessage"] == NOT_FOUND for e in bulk["issueErrors"])
    logs = call(f"{cloud_url}/rest/api/3/changelog/bulkfetch", "POST", {"issueIdsOrKeys": sorted(OPS_KEYS)},
                auth=auth).body
    assert logs["issueChangeLogs"] == []


def test_naming_a_hidden_project_or_issue_in_jql_is_jiras_400(cloud_url: str) -> None:
    auth = ORACLE.basic(OUTSIDER)
    refused = call(f"{cloud_url}/rest/api/3/search/jql", "POST", {"jql": "project = OPS"}, auth=auth)
    assert refused.status == 400
    assert refused.body["errorMessages"] == ["The value 'OPS' does not exist for the field 'project'."]
    by_name = call(f"{cloud_url}/rest/api/3/search/approximate-count", "POST",
                   {"jql": 'project in (PROJ, "Operations")'}, auth=auth)
    assert by_name.status == 400 and "'Operations'" in by_name.body["errorMessages"][0]
    ops_issue = sorted(OPS_KEYS)[0]
    by_key = call(f"{cloud_url}/rest/api/3/search/jql", "POST", {"jql": f"key = {ops_issue}"}, auth=auth)
    assert by_key.body["errorMessages"] == [f"An issue with key '{ops_issue}' does not exist for field 'key'."]
    member = jql_keys(cloud_url, "project = OPS", ORACLE.basic(OPS_MEMBER))
    assert set(member) == OPS_KEYS


def test_projects_list_only_browsable_ones(cloud_url: str) -> None:
    listed = call(f"{cloud_url}/rest/api/3/project", auth=ORACLE.basic(OUTSIDER)).body
    expected = {p for p in ORACLE.schemes if ORACLE.holds(OUTSIDER["accountId"], p, "BROWSE_PROJECTS")}
    assert {p["key"] for p in listed} == expected and "OPS" not in expected
    assert all("permissions" not in p for p in listed)
    assert call(f"{cloud_url}/rest/api/3/project/OPS", auth=ORACLE.basic(OUTSIDER)).status == 404
    assert call(f"{cloud_url}/rest/api/3/project/OPS", auth=ORACLE.basic(OPS_MEMBER)).status == 200


def test_embargoed_issues_only_for_security_and_their_reporter(server_url: str) -> None:
    account = REPORTER["accountId"]
    theirs = [i["key"] for i in EMBARGOED if i["fields"]["reporter"]["accountId"] == account]
    others = [i["key"] for i in EMBARGOED if not ORACLE.may_browse(account, i)]
    token = ORACLE.tokens[account]  # a Data Center personal access token, sent as a bearer
    query = urllib.parse.urlencode({"jql": "project = PROJ", "maxResults": 1000, "fields": "key"})
    found = call(f"{server_url}/rest/api/2/search?{query}", auth=token).body
    keys = [i["key"] for i in found["issues"]]
    assert found["total"] == len(keys) and keys == ORACLE.browsable_keys(account, "project = PROJ")
    assert set(theirs) <= set(keys) and not set(others) & set(keys) and others
    assert call(f"{server_url}/rest/api/2/issue/{theirs[0]}", auth=token).status == 200
    assert call(f"{server_url}/rest/api/2/issue/{others[0]}", auth=token).status == 404
    insider = ORACLE.users[next(iter(ORACLE.members["security"] - {SERVICE_ACCOUNT_ID}))]
    seen = call(f"{server_url}/rest/api/2/search?{query}", auth=ORACLE.basic(insider)).body
    assert {e["key"] for e in EMBARGOED} <= {i["key"] for i in seen["issues"]}
    shown = call(f"{server_url}/rest/api/2/issue/{theirs[0]}?fields=security", auth=token).body["fields"]
    assert shown["security"] == EMBARGO


def test_links_subtasks_and_parents_to_hidden_issues_are_stripped(cloud_url: str) -> None:
    account = OUTSIDER["accountId"]
    auth = ORACLE.basic(OUTSIDER)
    stripped = 0
    for key in ORACLE.browsable_keys(account):
        raw = DEMO.issues[DEMO.position(key)]["fields"]
        neighbours = [link.get("outwardIssue") or link.get("inwardIssue") for link in raw["issuelinks"]]
        neighbours += raw["subtasks"] + ([raw["parent"]] if raw.get("parent") else [])
        hidden = [n["key"] for n in neighbours if not ORACLE.may_browse(account, DEMO.issues[DEMO.position(n["key"])])]
        if not hidden:
            continue
        stripped += 1
        fields = call(f"{cloud_url}/rest/api/2/issue/{key}?fields=issuelinks,subtasks,parent", auth=auth).body["fields"]
        shown = [(link.get("outwardIssue") or link.get("inwardIssue"))["key"] for link in fields["issuelinks"]]
        shown += [t["key"] for t in fields["subtasks"]] + ([fields["parent"]["key"]] if "parent" in fields else [])
        assert sorted(shown) == sorted(n["key"] for n in neighbours if n["key"] not in hidden)
    assert stripped > 0


def test_permissions_check_for_another_user(cloud_url: str) -> None:
    outsider = OUTSIDER["accountId"]
    chosen = sorted(OPS_KEYS)[:20] + [i["key"] for i in EMBARGOED] + [i["key"] for i in DEMO.issues[:200]]
    issue_ids = sorted({int(DEMO.issues[DEMO.position(k)]["id"]) for k in chosen})
    project_ids = [int(p["id"]) for p in DEMO.metadata["projects"]] + [99999]
    body = {"accountId": outsider, "globalPermissions": ["ADMINISTER", "USER_PICKER"],
            "projectPermissions": [{"permissions": ["BROWSE_PROJECTS", "EDIT_ISSUES"], "projects": project_ids,
                                    "issues": issue_ids}]}
    admin = ("jirakg-service@example.com", api_token(SERVICE_ACCOUNT_ID))
    reply = call(f"{cloud_url}/rest/api/3/permissions/check", "POST", body, auth=admin)
    assert reply.status == 200, reply.body
    by_id = {int(i["id"]): i for i in DEMO.issues}
    rows = {row["permission"]: row for row in reply.body["projectPermissions"]}
    assert reply.body["globalPermissions"] == ["USER_PICKER"]
    for permission in ("BROWSE_PROJECTS", "EDIT_ISSUES"):
        assert rows[permission]["issues"] == [
            i for i in issue_ids if ORACLE.may_browse(outsider, by_id[i])
            and ORACLE.holds(outsider, by_id[i]["fields"]["project"]["key"], permission)]
        assert rows[permission]["projects"] == [
            int(p["id"]) for p in DEMO.metadata["projects"] if ORACLE.holds(outsider, p["key"], permission)]
    assert len(rows["BROWSE_PROJECTS"]["issues"]) < len(issue_ids)
    # The unrestricted caller holds Administer too; a person without it may only check themselves.
    assert call(f"{cloud_url}/rest/api/3/permissions/check", "POST", body).status == 200
    denied = call(f"{cloud_url}/rest/api/3/permissions/check", "POST", body, auth=ORACLE.basic(OPS_MEMBER))
    assert denied.status == 403 and "Administer Jira" in denied.body["errorMessages"][0]
    own = call(f"{cloud_url}/rest/api/3/permissions/check", "POST", {**body, "accountId": outsider},
               auth=ORACLE.basic(OUTSIDER)).body
    assert own["projectPermissions"] == reply.body["projectPermissions"]


def test_permissions_check_refusals(cloud_url: str, server_url: str) -> None:
    url = f"{cloud_url}/rest/api/2/permissions/check"
    admin = ("jirakg-service@example.com", api_token(SERVICE_ACCOUNT_ID))
    unknown = call(url, "POST", {"projectPermissions": [{"permissions": ["FLY"], "projects": [10000]}]}, auth=admin)
    assert unknown.status == 400 and "FLY" in unknown.body["errorMessages"][0]
    too_many = call(url, "POST", {"projectPermissions": [{"permissions": ["BROWSE_PROJECTS"],
                                                          "issues": list(range(1, 1002))}]}, auth=admin)
    assert too_many.status == 400 and "1000" in too_many.body["errorMessages"][0]
    nobody = call(url, "POST", {"accountId": "no-such-account", "globalPermissions": ["ADMINISTER"]}, auth=admin)
    assert nobody.status == 400 and "no-such-account" in nobody.body["errorMessages"][0]
    assert call(f"{server_url}/rest/api/2/permissions/check", "POST", {}).status == 404


def test_mypermissions(cloud_url: str) -> None:
    def mine(person: dict, **context: str) -> dict:
        query = urllib.parse.urlencode({"permissions": "BROWSE_PROJECTS,EDIT_ISSUES,ADMINISTER", **context})
        reply = call(f"{cloud_url}/rest/api/3/mypermissions?{query}", auth=ORACLE.basic(person))
        assert reply.status == 200, reply.body
        return {k: v["havePermission"] for k, v in reply.body["permissions"].items()}

    account = OUTSIDER["accountId"]
    in_proj = ORACLE.holds(account, "PROJ", "EDIT_ISSUES")
    assert mine(OUTSIDER, projectKey="PROJ") == {"BROWSE_PROJECTS": True, "EDIT_ISSUES": in_proj, "ADMINISTER": False}
    anywhere = any(ORACLE.holds(account, p, "EDIT_ISSUES") for p in ORACLE.schemes)
    assert mine(OUTSIDER)["EDIT_ISSUES"] == anywhere
    assert mine(SERVICE, projectKey="OPS") == {"BROWSE_PROJECTS": True, "EDIT_ISSUES": True, "ADMINISTER": True}
    query = urllib.parse.urlencode({"permissions": "BROWSE_PROJECTS", "projectKey": "OPS"})
    assert call(f"{cloud_url}/rest/api/3/mypermissions?{query}", auth=ORACLE.basic(OUTSIDER)).status == 404
    shape = call(f"{cloud_url}/rest/api/3/mypermissions?permissions=BROWSE_PROJECTS").body["permissions"]
    assert shape["BROWSE_PROJECTS"] == {"id": "10", "key": "BROWSE_PROJECTS", "name": "Browse Projects",
                                        "type": "PROJECT", "havePermission": True,
                                        "description": "Ability to browse projects and the issues within them."}
    assert call(f"{cloud_url}/rest/api/3/mypermissions?permissions=FLY").status == 400
    assert call(f"{cloud_url}/rest/api/3/mypermissions").status == 400


def test_mypermissions_on_a_server_names_every_permission_when_asked_for_none(server_url: str) -> None:
    account = OUTSIDER["accountId"]
    key = ORACLE.browsable_keys(account, "project = PROJ")[0]
    every = call(f"{server_url}/rest/api/2/mypermissions?issueKey={key}", auth=ORACLE.basic(OUTSIDER)).body
    held = {k: v["havePermission"] for k, v in every["permissions"].items() if v["type"] == "PROJECT"}
    assert held == {k: ORACLE.holds(account, "PROJ", k) for k in held}
    assert {"ADMINISTER", "BROWSE_PROJECTS", "EDIT_ISSUES", "DELETE_ISSUES"} <= set(every["permissions"])


def test_user_search_and_lookup(cloud_url: str, server_url: str) -> None:
    person = ORACLE.users[ORG.people[7].account_id]
    first, last = person["displayName"].split()
    for text in (first.lower(), last[:3].upper(), person["emailAddress"][:4]):
        found = call(f"{cloud_url}/rest/api/3/user/search?query={text}").body
        assert person in found
        assert all(any(part.startswith(text.lower()) for value in (u["displayName"], u["emailAddress"])
                       for part in [value.lower(), *re.split(r"[\s@._+-]+", value.lower())]) for u in found)
    assert call(f"{cloud_url}/rest/api/3/user/search").status == 400
    assert call(f"{server_url}/rest/api/2/user/search?username=jirakg").body == [SERVICE]
    assert call(f"{cloud_url}/rest/api/3/user?accountId={person['accountId']}").body == person
    assert call(f"{cloud_url}/rest/api/3/user?accountId=nobody").status == 404
    assert call(f"{cloud_url}/rest/api/3/user").status == 400
    assert call(f"{server_url}/rest/api/2/user?username=jirakg-service").body == SERVICE


def test_user_permission_search_on_a_project_and_an_issue(server_url: str) -> None:
    admin = ("jirakg-service", api_token(SERVICE_ACCOUNT_ID))  # a server-style user name works too

    def holders(**context: str) -> set[str]:
        found = set()
        for user in ORACLE.users.values():
            query = urllib.parse.urlencode({"permissions": "BROWSE_PROJECTS", "username": user["emailAddress"],
                                            **context})
            reply = call(f"{server_url}/rest/api/2/user/permission/search?{query}", auth=admin)
            assert reply.status == 200, reply.body
            found |= {u["accountId"] for u in reply.body}
        return found

    assert holders(projectKey="OPS") == ORACLE.members["ops-team"] | ORACLE.members["jira-administrators"]
    embargoed = EMBARGOED[0]
    assert holders(issueKey=embargoed["key"]) == (ORACLE.members["security"]
                                                  | {embargoed["fields"]["reporter"]["accountId"]})
    query = urllib.parse.urlencode({"permissions": "BROWSE_PROJECTS", "username": "a", "projectKey": "OPS"})
    assert call(f"{server_url}/rest/api/2/user/permission/search?{query}",
                auth=ORACLE.basic(OUTSIDER)).status == 403


def test_myself_is_the_caller(server_url: str) -> None:
    assert call(f"{server_url}/rest/api/2/myself", auth=ORACLE.basic(OUTSIDER)).body == OUTSIDER
    assert call(f"{server_url}/rest/api/2/myself", auth=ORACLE.tokens[OPS_MEMBER["accountId"]]).body == OPS_MEMBER
    # Without credentials devjira is the unrestricted system caller, seen as the first user as it always was.
    assert call(f"{server_url}/rest/api/2/myself").body == DEMO.metadata["users"][0]


def test_the_unrestricted_caller_sees_everything(cloud_url: str) -> None:
    assert jql_keys(cloud_url, "created is not EMPTY ORDER BY key", None) == [
        DEMO.issues[p]["key"] for p in DEMO.engine.search("created is not EMPTY ORDER BY key", 0)]
    linked = next(i for i in EMBARGOED if i["fields"]["issuelinks"] or i["fields"].get("parent"))
    fields = call(f"{cloud_url}/rest/api/2/issue/{linked['key']}?fields=issuelinks,parent").body["fields"]
    assert fields["issuelinks"] == linked["fields"]["issuelinks"]
    assert fields.get("parent") == linked["fields"].get("parent")


def test_the_service_credential_acts_as_the_person_it_names() -> None:
    with serve(auth=AuthSpec("basic", OUTSIDER["emailAddress"], "service-secret")) as url:
        ops_issue = sorted(OPS_KEYS)[0]
        assert call(f"{url}/rest/api/2/issue/{ops_issue}", auth=(OUTSIDER["emailAddress"], "service-secret")).status \
            == 404
        assert call(f"{url}/rest/api/2/issue/{ops_issue}", auth=ORACLE.basic(OPS_MEMBER)).status == 200
        wrong = (OPS_MEMBER["emailAddress"], "demo-wrong")
        assert call(f"{url}/rest/api/2/issue/{ops_issue}", auth=wrong).status == 401


def test_visibility_follows_changes_and_writes_need_permission() -> None:
    org, stream = generate(seed=5, issues=120)
    dataset = build_dataset(list(stream), organisation_metadata(org))
    oracle = Oracle(dataset)
    outsider = oracle.person(lambda a: a not in oracle.members["ops-team"] | oracle.members["proj-team"])
    admin = ("jirakg-service@example.com", api_token(SERVICE_ACCOUNT_ID))
    with serve(dataset) as url:
        made = call(f"{url}/rest/api/2/issue", "POST",
                    {"fields": {"project": {"key": "OPS"}, "summary": "Rotate keys", "issuetype": {"name": "Task"}}},
                    auth=admin)
        assert made.status == 201, made.body
        assert call(f"{url}/rest/api/2/issue/{made.body['key']}", auth=oracle.basic(outsider)).status == 404
        member = oracle.person(lambda a: a in oracle.members["ops-team"])
        assert call(f"{url}/rest/api/2/issue/{made.body['key']}", auth=oracle.basic(member)).status == 200
        hidden_create = call(f"{url}/rest/api/2/issue", "POST",
                             {"fields": {"project": {"key": "OPS"}, "summary": "x"}}, auth=oracle.basic(outsider))
        assert hidden_create.status == 400 and hidden_create.body["errors"]["project"] == \
            "The project 'OPS' does not exist."
        change = {"fields": {"summary": "Renamed"}}
        assert call(f"{url}/rest/api/2/issue/PROJ-1", "PUT", change, auth=oracle.basic(outsider)).status == 403
        team = oracle.person(lambda a: a in oracle.members["proj-team"])
        assert call(f"{url}/rest/api/2/issue/PROJ-1", "PUT", change, auth=oracle.basic(team)).status == 204
        assert call(f"{url}/rest/api/2/issue/PROJ-1", "DELETE", auth=oracle.basic(team)).status == 403
        assert call(f"{url}/rest/api/2/issue/PROJ-1", "DELETE", auth=admin).status == 204
