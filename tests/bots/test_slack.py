"""The Slack app over HTTP with real request signatures; replies captured by a local server speaking
the Slack Web API. Facts are computed from the raw issue JSON."""

from __future__ import annotations

import html
import json
import re
import time
from collections import Counter

import pytest

from jirakg.bots.slack import SlackBot
from jirakg.bots.slack.blocks import escape
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


def until(condition, seconds: float = 60.0):  # a bound for a loaded machine, not a speed check
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
            yield url, fake, settings, api


def mention(text: str, ts: str, thread: str | None = None) -> dict:
    event = {"type": "app_mention", "user": "U1", "text": f"<@UBOT> {text}", "ts": ts, "channel": "C1"}
    return {**event, "thread_ts": thread} if thread else event


def test_mention_in_a_thread_keeps_context_and_retries_answer_once(slack) -> None:
    url, fake, _, _api = slack
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


def channel_message(text: str, ts: str, thread: str | None, user: str = "U1") -> dict:
    event = {"type": "message", "channel_type": "channel", "user": user, "text": text, "ts": ts, "channel": "C1"}
    return {**event, "thread_ts": thread} if thread else event


def test_a_thread_the_bot_is_in_is_followed_without_a_new_mention(slack) -> None:
    url, fake, _, _api = slack
    events = [event_body(mention(f"who owns {KEY}?", "150.1"), "EvT1")]
    for body in events:
        post(f"{url}/slack/events", body, signed(body))
    until(lambda: fake.of("chat.postMessage"))
    others = [channel_message(f"who owns {KEY}?", "151.1", None),  # not in a thread: not for the bot
              channel_message(f"who owns {KEY}?", "152.2", "152.1"),  # a thread the bot is not in
              channel_message(f"<@UBOT> who owns {KEY}?", "150.3", "150.1")]  # answered as app_mention instead
    follow = channel_message("what is its status?", "150.2", "150.1")
    for n, event in enumerate([*others, follow]):
        body = event_body(event, f"EvT{n + 2}")
        assert post(f"{url}/slack/events", body, signed(body)) == 200
    replies = until(lambda: len(fake.of("chat.postMessage")) >= 2 and fake.of("chat.postMessage"))
    time.sleep(0.5)  # an answer to any of the others would have arrived by now
    assert len(fake.of("chat.postMessage")) == 2
    assert replies[1]["thread_ts"] == "150.1" and RAW[KEY]["fields"]["status"]["name"] in replies[1]["text"]


def test_bad_or_stale_signatures_are_rejected_and_nothing_is_processed(slack) -> None:
    url, fake, _, _api = slack
    body = event_body(mention(f"who owns {KEY}?", "200.1"), "Ev3")
    assert post(f"{url}/slack/events", body, signed(body, secret="wrong")) == 401
    assert post(f"{url}/slack/events", body, signed(body, timestamp=int(time.time()) - 600)) == 401
    assert post(f"{url}/slack/events", body, {}) == 401
    time.sleep(0.5)
    assert fake.calls == []


def command_body(text: str, user: str, response: str, trigger: str, channel: str = "C9") -> bytes:
    return form_body({"command": "/jirakg", "text": text, "channel_id": channel, "user_id": user, "team_id": "T1",
                      "trigger_id": trigger, "response_url": response})


def click(url: str, action: str, value: str, user: str, response: str, trigger: str = "trig.1") -> int:
    body = interaction_body({"type": "block_actions", "user": {"id": user}, "channel": {"id": "C9"},
                             "trigger_id": trigger, "response_url": response,
                             "container": {"type": "message", "message_ts": "300.9", "channel_id": "C9"},
                             "actions": [{"action_id": action, "value": value, "type": "button", "block_id": "turn"}]})
    return post(f"{url}/slack/interactions", body, signed(body), "application/x-www-form-urlencoded")


