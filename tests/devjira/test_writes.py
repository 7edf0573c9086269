"""devjira's write endpoints over a real socket, on both deployments: Jira's validation and errors,
the caller's permissions, changelog entries and JQL seeing each change at once.

Every test starts from a fresh demo dataset (writes change it). Expectations come from the demo's
metadata (schemes, groups, the workflow table) through `Oracle` and `WORKFLOW`, not from devjira.
"""

from __future__ import annotations

import urllib.parse
from datetime import UTC, datetime

import pytest

from jirakg.devjira.dataset import Dataset, build_dataset
from jirakg.devjira.demo.access import AUDITOR_ACCOUNT_ID, SERVICE_ACCOUNT_ID, api_token
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.demo.schema import WORKFLOW
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.devjira.access_oracle import Oracle
from tests.devjira.http import call

NOW = int(datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000)
DAY = "2026-12-01"


def fresh() -> Dataset:
    org, stream = generate(seed=5, issues=400)
    return build_dataset(list(stream), organisation_metadata(org))


class Site:
    """One devjira over a fresh dataset, with the people a test acts as."""

    def __init__(self, url: str, dataset: Dataset, cloud: bool) -> None:
        self.url, self.dataset, self.cloud = url, dataset, cloud
        self.api = f"{url}/rest/api/{3 if cloud else 2}"
        self.oracle = oracle = Oracle(dataset)
        self.proj_member = oracle.person(lambda a: a in oracle.members["proj-team"])
        self.ops_member = oracle.person(lambda a: a in oracle.members["ops-team"])
        self.outsider = oracle.person(lambda a: a not in oracle.members["ops-team"] | oracle.members["proj-team"]
                                      and a != AUDITOR_ACCOUNT_ID)
        self.auditor = oracle.users[AUDITOR_ACCOUNT_ID]

    def auth(self, person: dict) -> tuple[str, str]:
        return self.oracle.basic(person)

    def user_ref(self, person: dict) -> dict:
        """How a user field names a person: accountId on Cloud, a user name (here the email) on Server."""
        return {"accountId": person["accountId"]} if self.cloud else {"name": person["emailAddress"]}

    def keys(self, jql: str) -> list[str]:
        """Every matching key, page by page (Cloud pages hold 100)."""
        keys: list[str] = []
        while True:
            query = urllib.parse.urlencode({"jql": jql, "fields": "summary", "startAt": len(keys)})
            reply = call(f"{self.url}/rest/api/2/search?{query}")
            assert reply.status == 200, reply.body
            keys += [i["key"] for i in reply.body["issues"]]
            if not reply.body["issues"] or len(keys) >= reply.body["total"]:
                return keys

    def issue(self, key: str) -> dict:
        return call(f"{self.url}/rest/api/2/issue/{key}?expand=changelog").body

    def first(self, jql: str) -> str:
        return self.open_keys(jql)[0]

    def open_keys(self, jql: str) -> list[str]:
        """Matching keys in key order, leaving out issues under a security level."""
        every = self.keys(jql + " ORDER BY key ASC")
        return [k for k in every if not self.dataset.issues[self.dataset.position(k)]["fields"].get("security")]


@pytest.fixture(params=["server", "cloud"])
def site(request):
    dataset = fresh()
    options = ServerOptions(deployment=request.param, clock_ms=lambda: NOW)
    with BackgroundServer(create_app(dataset, options)) as url:
        yield Site(url, dataset, request.param == "cloud")


def last_items(issue: dict) -> list[dict]:
    return issue["changelog"]["histories"][-1]["items"]


# --- createmeta and create -------------------------------------------------------------------

