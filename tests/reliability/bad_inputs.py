"""A corpus of bad requests to every route of `jirakg serve`: malformed and hostile bodies, wrong
types, deep nesting, bad encodings, forged or odd credentials. None may be answered with a 500."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass, field

import jwt

from jirakg.bots.web.forge_token import ISSUER
from tests.bots.forge_env import APP_ID, SIGNING
from tests.bots.slack_api import SIGNING_SECRET
from tests.bots.web_env import KEY

WEBHOOK_SECRET = "hook-secret"
DEEP = b"[" * 5000 + b"]" * 5000


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    method: str = "POST"
    raw: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)


def body(value: object) -> bytes:
    return json.dumps(value).encode()


def signed_hook(raw: bytes) -> dict[str, str]:
    return {"X-Hub-Signature": "sha256=" + hmac.new(WEBHOOK_SECRET.encode(), raw, hashlib.sha256).hexdigest()}


def slack_signed(raw: bytes, timestamp: str) -> dict[str, str]:
    base = f"v0:{timestamp}:".encode() + raw
    return {"X-Slack-Request-Timestamp": timestamp,
            "X-Slack-Signature": "v0=" + hmac.new(SIGNING_SECRET.encode(), base, hashlib.sha256).hexdigest()}


def forge_token(**changes: object) -> str:
    now = int(time.time())
    claims = {"iss": ISSUER, "aud": APP_ID, "iat": now, "nbf": now, "exp": now + 60, "principal": "557058:user",
              "context": {"extension": {"issue": {"key": KEY}}}, **changes}
    return jwt.encode(claims, SIGNING, algorithm="RS256", headers={"kid": "forge-key-1"})


def ask_cases() -> list[Case]:
    raws = {
        "empty body": b"", "not JSON": b"{not json", "an array": b"[]", "a string": b'"text"', "null": b"null",
        "a number": b"123", "deep arrays": DEEP, "deep inside an object": b'{"text": "hi", "x": ' + DEEP + b"}",
        "unclosed nesting": b"[" * 60000, "not UTF-8": b'{"text": "\xff\xfe"}', "a byte-order mark":
        b'\xef\xbb\xbf{"text": "help"}', "a huge exponent": b'{"text": "hi", "x": 1e999999}',
        "NaN": b'{"text": "hi", "x": NaN}', "duplicate keys": b'{"text": "help", "text": 5}',
        "a lone surrogate": b'{"text": "who owns \\udcff PROJ-1?"}', "a high surrogate": b'{"text": "\\ud83d"}',
    }
    values = {
        "text null": {"text": None}, "text a number": {"text": 5}, "text a list": {"text": ["a"]},
        "text an object": {"text": {"a": 1}}, "text empty": {"text": ""}, "text blank": {"text": "   "},
        "text a NUL": {"text": "\u0000"}, "a NUL inside": {"text": "who owns \u0000 PROJ-1?"},
        "text too long": {"text": "x" * 5000}, "conversation a path": {"text": "hi", "conversation_id": "../../etc"},
        "conversation a number": {"text": "hi", "conversation_id": 5},
        "a Slack conversation": {"text": "hi", "conversation_id": "slack:C1:1.2:U1"},
        "context a string": {"text": "hi", "context": "PROJ-1"},
        "issue key a list": {"text": "hi", "context": {"issue_key": ["x"]}},
        "issue key injected": {"text": "who owns it?", "context": {"issue_key": "PROJ-1' OR 1=1"}},
        "knowledge graph down, follow-up": {"text": "What about it?"},
        "knowledge graph down, entity": {"text": "Where was Antony Cheng born?"},
        "JQL injection": {"text": "issues where project = X OR 1=1 --"}, "emoji": {"text": "🙂" * 100},
        "a huge issue number": {"text": "who owns PROJ-99999999999999999999?"},
        "control characters": {"text": "who\x1b[31m owns PROJ-1?"},
    }
    return ([Case(f"ask: {name}", "/api/v1/ask", raw=raw) for name, raw in raws.items()]
            + [Case(f"ask: {name}", "/api/v1/ask", raw=body(value)) for name, value in values.items()]
            + [Case("ask: text/plain from another site", "/api/v1/ask", raw=b'{"text": "help"}',
                    headers={"Content-Type": "text/plain", "Origin": "http://evil.example"}),
               Case("ask: larger than allowed", "/api/v1/ask", raw=b'{"text": "' + b"a" * 70000 + b'"}')])


def feedback_cases() -> list[Case]:
    values = {"an array": [], "turn id too long": {"turn_id": "x" * 65, "rating": "up"},
              "rating unknown": {"turn_id": "abc", "rating": "meh"},
              "comment a number": {"turn_id": "abc", "rating": "up", "comment": 5},
              "unknown turn": {"turn_id": "unknown", "rating": "up"}, "turn id null": {"turn_id": None}}
    return ([Case(f"feedback: {name}", "/api/v1/feedback", raw=body(value)) for name, value in values.items()]
            + [Case("feedback: deep", "/api/v1/feedback", raw=DEEP)])


def conversation_cases() -> list[Case]:
    return [Case(f"conversation: {name}", f"/api/v1/conversations/{cid}", "GET") for name, cid in {
        "unknown": "unknown", "a Slack one": "slack:C777:command:U2", "a NUL": "%00", "very long": "a" * 3000,
        "a path": "..%2F..%2Fetc"}.items()]


def webhook_cases() -> list[Case]:
    signed = {"an array": b"[]", "a string": b'"x"', "a number": b"1", "null": b"null", "true": b"true",
              "numbers": b"[1, 2]", "event a number": body({"webhookEvent": 5}),
              "issue a string": body({"webhookEvent": "jira:issue_updated", "issue": "PROJ-1"}),
              "items a string": body({"webhookEvent": "jira:issue_updated", "issue": {"key": KEY},
                                      "changelog": {"items": "x"}}),
              "items numbers": body({"webhookEvent": "jira:issue_updated", "issue": {"key": KEY},
                                     "changelog": {"items": [5]}}),
              "link a list": body({"webhookEvent": "issuelink_created", "issueLink": []}),
              "deep": DEEP, "not JSON": b"{nope", "unknown event": body({"webhookEvent": "board_created"})}
    return ([Case(f"webhook signed: {name}", "/jira/webhook", raw=raw, headers=signed_hook(raw))
             for name, raw in signed.items()]
            + [Case("webhook: unsigned", "/jira/webhook", raw=b"[]"),
               Case("webhook: wrong signature", "/jira/webhook", raw=b"{}", headers={"X-Hub-Signature": "sha256=00"})])


def slack_cases() -> list[Case]:
    now = str(int(time.time()))
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    return [
        Case("slack: garbage timestamp", "/slack/events", raw=b"{}", headers={"X-Slack-Request-Timestamp": "abc"}),
        Case("slack: exponent timestamp", "/slack/events", raw=b"{}",
             headers={"X-Slack-Request-Timestamp": "1e10", "X-Slack-Signature": "v0=00"}),
        Case("slack: no headers, deep body", "/slack/events", raw=DEEP),
        Case("slack: deep payload, bad signature", "/slack/interactions", raw=b"payload=" + b"%5B" * 5000,
             headers={**form, "X-Slack-Request-Timestamp": now, "X-Slack-Signature": "v0=00"}),
        Case("slack: not UTF-8", "/slack/commands", raw=b"text=\xff\xfe",
             headers={**form, "X-Slack-Request-Timestamp": now, "X-Slack-Signature": "v0=00"}),
        Case("slack: signed event that is a list", "/slack/events", raw=b"[]", headers=slack_signed(b"[]", now)),
        Case("slack: signed body that is not JSON", "/slack/events", raw=b"{x", headers=slack_signed(b"{x", now)),
    ]


def forge_cases() -> list[Case]:
    ask = body({"text": "who owns it?"})
    tokens = {"context a string": forge_token(context="jira"), "extension a list": forge_token(context={
        "extension": [1]}), "issue key a number": forge_token(context={"extension": {"issue": {"key": 7}}}),
        "principal a number": forge_token(principal=42), "no principal": forge_token(principal=None)}
    none_alg = jwt.encode({"aud": APP_ID}, None, algorithm="none")
    return ([Case(f"forge: {name}", "/forge/ask", raw=ask, headers={"Authorization": f"Bearer {token}"})
             for name, token in tokens.items()]
            + [Case("forge: no token", "/forge/ask", raw=ask),
               Case("forge: bearer alone", "/forge/ask", raw=ask, headers={"Authorization": "Bearer"}),
               Case("forge: garbage token", "/forge/ask", raw=ask, headers={"Authorization": "Bearer x.y.z"}),
               Case("forge: alg none", "/forge/ask", raw=ask, headers={"Authorization": f"Bearer {none_alg}"}),
               Case("forge: good token, body an array", "/forge/ask", raw=b"[]",
                    headers={"Authorization": f"Bearer {forge_token()}"})])


def other_cases() -> list[Case]:
    return [Case("static: a path out", "/static/..%2Fapi.py", "GET"), Case("static: a NUL", "/static/%00", "GET"),
            Case("healthz: POST", "/healthz"), Case("no such route", "/nothing-here", "GET"),
            Case("openapi: POST", "/api/v1/openapi.json"), Case("examples: POST", "/api/v1/examples", raw=b"{}"),
            Case("examples: a stray query", "/api/v1/examples?limit=%00&jql=%22", "GET")]


def corpus() -> list[Case]:
    return ask_cases() + feedback_cases() + conversation_cases() + webhook_cases() + slack_cases() + \
        forge_cases() + other_cases()
