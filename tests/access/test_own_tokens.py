"""`jira.permissions: user-token`: each person signs in once — Atlassian's OAuth 2.0 (3LO) consent on
Jira Cloud, a personal access token on Data Center — and Jira is called with their own token, over
real sockets: a browser (cookies, redirects, devjira's sign-in form) signs in to `jirakg serve`, and
the answers are checked against what devjira shows that person. Issue content is shared in the graph
store; query results are kept per person."""

from __future__ import annotations

import asyncio
import html
import json
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from http.cookiejar import CookieJar

import pytest
from aiohttp import web
from click.testing import CliRunner
from playwright.sync_api import sync_playwright

from jirakg.access.atlassian_oauth import AtlassianOAuth
from jirakg.access.credentials import JiraCredential, PersonalCredentials
from jirakg.access.own_sight import OwnPermissions
from jirakg.access.people import Account
from jirakg.access.permissions import Place
from jirakg.access.sealed import Sealer
from jirakg.bots.cli import main
from jirakg.bots.slack import SlackBot
from jirakg.bots.web.app import build_app
from jirakg.bots.web.forge_token import FitVerifier
from jirakg.config import Settings
from jirakg.config.loading import ConfigError
from jirakg.config.settings import AtlassianOAuthSettings, SlackSettings
from jirakg.connectors.jira import JiraAuth
from jirakg.devjira.demo.access import RESTRICTED_PROJECT, SERVICE_ACCOUNT_ID, api_token
from jirakg.devjira.oauth import OAuthClient
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from jirakg.graph.stores.memory import MemoryStore
from tests.access.people import (
    DATASET,
    INSIDER,
    ORACLE,
    OUTSIDER,
    RAW,
    SERVICE,
    credentials,
    hidden_from,
    visible_keys,
)
from tests.access.test_answers_as_asker import COUNT, RAN, STORES, blocked_by_hidden, parent_of_hidden, store_of
from tests.access.test_surfaces import until
from tests.bots.forge_env import APP_ID as FORGE_APP
from tests.bots.forge_env import token as forge_token
from tests.bots.mcp_env import connected, structured
from tests.bots.slack_api import BOT_TOKEN, SIGNING_SECRET, FakeSlack, event_body, signed
from tests.bots.test_forge_panel import jwks_url  # noqa: F401 (a fixture)
from tests.bots.web_env import call
from tests.devjira import http
from tests.jira_env import connector, devjira

KEY = "a-test-secret-that-is-long-enough-0123456789"
APP_ID, APP_SECRET = "jirakg-app", "jirakg-app-secret"
NOW = [int(time.time() * 1000)]  # devjira's clock, moved on to let access tokens lapse
SECRET = sorted(k for k in RAW if k.startswith(RESTRICTED_PROJECT + "-"))[0]
HIDDEN_INPUT = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def store_settings(store: str, tmp_path, redis_url: str | None, db: int) -> dict:
    return {"memory": {"backend": "memory"}, "sqlite": {"backend": "sqlite", "sqlite_path": tmp_path / "g.sqlite3"},
            "redis": {"backend": "redis", "redis_url": f"{(redis_url or '').rsplit('/', 1)[0]}/{db}"}}[store]


def token_settings(jira: str, address: str, tmp_path, store: dict, service: dict = SERVICE) -> Settings:
    email, token = credentials(service) if service is not SERVICE else (SERVICE["emailAddress"],
                                                                         api_token(SERVICE_ACCOUNT_ID))
    return Settings(data_dir=tmp_path, store=store, feedback={"sqlite_path": tmp_path / "feedback.sqlite3"},
                    jira={"url": jira, "auth": "basic", "email": email, "token": token, "permissions": "user-token",
                          "credentials_key": KEY,
                          "oauth": {"client_id": APP_ID, "client_secret": APP_SECRET, "auth_url": jira,
                                    "api_url": jira}},
                    web={"public_url": address,
                         "api_tokens": [{"token": "out-token", "user": OUTSIDER["emailAddress"]}]})