def test_createmeta_describes_each_projects_create_screen(site: Site) -> None:
    member = site.auth(site.ops_member)
    types = call(f"{site.api}/issue/createmeta/OPS/issuetypes", auth=member)
    assert types.status == 200
    listed = types.body["issueTypes" if site.cloud else "values"]
    assert {t["name"] for t in listed} == {"Epic", "Story", "Task", "Bug", "Risk", "Sub-task"}
    assert types.body["total"] == 6
    paged = call(f"{site.api}/issue/createmeta/OPS/issuetypes?startAt=2&maxResults=2", auth=member).body
    assert [t["id"] for t in paged["issueTypes" if site.cloud else "values"]] == [t["id"] for t in listed[2:4]]

    bug = next(t for t in listed if t["name"] == "Bug")
    fields = call(f"{site.api}/issue/createmeta/OPS/issuetypes/{bug['id']}", auth=member).body
    by_id = {f["fieldId"]: f for f in fields["fields" if site.cloud else "values"]}
    assert {f for f, meta in by_id.items() if meta["required"]} == {"summary", "issuetype", "project", "priority",
                                                                     "components"}
    ops = next(p for p in site.dataset.metadata["projects"] if p["key"] == "OPS")
    assert [c["name"] for c in by_id["components"]["allowedValues"]] == [c["name"] for c in ops["components"]]
    assert by_id["fixVersions"]["schema"] == {"type": "array", "items": "version", "system": "fixVersions"}
    task = next(t for t in listed if t["name"] == "Task")
    task_fields = call(f"{site.api}/issue/createmeta/OPS/issuetypes/{task['id']}", auth=member).body
    assert not any(f["required"] for f in task_fields["fields" if site.cloud else "values"]
                   if f["fieldId"] in ("priority", "components"))

    old = call(f"{site.api}/issue/createmeta?projectKeys=OPS,PROJ&issuetypeNames=Bug"
               "&expand=projects.issuetypes.fields", auth=member).body
    assert [p["key"] for p in old["projects"]] == ["PROJ", "OPS"]
    assert old["projects"][1]["issuetypes"][0]["fields"]["priority"]["required"] is True
    assert old["projects"][0]["issuetypes"][0]["fields"]["priority"]["required"] is False

    # The portfolio holds initiatives; nobody may create where they may not, nor see that it exists.
    assert "Initiative" in {t["name"] for t in call(f"{site.api}/issue/createmeta/INIT/issuetypes").body[
        "issueTypes" if site.cloud else "values"]}
    assert call(f"{site.api}/issue/createmeta/OPS/issuetypes", auth=site.auth(site.outsider)).status == 404
    assert call(f"{site.api}/issue/createmeta/PROJ/issuetypes", auth=site.auth(site.auditor)).status == 404
    assert call(f"{site.api}/issue/createmeta", auth=site.auth(site.auditor)).body["projects"] == []
    assert call(f"{site.api}/issue/createmeta/OPS/issuetypes/99999", auth=member).status == 404