def test_direct_message_and_a_private_slash_command_shared_in_channel(slack) -> None:
    url, fake, _, api = slack
    dm = event_body({"type": "message", "channel_type": "im", "user": "U2", "text": f"who owns {KEY}?",
                     "ts": "300.1", "channel": "D1"}, "Ev4")
    assert post(f"{url}/slack/events", dm, signed(dm)) == 200
    own = event_body({"type": "message", "channel_type": "im", "bot_id": "B1", "text": "an answer", "ts": "300.2",
                      "channel": "D1"}, "Ev5")
    assert post(f"{url}/slack/events", own, signed(own)) == 200  # the bot's own message: no reply
    command = command_body(f"status of {KEY}", "U3", f"{api}/response/cmd1", "t.1")
    assert post(f"{url}/slack/commands", command, signed(command), "application/x-www-form-urlencoded") == 200
    assert post(f"{url}/slack/commands", command, signed(command), "application/x-www-form-urlencoded") == 200
    dm_reply = until(lambda: fake.of("chat.postMessage"))[0]
    assert dm_reply["channel"] == "D1" and OWNER in dm_reply["text"] and "thread_ts" not in dm_reply
    private = until(lambda: fake.responded("cmd1"))[0]
    # Only the asker sees it, with their question, wherever they typed it; nothing posted as the bot.
    assert private["response_type"] == "ephemeral" and RAW[KEY]["fields"]["status"]["name"] in private["text"]
    asked = private["blocks"][0]
    assert asked["type"] == "context" and f"status of {KEY}" in asked["elements"][0]["text"]
    buttons = {e["action_id"]: e["value"] for e in private["blocks"][-1]["elements"]}
    assert set(buttons) == {"feedback_up", "feedback_down", "feedback_comment", "explain", "share"}
    time.sleep(0.3)
    assert len(fake.of("chat.postMessage")) == 1 and len(fake.responded("cmd1")) == 1  # the replay: nothing

    assert click(url, "share", buttons["share"], "U3", f"{api}/response/share1") == 200
    shared, deleted = until(lambda: len(fake.responded("share1")) >= 2 and fake.responded("share1"))
    assert shared["response_type"] == "in_channel" and shared["replace_original"] is False
    assert f"<@U3> asked: status of {KEY}" in shared["blocks"][0]["elements"][0]["text"]
    assert RAW[KEY]["fields"]["status"]["name"] in shared["text"]
    assert {e["action_id"] for e in shared["blocks"][-1]["elements"]} == {
        "feedback_up", "feedback_down", "feedback_comment", "explain"}  # shared once: no second share button
    assert deleted["delete_original"] is True and not deleted["text"] and "blocks" not in deleted
    assert click(url, "share", buttons["share"], "U4", f"{api}/response/share2") == 200  # not theirs to share
    refused = until(lambda: fake.responded("share2"))[0]
    assert refused["response_type"] == "ephemeral" and "no longer kept" in refused["text"]


def test_feedback_is_per_person_and_the_message_keeps_its_buttons(slack) -> None:
    url, fake, settings, api = slack
    body = event_body(mention(f"who owns {KEY}?", "400.1"), "Ev6")
    post(f"{url}/slack/events", body, signed(body))
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    turn_id = reply["blocks"][-1]["elements"][1]["value"]
    assert click(url, "feedback_down", turn_id, "U1", f"{api}/response/down1", trigger="trig.1") == 200
    modal = until(lambda: fake.of("views.open"))[0]
    assert modal["trigger_id"] == "trig.1" and modal["view"]["callback_id"] == "feedback_modal"
    thanks = until(lambda: fake.responded("down1"))[0]
    assert thanks == {"text": "Thanks — marked not helpful.", "response_type": "ephemeral", "replace_original": False}
    # Someone else in the channel rates the same answer: their own row; the message is never edited.
    assert click(url, "feedback_up", turn_id, "U7", f"{api}/response/up7") == 200
    assert until(lambda: fake.responded("up7"))[0]["text"] == "Thanks — marked helpful."
    submit = interaction_body({"type": "view_submission", "user": {"id": "U1"}, "trigger_id": "trig.2",
                               "view": {"id": "V1", "type": "modal", "callback_id": "feedback_modal",
                                        "private_metadata": modal["view"]["private_metadata"],
                                        "state": {"values": {"comment": {"text": {"type": "plain_text_input",
                                                                                  "value": "wrong person"}}}}}})
    assert post(f"{url}/slack/interactions", submit, signed(submit), "application/x-www-form-urlencoded") == 200
    assert click(url, "explain", turn_id, "U1", f"{api}/response/explain1") == 200
    plan = until(lambda: fake.responded("explain1"))[0]
    assert plan["response_type"] == "ephemeral" and KEY in plan["text"] and "How this was answered" in plan["text"]
    assert click(url, "explain", turn_id, "U7", f"{api}/response/explain7") == 200
    assert "Only the person who asked" in until(lambda: fake.responded("explain7"))[0]["text"]

    def rated() -> list[dict]:
        return [r for r in feedback_rows(settings.feedback.sqlite_path) if r["rated_by"]]
    rows = until(lambda: any(r["comment"] for r in rated()) and rated())
    assert sorted((r["rating"], r["comment"], r["rated_in"], r["rated_by"]) for r in rows) == [
        ("down", "wrong person", "slack", "U1"), ("up", None, "slack", "U7")]  # the comment joined the 👎
    assert fake.of("chat.update") == []


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


