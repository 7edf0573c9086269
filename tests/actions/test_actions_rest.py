"""Write actions over the REST API against devjira, on Server and Cloud, in check mode (the service account
acts after Jira's permission check for the person): each action proposed → nothing changed yet →
confirmed by the same person → done in Jira → read back through jirakg; cancelled, expired, another
person's and double confirmations change nothing more; the read-only auditor is refused before any write
is sent; unknown values are named with the closest ones; with actions off a write request gets one
sentence. Expectations come from devjira read directly, never from jirakg."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager

import pytest
from aiohttp import web

from jirakg.bots.web.app import build_app
from jirakg.config import Settings
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.demo.access import AUDITOR_ACCOUNT_ID, SERVICE_ACCOUNT_ID, api_token, service_account
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from tests.bots.web_env import call
from tests.devjira import http
from tests.devjira.access_oracle import Oracle
from tests.jira_env import demo_dataset, devjira

SERVICE = service_account()


class Writes:
    """Every write request devjira receives (method, path), to prove a refusal sent none."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    @web.middleware
    async def middleware(self, request: web.Request, handler):
        if request.method in ("POST", "PUT", "DELETE") and "/rest/api/" in request.path and not request.path.endswith(
                ("/search", "/permissions/check", "/bulkfetch", "/search/jql", "/approximate-count")):
            self.seen.append((request.method, request.path))
        return await handler(request)


class Site:
    def __init__(self, jira: str, url: str, dataset, writes: Writes, feedback_path, cloud: bool) -> None:
        self.jira, self.url, self.dataset, self.writes, self.feedback_path = jira, url, dataset, writes, feedback_path
        self.cloud = cloud
        oracle = Oracle(dataset)
        self.member = oracle.person(lambda a: a in oracle.members["proj-team"])
        self.other = oracle.person(lambda a: a in oracle.members["proj-team"] and a != self.member["accountId"])
        self.auditor = oracle.users[AUDITOR_ACCOUNT_ID]

    def issue(self, key: str) -> dict:
        return http.call(f"{self.jira}/rest/api/2/issue/{key}?expand=changelog",
                         auth=(SERVICE["emailAddress"], api_token(SERVICE_ACCOUNT_ID))).body

    def keys(self, jql: str) -> list[str]:
        reply = http.call(f"{self.jira}/rest/api/2/search", "POST", {"jql": jql, "maxResults": 100, "fields": ["id"]},
                          auth=(SERVICE["emailAddress"], api_token(SERVICE_ACCOUNT_ID)))
        return [i["key"] for i in reply.body["issues"]]

    def open_key(self, jql: str) -> str:
        """An issue nobody hides with a security level, so every team member may change it."""
        return next(k for k in self.keys(jql + " ORDER BY key ASC") if not self.issue(k)["fields"].get("security"))

    def ask(self, token: str, text: str) -> tuple[int, dict]:
        status, body, _ = call(f"{self.url}/api/v1/ask", "POST", {"text": text}, {"Authorization": f"Bearer {token}"})
        return status, body

    def act(self, token: str, action_id: str, verb: str = "confirm") -> tuple[int, dict]:
        status, body, _ = call(f"{self.url}/api/v1/actions/{action_id}/{verb}", "POST", {},
                               {"Authorization": f"Bearer {token}"})
        return status, body

    def audit(self) -> list[tuple]:
        with sqlite3.connect(self.feedback_path) as db:
            return db.execute("SELECT kind, issue_key, account_id, outcome, changes FROM actions "
                              "ORDER BY created_at").fetchall()