def test_create_validates_fields_like_jira(site: Site) -> None:
    member = site.auth(site.ops_member)
    existing = len(site.keys("project = OPS"))

    def create(fields: dict, auth=member):
        return call(f"{site.api}/issue", "POST", {"fields": {"project": {"key": "OPS"}, **fields}}, auth=auth)

    assert create({}).body["errors"] == {"summary": "You must specify a summary of the issue.",
                                         "issuetype": "Specify an issue type"}
    assert create({"summary": "x", "issuetype": {"name": "Initiative"}}).body["errors"] == {
        "issuetype": "The issue type selected is invalid."}
    bug = {"summary": "Pager storm", "issuetype": {"name": "Bug"}}
    missing = create(bug)
    assert missing.status == 400
    assert set(missing.body["errors"]) == {"priority", "components"}
    assert create({**bug, "priority": {"name": "Urgentest"}, "components": [{"name": "Kubernetes"}]}).body[
        "errors"] == {"priority": "The priority selected is invalid."}
    assert create({**bug, "priority": {"id": "1"}, "components": [{"name": "Checkout"}]}).body["errors"] == {
        "components": "Component name 'Checkout' is not valid"}
    assert create({**bug, "priority": {"id": "1"}, "components": [{"name": "Kubernetes"}],
                   "labels": ["on call"]}).body["errors"] == {
        "labels": "The label 'on call' contains spaces which is invalid."}
    assert create({"summary": "x", "issuetype": {"name": "Task"}, "storypoints": 3}).body["errors"] == {
        "storypoints": "Field 'storypoints' cannot be set. It is not on the appropriate screen, or unknown."}
    not_assignable = create({"summary": "x", "issuetype": {"name": "Task"}, "assignee": site.user_ref(site.outsider)})
    assert not_assignable.status == 400
    assert not_assignable.body["errors"] == {"assignee": f"User '{site.outsider['displayName']}' cannot be assigned "
                                                         "issues."}
    assert create({"summary": "x", "issuetype": {"name": "Sub-task"}}).body["errors"] == {
        "issuetype": "Issue type is a sub-task but parent issue key or id not specified."}
    assert set(create({**bug}, auth=site.auth(site.outsider)).body["errors"]) == {"project"}
    auditor_try = call(f"{site.api}/issue", "POST", {"fields": {"project": {"key": "PROJ"}, "summary": "x",
                                                                "issuetype": {"name": "Task"}}},
                       auth=site.auth(site.auditor))
    assert auditor_try.body["errors"] == {"project": "You do not have permission to create issues in this project."}
    with_update = call(f"{site.api}/issue", "POST", {"fields": {"project": {"key": "OPS"}, "summary": "x",
                                                                "issuetype": {"name": "Task"}},
                                                     "update": {"labels": [{"add": "x"}]}}, auth=member)
    assert with_update.status == 400 and "'update'" in with_update.body["errorMessages"][0]
    assert len(site.keys("project = OPS")) == existing  # nothing refused was created

    ops = next(p for p in site.dataset.metadata["projects"] if p["key"] == "OPS")
    version = ops["versions"][-1]
    description = ({"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
        {"type": "text", "text": "Pages fire twice."}]}]} if site.cloud else "Pages fire twice.")
    components = [{"name": "Kubernetes"}, {"id": ops["components"][1]["id"]}]
    made = create({**bug, "priority": {"id": "1"}, "components": components,
                   "fixVersions": [{"id": version["id"]}], "labels": ["pager"], "description": description,
                   "assignee": site.user_ref(site.ops_member)})
    assert made.status == 201, made.body
    key = made.body["key"]
    numbers = [int(k.split("-")[1]) for k in site.keys("project = OPS") if k != key]
    assert key == f"OPS-{max(numbers) + 1}"
    fields = site.issue(key)["fields"]
    assert fields["status"]["name"] == "To Do" and fields["description"] == "Pages fire twice."
    assert fields["reporter"]["accountId"] == fields["creator"]["accountId"] == site.ops_member["accountId"]
    assert fields["priority"]["name"] == "Highest"
    jql = (f'project = OPS AND component = Kubernetes AND fixVersion = "{version["name"]}" AND labels = pager '
           f'AND assignee = "{site.ops_member["accountId"]}" AND priority = Highest AND created >= "{DAY}"')
    assert site.keys(jql) == [key]

    story = site.first("project = OPS AND type = Story")
    sub = create({"summary": "Write the runbook", "issuetype": {"name": "Sub-task"}, "parent": {"key": story}})
    assert sub.status == 201, sub.body
    assert site.keys(f"parent = {story} AND key = {sub.body['key']}") == [sub.body["key"]]
    assert sub.body["key"] in [t["key"] for t in site.issue(story)["fields"]["subtasks"]]
    epic = site.first("project = OPS AND type = Epic")
    wrong = create({"summary": "x", "issuetype": {"name": "Sub-task"}, "parent": {"key": epic}})
    assert wrong.body["errors"] == {"parent": "Given parent issue does not belong to appropriate hierarchy."}


# --- transitions -----------------------------------------------------------------------------

def offered_by_table(status: str) -> set[str]:
    return {tid for tid, _, sources, to in WORKFLOW if to != status and (sources is None or status in sources)}