@contextmanager
def served(deployment: str, tmp_path, store: dict | None = None, **surfaces):
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    app_client = OAuthClient(APP_ID, APP_SECRET, f"{address}/auth/callback")
    with devjira(DATASET, deployment=deployment, oauth_clients=(app_client,), clock_ms=lambda: NOW[0]) as jira:
        settings = token_settings(jira, address, tmp_path, store or {"backend": "memory"})
        app = build_app(lambda: engine_session(jira, settings), settings, **surfaces)
        with BackgroundServer(app, port=port) as url:
            yield url, jira


class Browser:
    """One person's browser: its own cookies, following redirects across jirakg and devjira (or
    stopping at one, to look at where it points)."""

    def __init__(self) -> None:
        cookies = urllib.request.HTTPCookieProcessor(CookieJar())
        self.following = urllib.request.build_opener(cookies)
        self.stopping = urllib.request.build_opener(cookies, NoRedirect())

    def open(self, url: str, form: dict[str, str] | None = None, body: dict | None = None,
             follow: bool = True) -> tuple[int, str, str]:
        """(status, text, the address it ended at, or a redirect's target when not following)."""
        data, kind = None, None
        if form is not None:
            data, kind = urllib.parse.urlencode(form).encode(), "application/x-www-form-urlencoded"
        elif body is not None:
            data, kind = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
        if kind:
            request.add_header("Content-Type", kind)
        try:
            with (self.following if follow else self.stopping).open(request, timeout=60) as response:
                return response.status, response.read().decode(), response.url
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(), exc.headers.get("Location") or exc.url

    def sign_in(self, url: str, jira: str, person: dict, cloud: bool) -> tuple[int, str, str]:
        """Through the sign-in page: Atlassian's consent form on Cloud, the token form on Data Center."""
        fields, where = self.consent_form(url)
        if cloud:
            assert where.startswith(f"{jira}/authorize?")
            email, token = credentials(person)
            return self.open(f"{jira}/authorize", form={**fields, "email": email, "token": token})
        return self.open(f"{url}/auth/sign-in", form={**fields, "token": api_token(person["accountId"])})

    def consent_form(self, url: str) -> tuple[dict[str, str], str]:
        status, page, where = self.open(f"{url}/auth/sign-in")
        assert status == 200, page
        return {name: html.unescape(value) for name, value in HIDDEN_INPUT.findall(page)}, where

    def ask(self, url: str, text: str) -> tuple[int, dict]:
        status, reply, _ = self.open(f"{url}/api/v1/ask", body={"text": text})
        return status, json.loads(reply)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def shown(reply: dict) -> set[str]:
    keys = set(re.findall(r"\b[A-Z][A-Z0-9]+-\d+\b", reply["answer"]))
    return keys | {c["key"] for c in reply["citations"]} | {r["key"] for r in reply.get("rows") or []}


@pytest.fixture(params=["cloud", "server"])
def deployment(request) -> str:
    return request.param


@pytest.mark.parametrize("store", STORES)
def test_each_person_sees_what_jira_shows_them_with_their_own_token(deployment, store, tmp_path, request) -> None:
    redis_url = request.getfixturevalue("redis_url") if store == "redis" else None
    with served(deployment, tmp_path, store_settings(store, tmp_path, redis_url, 13 if deployment == "cloud" else 14)) \
            as (url, jira):
        hidden = hidden_from(jira, OUTSIDER)
        blocked, parent = blocked_by_hidden(hidden), parent_of_hidden(hidden)
        lists = [f"What blocks {blocked}?", f"What transitively blocks {blocked}?",
                 f"List the children of {parent}", "open bugs", f"Summarize {parent}", "Who is overloaded?"]
        counts = ["How many open bugs are there?", "How many issues are there in total?"]
        insider, outsider = Browser(), Browser()
        for browser, person in ((insider, INSIDER), (outsider, OUTSIDER)):
            status, page, where = browser.sign_in(url, jira, person, deployment == "cloud")
            assert status == 200 and where == f"{url}/", page  # back in the web chat, signed in
        for question in [*lists, *counts, f"Who owns {SECRET}?"]:  # someone who sees more caches first
            assert insider.ask(url, question)[0] == 200
        for question in lists:
            status, reply = outsider.ask(url, question)
            assert status == 200 and not shown(reply) & hidden, (question, reply["answer"])
        for question in counts:
            status, reply = outsider.ask(url, question)
            ran = RAN.search(reply["answer"])
            expected = len(visible_keys(jira, OUTSIDER, ran.group(1))) if ran else 0
            assert not shown(reply) & hidden, (question, reply["answer"])
            assert expected in [int(n) for n in COUNT.findall(reply["answer"])], (question, expected, reply["answer"])
        status, refused = outsider.ask(url, f"Who owns {SECRET}?")
        assert status == 200 and RAW[SECRET]["fields"]["summary"] not in refused["answer"]
        assert SECRET not in {c["key"] for c in refused["citations"]}
        status, seen = insider.ask(url, f"Who owns {SECRET}?")
        assert status == 200 and SECRET in {c["key"] for c in seen["citations"]}