def test_hostile_messages_cannot_ping_everyone(slack) -> None:
    url, fake, _, _ = slack
    hostile = event_body(mention("<!channel> &lt;script&gt; summarize <!here>", "600.2"), "Ev11")
    assert post(f"{url}/slack/events", hostile, signed(hostile)) == 200
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    shown = reply["text"] + json.dumps(reply["blocks"])
    assert "<!channel>" not in shown and "<!here>" not in shown and "<script>" not in shown


def test_a_list_appears_once_as_a_compact_table(slack) -> None:
    url, fake, _, _ = slack

    def open_bugs(project: str) -> list[str]:
        return [k for k, i in RAW.items() if i["fields"]["project"]["key"] == project
                and i["fields"]["issuetype"]["name"] == "Bug"
                and i["fields"]["status"]["statusCategory"]["key"] != "done"]
    project = max({i["fields"]["project"]["key"] for i in RAW.values()}, key=lambda p: len(open_bugs(p)))
    body = event_body(mention(f"open bugs in {project}", "700.1"), "Ev12")
    post(f"{url}/slack/events", body, signed(body))
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    tables = [b for b in reply["blocks"] if b["type"] == "section" and "fields" in b]
    fields = [f["text"] for table in tables for f in table["fields"]]
    shown = min(10, len(open_bugs(project)))
    assert len(open_bugs(project)) > 5 and len(fields) == 2 * shown and all(len(t["fields"]) <= 10 for t in tables)
    keys = [text.split("|")[1].split(">")[0] for text in fields[::2]]
    assert set(keys) <= set(open_bugs(project)) and len(set(keys)) == shown
    assert RAW[keys[0]]["fields"]["status"]["name"] in fields[1]
    answer = reply["blocks"][0]["text"]["text"]
    assert not any(key in answer for key in keys)  # the list is the table, not also text
    assert "more in the answer above" not in json.dumps(reply["blocks"])
    if len(open_bugs(project)) > 10:
        assert f"{len(open_bugs(project)) - 10} more" in answer


def test_url_verification_answers_the_challenge_when_signed(slack) -> None:
    url, _, _, _ = slack
    body = json.dumps({"token": "legacy", "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
                       "type": "url_verification"}).encode()
    reply = http.call(f"{url}/slack/events", "POST", raw=body, headers=signed(body))
    assert reply.status == 200 and reply.body["challenge"] == "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"
    assert post(f"{url}/slack/events", body, signed(body, secret="wrong")) == 401


