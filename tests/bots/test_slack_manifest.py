"""The Slack app manifest asks for exactly the scopes and events the bot uses, each with its reason:
the Web API methods the bot's code calls (directly, or through bolt's say / respond / set_status …)
and the events it listens to, mapped to the scopes Slack's reference lists for them."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "integrations" / "slack" / "manifest.yml"
SOURCES = sorted((ROOT / "jirakg" / "bots" / "slack").glob("*.py"))

# Slack's reference: the bot scopes each method or event needs (none: the method or event needs none).
METHOD_SCOPES = {"chat_postMessage": {"chat:write"}, "chat_postEphemeral": {"chat:write"},
                 "chat_unfurl": {"links:write"}, "views_open": set(), "views_publish": set(),
                 "users_info": {"users:read", "users:read.email"},  # the email field needs both
                 "set_status": {"assistant:write"}, "set_title": {"assistant:write"},
                 "set_suggested_prompts": {"assistant:write"},
                 "say": {"chat:write", "im:history"},  # bolt's Assistant say reads the thread (conversations.replies)
                 "respond": set()}  # a response_url needs no scope
EVENT_SCOPES = {"app_mention": {"app_mentions:read"}, "message.channels": {"channels:history"},
                "message.groups": {"groups:history"}, "message.im": {"im:history"}, "link_shared": {"links:read"},
                "app_home_opened": set(), "assistant_thread_started": set()}
INTERACTIONS_SCOPES = {"commands"}  # the slash command and the message shortcut


def used() -> tuple[set[str], set[str]]:
    """(methods called, events listened to) as the bot's source says."""
    code = "\n".join(path.read_text() for path in SOURCES)
    methods = set(re.findall(r"client\.(\w+)\(", code)) | set(re.findall(r"await (say|respond|set_\w+)\(", code))
    events = set(re.findall(r'@app\.event\("(\w+)"\)', code)) - {"message"}
    if '@app.event("message")' in code:  # the one listener takes DMs and threads of either kind of channel
        events |= {"message.im", "message.channels", "message.groups"}
    if "@assistant.thread_started" in code:
        events.add("assistant_thread_started")
    return methods, events


def test_the_manifest_asks_for_exactly_what_the_bot_uses_and_says_why() -> None:
    manifest = yaml.safe_load(MANIFEST.read_text())
    methods, events = used()
    assert methods and methods <= set(METHOD_SCOPES), methods - set(METHOD_SCOPES)
    needed = set().union(*(METHOD_SCOPES[m] for m in methods), *(EVENT_SCOPES[e] for e in events),
                         INTERACTIONS_SCOPES)
    scopes = manifest["oauth_config"]["scopes"]["bot"]
    assert set(scopes) == needed and len(scopes) == len(set(scopes))
    assert set(manifest["settings"]["event_subscriptions"]["bot_events"]) == events
    for scope in scopes:  # each scope's line says why it is asked for
        line = next(line for line in MANIFEST.read_text().splitlines() if line.strip().startswith(f"- {scope} "))
        assert "#" in line, scope
    shortcut = manifest["features"]["shortcuts"][0]
    assert shortcut["type"] == "message" and f'@app.shortcut("{shortcut["callback_id"]}")' in \
        "\n".join(path.read_text() for path in SOURCES)
    assert manifest["features"]["app_home"]["home_tab_enabled"] is True and "assistant_view" in manifest["features"]
