"""The Jira connector against devjira: both deployments, paging edges, faults and errors."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web

from jirakg.connectors.jira import (
    IssueNotFound,
    JiraAuth,
    JiraAuthError,
    JiraUnavailable,
    JqlError,
    RetryPolicy,
    load_metadata,
)
from jirakg.connectors.jira.http import JiraBadRequest
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.editing import create_issue, delete_issue
from jirakg.devjira.faults import Faults
from tests.jira_env import connector, demo_dataset, devjira, keys_of
from tests.local_servers import free_port

DEMO = demo_dataset()
DEPLOYMENTS = ["server", "cloud"]


def run(coroutine):
    return asyncio.run(coroutine)


async def fetch(url: str, jql: str, fields=("summary",), changelog: bool = False, **options) -> list[dict]:
    async with connector(url, **options) as jira:
        return await jira.search(jql, fields, changelog=changelog)


def project_with(size: int) -> str:
    """A query matching exactly `size` issues."""
    keys = keys_of(DEMO, "project in (PROJ, MOB) ORDER BY key ASC")[:size]
    return f"key in ({', '.join(keys)}) ORDER BY key ASC" if keys else 'summary ~ "zzzz-nothing"'


@pytest.fixture(scope="module", params=DEPLOYMENTS)
def url(request):
    with devjira(DEMO, deployment=request.param) as base:
        yield base


@pytest.mark.parametrize("size", [0, 1, 99, 100, 101, 200, 250])
def test_paging_edges(url: str, size: int) -> None:
    jql = project_with(size)
    got = [i["key"] for i in run(fetch(url, jql, page_size=100))]
    assert got == keys_of(DEMO, jql)
    assert len(got) == size


def test_large_result_in_order_without_loss_or_duplicates(url: str) -> None:
    jql = "project in (PROJ, MOB, DATA) ORDER BY created DESC"
    got = [i["key"] for i in run(fetch(url, jql, page_size=50, concurrency=16))]
    assert got == keys_of(DEMO, jql)


def test_only_the_selected_fields_are_requested(url: str) -> None:
    issues = run(fetch(url, "project = MOB", fields=("summary", "customfield_10016")))
    assert all(set(i["fields"]) <= {"summary", "customfield_10016"} for i in issues)
    assert any(i["fields"].get("customfield_10016") is not None for i in issues)


def test_server_cap_below_our_page_size() -> None:
    with devjira(DEMO, deployment="server", max_results=30) as base:
        got = [i["key"] for i in run(fetch(base, "project = WEB ORDER BY key", page_size=100))]
    assert got == keys_of(DEMO, "project = WEB ORDER BY key")


@pytest.mark.parametrize("deployment", DEPLOYMENTS)
def test_truncated_changelogs_are_completed(deployment: str) -> None:
    hot = [i for i in DEMO.issues if i["changelog"]["total"] > 100]
    jql = f"key in ({', '.join(i['key'] for i in hot)})"
    with devjira(DEMO, deployment=deployment) as base:
        got = {i["key"]: i for i in run(fetch(base, jql, changelog=True))}
    for issue in hot:
        histories = got[issue["key"]]["changelog"]["histories"]
        assert [h["id"] for h in histories] == [h["id"] for h in issue["changelog"]["histories"]]


def test_total_changing_mid_fetch_loses_nothing() -> None:
    dataset = demo_dataset(issues=600, seed=8)
    pages_seen = {"n": 0}

    @web.middleware
    async def churn(request, handler):
        response = await handler(request)
        if request.path == "/rest/api/2/search":
            pages_seen["n"] += 1
            if pages_seen["n"] == 1:  # between the first page and the others
                delete_issue(dataset, keys_of(dataset, "project = OPS ORDER BY key")[0])
                for n in range(3):
                    create_issue(dataset, {"project": {"key": "OPS"}, "summary": f"new {n}",
                                           "issuetype": {"name": "Task"}}, 1_800_000_000_000)
        return response

    with devjira(dataset, middlewares=[churn], deployment="server") as base:
        got = [i["key"] for i in run(fetch(base, "project = OPS ORDER BY key ASC", page_size=20))]
    final = keys_of(dataset, "project = OPS ORDER BY key ASC")
    assert set(final) <= set(got)  # every issue that exists now was delivered
    assert len(got) == len(set(got))  # and none twice
    assert pages_seen["n"] > (len(final) + 19) // 20  # it noticed and read again


@pytest.mark.slow
def test_rate_limit_storm_adapts_and_completes() -> None:
    with devjira(DEMO, deployment="server", faults=Faults(rate_limit=25)) as base:
        async def scenario():
            async with connector(base, page_size=25, concurrency=16) as jira:
                issues = await jira.search("project is not EMPTY ORDER BY key", ["summary"])
                return issues, jira.http
        issues, http = run(scenario())
    assert [i["key"] for i in issues] == keys_of(DEMO, "project is not EMPTY ORDER BY key")
    assert http.stats.throttled > 0
    assert http.limiter.limit < 16


@pytest.mark.slow
def test_server_errors_are_retried() -> None:
    with devjira(DEMO, deployment="cloud", faults=Faults(error_rate=0.3, seed=2)) as base:
        async def scenario():
            async with connector(base, page_size=50, attempts=10) as jira:
                issues = await jira.search("project = DATA ORDER BY key", ["summary"], changelog=True)
                return issues, jira.http.stats
        issues, stats = run(scenario())
    assert [i["key"] for i in issues] == keys_of(DEMO, "project = DATA ORDER BY key")
    assert stats.retries > 0


def test_timeouts_become_unavailable_with_a_clear_sentence() -> None:
    with devjira(DEMO, deployment="server", faults=Faults(latency_ms=400)) as base:
        with pytest.raises(JiraUnavailable) as caught:
            run(fetch(base, "project = DATA", timeout_s=0.1, attempts=2))
    assert "is not answering" in str(caught.value) and "after 2 attempts" in str(caught.value)


def test_unreachable_jira() -> None:
    with pytest.raises(JiraUnavailable) as caught:
        run(fetch(f"http://127.0.0.1:{free_port()}", "project = DATA", attempts=2))
    assert "is not answering" in str(caught.value)


def test_bad_jql_carries_jiras_message(url: str) -> None:
    with pytest.raises(JqlError) as caught:
        run(fetch(url, "status = Nope"))
    assert "The value 'Nope' does not exist for the field 'status'." in str(caught.value)
    assert caught.value.jql == "status = Nope"
    assert isinstance(caught.value.__cause__, JiraBadRequest)  # Jira's answer stays in the logs


def test_bad_credentials() -> None:
    with devjira(DEMO, auth=AuthSpec("basic", "bot@example.com", "right")) as base:
        with pytest.raises(JiraAuthError) as caught:
            run(fetch(base, "project = DATA", auth=JiraAuth("basic", "bot@example.com", "wrong")))
        assert "refused the credentials" in str(caught.value)
        good = run(fetch(base, "project = DATA", auth=JiraAuth("basic", "bot@example.com", "right")))
        assert len(good) == len(keys_of(DEMO, "project = DATA"))


def test_bearer_token() -> None:
    with devjira(DEMO, auth=AuthSpec("bearer", "", "pat-1")) as base:
        assert run(fetch(base, "key = PROJ-1", auth=JiraAuth("bearer", token="pat-1")))[0]["key"] == "PROJ-1"


def test_single_issue_and_count(url: str) -> None:
    async def scenario():
        async with connector(url) as jira:
            issue = await jira.issue("PROJ-2", ["summary"], changelog=True)
            with pytest.raises(IssueNotFound):
                await jira.issue("PROJ-999999", ["summary"])
            return issue, await jira.count("type = Bug")
    issue, bugs = run(scenario())
    assert issue["key"] == "PROJ-2" and "histories" in issue["changelog"]
    assert bugs == len(keys_of(DEMO, "type = Bug"))


def test_metadata_through_atlassian_python_api(url: str) -> None:
    metadata = run(load_metadata(url, JiraAuth()))
    assert metadata.field_id("Story point estimate") == "customfield_10016"
    assert metadata.field_id("cf[10020]") == "customfield_10020"
    assert metadata.field_id("no such field") is None
    assert {t["name"] for t in metadata.link_types} == {"Blocks", "Relates", "Duplicate", "Risk"}
    assert {p["key"] for p in metadata.projects} >= {"PROJ", "MOB"}
    assert metadata.server["deploymentType"] in ("Server", "Cloud")
    assert {s["name"] for s in metadata.statuses} == {s["name"] for s in DEMO.metadata["statuses"]}
    assert [p["name"] for p in metadata.priorities] == ["Highest", "High", "Medium", "Low", "Lowest"]
    assert "Sub-task" in {t["name"] for t in metadata.issue_types}


def test_metadata_with_bad_credentials() -> None:
    with devjira(DEMO, auth=AuthSpec("basic", "a@b.c", "right")) as base:
        with pytest.raises(JiraAuthError):
            run(load_metadata(base, JiraAuth("basic", "a@b.c", "wrong")))


def test_metadata_at_start_up_survives_a_flaky_jira() -> None:
    """30% of Jira's answers are 5xx: each metadata call is retried on its own until it gets through."""
    retry = RetryPolicy(attempts=12, base_s=0.001, cap_s=0.01)
    with devjira(DEMO, faults=Faults(error_rate=0.3, seed=16)) as base:
        loaded = [run(load_metadata(base, JiraAuth(), retry=retry)) for _ in range(10)]
    assert all(metadata.field_id("Story point estimate") == "customfield_10016" for metadata in loaded)