def test_issue_links_get_a_preview_with_an_ask_button(slack) -> None:
    url, fake, settings, api = slack
    issue = RAW[KEY]["fields"]
    jira = str(settings.jira.url).rstrip("/")
    link = f"{jira}/browse/{KEY}"
    links = [{"domain": "127.0.0.1", "url": link}, {"domain": "example.com", "url": f"https://example.com/browse/{KEY}"},
             {"domain": "127.0.0.1", "url": f"{jira}/browse/NOPE-999999"}]
    body = event_body({"type": "link_shared", "channel": "C1", "user": "U1", "message_ts": "800.1",
                       "unfurl_id": "C1.800.1.x", "source": "conversations_history", "links": links}, "EvL1")
    assert post(f"{url}/slack/events", body, signed(body)) == 200
    unfurl = until(lambda: fake.of("chat.unfurl"))[0]
    assert set(unfurl["unfurls"]) == {link}  # another site's URL and a missing issue get no preview
    preview = json.dumps(unfurl["unfurls"][link])
    for shown in (issue["status"]["name"], OWNER, issue["priority"]["name"], "Ask about this issue"):
        assert shown in preview
    button = unfurl["unfurls"][link]["blocks"][-1]["elements"][0]
    assert click(url, button["action_id"], button["value"], "U1", f"{api}/response/ask1") == 200
    answer = until(lambda: fake.responded("ask1"))[0]
    assert answer["response_type"] == "ephemeral" and KEY in answer["text"]
    assert escape(issue["summary"]) in json.dumps(answer["blocks"]) or issue["summary"] in answer["text"]


def test_app_home_shows_examples_that_exist_recent_questions_and_linking(slack) -> None:
    url, fake, _, _ = slack
    body = event_body(mention(f"who owns {KEY}?", "850.1"), "EvH1")
    post(f"{url}/slack/events", body, signed(body))
    until(lambda: fake.of("chat.postMessage"))
    opened = event_body({"type": "app_home_opened", "user": "U1", "channel": "D1", "tab": "home",
                         "event_ts": "851.1"}, "EvH2")
    assert post(f"{url}/slack/events", opened, signed(opened)) == 200
    published = until(lambda: fake.of("views.publish"))[0]
    assert published["user_id"] == "U1" and published["view"]["type"] == "home"
    texts = [b["text"]["text"] for b in published["view"]["blocks"] if b.get("type") == "section"]
    examples = next(t for t in texts if t.startswith("*Try asking*"))
    named = set(re.findall(r"\b[A-Z][A-Z0-9_]+-\d+\b", examples))
    assert named and named <= set(RAW)  # every issue an example names exists
    assert f"who owns {KEY}?" in next(t for t in texts if t.startswith("*Your recent questions*"))
    assert "no account to link" in json.dumps(published["view"])  # an anonymous Jira: everyone sees the same
    # Each example answers: asked in the messages tab, none is a clarification or a missing issue.
    questions = [line.removeprefix("• ") for line in examples.split("\n")[1:]]
    for n, question in enumerate(questions):  # one at a time, so each answer is known by its order
        dm = event_body({"type": "message", "channel_type": "im", "user": "U1", "text": html.unescape(question),
                         "ts": f"860.{n}", "channel": "D1"}, f"EvH-ex{n}")
        post(f"{url}/slack/events", dm, signed(dm))
        answer = until(lambda n=n: len(fake.of("chat.postMessage")) == n + 2 and fake.of("chat.postMessage"))[-1]
        assert "There is no issue" not in answer["text"] and "Did you mean" not in answer["text"]
        assert "I answer questions" not in answer["text"]
        assert all(key in answer["text"] for key in re.findall(r"\b[A-Z][A-Z0-9_]+-\d+\b", question))