def test_transitions_follow_the_workflow_and_write_history(site: Site) -> None:
    member = site.auth(site.proj_member)
    key = site.first('project = PROJ AND status = "To Do" AND type = Story')
    url = f"{site.api}/issue/{key}/transitions"
    offered = call(url + "?expand=transitions.fields", auth=member).body["transitions"]
    assert {t["id"] for t in offered} == offered_by_table("To Do") == {"21", "41", "61"}
    assert {t["id"]: t["to"]["name"] for t in offered}["21"] == "In Progress"
    wont = next(t for t in offered if t["id"] == "61")
    assert wont["fields"]["resolution"]["required"] is True and wont["hasScreen"] is True
    assert {v["name"] for v in wont["fields"]["resolution"]["allowedValues"]} >= {"Done", "Won't Do"}
    assert "fields" not in call(url, auth=member).body["transitions"][0]
    expanded = call(f"{site.api}/issue/{key}?expand=transitions.fields", auth=member).body["transitions"]
    assert expanded == offered

    unavailable = call(url, "POST", {"transition": {"id": "51"}}, auth=member)
    assert unavailable.status == 400
    assert unavailable.body["errorMessages"] == ["Transition id '51' is not valid for this issue."]
    assert call(url, "POST", {"transition": {"id": "999"}}, auth=member).status == 400
    assert call(url, "POST", {}, auth=member).status == 400

    assert call(url, "POST", {"transition": {"id": "21"}}, auth=member).status == 204
    issue = site.issue(key)
    assert issue["fields"]["status"]["name"] == "In Progress"
    assert issue["fields"]["updated"].startswith(DAY + "T12:00")
    assert last_items(issue) == [{"field": "status", "fieldtype": "jira", "fieldId": "status", "from": "10000",
                                  "fromString": "To Do", "to": "3", "toString": "In Progress"}]
    assert issue["changelog"]["histories"][-1]["author"]["accountId"] == site.proj_member["accountId"]
    moved = f'status CHANGED FROM "To Do" TO "In Progress" ON "{DAY}"'
    assert key in site.keys(moved) and site.keys(f"key = {key} AND updated >= -1d") == [key]
    assert {t["id"] for t in call(url, auth=member).body["transitions"]} == offered_by_table("In Progress")

    empty_note = call(url, "POST", {"transition": {"id": "31"}, "update": {"comment": [{"add": {"body": ""}}]}},
                      auth=member)
    assert empty_note.status == 400 and site.issue(key)["fields"]["status"]["name"] == "In Progress"
    no_resolution = call(url, "POST", {"transition": {"id": "51"}}, auth=member)
    assert no_resolution.status == 400 and no_resolution.body["errors"] == {"resolution": "Resolution is required."}
    off_screen = call(url, "POST", {"transition": {"id": "31"}, "fields": {"summary": "x"}}, auth=member)
    assert off_screen.body["errors"] == {
        "summary": "Field 'summary' cannot be set. It is not on the appropriate screen, or unknown."}
    done = call(url, "POST", {"transition": {"id": "51"}, "fields": {"resolution": {"name": "Done"}},
                              "update": {"comment": [{"add": {"body": "Shipped in the zebra release."}}]}},
                auth=member)
    assert done.status == 204, done.body
    fields = site.issue(key)["fields"]
    assert fields["status"]["statusCategory"]["key"] == "done" and fields["resolution"]["name"] == "Done"
    assert fields["resolutiondate"].startswith(DAY)
    assert fields["comment"]["comments"][-1]["body"] == "Shipped in the zebra release."
    assert site.keys(f"key = {key} AND statusCategory = Done AND resolution = Done AND resolved >= -1d") == [key]
    assert key in site.keys("comment ~ zebra")
    changelog = call(f"{site.api}/issue/{key}/changelog").body["values"]
    assert {(i["field"], i["toString"]) for i in changelog[-1]["items"]} == {("status", "Done"),
                                                                              ("resolution", "Done")}
    assert call(url, "POST", {"transition": {"id": "71"}}, auth=member).status == 204
    reopened = site.issue(key)["fields"]
    assert reopened["resolution"] is None and reopened["resolutiondate"] is None
    assert site.keys(f"key = {key} AND resolution is EMPTY AND status = 'To Do'") == [key]


def test_transitions_need_the_permission(site: Site) -> None:
    key = site.first('project = PROJ AND status = "To Do"')
    url = f"{site.api}/issue/{key}/transitions"
    for person in (site.outsider, site.auditor):
        assert call(url, auth=site.auth(person)).body["transitions"] == []
        refused = call(url, "POST", {"transition": {"id": "21"}}, auth=site.auth(person))
        assert refused.status == 400
        assert refused.body["errorMessages"] == ["You do not have permission to transition this issue."]
    hidden = site.first("project = OPS")
    assert call(f"{site.api}/issue/{hidden}/transitions", auth=site.auth(site.outsider)).status == 404
    assert site.issue(key)["fields"]["status"]["name"] == "To Do"


# --- assignee --------------------------------------------------------------------------------

