"""devjira over a real socket: endpoints, paging, field selection, errors, auth and faults."""

from __future__ import annotations

import html
import urllib.parse
import urllib.request

import pytest

from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.faults import Faults
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.devjira.http import call

ORG, STREAM = generate(seed=5, issues=1200)
DEMO = build_dataset(list(STREAM), organisation_metadata(ORG))


def serve(**options):
    return BackgroundServer(create_app(DEMO, ServerOptions(**options)))


@pytest.fixture(scope="module")
def server_url():
    with serve(deployment="server", max_results=250) as url:
        yield url


@pytest.fixture(scope="module")
def cloud_url():
    with serve(deployment="cloud") as url:
        yield url


def search(url: str, **params) -> dict:
    reply = call(f"{url}/rest/api/2/search?" + urllib.parse.urlencode(params))
    assert reply.status == 200, reply.body
    return reply.body


def expected_keys(jql: str) -> list[str]:
    return [DEMO.issues[p]["key"] for p in DEMO.engine.search(jql, 0)]


def test_server_info_and_metadata(server_url: str, cloud_url: str) -> None:
    assert call(f"{server_url}/rest/api/2/serverInfo").body["deploymentType"] == "Server"
    assert call(f"{cloud_url}/rest/api/2/serverInfo").body["deploymentType"] == "Cloud"
    fields = call(f"{server_url}/rest/api/2/field").body
    assert {"summary", "status", "customfield_10016"} <= {f["id"] for f in fields}
    sprint = next(f for f in fields if f["name"] == "Sprint")
    assert sprint["custom"] and "cf[10020]" in sprint["clauseNames"]
    kinds = call(f"{server_url}/rest/api/2/issueLinkType").body["issueLinkTypes"]
    assert {k["name"] for k in kinds} == {"Blocks", "Relates", "Duplicate", "Risk"}
    projects = call(f"{server_url}/rest/api/2/project").body
    assert {p["key"] for p in projects} == {"INIT", "PROJ", "MOB", "WEB", "DATA", "OPS"}
    assert call(f"{server_url}/rest/api/2/project/PROJ").body["name"] == "Core Platform"
    assert call(f"{server_url}/rest/api/2/project/NOPE").status == 404
    assert call(f"{server_url}/rest/api/2/priority").body[0]["name"] == "Highest"
    assert "Blocked" in {s["name"] for s in call(f"{server_url}/rest/api/2/status").body}
    assert call(f"{server_url}/rest/api/2/myself").body["accountId"]


@pytest.mark.parametrize("page", [1, 7, 100, 250])
def test_v2_pages_cover_the_result_exactly_once(server_url: str, page: int) -> None:
    jql = "project in (PROJ, MOB) ORDER BY created DESC"
    first = search(server_url, jql=jql, maxResults=page, fields="key")
    total = first["total"]
    assert total == len(expected_keys(jql))
    keys = [i["key"] for i in first["issues"]]
    for start in range(page, total, page):
        keys += [i["key"] for i in search(server_url, jql=jql, startAt=start, maxResults=page, fields="key")["issues"]]
    assert keys == expected_keys(jql)


def test_page_caps_and_edges(server_url: str, cloud_url: str) -> None:
    assert search(server_url, jql="", maxResults=5000)["maxResults"] == 250
    assert len(search(cloud_url, jql="", maxResults=5000)["issues"]) == 100
    empty = search(server_url, jql="project = PROJ", maxResults=0)
    assert empty["issues"] == [] and empty["total"] == len(expected_keys("project = PROJ"))
    beyond = search(server_url, jql="project = PROJ", startAt=100000)
    assert beyond["issues"] == [] and beyond["total"] > 0
    nothing = search(server_url, jql='summary ~ "zzzqqq"')
    assert nothing["total"] == 0 and nothing["issues"] == []
    assert call(f"{server_url}/rest/api/2/search?startAt=abc").status == 400
    assert call(f"{server_url}/rest/api/2/search?maxResults=-1").status == 400


def test_post_search_and_field_selection(server_url: str) -> None:
    reply = call(f"{server_url}/rest/api/2/search", "POST",
                 {"jql": "type = Story", "maxResults": 3, "fields": ["summary", "customfield_10016"],
                  "expand": ["names", "schema"]})
    assert reply.status == 200
    body = reply.body
    assert all(set(i["fields"]) == {"summary", "customfield_10016"} for i in body["issues"])
    assert body["names"] == {"customfield_10016": "Story point estimate", "summary": "Summary"}
    assert body["schema"]["customfield_10016"]["type"] == "number"
    every = search(server_url, jql="key = PROJ-1", fields="*all,-description,-comment")["issues"][0]["fields"]
    assert "description" not in every and "comment" not in every and "status" in every