def test_nobody_is_answered_before_signing_in(tmp_path) -> None:
    with served("cloud", tmp_path) as (url, _):
        status, reply = Browser().ask(url, "open bugs")
        assert status == 401 and "Sign in to Jira first, at /auth/sign-in" in reply["error"]
        # A token issued to a person who has not signed in yet: told where to sign in, and nothing else.
        request = urllib.request.Request(f"{url}/api/v1/ask", data=b'{"text": "open bugs"}', method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": "Bearer out-token"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 403
        assert f"sign in to Jira once at {url}/auth/sign-in" in refused.value.read().decode()


def test_a_sign_in_finishes_only_where_it_started_and_only_once(tmp_path) -> None:
    with served("cloud", tmp_path) as (url, jira):
        started = Browser()
        fields, _ = started.consent_form(url)
        email, token = credentials(OUTSIDER)
        # Another browser finishing this sign-in (a link sent to a victim) signs nobody in.
        other = Browser()
        status, _, callback = other.open(f"{jira}/authorize", form={**fields, "email": email, "token": token},
                                         follow=False)
        assert status == 302 and callback.startswith(f"{url}/auth/callback?")
        status, page, _ = other.open(callback)
        assert status == 400 and "started in another browser" in page
        assert other.ask(url, "open bugs")[0] == 401
        # A forged or tampered link is refused.
        status, page, _ = started.open(f"{url}/auth/sign-in?for={fields['state'][:-2]}xx")
        assert status == 400 and "start again" in page
        # The browser that started it signs in; replaying its callback changes nothing.
        _, _, callback = started.open(f"{jira}/authorize", form={**fields, "email": email, "token": token},
                                      follow=False)
        assert started.open(callback, follow=False)[0] == 302
        status, page, _ = started.open(callback)
        assert status == 400 and "start" in page and "Signed in" not in page
        assert started.ask(url, "open bugs")[0] == 200


def test_a_token_sign_in_link_works_once(tmp_path) -> None:
    """Data Center: a link sent to one Slack user, once used with a personal access token, cannot be used
    again to attach another account to that user (the form posts the link back, so it must be spent)."""
    with served("server", tmp_path) as (url, _):
        signed = Sealer(KEY).sign({"surface": "slack", "user": "U-1", "nonce": "n1"}, 900)
        first = Browser().open(f"{url}/auth/sign-in", form={"for": signed, "token": api_token(OUTSIDER["accountId"])})
        assert first[0] == 200 and "Signed in" in first[1] and OUTSIDER["displayName"] in first[1]
        status, page, _ = Browser().open(f"{url}/auth/sign-in",
                                         form={"for": signed, "token": api_token(INSIDER["accountId"])})
        assert status == 400 and "start again" in page and "Signed in" not in page


def test_a_lapsed_own_token_asks_to_sign_in_again(tmp_path) -> None:
    with served("cloud", tmp_path) as (url, jira):
        browser = Browser()
        browser.sign_in(url, jira, OUTSIDER, cloud=True)
        assert browser.ask(url, "open bugs")[0] == 200
        NOW[0] += 2 * 3600 * 1000  # Jira no longer accepts the access token jirakg holds
        try:
            status, reply = browser.ask(url, "How many open tasks are there?")  # not cached: Jira is asked
        finally:
            NOW[0] = int(time.time() * 1000)
        assert status == 403 and "no longer accepts your own sign-in" in reply["error"], reply
        status, reply = browser.ask(url, "open bugs")  # the dead token was forgotten
        assert status == 403 and "sign in to Jira once" in reply["error"]
        browser.sign_in(url, jira, OUTSIDER, cloud=True)
        assert browser.ask(url, "open bugs")[0] == 200


def test_a_service_account_without_administer_jira_is_enough(tmp_path) -> None:
    """With people's own tokens nothing is checked on their behalf, so the service account needs no
    'Administer Jira'; without an OAuth app on Cloud, start-up names the settings to add."""
    with devjira(DATASET, deployment="cloud") as jira:
        settings = token_settings(jira, "http://127.0.0.1:9", tmp_path, {"backend": "memory"}, service=OUTSIDER)

        async def start(chosen: Settings) -> bool:
            async with engine_session(jira, chosen) as engine:
                return engine.access is not None and engine.access.sign_in is not None

        assert asyncio.run(start(settings))
        no_app = settings.model_copy(update={"jira": settings.jira.model_copy(update={
            "oauth": AtlassianOAuthSettings()})})
        with pytest.raises(ConfigError, match=r"jira\.oauth\.client_id .*http://127\.0\.0\.1:9/auth/callback"):
            asyncio.run(start(no_app))


def test_own_tokens_are_renewed_once_and_forgotten_when_they_cannot_be(tmp_path) -> None:
    """Renewal against devjira's token endpoint: rotating refresh tokens, one renewal however many turns
    ask at once, and a grant that cannot be renewed any more is forgotten."""
    redirect = "http://127.0.0.1:9/auth/callback"
    with devjira(DATASET, deployment="cloud", oauth_clients=(OAuthClient(APP_ID, APP_SECRET, redirect),),
                 clock_ms=lambda: NOW[0]) as jira:
        oauth = AtlassianOAuth(AtlassianOAuthSettings(client_id=APP_ID, client_secret=APP_SECRET, auth_url=jira,
                                                      api_url=jira), redirect)
        email, token = credentials(OUTSIDER)
        _, _, back = Browser().open(f"{jira}/authorize", follow=False, form={
            "audience": "api.atlassian.com", "client_id": APP_ID, "redirect_uri": redirect, "state": "s",
            "scope": "read:jira-work offline_access", "response_type": "code", "email": email, "token": token})
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(back).query)["code"][0]
        clock = [1000.0]

        async def run() -> None:
            tokens = await oauth.exchange(code)
            site = await oauth.site_of(tokens.access, jira)
            kept = PersonalCredentials(MemoryStore(), Sealer(KEY), oauth, clock=lambda: clock[0])
            first = JiraCredential(kind="oauth", account_id="a1", access=tokens.access, refresh=tokens.refresh,
                                   site=site, expires_at=clock[0] + 60)  # within the renewal margin
            await kept.put(first)
            renewed = await asyncio.gather(*(kept.current("a1") for _ in range(3)))
            assert {r.access for r in renewed if r} != {first.access} and len({r.access for r in renewed if r}) == 1
            assert renewed[0] is not None and renewed[0].refresh != first.refresh  # rotated
            with pytest.raises(Exception, match="refused the sign-in"):
                await oauth.refresh(first.refresh or "")  # a spent refresh token is refused
            await kept.put(renewed[0].model_copy(update={"refresh": "revoked", "expires_at": clock[0]}))
            assert await kept.current("a1") is None and await kept.store.get_state("jira-credential:a1") is None
            # Sealed at rest: the token is not readable in the store, and another key opens nothing.
            await kept.put(first)
            sealed = await kept.store.get_state("jira-credential:a1")
            assert sealed and tokens.access not in sealed
            assert await PersonalCredentials(kept.store, Sealer(KEY + "x"), oauth).current("a1") is None

        asyncio.run(run())