def test_assign_as_jira_does(site: Site) -> None:
    member = site.auth(site.proj_member)
    key = site.first("project = PROJ")
    url = f"{site.api}/issue/{key}/assignee"
    field = "accountId" if site.cloud else "name"
    login = site.user_ref(site.proj_member)[field]
    assert call(url, "PUT", {field: login}, auth=member).status == 204
    assert site.keys(f'key = {key} AND assignee = "{site.proj_member["accountId"]}"') == [key]
    item = last_items(site.issue(key))[0]
    assert item["field"] == "assignee" and item["to"] == site.proj_member["accountId"]
    assert item["toString"] == site.proj_member["displayName"]

    assert call(url, "PUT", {field: None}, auth=member).status == 204
    assert site.issue(key)["fields"]["assignee"] is None
    assert key in site.keys(f'assignee CHANGED FROM "{site.proj_member["accountId"]}" TO EMPTY')
    assert call(url, "PUT", {field: "-1"}, auth=member).status == 204
    lead = next(p for p in site.dataset.metadata["projects"] if p["key"] == "PROJ")["lead"]
    assert site.issue(key)["fields"]["assignee"]["accountId"] == lead["accountId"]

    not_assignable = call(url, "PUT", {field: site.user_ref(site.auditor)[field]}, auth=member)
    assert not_assignable.status == 400
    assert not_assignable.body["errors"] == {"assignee": "User 'Avery Auditor' cannot be assigned issues."}
    assert call(url, "PUT", {field: "nobody-at-all"}, auth=member).status == 400
    assert call(url, "PUT", {}, auth=member).status == 400
    refused = call(url, "PUT", {field: login}, auth=site.auth(site.auditor))
    assert refused.status == 403 and refused.body["errorMessages"] == ["You do not have permission to assign issues."]
    assert site.issue(key)["fields"]["assignee"]["accountId"] == lead["accountId"]


# --- comments --------------------------------------------------------------------------------

def test_comments_as_each_api_version_writes_them(site: Site) -> None:
    key = site.first("project = WEB")
    url = f"{site.api}/issue/{key}/comment"
    commenter = site.outsider  # contributors may comment in every open project
    body = ({"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
        {"type": "text", "text": "Seen on the walrus checkout too."}]}]} if site.cloud
        else "Seen on the walrus checkout too.")
    made = call(url, "POST", {"body": body}, auth=site.auth(commenter))
    assert made.status == 201, made.body
    assert made.body["author"]["accountId"] == commenter["accountId"] and made.body["created"].startswith(DAY)
    assert made.body["body"] == body and made.body["id"]
    listed = call(f"{site.url}/rest/api/2/issue/{key}/comment").body
    assert listed["comments"][-1] == {**made.body, "body": "Seen on the walrus checkout too."}
    assert listed["total"] == len(listed["comments"])
    assert site.keys("comment ~ walrus") == [key] and site.keys(f"key = {key} AND updated >= -1d") == [key]
    if site.cloud:
        assert call(url, "POST", {"body": "plain text"}, auth=site.auth(commenter)).status == 400
    empty = {"type": "doc", "version": 1, "content": []} if site.cloud else ""
    assert call(url, "POST", {"body": empty}, auth=site.auth(commenter)).body["errors"] == {
        "comment": "Comment body can not be empty!"}
    refused = call(url, "POST", {"body": body}, auth=site.auth(site.auditor))
    assert refused.status == 400
    assert refused.body["errorMessages"] == ["You do not have the permission to comment on this issue."]
    hidden = site.first("project = OPS")
    assert call(f"{site.api}/issue/{hidden}/comment", "POST", {"body": body}, auth=site.auth(commenter)).status == 404


# --- issue links -----------------------------------------------------------------------------