def test_search_embeds_at_most_100_histories_and_changelog_endpoint_pages(server_url: str) -> None:
    hot = next(i for i in DEMO.issues if i["changelog"]["total"] > 100)
    embedded = search(server_url, jql=f"key = {hot['key']}", expand="changelog")["issues"][0]["changelog"]
    assert embedded["total"] == hot["changelog"]["total"]
    assert len(embedded["histories"]) == 100
    collected, start = [], 0
    while True:
        page = call(f"{server_url}/rest/api/2/issue/{hot['key']}/changelog?startAt={start}&maxResults=40").body
        collected += page["values"]
        start += len(page["values"])
        if page["isLast"]:
            break
    assert [h["id"] for h in collected] == [h["id"] for h in hot["changelog"]["histories"]]


def test_issue_endpoint(server_url: str) -> None:
    issue = DEMO.issues[10]
    by_key = call(f"{server_url}/rest/api/2/issue/{issue['key']}?expand=changelog,names").body
    by_id = call(f"{server_url}/rest/api/2/issue/{issue['id']}?fields=summary").body
    assert by_key["key"] == by_id["key"] == issue["key"]
    assert by_key["fields"]["summary"] == issue["fields"]["summary"]
    assert by_key["changelog"]["total"] == len(by_key["changelog"]["histories"])
    assert by_key["names"]["summary"] == "Summary"
    assert set(by_id["fields"]) == {"summary"}
    missing = call(f"{server_url}/rest/api/2/issue/NOPE-1")
    assert missing.status == 404 and missing.body["errorMessages"] == [
        "Issue does not exist or you do not have permission to see it."]


def test_bad_jql_is_a_400_in_jiras_format(server_url: str) -> None:
    reply = call(f"{server_url}/rest/api/2/search?" + urllib.parse.urlencode({"jql": "status = Nope"}))
    assert reply.status == 400
    assert reply.body == {"errorMessages": ["The value 'Nope' does not exist for the field 'status'."], "errors": {}}
    syntax = call(f"{server_url}/rest/api/2/search", "POST", {"jql": "project = PROJ AND ("})
    assert syntax.status == 400 and "Expecting" in syntax.body["errorMessages"][0]


def test_cloud_enhanced_search_pages_by_token(cloud_url: str) -> None:
    jql = "project = DATA ORDER BY key ASC"
    keys, token = [], None
    while True:
        body = {"jql": jql, "maxResults": 37, "fields": ["summary"]}
        if token:
            body["nextPageToken"] = token
        page = call(f"{cloud_url}/rest/api/3/search/jql", "POST", body).body
        assert "total" not in page
        keys += [i["key"] for i in page["issues"]]
        token = page.get("nextPageToken")
        if page["isLast"]:
            assert token is None
            break
    assert keys == expected_keys(jql)
    ids = call(f"{cloud_url}/rest/api/3/search/jql?" + urllib.parse.urlencode(
        {"jql": "project is not EMPTY", "maxResults": 5000})).body
    assert len(ids["issues"]) == len(DEMO.issues) and "fields" not in ids["issues"][0]
    capped = call(f"{cloud_url}/rest/api/3/search/jql", "POST",
                  {"jql": "project is not EMPTY", "maxResults": 5000, "fields": ["summary"]}).body
    assert len(capped["issues"]) == 100


def test_cloud_search_errors(cloud_url: str, server_url: str) -> None:
    unbounded = call(f"{cloud_url}/rest/api/3/search/jql", "POST", {"jql": "ORDER BY key"})
    assert unbounded.status == 400 and "Unbounded JQL" in unbounded.body["errorMessages"][0]
    forged = call(f"{cloud_url}/rest/api/3/search/jql", "POST", {"jql": "project = DATA", "nextPageToken": "abc"})
    assert forged.status == 400 and "token" in forged.body["errorMessages"][0]
    assert call(f"{server_url}/rest/api/3/search/jql", "POST", {"jql": "project = DATA"}).status == 404


def test_v3_rich_text_is_adf(cloud_url: str) -> None:
    issue = next(i for i in DEMO.issues if i["fields"]["description"])
    page = call(f"{cloud_url}/rest/api/3/search/jql", "POST",
                {"jql": f"key = {issue['key']}", "fields": ["description"]}).body
    description = page["issues"][0]["fields"]["description"]
    assert description["type"] == "doc"
    assert description["content"][0]["content"][0]["text"] == issue["fields"]["description"].split("\n\n")[0]
    plain = call(f"{cloud_url}/rest/api/2/search/jql", "POST",
                 {"jql": f"key = {issue['key']}", "fields": ["description"]}).body
    assert plain["issues"][0]["fields"]["description"] == issue["fields"]["description"]