@pytest.mark.parametrize("store_name", STORES)
def test_one_sign_in_serves_the_person_on_every_surface(store_name: str, tmp_path, jwks_url: str,  # noqa: F811
                                                        request) -> None:
    """Signed in once in the web chat, a person is answered as themselves through a token issued to them
    (REST and MCP), the Jira panel and the CLI; a Slack user follows the link sent to them alone, and is answered as the
    account they signed in with."""
    fake = FakeSlack(emails={})
    redis_url = request.getfixturevalue("redis_url") if store_name == "redis" else None
    store = store_of(store_name, tmp_path, redis_url, db=14)
    with fake.serve() as slack_api:
        bot = SlackBot(None, SlackSettings(bot_token=BOT_TOKEN, signing_secret=SIGNING_SECRET),
                       base_url=f"{slack_api}/api/")
        with served("cloud", tmp_path, store, slack=bot, forge=FitVerifier(FORGE_APP, jwks_url)) as (url, jira):
            for person in (OUTSIDER, INSIDER):
                assert Browser().sign_in(url, jira, person, cloud=True)[0] == 200
            status, reply, _ = call(f"{url}/api/v1/ask", "POST", {"text": f"Who owns {SECRET}?"},
                                    {"Authorization": "Bearer out-token"})
            assert status == 200 and SECRET not in {c["key"] for c in reply["citations"]}

            async def through_mcp() -> tuple[dict, dict]:
                async with connected(url, "out-token") as client:
                    return (await structured(client, "get_issue", {"key": blocked_by_hidden(hidden)}),
                            await structured(client, "search", {"query": "open bugs"}))

            hidden = hidden_from(jira, OUTSIDER)
            issue, found = asyncio.run(through_mcp())
            assert not hidden & set(re.findall(r"\b[A-Z][A-Z0-9]+-\d+\b", json.dumps(issue)))
            assert not hidden & {i["key"] for i in found["issues"]}
            for principal, sees in ((OUTSIDER["accountId"], False), (INSIDER["accountId"], True)):
                status, reply, _ = call(f"{url}/forge/ask", "POST", {"text": f"Who owns {SECRET}?"},
                                        {"Authorization": f"Bearer {forge_token(principal=principal)}"})
                assert status == 200 and (SECRET in {c["key"] for c in reply["citations"]}) is sees
            status, reply, _ = call(f"{url}/forge/ask", "POST", {"text": "open bugs"},
                                    {"Authorization": f"Bearer {forge_token(principal=SERVICE_ACCOUNT_ID)}"})
            assert status == 403 and f"sign in to Jira once at {url}/auth/sign-in" in reply["error"]

            def mention(ts: str) -> None:
                body = event_body({"type": "app_mention", "user": "U-IN", "text": f"<@UBOT> Who owns {SECRET}?",
                                   "ts": ts, "channel": "C1"}, f"Ev-{ts}")
                assert http.call(f"{url}/slack/events", "POST", raw=body,
                                 headers={"Content-Type": "application/json", **signed(body)}).status == 200

            mention("400.1")
            told = until(lambda: [m["text"] for m in fake.of("chat.postEphemeral") if m.get("user") == "U-IN"])
            link = re.search(rf"{re.escape(url)}/auth/sign-in\?for=\S+", told[0])
            assert link and not fake.of("chat.postMessage")  # nothing answered before signing in
            browser = Browser()
            status, page, where = browser.open(link.group(0).rstrip("."))
            assert where.startswith(f"{jira}/authorize?")
            fields = {name: html.unescape(value) for name, value in HIDDEN_INPUT.findall(page)}
            email, token = credentials(INSIDER)
            status, page, _ = browser.open(f"{jira}/authorize", form={**fields, "email": email, "token": token})
            assert status == 200 and "Signed in" in page and INSIDER["displayName"] in page
            mention("401.1")
            answered = until(lambda: [m["text"] for m in fake.of("chat.postMessage") if m.get("thread_ts") == "401.1"])
            assert SECRET in answered[0] and RAW[SECRET]["fields"]["summary"] in answered[0]
            env = {"JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__EMAIL": SERVICE["emailAddress"],
                   "JIRAKG_JIRA__TOKEN": api_token(SERVICE_ACCOUNT_ID), "JIRAKG_DATA_DIR": str(tmp_path),
                   "JIRAKG_STORE__BACKEND": store["backend"],
                   **({"JIRAKG_STORE__SQLITE_PATH": str(store["sqlite_path"])} if "sqlite_path" in store else {}),
                   **({"JIRAKG_STORE__REDIS_URL": store["redis_url"]} if "redis_url" in store else {}),
                   "JIRAKG_JIRA__PERMISSIONS": "user-token", "JIRAKG_JIRA__CREDENTIALS_KEY": KEY,
                   "JIRAKG_JIRA__OAUTH__CLIENT_ID": APP_ID, "JIRAKG_JIRA__OAUTH__CLIENT_SECRET": APP_SECRET,
                   "JIRAKG_JIRA__OAUTH__AUTH_URL": jira, "JIRAKG_JIRA__OAUTH__API_URL": jira}
            for person, sees in ((OUTSIDER, False), (INSIDER, True)):
                result = CliRunner().invoke(main, ["ask", f"Who owns {SECRET}?", "--user", person["emailAddress"],
                                                   "--json"], env=env)
                if store_name == "memory":  # the server's own memory: the CLI's process holds none of its sign-ins
                    assert result.exit_code == 1 and "sign in to Jira once at" in result.output
                    assert SECRET not in result.output
                else:
                    assert result.exit_code == 0 and (f'"key":"{SECRET}"' in result.output) is sees, result.output


