"""Each surface hands the engine the person its own verified credential names, and the answer is
theirs: the REST API (a token issued to a person), Slack (the profile email behind a signed event),
the Jira panel (a signed Forge token's account) and the CLI (--user). Everyone outside the restricted
project gets the same not-found sentence for its issue; a person jirakg cannot match is told how to
link, and nothing else."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.bots.slack import SlackBot
from jirakg.bots.web.app import build_app
from jirakg.bots.web.forge_token import FitVerifier
from jirakg.config import Settings
from jirakg.config.settings import SlackSettings
from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.demo.access import RESTRICTED_PROJECT, SERVICE_ACCOUNT_ID, api_token, embargoed
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from tests.access.people import DATASET, INSIDER, KEY, OUTSIDER, RAW, SERVICE, credentials
from tests.access.test_answers_as_asker import STORES, store_of
from tests.bots.forge_env import APP_ID, token
from tests.bots.slack_api import BOT_TOKEN, SIGNING_SECRET, FakeSlack, event_body, form_body, signed
from tests.bots.test_forge_panel import jwks_url  # noqa: F401 (a fixture)
from tests.bots.web_env import call
from tests.devjira import http
from tests.jira_env import devjira

SECRET = sorted(k for k in RAW if k.startswith(RESTRICTED_PROJECT + "-"))[0]
QUESTION = f"Who owns {SECRET}?"
EMAILS = {"U-OUT": OUTSIDER["emailAddress"], "U-IN": INSIDER["emailAddress"], "U-NONE": "nobody@example.com"}


def jira_settings(url: str) -> dict:
    return {"url": url, "auth": "basic", "email": SERVICE["emailAddress"], "token": api_token(SERVICE_ACCOUNT_ID)}


def refused_for_them(answer: str) -> bool:
    return SECRET in answer and RAW[SECRET]["fields"]["summary"] not in answer and "not visible" in answer


@contextmanager
def served(tmp_path, jwks: str, store: dict):
    fake = FakeSlack(emails=EMAILS)
    # With the service credential required, as a real Jira: a wrong token is refused, not let through.
    with devjira(DATASET, deployment="cloud", auth=AuthSpec("basic", *credentials(SERVICE))) as jira, \
            fake.serve() as slack_api:
        settings = Settings(jira=jira_settings(jira), store=store,
                            feedback={"sqlite_path": tmp_path / "feedback.sqlite3"},
                            web={"api_tokens": [{"token": "out-token", "user": OUTSIDER["emailAddress"]},
                                                {"token": "in-token", "user": INSIDER["accountId"]},
                                                {"token": "nobody-token", "user": "nobody@example.com"},
                                                "machine-token"]})
        bot = SlackBot(None, SlackSettings(bot_token=BOT_TOKEN, signing_secret=SIGNING_SECRET),
                       base_url=f"{slack_api}/api/")
        app = build_app(lambda: engine_session(jira, settings), settings, slack=bot, forge=FitVerifier(APP_ID, jwks))
        with BackgroundServer(app) as url:
            yield url, fake, slack_api, jira


def rest(url: str, bearer: str) -> tuple[int, dict]:
    status, body, _ = call(f"{url}/api/v1/ask", "POST", {"text": QUESTION}, {"Authorization": f"Bearer {bearer}"})
    return status, body


def until(condition, seconds: float = 60.0):  # a bound for a loaded machine, not a speed check
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.05)
    raise AssertionError("the bot did not reply in time")


@pytest.mark.parametrize("store", STORES)
def test_every_surface_answers_as_its_person(store: str, tmp_path, jwks_url: str, request) -> None:  # noqa: F811
    """The service account's answer is cached first: each person after it still sees only their own."""
    redis_url = request.getfixturevalue("redis_url") if store == "redis" else None
    with served(tmp_path, jwks_url, store_of(store, tmp_path, redis_url, db=13)) as (url, fake, slack_api, _):
        # A machine's token asks as the service account; people's tokens as themselves.
        status, machine = rest(url, "machine-token")
        assert status == 200 and SECRET in [c["key"] for c in machine["citations"]]
        status, outsider = rest(url, "out-token")
        assert status == 200 and refused_for_them(outsider["answer"])
        status, insider = rest(url, "in-token")
        assert status == 200 and SECRET in [c["key"] for c in insider["citations"]]
        status, nobody = rest(url, "nobody-token")
        assert status == 403 and "could not find your Jira account" in nobody["error"]

        # Jira panel: the Forge token's principal is the person.
        for principal, sees in ((OUTSIDER["accountId"], False), (INSIDER["accountId"], True)):
            status, reply, _ = call(f"{url}/forge/ask", "POST", {"text": QUESTION},
                                    {"Authorization": f"Bearer {token(principal=principal)}"})
            assert status == 200 and (SECRET in [c["key"] for c in reply["citations"]]) is sees
        status, reply, _ = call(f"{url}/forge/ask", "POST", {"text": QUESTION},
                                {"Authorization": f"Bearer {token(principal='557058:unknown')}"})
        assert status == 403 and "open the panel again" in reply["error"]

        # Slack: the email on the person's profile finds their Jira account.
        for n, user in enumerate(("U-OUT", "U-IN", "U-NONE")):
            event = {"type": "app_mention", "user": user, "text": f"<@UBOT> {QUESTION}", "ts": f"{200 + n}.1",
                     "channel": "C1"}
            body = event_body(event, f"Ev-as-{user}")
            assert http.call(f"{url}/slack/events", "POST", raw=body,
                             headers={"Content-Type": "application/json", **signed(body)}).status == 200
        posted = until(lambda: fake.of("chat.postMessage") if len(fake.of("chat.postMessage")) == 2 else None)
        by_thread = {m["thread_ts"]: m["text"] for m in posted}
        assert refused_for_them(by_thread["200.1"]) and RAW[SECRET]["fields"]["summary"] not in by_thread["200.1"]
        assert SECRET in by_thread["201.1"] and "not visible" not in by_thread["201.1"]
        linking = until(lambda: [m for m in fake.of("chat.postEphemeral") if m.get("user") == "U-NONE"])
        assert "could not find your Jira account" in linking[0]["text"] and "/jirakg link" in linking[0]["text"]
        assert len(fake.of("chat.postMessage")) == 2  # nothing was posted for the unmatched person

        # Through /jirakg the sentence comes privately through the response_url, wherever it was typed.
        # The unmatched person then proves an account with its own credentials; wrong ones link nothing.
        email, secret = credentials(OUTSIDER)
        for n, words in enumerate((QUESTION, f"link {email} wrong-token", f"link {email} {secret}")):
            command = form_body({"command": "/jirakg", "text": words, "channel_id": "C1",
                                 "user_id": "U-NONE", "team_id": "T1", "trigger_id": f"link.{n}",
                                 "response_url": f"{slack_api}/response/none{n}"})
            assert http.call(f"{url}/slack/commands", "POST", raw=command, headers={
                "Content-Type": "application/x-www-form-urlencoded", **signed(command)}).status == 200
            reply = until(lambda n=n: fake.responded(f"none{n}"))[0]
            assert reply["response_type"] == "ephemeral" and "blocks" not in reply
        replies = [fake.responded(f"none{n}")[0]["text"] for n in range(3)]
        assert "could not find your Jira account" in replies[0] and "/jirakg link" in replies[0]
        assert any("did not accept those credentials" in r for r in replies)
        assert any(r.startswith("Linked") and OUTSIDER["displayName"] in r for r in replies)
        event = {"type": "app_mention", "user": "U-NONE", "text": f"<@UBOT> {QUESTION}", "ts": "300.1",
                 "channel": "C1"}
        body = event_body(event, "Ev-linked")
        http.call(f"{url}/slack/events", "POST", raw=body, headers={"Content-Type": "application/json", **signed(body)})
        linked = until(lambda: [m["text"] for m in fake.of("chat.postMessage") if m.get("thread_ts") == "300.1"])
        assert refused_for_them(linked[0])  # answered, as the account linked


