"""A local server speaking the Slack Web API methods the bot calls (chat.postMessage, chat.postEphemeral,
chat.unfurl, views.open, views.publish, users.info, assistant.threads.setStatus/setSuggestedPrompts/
setTitle, conversations.replies which Bolt's assistant reads a thread's context from, auth.test which
Bolt asks first, and Socket Mode's apps.connections.open and WebSocket),
checking the bot token and each method's required arguments like Slack does; the response_url Slack
hands with slash commands and interactions (`/response/<id>`); and signed requests to the bot's
endpoints as Slack sends them."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import urllib.parse

from aiohttp import web

from jirakg.devjira.runner import BackgroundServer

BOT_TOKEN = "xoxb-test-token"
APP_TOKEN = "xapp-1-test-token"
SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
# What each method refuses to run without, as Slack's reference lists it.
REQUIRED = {"chat.postEphemeral": ("channel", "user"), "views.open": ("trigger_id", "view"),
            "views.publish": ("user_id", "view"), "chat.unfurl": ("unfurls",),
            "assistant.threads.setStatus": ("channel_id", "thread_ts", "status"),
            "assistant.threads.setSuggestedPrompts": ("channel_id", "thread_ts", "prompts"),
            "assistant.threads.setTitle": ("channel_id", "thread_ts", "title")}


class FakeSlack:
    def __init__(self, envelopes: list[dict] = (), emails: dict[str, str] | None = None) -> None:
        self.emails = emails or {}  # Slack user id → the email on their profile
        self.calls: list[tuple[str, dict]] = []
        self.posted = 0
        self.envelopes = list(envelopes)  # what Socket Mode delivers once the app connects
        self.acks: list[dict] = []
        self.messages: list[dict] = []  # what the bot posted, for conversations.replies
        self.responses: list[tuple[str, dict]] = []  # (response_url id, JSON body) posted to a response_url

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/{method}", self.method)
        app.router.add_get("/api/{method}", self.method)  # slack_sdk reads users.info with GET
        app.router.add_get("/socket", self.socket)
        app.router.add_post("/response/{id}", self.response_url)
        return app

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        """Socket Mode: hello, then each envelope; the app acknowledges each by its envelope_id."""
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"type": "hello", "num_connections": 1, "debug_info": {"host": "test"},
                            "connection_info": {"app_id": "A1"}})
        for envelope in self.envelopes:
            await ws.send_json(envelope)
        async for message in ws:
            if message.type == web.WSMsgType.TEXT:
                self.acks.append(json.loads(message.data))
        return ws

    async def response_url(self, request: web.Request) -> web.Response:
        """Slack's response_url: no token (the URL is the credential), a JSON message; a message needs
        text or blocks unless it only deletes the original."""
        if request.content_type != "application/json":
            return web.Response(status=400, text="invalid_payload")
        body = await request.json()
        if not (body.get("text") or body.get("blocks") or body.get("delete_original")):
            return web.Response(status=400, text="no_text")
        if body.get("response_type", "ephemeral") not in ("ephemeral", "in_channel"):
            return web.Response(status=400, text="invalid_response_type")
        self.responses.append((request.match_info["id"], body))
        return web.Response(text="ok")

    def responded(self, response_id: str) -> list[dict]:
        return [body for rid, body in self.responses if rid == response_id]

    async def method(self, request: web.Request) -> web.Response:
        name = request.match_info["method"]
        if name == "apps.connections.open":  # asked with the app-level token
            if request.headers.get("Authorization") != f"Bearer {APP_TOKEN}":
                return web.json_response({"ok": False, "error": "invalid_auth"})
            return web.json_response({"ok": True, "url": f"ws://{request.host}/socket"})
        if request.headers.get("Authorization") != f"Bearer {BOT_TOKEN}":
            return web.json_response({"ok": False, "error": "invalid_auth"})
        if request.method == "GET":
            body: dict = dict(request.query)
        else:
            body = await request.json() if request.content_type == "application/json" else dict(await request.post())
            body = {**request.query, **body}  # Slack reads arguments from the query string as well
        self.calls.append((name, body))
        if name == "auth.test":
            return web.json_response({"ok": True, "url": "https://test.slack.com/", "team": "Test", "user": "jirakg",
                                      "team_id": "T1", "user_id": "UBOT", "bot_id": "B1",
                                      "is_enterprise_install": False})
        if name == "chat.postMessage":
            self.posted += 1
            ts = f"{int(time.time())}.{self.posted:06d}"
            self.messages.append({"type": "message", "user": "UBOT", "bot_id": "B1", "text": body.get("text", ""),
                                  "ts": ts, "channel": body["channel"], "thread_ts": body.get("thread_ts"),
                                  **({"metadata": body["metadata"]} if body.get("metadata") else {})})
            return web.json_response({"ok": True, "channel": body["channel"], "ts": ts,
                                      "message": {"text": body.get("text"), "ts": ts}})
        if name == "conversations.replies":  # a thread's replies the bot posted, oldest first
            if not (body.get("channel") and body.get("ts")):
                return web.json_response({"ok": False, "error": "invalid_arguments"})
            replies = [{k: v for k, v in m.items() if k != "channel"} for m in self.messages
                       if m["channel"] == body["channel"] and m["thread_ts"] == body["ts"]]
            return web.json_response({"ok": True, "messages": replies[:int(body.get("limit") or 1000)],
                                      "has_more": False})
        if name == "users.info":
            if body.get("user") not in self.emails:
                return web.json_response({"ok": False, "error": "user_not_found"})
            return web.json_response({"ok": True, "user": {"id": body["user"], "name": body["user"],
                                                           "profile": {"email": self.emails[body["user"]]}}})
        missing = [arg for arg in REQUIRED.get(name, ()) if not body.get(arg)]
        if missing:
            return web.json_response({"ok": False, "error": f"invalid_arguments: {missing[0]}"})
        if name == "chat.unfurl":
            if not ((body.get("channel") and body.get("ts")) or (body.get("source") and body.get("unfurl_id"))):
                return web.json_response({"ok": False, "error": "cannot_unfurl_message"})
            if not isinstance(body.get("unfurls"), dict):
                return web.json_response({"ok": False, "error": "invalid_unfurls"})
            return web.json_response({"ok": True})
        if name == "assistant.threads.setSuggestedPrompts" and not all(
                isinstance(p, dict) and p.get("title") and p.get("message") for p in body["prompts"]):
            return web.json_response({"ok": False, "error": "invalid_prompts"})
        if name in ("views.open", "views.publish"):
            return web.json_response({"ok": True, "view": {"id": "V1", **body["view"]}})
        if name in ("chat.postEphemeral", "assistant.threads.setStatus", "assistant.threads.setSuggestedPrompts",
                    "assistant.threads.setTitle"):
            return web.json_response({"ok": True, **({"message_ts": "1.1"} if name == "chat.postEphemeral" else {})})
        return web.json_response({"ok": False, "error": "unknown_method"})

    def of(self, name: str) -> list[dict]:
        return [body for method, body in self.calls if method == name]

    def serve(self) -> BackgroundServer:
        return BackgroundServer(self.app())


def signed(body: bytes, secret: str = SIGNING_SECRET, timestamp: int | None = None) -> dict[str, str]:
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(secret.encode(), f"v0:{stamp}:".encode() + body, hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": f"v0={digest}"}


def event_body(event: dict, event_id: str) -> bytes:
    return json.dumps({"token": "legacy", "team_id": "T1", "api_app_id": "A1", "type": "event_callback",
                       "event_id": event_id, "event_time": int(time.time()), "event": event}).encode()


def form_body(fields: dict) -> bytes:
    return urllib.parse.urlencode(fields).encode()


def interaction_body(payload: dict) -> bytes:
    return form_body({"payload": json.dumps(payload)})
