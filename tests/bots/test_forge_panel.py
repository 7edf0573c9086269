"""The Jira sidebar's and the Rovo action's endpoints: Forge invocation tokens signed with a locally
generated RSA key, served from a local JWKS endpoint; the person and the issue come from the verified
token (for Rovo, the issue else from the context Forge adds to the action's payload)."""

from __future__ import annotations

import base64
import json
import time

import jwt
import pytest

from jirakg.bots.web.forge_token import ISSUER, FitVerifier
from tests.bots.forge_env import APP_ID, OTHER, jwks_server, token
from tests.bots.web_env import KEY, OWNER, call, feedback_rows, jirakg_server


def tampered() -> str:
    header, payload, signature = token().split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=="))
    claims["context"]["extension"]["issue"]["key"] = "PROJ-1"
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return f"{header}.{forged}.{signature}"


@pytest.fixture(scope="module")
def jwks_url():
    with jwks_server() as url:
        yield url


def ask(url: str, bearer: str | None, body: dict) -> tuple[int, dict]:
    headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}
    status, reply, _ = call(f"{url}/forge/ask", "POST", body, headers)
    return status, reply


def test_a_valid_token_answers_about_the_open_issue(tmp_path, jwks_url: str) -> None:
    with jirakg_server(tmp_path, forge=FitVerifier(APP_ID, jwks_url)) as (url, settings):
        status, reply = ask(url, token(), {"text": "who owns this?"})
        assert status == 200 and OWNER in reply["answer"] and reply["citations"][0]["key"] == KEY
        status, panel = ask(url, token(module="jira:issuePanel"), {"text": "who owns this?"})  # the optional panel
        assert status == 200 and OWNER in panel["answer"]
        status, _, _ = call(f"{url}/forge/feedback", "POST", {"turn_id": reply["turn_id"], "rating": "up"},
                            {"Authorization": f"Bearer {token()}"})
        assert status == 200
    rows = feedback_rows(settings.feedback.sqlite_path)
    assert rows[0]["channel"] == "jira" and rows[0]["user"] == "557058:user" and rows[0]["rated_in"] == "jira"
    assert rows[0]["rated_by"] == "557058:user"


@pytest.mark.parametrize("bearer, message", [
    (None, "carries no Forge invocation token"),
    (lambda: token(expires_in=-120), "has expired"),
    (lambda: token(audience="ari:cloud:ecosystem::app/someone-else"), "for another app"),
    (lambda: token(issuer="someone"), "not issued by Forge"),
    (tampered, "signature is not valid"),
    (lambda: token(key=OTHER), "signature is not valid"),
    (lambda: token(kid="rotated-away"), "unknown key"),
    (lambda: "not-a-jwt", "is not a JWT"),
    (lambda: jwt.encode({"iss": ISSUER, "aud": APP_ID, "exp": int(time.time()) + 60},
                        "a-shared-secret-of-at-least-32-bytes", algorithm="HS256", headers={"kid": "forge-key-1"}),
     "must be signed with RS256"),
])
def test_bad_tokens_are_refused(tmp_path, jwks_url: str, bearer, message: str) -> None:
    with jirakg_server(tmp_path, forge=FitVerifier(APP_ID, jwks_url)) as (url, _):
        status, reply = ask(url, bearer() if bearer else None, {"text": "who owns this?"})
    assert status == 401 and message in reply["error"]


def test_without_an_app_id_the_panel_is_off(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, _):
        status, reply = ask(url, token(), {"text": "who owns this?"})
    assert status == 404 and "forge.app_id" in reply["error"]


def rovo(url: str, bearer: str | None, body: object) -> tuple[int, dict]:
    headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}
    status, reply, _ = call(f"{url}/forge/rovo/ask", "POST", body, headers)
    return status, reply


def rovo_payload(question: str, issue_key: object = None) -> dict:
    """What Forge posts for the action: its inputs, plus the app context when Rovo runs on an issue."""
    context: dict = {"cloudId": "cloud-1", "moduleKey": "ask-jirakg"}
    if issue_key is not None:
        context["jira"] = {"url": f"https://example.atlassian.net/browse/{issue_key}", "resourceType": "issue",
                           "issueKey": issue_key, "projectKey": str(issue_key).split("-")[0]}
    return {"question": question, "context": context}


def test_the_rovo_action_answers_as_the_token_principal(tmp_path, jwks_url: str) -> None:
    with jirakg_server(tmp_path, forge=FitVerifier(APP_ID, jwks_url)) as (url, _):
        agent_token = token(issue_key=None, module="rovo:agent")
        status, reply = rovo(url, agent_token, rovo_payload(f"who owns {KEY}?"))
        assert status == 200 and OWNER in reply["answer"] and reply["citations"][0]["key"] == KEY
        assert reply["citations"][0]["url"].endswith(f"/browse/{KEY}")
        # "this" is the issue on screen, from the context Forge adds.
        status, reply = rovo(url, agent_token, rovo_payload("who owns this?", KEY))
        assert status == 200 and OWNER in reply["answer"]
        # A context key that is not an issue key is refused in one sentence, not used in a query.
        status, reply = rovo(url, agent_token, rovo_payload("who owns this?", 'X" OR 1=1'))
        assert status == 400 and "is not an issue key" in reply["error"]
        status, reply = rovo(url, agent_token, {"context": {}})
        assert status == 400 and reply["error"].startswith("question:")
        status, reply = rovo(url, None, rovo_payload(f"who owns {KEY}?"))
        assert status == 401 and "carries no Forge invocation token" in reply["error"]