def test_slack_previews_and_home_show_what_the_person_may_see(tmp_path, jwks_url: str) -> None:  # noqa: F811
    public = sorted(k for k in RAW if k.startswith("PROJ-") and not embargoed(k))[0]
    with served(tmp_path, jwks_url, {"backend": "memory"}) as (url, fake, _, jira):
        links = {key: f"{jira.rstrip('/')}/browse/{key}" for key in (SECRET, public)}
        for n, user in enumerate(("U-OUT", "U-IN", "U-NONE")):
            body = event_body({"type": "link_shared", "channel": "C1", "user": user, "message_ts": f"40{n}.1",
                               "links": [{"domain": "127.0.0.1", "url": u} for u in links.values()]}, f"Ev-l-{user}")
            assert http.call(f"{url}/slack/events", "POST", raw=body,
                             headers={"Content-Type": "application/json", **signed(body)}).status == 200
        for n, user in enumerate(("U-OUT", "U-IN")):
            body = event_body({"type": "app_home_opened", "user": user, "channel": "D1", "tab": "home"}, f"Ev-h-{n}")
            http.call(f"{url}/slack/events", "POST", raw=body,
                      headers={"Content-Type": "application/json", **signed(body)})
        unfurls = until(lambda: {u["ts"]: u["unfurls"] for u in fake.of("chat.unfurl")}
                        if len(fake.of("chat.unfurl")) == 2 else None)
        homes = until(lambda: {v["user_id"]: json.dumps(v["view"]) for v in fake.of("views.publish")}
                      if len(fake.of("views.publish")) == 2 else None)
        time.sleep(0.3)
    assert set(unfurls["400.1"]) == {links[public]}  # the outsider's preview leaves out what they may not see
    assert set(unfurls["401.1"]) == set(links.values())
    assert RAW[SECRET]["fields"]["summary"] in json.dumps(unfurls["401.1"][links[SECRET]])
    assert len(fake.of("chat.unfurl")) == 2  # nothing for the person jirakg cannot match
    assert "/jirakg link" in homes["U-OUT"] and "Answers are what your Jira account may see" in homes["U-OUT"]
    outsider_examples = set(KEY.findall(homes["U-OUT"]))
    assert outsider_examples and not any(k.startswith(RESTRICTED_PROJECT + "-") or embargoed(k)
                                         for k in outsider_examples)


@pytest.mark.parametrize("user, sees", [(OUTSIDER, False), (INSIDER, True)])
def test_the_cli_answers_as_the_user_given(tmp_path, user: dict, sees: bool) -> None:
    with devjira(DATASET, deployment="server") as jira:
        env = {"JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__EMAIL": SERVICE["emailAddress"],
               "JIRAKG_JIRA__TOKEN": api_token(SERVICE_ACCOUNT_ID), "JIRAKG_DATA_DIR": str(tmp_path),
               "JIRAKG_STORE__BACKEND": "memory"}
        result = CliRunner().invoke(main, ["ask", QUESTION, "--user", user["emailAddress"], "--json"], env=env)
        operator = CliRunner().invoke(main, ["ask", QUESTION, "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert (f'"key":"{SECRET}"' in result.output) is sees and f'"key":"{SECRET}"' in operator.output