@pytest.mark.browser
def test_the_web_chat_signs_a_person_in_and_answers_as_them(tmp_path) -> None:
    """Real Chromium: the empty chat offers "Sign in to Jira" (the examples need a person), Atlassian's
    consent form (devjira's) signs the outsider in, and the chat then answers as them."""
    from tests.bots.test_web_chat_browser import CHROMIUM, FLAGS

    with served("cloud", tmp_path) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(url)
        link = page.get_by_role("link", name="Sign in to Jira")
        link.wait_for()
        assert page.locator("#token-form").is_hidden()
        link.click()
        email, token = credentials(OUTSIDER)
        page.get_by_label("Email").fill(email)
        page.get_by_label("API token").fill(token)
        page.get_by_role("button", name="Accept").click()
        page.wait_for_url(f"{url}/")
        page.locator("#examples button").first.wait_for()  # the examples now answer for this person
        assert page.locator("#sign-in").is_hidden()
        page.locator("#question").fill(f"Who owns {SECRET}?")
        page.locator("#question").press("Enter")
        answer = page.locator(".turn .answer").last
        answer.wait_for()
        page.wait_for_function("document.querySelector('#send') && !document.querySelector('#send').disabled")
        assert SECRET in answer.inner_text() and RAW[SECRET]["fields"]["summary"] not in answer.inner_text()
        browser.close()


