"""devjira's OAuth 2.0 (3LO) flow, end to end over a real socket: sign-in form, code, tokens, accessible
resources, the API under /ex/jira/{cloudid} as the person who consented, rotation and expiry."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request

import pytest

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.oauth import ACCESS_LIFETIME_S, CODE_LIFETIME_MS, OAuthClient
from jirakg.devjira.oauth_routes import cloud_id
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from tests.devjira.access_oracle import Oracle
from tests.devjira.http import Reply, call

ORG, STREAM = generate(seed=5, issues=400)
DEMO = build_dataset(list(STREAM), organisation_metadata(ORG))
ORACLE = Oracle(DEMO)
PERSON = ORACLE.person(lambda a: a not in ORACLE.members["ops-team"])
APP = OAuthClient("app-1", "app-secret", "http://127.0.0.1:9/callback")
SCOPE = "read:jira-work read:jira-user offline_access"
CLOUD_ID = cloud_id(DEMO)
NOW = [1_800_000_000_000]  # the server's clock, moved by the tests


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a 302 is the answer under test, not a hop to follow
        return None


def post_form(url: str, fields: dict[str, str]) -> Reply:
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=30) as response:
            return Reply(response.status, {"text": response.read().decode()}, dict(response.headers))
    except urllib.error.HTTPError as exc:
        return Reply(exc.code, {"text": exc.read().decode()}, dict(exc.headers))


def authorize_params(**overrides: str) -> dict[str, str]:
    return {"audience": "api.atlassian.com", "client_id": APP.client_id, "scope": SCOPE,
            "redirect_uri": APP.redirect_uri, "state": "xyz-1", "response_type": "code", "prompt": "consent",
            **overrides}


@pytest.fixture(scope="module")
def url():
    options = ServerOptions(deployment="cloud", oauth_clients=(APP,), clock_ms=lambda: NOW[0])
    with BackgroundServer(create_app(DEMO, options)) as base:
        yield base


def sign_in(url: str, person: dict = PERSON) -> str:
    """The code the app receives after the person signs in and consents."""
    email, token = ORACLE.basic(person)
    reply = post_form(f"{url}/authorize", {**authorize_params(), "email": email, "token": token})
    assert reply.status == 302, reply.body
    location = urllib.parse.urlsplit(reply.headers["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == APP.redirect_uri
    query = urllib.parse.parse_qs(location.query)
    assert query["state"] == ["xyz-1"]
    return query["code"][0]


def exchange(url: str, code: str) -> Reply:
    return call(f"{url}/oauth/token", "POST", {"grant_type": "authorization_code", "client_id": APP.client_id,
                                               "client_secret": APP.secret, "code": code,
                                               "redirect_uri": APP.redirect_uri})


def test_the_form_refuses_unknown_apps_and_wrong_passwords(url: str) -> None:
    form = call(f"{url}/authorize?" + urllib.parse.urlencode(authorize_params()))
    assert form.status == 200 and 'name="token"' in form.body["text"] and "read:jira-work" in form.body["text"]
    for wrong in ({"client_id": "nope"}, {"redirect_uri": "http://evil.example/cb"}, {"response_type": "token"}):
        assert call(f"{url}/authorize?" + urllib.parse.urlencode(authorize_params(**wrong))).status == 400
    email, _ = ORACLE.basic(PERSON)
    again = post_form(f"{url}/authorize", {**authorize_params(), "email": email, "token": "demo-wrong"})
    assert again.status == 200 and "Incorrect email address" in again.body["text"] and "Location" not in again.headers


def test_the_whole_flow(url: str) -> None:
    tokens = exchange(url, sign_in(url))
    assert tokens.status == 200, tokens.body
    body = tokens.body
    assert body["token_type"] == "Bearer" and body["expires_in"] == ACCESS_LIFETIME_S and body["scope"] == SCOPE
    access, refresh = body["access_token"], body["refresh_token"]

    sites = call(f"{url}/oauth/token/accessible-resources", auth=access).body
    assert [site["id"] for site in sites] == [CLOUD_ID]
    assert sites[0]["url"] == url and sites[0]["scopes"] == SCOPE.split()

    api = f"{url}/ex/jira/{CLOUD_ID}/rest/api/3"
    assert call(f"{api}/myself", auth=access).body["accountId"] == PERSON["accountId"]
    found = call(f"{api}/search/jql", "POST", {"jql": "type = Bug ORDER BY key", "fields": ["key"], "maxResults": 100},
                 auth=access).body
    assert [i["key"] for i in found["issues"]] == ORACLE.browsable_keys(PERSON["accountId"], "type = Bug ORDER BY key")
    assert call(f"{url}/ex/jira/not-this-site/rest/api/3/myself", auth=access).status == 401
    assert call(f"{api}/myself").status == 401

    rotated = call(f"{url}/oauth/token", "POST", {"grant_type": "refresh_token", "client_id": APP.client_id,
                                                  "client_secret": APP.secret, "refresh_token": refresh})
    assert rotated.status == 200 and rotated.body["refresh_token"] != refresh
    replay = call(f"{url}/oauth/token", "POST", {"grant_type": "refresh_token", "client_id": APP.client_id,
                                                 "client_secret": APP.secret, "refresh_token": refresh})
    assert replay.status == 400 and replay.body["error"] == "invalid_grant"
    fresh = rotated.body["access_token"]
    assert call(f"{api}/myself", auth=fresh).status == 200

    NOW[0] += ACCESS_LIFETIME_S * 1000
    expired = call(f"{api}/myself", auth=fresh)
    assert expired.status == 401
    assert call(f"{url}/oauth/token/accessible-resources", auth=fresh).status == 401


def test_codes_are_single_use_and_short_lived(url: str) -> None:
    code = sign_in(url)
    first = exchange(url, code)
    assert first.status == 200
    reused = exchange(url, code)
    assert reused.status == 400 and reused.body["error"] == "invalid_grant"
    # A replayed code revokes what it granted (RFC 6749 §4.1.2).
    assert call(f"{url}/ex/jira/{CLOUD_ID}/rest/api/3/myself", auth=first.body["access_token"]).status == 401
    late = sign_in(url)
    NOW[0] += CODE_LIFETIME_MS
    assert exchange(url, late).body["error"] == "invalid_grant"


def test_token_endpoint_errors(url: str) -> None:
    code = sign_in(url)
    wrong_secret = call(f"{url}/oauth/token", "POST", {"grant_type": "authorization_code", "client_id": APP.client_id,
                                                       "client_secret": "guess", "code": code,
                                                       "redirect_uri": APP.redirect_uri})
    assert wrong_secret.status == 401 and wrong_secret.body["error"] == "invalid_client"
    form = post_form(f"{url}/oauth/token", {"grant_type": "password", "client_id": APP.client_id})
    assert form.status == 400 and '"unsupported_grant_type"' in form.body["text"]
    missing = call(f"{url}/oauth/token", "POST", {"grant_type": "refresh_token", "client_id": APP.client_id})
    assert missing.status == 400 and missing.body["error"] == "invalid_request"


def test_oauth_is_cloud_only() -> None:
    with BackgroundServer(create_app(DEMO, ServerOptions(oauth_clients=(APP,)))) as base:
        assert call(f"{base}/authorize?" + urllib.parse.urlencode(authorize_params())).status == 404


def test_client_spec_keeps_the_redirect_uris_colons() -> None:
    assert OAuthClient.parse("app-1:s3:http://127.0.0.1:9/cb") == OAuthClient("app-1", "s3", "http://127.0.0.1:9/cb")
    with pytest.raises(ValueError, match="ID:SECRET:REDIRECT_URI"):
        OAuthClient.parse("app-1:s3")


def test_writes_need_the_write_scope(url: str) -> None:
    """Runs last: it adds a comment to the module's dataset. A token granted read scopes only may
    search but not change anything (Jira Cloud's 401); with write:jira-work it acts as its person."""
    api = f"{url}/ex/jira/{CLOUD_ID}/rest/api/3"
    key = ORACLE.browsable_keys(PERSON["accountId"], "project = WEB ORDER BY key")[0]
    note = {"body": {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [
        {"type": "text", "text": "Written through OAuth."}]}]}}
    email, token = ORACLE.basic(PERSON)
    for scope, status in ((SCOPE, 401), ("read:jira-work write:jira-work", 201)):
        reply = post_form(f"{url}/authorize", {**authorize_params(scope=scope), "email": email, "token": token})
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(reply.headers["Location"]).query)["code"][0]
        access = exchange(url, code).body["access_token"]
        assert call(f"{api}/search/jql", "POST", {"jql": f"key = {key}"}, auth=access).status == 200
        written = call(f"{api}/issue/{key}/comment", "POST", note, auth=access)
        assert written.status == status, written.body
        if status == 401:
            assert written.body == {"code": 401, "message": "Unauthorized; scope does not match"}
        else:
            assert written.body["author"]["accountId"] == PERSON["accountId"]