def test_issue_links_show_on_both_issues(site: Site) -> None:
    member = site.auth(site.proj_member)
    first, second = site.open_keys("project = PROJ")[:2]
    made = call(f"{site.api}/issueLink", "POST", {"type": {"name": "blocks"}, "inwardIssue": {"key": first},
                                                   "outwardIssue": {"key": second},
                                                   "comment": {"body": "Found while planning."}}, auth=member)
    assert made.status == 201, made.body
    blocking = [link for link in site.issue(first)["fields"]["issuelinks"] if link["type"]["name"] == "Blocks"
                and link.get("outwardIssue", {}).get("key") == second]
    blocked = [link for link in site.issue(second)["fields"]["issuelinks"]
               if link.get("inwardIssue", {}).get("key") == first]
    assert len(blocking) == len(blocked) == 1 and blocking[0]["id"] == blocked[0]["id"]
    assert second in site.keys(f'issue in linkedIssues({first}, "blocks")')
    assert first in site.keys(f'issue in linkedIssues({second}, "is blocked by")')
    assert site.issue(first)["fields"]["comment"]["comments"][-1]["body"] == "Found while planning."
    assert last_items(site.issue(second))[0]["toString"] == f"This issue is blocked by {first}"

    relates = next(t for t in site.dataset.metadata["issueLinkTypes"] if t["name"] == "Relates")
    assert call(f"{site.api}/issueLink", "POST", {"type": {"id": relates["id"]}, "inwardIssue": {"key": second},
                                                   "outwardIssue": {"key": first}}, auth=member).status == 201
    assert first in site.keys(f'issue in linkedIssues({second}, "relates to")')

    unknown = call(f"{site.api}/issueLink", "POST", {"type": {"name": "Haunts"}, "inwardIssue": {"key": first},
                                                      "outwardIssue": {"key": second}}, auth=member)
    assert unknown.status == 404 and unknown.body["errorMessages"] == ["No issue link type with name 'Haunts' found."]
    hidden = site.first("project = OPS")
    assert call(f"{site.api}/issueLink", "POST", {"type": {"name": "Blocks"}, "inwardIssue": {"key": first},
                                                   "outwardIssue": {"key": hidden}}, auth=member).status == 404
    refused = call(f"{site.api}/issueLink", "POST", {"type": {"name": "Blocks"}, "inwardIssue": {"key": first},
                                                      "outwardIssue": {"key": second}}, auth=site.auth(site.auditor))
    assert refused.status == 404 and refused.body["errorMessages"] == ["You do not have the permission to link issues."]


def test_a_link_refused_for_its_empty_comment_changes_nothing(site: Site) -> None:
    member = site.auth(site.proj_member)
    first, second = site.open_keys("project = PROJ")[:2]
    before = site.issue(first), site.issue(second)
    refused = call(f"{site.api}/issueLink", "POST", {"type": {"name": "Blocks"}, "inwardIssue": {"key": first},
                                                      "outwardIssue": {"key": second}, "comment": {"body": "   "}},
                   auth=member)
    assert refused.status == 400 and refused.body["errors"] == {"comment": "Comment body can not be empty!"}
    assert (site.issue(first), site.issue(second)) == before  # no link, no history, `updated` unmoved


# --- edit ------------------------------------------------------------------------------------

def test_edit_with_fields_and_update_operations(site: Site) -> None:
    member = site.auth(site.proj_member)
    key = site.first("project = PROJ AND type = Story")
    url = f"{site.api}/issue/{key}"
    proj = next(p for p in site.dataset.metadata["projects"] if p["key"] == "PROJ")
    version = proj["versions"][-1]["name"]
    before = site.issue(key)["fields"]
    keep = [c["name"] for c in before["components"]]
    change = {"fields": {"summary": "Renamed by the edit test"},
              "update": {"labels": [{"add": "needs-triage"}],
                         "components": [{"add": {"name": "Billing"}}, {"remove": {"name": keep[0]}}] if keep and
                         keep[0] != "Billing" else [{"add": {"name": "Billing"}}],
                         "fixVersions": [{"set": [{"name": version}]}]}}
    assert call(url + "?notifyUsers=true", "PUT", change, auth=member).status == 204
    after = site.issue(key)["fields"]
    assert after["summary"] == "Renamed by the edit test" and "needs-triage" in after["labels"]
    assert "Billing" in [c["name"] for c in after["components"]]
    assert [v["name"] for v in after["fixVersions"]] == [version]
    items = last_items(site.issue(key))
    assert {i["field"] for i in items} >= {"summary", "labels", "Component", "Fix Version"}
    fix = next(i for i in items if i["field"] == "Fix Version" and i["toString"] == version)
    assert fix["fieldId"] == "fixVersions"
    assert site.keys(f'key = {key} AND labels = needs-triage AND component = Billing AND fixVersion = "{version}" '
                     f'AND fixVersion CHANGED TO "{version}"') == [key]
    assert call(url, "PUT", {"update": {"labels": [{"remove": "needs-triage"}]}}, auth=member).status == 204
    assert "needs-triage" not in site.issue(key)["fields"]["labels"]
    sequence = [{"set": [{"name": "Billing"}, {"name": "Search"}]}, {"remove": {"name": "search"}},
                {"add": {"name": "Billing"}}]
    assert call(url, "PUT", {"update": {"components": sequence}}, auth=member).status == 204
    assert [c["name"] for c in site.issue(key)["fields"]["components"]] == ["Billing"]

    both = call(url, "PUT", {"fields": {"labels": []}, "update": {"labels": [{"add": "x"}]}}, auth=member)
    assert both.status == 400 and set(both.body["errors"]) == {"labels"}
    bad_version = call(url, "PUT", {"fields": {"summary": "half an edit"},
                                    "update": {"fixVersions": [{"add": {"name": "1999.Q1"}}]}}, auth=member)
    assert bad_version.body["errors"] == {"fixVersions": "Version name '1999.Q1' is not valid"}
    assert call(url, "PUT", {"fields": {"status": {"name": "Done"}}}, auth=member).status == 400
    quiet = call(url + "?notifyUsers=false", "PUT", {"fields": {"summary": "quiet"}}, auth=member)
    assert quiet.status == 403
    assert call(url, "PUT", {"fields": {"summary": "x"}}, auth=site.auth(site.auditor)).status == 403
    assert site.issue(key)["fields"]["summary"] == "Renamed by the edit test"