@contextmanager
def served(deployment: str, tmp_path, enabled: bool = True, **surfaces):
    dataset = demo_dataset(issues=400, seed=5)  # fresh: the tests write to it
    writes = Writes()
    with devjira(dataset, middlewares=[writes.middleware], deployment=deployment,
                 auth=AuthSpec("basic", SERVICE["emailAddress"], api_token(SERVICE_ACCOUNT_ID))) as jira:
        oracle = Oracle(dataset)
        member = oracle.person(lambda a: a in oracle.members["proj-team"])
        other = oracle.person(lambda a: a in oracle.members["proj-team"] and a != member["accountId"])
        ops = oracle.person(lambda a: a in oracle.members["ops-team"])
        service = {"url": jira, "auth": "basic", "email": SERVICE["emailAddress"],
                   "token": api_token(SERVICE_ACCOUNT_ID)}
        settings = Settings(
            jira=service,
            store={"backend": "memory"}, feedback={"sqlite_path": tmp_path / "feedback.sqlite3"},
            actions={"enabled": enabled},
            web={"api_tokens": [{"token": "member", "user": member["emailAddress"]},
                                {"token": "other", "user": other["accountId"]},
                                {"token": "ops", "user": ops["emailAddress"]},
                                {"token": "auditor", "user": "auditor@example.com"}]})
        app = build_app(lambda: engine_session(jira, settings), settings, **surfaces)
        with BackgroundServer(app) as url:
            yield Site(jira, url, dataset, writes, tmp_path / "feedback.sqlite3", deployment == "cloud")


@pytest.fixture(params=["server", "cloud"])
def site(request, tmp_path):
    with served(request.param, tmp_path) as running:
        yield running


def proposed(site: Site, text: str, token: str = "member") -> dict:
    status, reply = site.ask(token, text)
    assert status == 200, reply
    assert reply["action"] is not None, reply["answer"]
    assert reply["intents"] == ["action"] and "Nothing changes until you confirm" in reply["answer"]
    assert reply["action"]["confirm"] == f"POST /api/v1/actions/{reply['action']['id']}/confirm"
    return reply["action"]


def confirmed(site: Site, action: dict, token: str = "member") -> dict:
    status, outcome = site.act(token, action["id"])
    assert status == 200, outcome
    assert outcome["status"] == "done"
    return outcome


def test_each_action_is_proposed_then_done_on_confirmation_and_read_back(site: Site) -> None:
    member = site.member
    # Transition: only what Jira offers, the required resolution filled in.
    key = site.open_key('project = PROJ AND status = "To Do" AND type = Story')
    action = proposed(site, f"can you move {key} to In Progress")
    assert action["changes"] == [{"field": "Status", "before": "To Do", "after": "In Progress"}]
    assert site.issue(key)["fields"]["status"]["name"] == "To Do" and site.writes.seen == []  # nothing yet
    outcome = confirmed(site, action)
    assert outcome["issue_key"] == key and site.issue(key)["fields"]["status"]["name"] == "In Progress"
    status, reply = site.ask("member", f"what status is {key} in?")
    assert status == 200 and "In Progress" in reply["answer"]  # the cache was refreshed at once
    action = proposed(site, f"close {key} as won't do")
    assert {(c["field"], c["after"]) for c in action["changes"]} == {("Status", "Done"), ("Resolution", "Won't Do")}
    confirmed(site, action)
    fields = site.issue(key)["fields"]
    assert fields["status"]["name"] == "Done" and fields["resolution"]["name"] == "Won't Do"

    # Assign "to me" is the asker; unassign.
    key = site.open_key(f'project = PROJ AND assignee is not EMPTY AND assignee != "{member["accountId"]}"')
    before = site.issue(key)["fields"]["assignee"]["displayName"]
    action = proposed(site, f"Assign {key} to me")
    assert action["changes"] == [{"field": "Assignee", "before": before, "after": member["displayName"]}]
    confirmed(site, action)
    assert site.issue(key)["fields"]["assignee"]["accountId"] == member["accountId"]
    status, reply = site.ask("member", f"who is assigned to {key}?")
    assert member["displayName"] in reply["answer"]
    confirmed(site, proposed(site, f"please unassign {key}"))
    assert site.issue(key)["fields"]["assignee"] is None

    # Comment (ADF on Cloud's v3), link by wording, fix version.
    confirmed(site, proposed(site, f"comment on {key}: the walrus fix is in review"))
    comments = site.issue(key)["fields"]["comment"]["comments"]
    assert comments[-1]["body"] == "the walrus fix is in review"
    assert comments[-1]["author"]["accountId"] == SERVICE_ACCOUNT_ID  # check mode: the service account writes
    other = site.open_key(f"project = PROJ AND key != {key}")
    action = proposed(site, f"mark {other} as blocking {key}")
    assert action["changes"][0]["after"] == f"{other} blocks {key}"
    confirmed(site, action)
    links = site.issue(key)["fields"]["issuelinks"]
    assert any(link["type"]["name"] == "Blocks" and link.get("inwardIssue", {}).get("key") == other for link in links)
    versions = [v["name"] for v in next(p for p in site.dataset.metadata["projects"] if p["key"] == "PROJ")["versions"]]
    confirmed(site, proposed(site, f"set the fix version of {key} to {versions[-1]}"))
    assert [v["name"] for v in site.issue(key)["fields"]["fixVersions"]] == [versions[-1]]

    # Create: the values grounded in createmeta; the new issue is found by the next question.
    action = proposed(site, "please create a bug in PROJ: Walrus login loops on Safari, priority High, "
                            "assign it to me")
    assert {c["field"]: c["after"] for c in action["changes"]} == {
        "Project": "PROJ", "Type": "Bug", "Summary": "Walrus login loops on Safari", "Priority": "High",
        "Assignee": member["displayName"]}
    outcome = confirmed(site, action)
    made = site.issue(outcome["issue_key"])["fields"]
    assert made["summary"] == "Walrus login loops on Safari" and made["issuetype"]["name"] == "Bug"
    assert made["assignee"]["accountId"] == member["accountId"] and made["priority"]["name"] == "High"
    status, reply = site.ask("member", f"what is {outcome['issue_key']} about?")
    assert "Walrus login loops on Safari" in reply["answer"]

    # Every change is audited with who, what, before → after.
    audit = site.audit()
    assert [row[0] for row in audit] == ["transition", "transition", "assign", "unassign", "comment", "link",
                                         "fix_version", "create"]
    assert [row[3] for row in audit] == ["done"] * 8
    assert {row[2] for row in audit} == {member["accountId"]}
    assert '"before": "To Do", "after": "In Progress"' in audit[0][4]