def test_approximate_count_and_bulk_fetch(cloud_url: str) -> None:
    count = call(f"{cloud_url}/rest/api/3/search/approximate-count", "POST", {"jql": "type = Bug"}).body["count"]
    assert count == len(expected_keys("type = Bug"))
    wanted = [i["key"] for i in DEMO.issues[:60]] + [i["id"] for i in DEMO.issues[60:100]]
    bulk = call(f"{cloud_url}/rest/api/3/issue/bulkfetch", "POST",
                {"issueIdsOrKeys": wanted, "fields": ["status"]}).body
    assert [i["key"] for i in bulk["issues"]] == [i["key"] for i in DEMO.issues[:100]]
    assert all(set(i["fields"]) == {"status"} for i in bulk["issues"])
    missing = call(f"{cloud_url}/rest/api/3/issue/bulkfetch", "POST", {"issueIdsOrKeys": ["PROJ-1", "NOPE-9"]}).body
    assert [e["issueIdOrKey"] for e in missing["issueErrors"]] == ["NOPE-9"]
    too_many = call(f"{cloud_url}/rest/api/3/issue/bulkfetch", "POST",
                    {"issueIdsOrKeys": [i["key"] for i in DEMO.issues[:101]]})
    assert too_many.status == 400


def test_changelog_bulk_fetch_pages_through_everything(cloud_url: str) -> None:
    chosen = [i for i in DEMO.issues if i["changelog"]["total"]][:30]
    chosen.append(next(i for i in DEMO.issues if i["changelog"]["total"] > 100))
    seen: dict[str, list[str]] = {}
    token = None
    while True:
        body = {"issueIdsOrKeys": [i["key"] for i in chosen], "maxResults": 50}
        if token:
            body["nextPageToken"] = token
        page = call(f"{cloud_url}/rest/api/3/changelog/bulkfetch", "POST", body).body
        for log in page["issueChangeLogs"]:
            seen.setdefault(log["issueId"], []).extend(h["id"] for h in log["changeHistories"])
        token = page.get("nextPageToken")
        if not token:
            break
    assert seen == {i["id"]: [h["id"] for h in i["changelog"]["histories"]] for i in chosen}
    statuses_only = call(f"{cloud_url}/rest/api/3/changelog/bulkfetch", "POST",
                         {"issueIdsOrKeys": [chosen[0]["key"]], "fieldIds": ["status"]}).body
    for log in statuses_only["issueChangeLogs"]:
        assert all(any(item["fieldId"] == "status" for item in h["items"]) for h in log["changeHistories"])


@pytest.mark.parametrize("spec", ["basic:ana@example.com:s3cret", "bearer:pat-123"])
def test_auth_required_when_configured(spec: str) -> None:
    auth = AuthSpec.parse(spec)
    good = ("ana@example.com", "s3cret") if auth.scheme == "basic" else "pat-123"
    bad = ("ana@example.com", "wrong") if auth.scheme == "basic" else "pat-999"
    with serve(auth=auth) as url:
        assert call(f"{url}/rest/api/2/serverInfo").status == 401
        denied = call(f"{url}/rest/api/2/search?jql=", auth=bad)
        assert denied.status == 401 and denied.body["errorMessages"]
        assert call(f"{url}/rest/api/2/search?jql=", auth=good).status == 200


def test_current_user_is_the_authenticated_person() -> None:
    person = ORG.people[3]
    with serve(auth=AuthSpec("basic", person.email, "t")) as url:
        me = call(f"{url}/rest/api/2/myself", auth=(person.email, "t")).body
        assert me["accountId"] == person.account_id
        query = urllib.parse.urlencode({"jql": "assignee = currentUser()", "maxResults": 1000, "fields": "assignee"})
        mine = call(f"{url}/rest/api/2/search?{query}", auth=(person.email, "t")).body
        assert mine["total"] == sum(1 for i in DEMO.issues if (i["fields"]["assignee"] or {}).get("accountId")
                                    == person.account_id)
        assert all(i["fields"]["assignee"]["accountId"] == person.account_id for i in mine["issues"])


def test_rate_limit_answers_429_with_retry_after() -> None:
    with serve(faults=Faults(rate_limit=5)) as url:
        replies = [call(f"{url}/rest/api/2/serverInfo") for _ in range(20)]
    limited = [r for r in replies if r.status == 429]
    assert limited and any(r.status == 200 for r in replies)
    headers = limited[0].headers
    assert int(headers["Retry-After"]) >= 1
    assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Remaining"] == "0"
    assert "X-RateLimit-Reset" in headers


def test_injected_errors_are_seeded() -> None:
    def statuses(seed: int) -> list[int]:
        with serve(faults=Faults(error_rate=0.5, seed=seed)) as url:
            return [call(f"{url}/rest/api/2/serverInfo").status for _ in range(40)]

    first = statuses(3)
    assert set(first) - {200} <= {500, 502, 503} and 200 in first and len(set(first)) > 1
    assert statuses(3) == first
    assert statuses(4) != first


def test_browse_pages_show_the_issue_escaped(server_url: str) -> None:
    raw = next(i for i in DEMO.issues if i["fields"]["assignee"])
    with urllib.request.urlopen(f"{server_url}/browse/{raw['key']}", timeout=10) as response:
        page = response.read().decode()
        assert response.headers["Content-Type"].startswith("text/html")
    assert html.escape(raw["fields"]["summary"]) in page
    assert html.escape(raw["fields"]["assignee"]["displayName"]) in page
    assert raw["fields"]["status"]["name"] in page and "<script" not in page
    missing = call(f"{server_url}/browse/NOPE-1")
    assert missing.status == 404
