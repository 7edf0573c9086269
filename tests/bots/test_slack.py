"""The Slack app over HTTP with real request signatures; replies captured by a local server speaking
the Slack Web API. Facts are computed from the raw issue JSON."""

from __future__ import annotations

import json
import time

import pytest

from jirakg.bots.slack import SlackBot
from jirakg.config.settings import SlackSettings
from tests.bots.slack_api import (
    APP_TOKEN,
    BOT_TOKEN,
    SIGNING_SECRET,
    FakeSlack,
    event_body,
    form_body,
    interaction_body,
    signed,
)
from tests.bots.web_env import KEY, OWNER, RAW, call, feedback_rows, jirakg_server
from tests.devjira import http

SLACK = SlackSettings(bot_token=BOT_TOKEN, signing_secret=SIGNING_SECRET)


def post(url: str, body: bytes, headers: dict, content_type: str = "application/json") -> int:
    return http.call(url, "POST", raw=body, headers={"Content-Type": content_type, **headers}).status


def until(condition, seconds: float = 20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("the bot did not reply in time")


@pytest.fixture
def slack(tmp_path):
    fake = FakeSlack()
    with fake.serve() as api:
        bot = SlackBot(None, SLACK, base_url=f"{api}/api/")
        with jirakg_server(tmp_path, slack=bot) as (url, settings):
            yield url, fake, settings


def mention(text: str, ts: str, thread: str | None = None) -> dict:
    event = {"type": "app_mention", "user": "U1", "text": f"<@UBOT> {text}", "ts": ts, "channel": "C1"}
    return {**event, "thread_ts": thread} if thread else event


def test_mention_in_a_thread_keeps_context_and_retries_answer_once(slack) -> None:
    url, fake, _ = slack
    first = event_body(mention(f"who owns {KEY}?", "100.1"), "Ev1")
    assert post(f"{url}/slack/events", first, signed(first)) == 200
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    assert reply["channel"] == "C1" and reply["thread_ts"] == "100.1" and OWNER in reply["text"]
    section = reply["blocks"][0]["text"]["text"]
    assert f"|{KEY}>" in section and "/browse/" in section  # the issue key is a link
    buttons = {e["action_id"]: e["value"] for e in reply["blocks"][-1]["elements"]}
    assert set(buttons) == {"feedback_up", "feedback_down", "feedback_comment", "explain"}
    retry = {**signed(first), "X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
    assert post(f"{url}/slack/events", first, retry) == 200
    follow = event_body(mention("what is its status?", "100.2", thread="100.1"), "Ev2")
    assert post(f"{url}/slack/events", follow, signed(follow)) == 200
    replies = until(lambda: len(fake.of("chat.postMessage")) >= 2 and fake.of("chat.postMessage"))
    time.sleep(0.5)  # a duplicate answer to the retry would have arrived by now
    assert len(fake.of("chat.postMessage")) == 2
    assert replies[1]["thread_ts"] == "100.1" and RAW[KEY]["fields"]["status"]["name"] in replies[1]["text"]


def test_bad_or_stale_signatures_are_rejected_and_nothing_is_processed(slack) -> None:
    url, fake, _ = slack
    body = event_body(mention(f"who owns {KEY}?", "200.1"), "Ev3")
    assert post(f"{url}/slack/events", body, signed(body, secret="wrong")) == 401
    assert post(f"{url}/slack/events", body, signed(body, timestamp=int(time.time()) - 600)) == 401
    assert post(f"{url}/slack/events", body, {}) == 401
    time.sleep(0.5)
    assert fake.calls == []


def test_direct_message_and_slash_command(slack) -> None:
    url, fake, _ = slack
    dm = event_body({"type": "message", "channel_type": "im", "user": "U2", "text": f"who owns {KEY}?",
                     "ts": "300.1", "channel": "D1"}, "Ev4")
    assert post(f"{url}/slack/events", dm, signed(dm)) == 200
    own = event_body({"type": "message", "channel_type": "im", "bot_id": "B1", "text": "an answer", "ts": "300.2",
                      "channel": "D1"}, "Ev5")
    assert post(f"{url}/slack/events", own, signed(own)) == 200  # the bot's own message: no reply
    command = form_body({"command": "/jirakg", "text": f"status of {KEY}", "channel_id": "C9", "user_id": "U3",
                         "team_id": "T1", "trigger_id": "t.1", "response_url": "http://127.0.0.1:9/unused"})
    assert post(f"{url}/slack/commands", command, signed(command), "application/x-www-form-urlencoded") == 200
    replies = until(lambda: len(fake.of("chat.postMessage")) >= 2 and fake.of("chat.postMessage"))
    by_channel = {r["channel"]: r for r in replies}
    assert OWNER in by_channel["D1"]["text"] and "thread_ts" not in by_channel["D1"]
    assert RAW[KEY]["fields"]["status"]["name"] in by_channel["C9"]["text"]
    time.sleep(0.3)
    assert len(fake.of("chat.postMessage")) == 2


def test_thumbs_down_opens_a_modal_and_the_comment_is_stored(slack) -> None:
    url, fake, settings = slack
    body = event_body(mention(f"who owns {KEY}?", "400.1"), "Ev6")
    post(f"{url}/slack/events", body, signed(body))
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    turn_id = reply["blocks"][-1]["elements"][1]["value"]
    message = {"ts": "400.2", "text": reply["text"], "blocks": reply["blocks"]}
    down = interaction_body({"type": "block_actions", "user": {"id": "U1"}, "channel": {"id": "C1"},
                             "trigger_id": "trig.1", "message": message, "container": {"type": "message"},
                             "actions": [{"action_id": "feedback_down", "value": turn_id, "type": "button",
                                          "block_id": "turn"}]})
    assert post(f"{url}/slack/interactions", down, signed(down), "application/x-www-form-urlencoded") == 200
    modal = until(lambda: fake.of("views.open"))[0]
    assert modal["trigger_id"] == "trig.1" and modal["view"]["callback_id"] == "feedback_modal"
    updated = until(lambda: fake.of("chat.update"))[0]
    assert updated["ts"] == "400.2" and not any(b["type"] == "actions" for b in updated["blocks"])
    submit = interaction_body({"type": "view_submission", "user": {"id": "U1"}, "trigger_id": "trig.2",
                               "view": {"id": "V1", "type": "modal", "callback_id": "feedback_modal",
                                        "private_metadata": modal["view"]["private_metadata"],
                                        "state": {"values": {"comment": {"text": {"type": "plain_text_input",
                                                                                  "value": "wrong person"}}}}}})
    assert post(f"{url}/slack/interactions", submit, signed(submit), "application/x-www-form-urlencoded") == 200
    explain = interaction_body({"type": "block_actions", "user": {"id": "U1"}, "channel": {"id": "C1"},
                                "trigger_id": "trig.3", "message": message, "container": {"type": "message"},
                                "actions": [{"action_id": "explain", "value": turn_id, "type": "button",
                                             "block_id": "turn"}]})
    post(f"{url}/slack/interactions", explain, signed(explain), "application/x-www-form-urlencoded")
    plan = until(lambda: fake.of("chat.postEphemeral"))[0]
    assert plan["user"] == "U1" and KEY in plan["text"] and "How this was answered" in plan["text"]

    def rated() -> list[dict]:
        return [r for r in feedback_rows(settings.feedback.sqlite_path) if r["rated_by"]]
    rows = until(lambda: any(r["comment"] for r in rated()) and rated())
    assert [(r["rating"], r["comment"], r["rated_in"], r["rated_by"]) for r in rows] == [
        ("down", "wrong person", "slack", "U1")]  # the comment joined the 👎 without counting twice


def test_socket_mode_receives_events_over_a_websocket_and_acknowledges_them(tmp_path) -> None:
    event = {"envelope_id": "env-1", "type": "events_api", "accepts_response_payload": False, "retry_attempt": 0,
             "retry_reason": "", "payload": json.loads(event_body(mention(f"who owns {KEY}?", "500.1"), "Ev9"))}
    fake = FakeSlack([event])
    with fake.serve() as api:
        bot = SlackBot(None, SlackSettings(mode="socket", bot_token=BOT_TOKEN, app_token=APP_TOKEN),
                       base_url=f"{api}/api/")
        with jirakg_server(tmp_path, slack=bot) as (url, _):
            reply = until(lambda: fake.of("chat.postMessage"))[0]
            assert call(f"{url}/slack/events", "POST", {})[0] == 404  # no HTTP endpoint in Socket Mode
    assert any(ack.get("envelope_id") == "env-1" for ack in fake.acks)
    assert reply["thread_ts"] == "500.1" and OWNER in reply["text"]


def test_huge_or_hostile_messages_get_a_sentence_and_cannot_ping_everyone(slack) -> None:
    url, fake, _ = slack
    huge = event_body(mention("why " * 2000, "600.1"), "Ev10")
    hostile = event_body(mention("<!channel> &lt;script&gt; summarize <!here>", "600.2"), "Ev11")
    for body in (huge, hostile):
        assert post(f"{url}/slack/events", body, signed(body)) == 200
    replies = until(lambda: len(fake.of("chat.postMessage")) >= 2 and fake.of("chat.postMessage"))
    by_thread = {r["thread_ts"]: r for r in replies}
    assert "longer than" in by_thread["600.1"]["text"]
    for reply in replies:
        shown = reply["text"] + json.dumps(reply["blocks"])
        assert "<!channel>" not in shown and "<!here>" not in shown and "<script>" not in shown


def test_a_list_answer_comes_with_a_compact_table(slack) -> None:
    url, fake, _ = slack

    def open_bugs(project: str) -> list[str]:
        return [k for k, i in RAW.items() if i["fields"]["project"]["key"] == project
                and i["fields"]["issuetype"]["name"] == "Bug"
                and i["fields"]["status"]["statusCategory"]["key"] != "done"]
    project = max({i["fields"]["project"]["key"] for i in RAW.values()}, key=lambda p: len(open_bugs(p)))
    body = event_body(mention(f"open bugs in {project}", "700.1"), "Ev12")
    post(f"{url}/slack/events", body, signed(body))
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    table = next(b for b in reply["blocks"] if b["type"] == "section" and "fields" in b)
    assert len(open_bugs(project)) > 1 and len(table["fields"]) == 2 * min(5, len(open_bugs(project)))
    first = table["fields"][0]["text"]
    key = first.split("|")[1].split(">")[0]
    assert key in open_bugs(project) and RAW[key]["fields"]["status"]["name"] in table["fields"][1]["text"]


def test_url_verification_answers_the_challenge_when_signed(slack) -> None:
    url, _, _ = slack
    body = json.dumps({"token": "legacy", "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
                       "type": "url_verification"}).encode()
    reply = http.call(f"{url}/slack/events", "POST", raw=body, headers=signed(body))
    assert reply.status == 200 and reply.body["challenge"] == "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"
    assert post(f"{url}/slack/events", body, signed(body, secret="wrong")) == 401