def test_a_proposal_is_done_once_by_its_asker_within_its_lifetime(site: Site) -> None:
    key = site.open_key('project = PROJ AND status = "To Do"')
    action = proposed(site, f"Move {key} to In Progress")
    status, refused = site.act("other", action["id"])
    assert status == 409 and "Only the person who asked" in refused["error"]
    status, cancelled = site.act("member", action["id"], "cancel")
    assert status == 200 and cancelled["status"] == "cancelled"
    status, late = site.act("member", action["id"])
    assert status == 409 and "already confirmed or cancelled" in late["error"]
    assert site.issue(key)["fields"]["status"]["name"] == "To Do" and site.writes.seen == []

    # A double click: two confirmations at once, one change.
    action = proposed(site, f"Move {key} to In Progress")
    answers: list[int] = []
    clicks = [threading.Thread(target=lambda: answers.append(site.act("member", action["id"])[0])) for _ in range(2)]
    for click in clicks:
        click.start()
    for click in clicks:
        click.join()
    assert sorted(answers) == [200, 409]
    moves = [h for h in site.issue(key)["changelog"]["histories"]
             if any(i["field"] == "status" and i["toString"] == "In Progress" for i in h["items"])]
    assert len(moves) == 1 and len(site.writes.seen) == 1
    status, unknown = site.act("member", "0123456789abcdef")
    assert status == 409 and "expired or does not exist" in unknown["error"]


def test_the_auditor_is_refused_before_anything_is_sent(site: Site) -> None:
    key = site.open_key('project = PROJ AND status = "To Do"')
    action = proposed(site, f"Move {key} to In Progress", token="auditor")
    status, refused = site.act("auditor", action["id"])
    assert status == 409 and "does not let you" in refused["error"] and "transition issues" in refused["error"]
    assert site.writes.seen == [] and site.issue(key)["fields"]["status"]["name"] == "To Do"
    for text in (f"comment on {key}: hello", f"Assign {key} to me"):
        action = proposed(site, text, token="auditor")
        assert site.act("auditor", action["id"])[0] == 409
    assert site.writes.seen == []
    assert [row[3] for row in site.audit()] == ["refused"] * 3