# --- what mypermissions says is what the endpoints enforce -----------------------------------

def test_mypermissions_and_permission_checks_match_what_writes_enforce(site: Site) -> None:
    first, second = site.keys("project = WEB ORDER BY key ASC")[:2]
    issue_id = site.issue(first)["id"]
    admin = ("jirakg-service@example.com", api_token(SERVICE_ACCOUNT_ID))
    web_member = site.oracle.person(lambda a: a in site.oracle.members["web-team"])
    for person in (site.auditor, site.outsider, web_member):
        auth = site.auth(person)
        query = urllib.parse.urlencode({"permissions": "EDIT_ISSUES,TRANSITION_ISSUES,ASSIGN_ISSUES,ASSIGNABLE_USER,"
                                                       "ADD_COMMENTS,LINK_ISSUES,CREATE_ISSUES", "issueKey": first})
        held = {k: v["havePermission"] for k, v in call(f"{site.api}/mypermissions?{query}", auth=auth).body[
            "permissions"].items()}
        expected = {k: site.oracle.holds(person["accountId"], "WEB", k) for k in held}
        assert held == expected
        edited = call(f"{site.api}/issue/{first}", "PUT", {"fields": {"labels": ["checked"]}}, auth=auth)
        assert (edited.status == 204) == held["EDIT_ISSUES"]
        assert bool(call(f"{site.api}/issue/{first}/transitions", auth=auth).body["transitions"]) == \
            held["TRANSITION_ISSUES"]
        field = "accountId" if site.cloud else "name"
        assigned = call(f"{site.api}/issue/{first}/assignee", "PUT", {field: None}, auth=auth)
        assert (assigned.status == 204) == held["ASSIGN_ISSUES"]
        body = {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
            {"type": "text", "text": "ok"}]}]} if site.cloud else "ok"
        commented = call(f"{site.api}/issue/{first}/comment", "POST", {"body": body}, auth=auth)
        assert (commented.status == 201) == held["ADD_COMMENTS"]
        linked = call(f"{site.api}/issueLink", "POST", {"type": {"name": "Relates"}, "inwardIssue": {"key": first},
                                                         "outwardIssue": {"key": second}}, auth=auth)
        assert (linked.status == 201) == held["LINK_ISSUES"]
        created = call(f"{site.api}/issue", "POST", {"fields": {"project": {"key": "WEB"}, "summary": "probe",
                                                                "issuetype": {"name": "Task"}}}, auth=auth)
        assert (created.status == 201) == held["CREATE_ISSUES"]
        assignable = call(f"{site.api}/issue/{first}/assignee", "PUT", {field: site.user_ref(person)[field]},
                          auth=admin)
        assert (assignable.status == 204) == held["ASSIGNABLE_USER"]
    assert not site.oracle.holds(site.auditor["accountId"], "WEB", "CREATE_ISSUES")
    assert site.oracle.holds(web_member["accountId"], "WEB", "LINK_ISSUES")
    if site.cloud:
        checked = call(f"{site.api}/permissions/check", "POST", {
            "accountId": site.auditor["accountId"],
            "projectPermissions": [{"permissions": ["BROWSE_PROJECTS", "ADD_COMMENTS", "ASSIGNABLE_USER"],
                                    "issues": [int(issue_id)]}]}, auth=admin).body
        rows = {row["permission"]: row["issues"] for row in checked["projectPermissions"]}
        assert rows == {"BROWSE_PROJECTS": [int(issue_id)], "ADD_COMMENTS": [], "ASSIGNABLE_USER": []}