def test_assistant_thread_prompts_status_title_and_answer(slack) -> None:
    url, fake, _, _ = slack
    thread = {"user_id": "U1", "context": {"channel_id": "C1", "team_id": "T1"}, "channel_id": "D1",
              "thread_ts": "900.1"}
    started = event_body({"type": "assistant_thread_started", "assistant_thread": thread, "event_ts": "900.2"},
                         "EvA1")
    assert post(f"{url}/slack/events", started, signed(started)) == 200
    prompts = until(lambda: fake.of("assistant.threads.setSuggestedPrompts"))[0]
    assert prompts["channel_id"] == "D1" and prompts["thread_ts"] == "900.1" and 1 <= len(prompts["prompts"]) <= 4
    assert set(re.findall(r"\b[A-Z][A-Z0-9_]+-\d+\b", json.dumps(prompts["prompts"]))) <= set(RAW)
    for n, text in enumerate((f"who owns {KEY}?", "what is its status?")):
        asked = event_body({"type": "message", "channel_type": "im", "user": "U1", "text": text,
                            "ts": f"900.{n + 3}", "thread_ts": "900.1", "channel": "D1"}, f"EvA{n + 2}")
        assert post(f"{url}/slack/events", asked, signed(asked)) == 200
        until(lambda n=n: len([m for m in fake.of("chat.postMessage") if "blocks" in m]) > n)
    answers = [m for m in fake.of("chat.postMessage") if "blocks" in m]
    assert all(m["channel"] == "D1" and m["thread_ts"] == "900.1" for m in answers)
    assert OWNER in answers[0]["text"] and RAW[KEY]["fields"]["status"]["name"] in answers[1]["text"]
    assert [s["status"] for s in fake.of("assistant.threads.setStatus")] == ["is thinking…"] * 2
    assert [t["title"] for t in fake.of("assistant.threads.setTitle")] == [f"who owns {KEY}?"]  # titled once


def test_message_shortcut_answers_the_message_privately(slack) -> None:
    url, fake, _, api = slack
    payload = {"type": "message_action", "callback_id": "ask_about_message", "trigger_id": "t.s", "team": {"id": "T1"},
               "user": {"id": "U1"}, "channel": {"id": "C1"}, "response_url": f"{api}/response/short1",
               "message": {"type": "message", "user": "U2", "text": f"who owns {KEY}?", "ts": "950.1"}}
    body = interaction_body(payload)
    assert post(f"{url}/slack/interactions", body, signed(body), "application/x-www-form-urlencoded") == 200
    answer = until(lambda: fake.responded("short1"))[0]
    assert answer["response_type"] == "ephemeral" and OWNER in answer["text"]
    assert fake.of("chat.postMessage") == []


def test_errors_go_to_the_asker_alone(tmp_path) -> None:
    fake = FakeSlack()
    with fake.serve() as api:
        bot = SlackBot(None, SLACK, base_url=f"{api}/api/")
        # A deadline no answer meets: every turn ends in the engine's TurnTimedOut sentence.
        with jirakg_server(tmp_path, slack=bot, turn_timeout_s=0.000001) as (url, _):
            body = event_body(mention(f"who owns {KEY}?", "350.1"), "EvE1")
            assert post(f"{url}/slack/events", body, signed(body)) == 200
            error = until(lambda: fake.of("chat.postEphemeral"))[0]
            command = command_body(f"who owns {KEY}?", "U3", f"{api}/response/cmdE", "t.E")
            post(f"{url}/slack/commands", command, signed(command), "application/x-www-form-urlencoded")
            reply = until(lambda: fake.responded("cmdE"))[0]
            time.sleep(0.3)
    assert error["user"] == "U1" and error["channel"] == "C1" and error["thread_ts"] == "350.1"
    assert "took longer than" in error["text"]
    assert reply["response_type"] == "ephemeral" and "took longer than" in reply["text"] and "blocks" not in reply
    assert fake.of("chat.postMessage") == []  # nothing public


def test_a_list_cut_short_links_to_all_of_it_in_jira(slack) -> None:
    url, fake, settings, _ = slack
    open_issues = Counter(i["fields"]["project"]["key"] for i in RAW.values()
                          if i["fields"]["status"]["statusCategory"]["key"] != "done")
    project, total = open_issues.most_common(1)[0]
    body = event_body(mention(f"open issues in {project}", "750.1"), "EvV1")
    post(f"{url}/slack/events", body, signed(body))
    reply = until(lambda: fake.of("chat.postMessage"))[0]
    fields = [f for b in reply["blocks"] if b["type"] == "section" and "fields" in b for f in b["fields"]]
    view_all = [e["text"] for b in reply["blocks"] if b["type"] == "context" for e in b["elements"]]
    assert total > 10 and len(fields) == 20
    jira = str(settings.jira.url).rstrip("/")
    assert len(view_all) == 1 and view_all[0].startswith(f"<{jira}/issues/?jql=")
    assert view_all[0].endswith(f"|View all {total} in Jira>")