def test_unknown_values_are_named_with_the_closest_and_nothing_is_proposed(site: Site) -> None:
    key = site.open_key('project = PROJ AND status = "To Do"')
    for text, expected in (
            (f"move {key} to Shipped", "Jira does not offer a move"),
            (f"move {key} to In Progres", "In Progress"),  # a typo is not guessed: it is named back
            (f"assign {key} to Zzyzx Quux", "There is no Jira user 'Zzyzx Quux'"),
            ("create a bugg in PROJ: x", "PROJ has no issue type 'bugg'; it has Bug"),
            ("create a bug in NOPE: x", "There is no project NOPE"),
            (f"set the fix version of {key} to 99.99", "PROJ has no version '99.99'"),
            (f"link {key} to PROJ-1 as frobnicates", "Jira has no link 'frobnicates'")):
        status, reply = site.ask("member", text)
        assert status == 200 and reply["action"] is None, reply
        assert expected in reply["answer"], (text, reply["answer"])
    status, reply = site.ask("member", f"move {key} to In Progres")
    assert "it offers" in reply["answer"]
    assert site.writes.seen == []


def test_the_create_screen_asks_for_its_required_fields_and_hidden_places_stay_hidden(site: Site) -> None:
    status, reply = site.ask("ops", "create a bug in OPS: pager storm")
    assert status == 200 and reply["action"] is None and "also needs Priority, Components" in reply["answer"]
    assert "Kubernetes" in reply["answer"]  # the components it can be, from createmeta
    status, reply = site.ask("ops", "create a bug in OPS: pager storm, component Kubernates, priority Highest")
    assert reply["action"] is None and "no component 'Kubernates'; it has Kubernetes" in reply["answer"]
    action = proposed(site, "create a bug in OPS: pager storm, component Kubernetes, priority Highest", token="ops")
    outcome = confirmed(site, action, token="ops")
    made = site.issue(outcome["issue_key"])["fields"]
    assert [c["name"] for c in made["components"]] == ["Kubernetes"] and made["priority"]["name"] == "Highest"

    # A person outside OPS is answered as if OPS and its issues did not exist: no summary, no fields.
    hidden = site.open_key("project = OPS")
    for text, sentence in ((f"Move {hidden} to Done", f"There is no issue {hidden} that you can see"),
                           (f"comment on {hidden}: hi", f"There is no issue {hidden} that you can see"),
                           ("create a bug in OPS: x", "There is no project OPS you can create issues in"),
                           ("create a bug in ZZZ: x", "There is no project ZZZ you can create issues in")):
        status, reply = site.ask("member", text)
        assert status == 200 and reply["action"] is None and reply["answer"].startswith(sentence), reply["answer"]
        assert site.issue(hidden)["fields"]["summary"] not in reply["answer"]
    assert len(site.writes.seen) == 1


def test_with_actions_off_a_write_request_gets_one_sentence(tmp_path) -> None:
    with served("server", tmp_path, enabled=False) as site:
        key = site.open_key('project = PROJ AND status = "To Do"')
        for text in ("Create a bug in PROJ: Login page crashes", f"Move {key} to In Progress",
                     f"Assign {key} to me", f"comment on {key}: looks good"):
            status, reply = site.ask("member", text)
            assert status == 200 and reply["action"] is None and reply["rows"] == [] and reply["citations"] == []
            assert reply["answer"].startswith("jirakg only reads Jira here") and "actions.enabled" in reply["answer"]
            assert reply["answer"].count(". ") == 0 and key not in reply["answer"]
        assert site.act("member", "0123456789abcdef")[0] == 409
        status, reply = site.ask("member", f"what status is {key} in?")
        assert "To Do" in reply["answer"]  # reading still works
        assert site.writes.seen == []


def test_it_is_the_issue_the_conversation_is_about(site: Site) -> None:
    key = site.open_key('project = PROJ AND status = "To Do"')
    status, first = site.ask("member", f"what status is {key} in?")
    assert status == 200
    status, body, _ = call(f"{site.url}/api/v1/ask", "POST",
                           {"text": "can you assign it to me", "conversation_id": first["conversation_id"]},
                           {"Authorization": "Bearer member"})
    assert status == 200 and body["action"] is not None, body
    assert body["action"]["title"].startswith(f"Assign {key}")
    assert [c["key"] for c in body["citations"]] == [key]