def test_own_decisions_hold_when_jira_refuses_a_list_naming_an_issue_hidden_from_the_person() -> None:
    """Jira may refuse `id in (…)` whole when one id is not visible to the caller; the person's own
    decisions are then asked issue by issue, and agree with the metadata."""
    @web.middleware
    async def refuse_id_lists(request: web.Request, handler):
        body = await request.json() if request.method == "POST" and request.can_read_body else {}
        if str(body.get("jql", request.query.get("jql", ""))).startswith("id in"):
            return web.json_response({"errorMessages": ["An issue with key '1' does not exist for field 'id'."],
                                      "errors": {}}, status=400)
        return await handler(request)

    # Issues under a security level and in the restricted project (hidden from the person), and open ones.
    secured = ([i for i in RAW.values() if i["fields"].get("security")][:6]
               + [i for k, i in RAW.items() if k.startswith(RESTRICTED_PROJECT + "-")][:3]
               + [i for i in RAW.values() if not i["fields"].get("security")][:6])
    expected = {i["id"] for i in secured if ORACLE.may_browse(OUTSIDER["accountId"], i)}
    assert expected and expected != {i["id"] for i in secured}  # both kinds, or the test proves nothing
    with devjira(DATASET, deployment="server", middlewares=[refuse_id_lists]) as jira:
        async def decide() -> set[str]:
            async with connector(jira, auth=JiraAuth("basic", *credentials(OUTSIDER))) as own:
                granted = await OwnPermissions(own).browsable(
                    Account(OUTSIDER["accountId"]), [], [Place(i["id"], i["key"]) for i in secured])
            return granted.issues

        assert asyncio.run(decide()) == expected
