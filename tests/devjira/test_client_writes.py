"""The `jira` package and atlassian-python-api write to devjira unchanged, on both deployments, as a
person of the demo organisation: create, transition, assign, comment and link."""

from __future__ import annotations

import pytest
from atlassian import Jira
from jira import JIRA, JIRAError

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.devjira.access_oracle import Oracle


@pytest.fixture(params=["server", "cloud"])
def site(request):
    org, stream = generate(seed=9, issues=300)
    dataset = build_dataset(list(stream), organisation_metadata(org))
    with BackgroundServer(create_app(dataset, ServerOptions(deployment=request.param))) as url:
        yield url, dataset, request.param == "cloud"


def member_of(dataset, team: str) -> tuple[dict, tuple[str, str]]:
    oracle = Oracle(dataset)
    person = oracle.person(lambda a: a in oracle.members[team])
    return person, oracle.basic(person)


def test_jira_package_writes(site) -> None:
    url, dataset, cloud = site
    person, login = member_of(dataset, "mob-team")
    client = JIRA(server=url, basic_auth=login, max_retries=0)
    made = client.create_issue(project="MOB", summary="Crash on the otter screen", issuetype="Bug",
                               description="Steps: open it.", labels=["crash"])
    assert made.key.startswith("MOB-") and made.fields.status.name == "To Do"
    assert made.fields.reporter.accountId == person["accountId"]

    names = {t["name"] for t in client.transitions(made)}
    assert names == {"Start Progress", "Block", "Won't Do"}
    client.transition_issue(made, "Start Progress", comment="Looking at it.")
    client.transition_issue(made, "Done", fields={"resolution": {"name": "Done"}})
    done = client.issue(made.key, expand="changelog")
    assert done.fields.status.name == "Done" and done.fields.resolution.name == "Done"
    assert [i.toString for h in done.changelog.histories for i in h.items if i.field == "status"] == [
        "In Progress", "Done"]
    with pytest.raises(JIRAError) as caught:
        client.transition_issue(made, "31")
    assert caught.value.status_code == 400 and "Transition id '31' is not valid" in caught.value.text

    if cloud:  # on a server the package needs user names, which the demo's people do not have
        assert client.assign_issue(made, person["emailAddress"])
        assert client.issue(made.key).fields.assignee.accountId == person["accountId"]
    assert client.assign_issue(made, None)
    assert client.issue(made.key).fields.assignee is None

    made.update(summary="Crash on the otter screen at launch", fields={"labels": ["crash", "launch"]})
    updated = client.issue(made.key)
    assert updated.fields.summary == "Crash on the otter screen at launch" and "launch" in updated.fields.labels

    comment = client.add_comment(made, "Fixed by the otter patch.")
    assert comment.id and comment.author.accountId == person["accountId"]
    assert [c.body for c in client.comments(made)][-1] == "Fixed by the otter patch."

    other = client.search_issues("project = MOB AND type = Story ORDER BY key ASC", maxResults=1)[0]
    client.create_issue_link("Blocks", made.key, other.key)
    assert any(link.outwardIssue.key == other.key for link in client.issue(made.key).fields.issuelinks
               if hasattr(link, "outwardIssue"))
    assert [i.key for i in client.search_issues(f'issue in linkedIssues({other.key}, "is blocked by")')] == [
        made.key]
    assert made.key in [i.key for i in client.search_issues('comment ~ "otter patch" AND status = Done')]


def test_atlassian_python_api_writes(site) -> None:
    url, dataset, cloud = site
    person, (user, token) = member_of(dataset, "web-team")
    jira = Jira(url=url, username=user, password=token, cloud=cloud)
    made = jira.create_issue(fields={"project": {"key": "WEB"}, "summary": "Basket loses the heron coupon",
                                     "issuetype": {"name": "Task"}, "priority": {"name": "High"}})
    key = made["key"]
    assert {t["to"] for t in jira.get_issue_transitions(key)} == {"In Progress", "Blocked", "Won't Do"}
    jira.set_issue_status(key, "In Progress")
    jira.set_issue_status(key, "Won't Do", fields={"resolution": {"name": "Won't Do"}})
    assert jira.get_issue_status(key) == "Won't Do"

    login = person["accountId"] if cloud else person["emailAddress"]
    jira.assign_issue(key, login)
    assert jira.issue(key)["fields"]["assignee"]["accountId"] == person["accountId"]
    jira.issue_add_comment(key, "Heron coupons are gone anyway.")
    comments = jira.issue_get_comments(key)["comments"]
    assert comments[-1]["author"]["accountId"] == person["accountId"]
    other = jira.jql("project = WEB AND type = Story ORDER BY key ASC", limit=1)["issues"][0]["key"]
    jira.create_issue_link({"type": {"name": "Relates"}, "inwardIssue": {"key": key}, "outwardIssue": {"key": other}})
    assert other in [link.get("outwardIssue", {}).get("key") for link in jira.issue(key)["fields"]["issuelinks"]]
    assert key in [i["key"] for i in jira.jql(f'assignee = "{person["accountId"]}" AND resolution = "Won\'t Do" '
                                              f"AND status CHANGED TO \"Won't Do\"")["issues"]]
