"""Slack: a proposed change comes with Confirm and Cancel buttons; signed interaction payloads confirm it
for the person who asked only, once; Cancel changes nothing; the auditor is refused before anything is
sent. The Slack Web API is the local fake speaking its wire protocol; Jira is devjira, read back directly."""

from __future__ import annotations

import pytest

from jirakg.bots.slack import SlackBot
from jirakg.config.settings import SlackSettings
from jirakg.devjira.demo.access import AUDITOR_ACCOUNT_ID
from tests.actions.test_actions_rest import served
from tests.bots.slack_api import BOT_TOKEN, SIGNING_SECRET, FakeSlack, event_body, interaction_body, signed
from tests.bots.test_slack import post, until
from tests.devjira.access_oracle import Oracle
from tests.jira_env import demo_dataset


def people() -> dict[str, str]:
    """Slack users → the emails on their profiles, the demo organisation's people (the same seed as `served`)."""
    oracle = Oracle(demo_dataset(issues=400, seed=5))
    member = oracle.person(lambda a: a in oracle.members["proj-team"])
    other = oracle.person(lambda a: a in oracle.members["proj-team"] and a != member["accountId"])
    return {"U-M": member["emailAddress"], "U-O": other["emailAddress"],
            "U-A": oracle.users[AUDITOR_ACCOUNT_ID]["emailAddress"]}


def click(url: str, action: str, value: str, user: str, response: str) -> int:
    body = interaction_body({"type": "block_actions", "user": {"id": user}, "channel": {"id": "C1"},
                             "trigger_id": f"trig.{response}", "response_url": response,
                             "container": {"type": "message", "message_ts": "300.9", "channel_id": "C1"},
                             "actions": [{"action_id": action, "value": value, "type": "button",
                                          "block_id": "proposal"}]})
    return post(f"{url}/slack/interactions", body, signed(body), "application/x-www-form-urlencoded")


@pytest.mark.parametrize("deployment", ["server", "cloud"])
def test_confirm_and_cancel_buttons_in_slack(deployment: str, tmp_path) -> None:
    fake = FakeSlack(emails=people())
    with fake.serve() as api:
        bot = SlackBot(None, SlackSettings(bot_token=BOT_TOKEN, signing_secret=SIGNING_SECRET),
                       base_url=f"{api}/api/")
        with served(deployment, tmp_path, slack=bot) as site:
            key = site.open_key('project = PROJ AND status = "To Do"')

            def ask(user: str, text: str, ts: str) -> dict:
                before = len(fake.of("chat.postMessage"))
                body = event_body({"type": "app_mention", "user": user, "text": f"<@UBOT> {text}", "ts": ts,
                                   "channel": "C1"}, f"Ev-{ts}")
                assert post(f"{site.url}/slack/events", body, signed(body)) == 200
                return until(lambda: len(fake.of("chat.postMessage")) > before and fake.of("chat.postMessage"))[-1]

            def buttons(reply: dict) -> dict[str, str]:
                (block,) = [b for b in reply["blocks"] if b.get("block_id") == "proposal"]
                return {e["action_id"]: e["value"] for e in block["elements"]}

            def answered(user: str, action: str, value: str, response: str) -> str:
                assert click(site.url, action, value, user, f"{api}/response/{response}") == 200
                reply = until(lambda: fake.responded(response))[0]
                assert reply["response_type"] == "ephemeral" and reply["replace_original"] is False
                return reply["text"]

            proposal = ask("U-M", f"Move {key} to In Progress", "100.1")
            assert "Status: To Do → In Progress" in proposal["text"]
            shown = buttons(proposal)
            assert set(shown) == {"action_confirm", "action_cancel"} and site.writes.seen == []
            assert "Only the person who asked" in answered("U-O", "action_confirm", shown["action_confirm"], "o1")
            assert site.issue(key)["fields"]["status"]["name"] == "To Do"
            assert answered("U-M", "action_confirm", shown["action_confirm"], "m1").startswith("Done:")
            assert "already confirmed" in answered("U-M", "action_confirm", shown["action_confirm"], "m2")
            assert site.issue(key)["fields"]["status"]["name"] == "In Progress" and len(site.writes.seen) == 1

            comment = buttons(ask("U-M", f"comment on {key}: not sent", "100.2"))
            assert answered("U-M", "action_cancel", comment["action_cancel"], "m3") == "Cancelled; nothing was changed."
            refused = buttons(ask("U-A", f"comment on {key}: may I?", "100.3"))
            assert "does not let you" in answered("U-A", "action_confirm", refused["action_confirm"], "a1")
            assert len(site.writes.seen) == 1
            assert "not sent" not in str(site.issue(key)["fields"]["comment"])
            read = ask("U-M", f"what status is {key} in?", "100.4")
            assert "In Progress" in read["text"] and not [b for b in read["blocks"] if b.get("block_id") == "proposal"]
