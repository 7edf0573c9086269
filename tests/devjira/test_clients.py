"""The libraries people point at Jira work against devjira unchanged."""

from __future__ import annotations

import pytest
from atlassian import Jira
from jira import JIRA, JIRAError

from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app

ORG, STREAM = generate(seed=9, issues=700)
DEMO = build_dataset(list(STREAM), organisation_metadata(ORG))
USER, TOKEN = "bot@example.com", "api-token"


@pytest.fixture(scope="module", params=["server", "cloud"])
def url(request):
    options = ServerOptions(deployment=request.param, auth=AuthSpec("basic", USER, TOKEN))
    with BackgroundServer(create_app(DEMO, options)) as base:
        yield base


def expected(jql: str) -> list[str]:
    return [DEMO.issues[p]["key"] for p in DEMO.engine.search(jql, 0)]


def test_atlassian_python_api(url: str) -> None:
    jira = Jira(url=url, username=USER, password=TOKEN)
    page = jira.jql("project = WEB AND type = Story ORDER BY key ASC", limit=20, start=0, fields="summary,status")
    assert [i["key"] for i in page["issues"]] == expected("project = WEB AND type = Story ORDER BY key ASC")[:20]
    issue = jira.issue("WEB-3")
    assert issue["key"] == "WEB-3" and issue["fields"]["summary"]
    fields = jira.get_all_fields()
    assert any(f["name"] == "Story point estimate" for f in fields)


def test_jira_package_search_all(url: str) -> None:
    client = JIRA(server=url, basic_auth=(USER, TOKEN))
    jql = "project = MOB ORDER BY key ASC"
    found = client.search_issues(jql, maxResults=False, fields="summary,status")
    assert [i.key for i in found] == expected(jql)
    assert found[0].fields.summary == DEMO.issues[DEMO.position(found[0].key)]["fields"]["summary"]
    issue = client.issue("MOB-2")
    assert issue.key == "MOB-2"


def test_jira_package_sees_jql_errors(url: str) -> None:
    client = JIRA(server=url, basic_auth=(USER, TOKEN))
    with pytest.raises(JIRAError) as caught:
        client.search_issues("status = Nope")
    assert caught.value.status_code == 400
    assert "The value 'Nope' does not exist for the field 'status'." in caught.value.text


def test_wrong_credentials_are_refused(url: str) -> None:
    with pytest.raises(JIRAError) as caught:
        JIRA(server=url, basic_auth=(USER, "wrong"), max_retries=0).search_issues("project = MOB")
    assert caught.value.status_code == 401
