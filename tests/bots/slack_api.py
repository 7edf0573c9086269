"""A local server speaking the Slack Web API methods the bot calls (chat.postMessage, chat.update,
chat.postEphemeral, views.open, users.info, auth.test which Bolt asks first, and Socket Mode's
apps.connections.open and WebSocket), checking the bot token like Slack does, and signed requests to
the bot's endpoints as Slack sends them."""

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


class FakeSlack:
    def __init__(self, envelopes: list[dict] = (), emails: dict[str, str] | None = None) -> None:
        self.emails = emails or {}  # Slack user id → the email on their profile
        self.calls: list[tuple[str, dict]] = []
        self.posted = 0
        self.envelopes = list(envelopes)  # what Socket Mode delivers once the app connects
        self.acks: list[dict] = []

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/{method}", self.method)
        app.router.add_get("/api/{method}", self.method)  # slack_sdk reads users.info with GET
        app.router.add_get("/socket", self.socket)
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
        self.calls.append((name, body))
        if name == "auth.test":
            return web.json_response({"ok": True, "url": "https://test.slack.com/", "team": "Test", "user": "jirakg",
                                      "team_id": "T1", "user_id": "UBOT", "bot_id": "B1",
                                      "is_enterprise_install": False})
        if name == "chat.postMessage":
            self.posted += 1
            ts = f"{int(time.time())}.{self.posted:06d}"
            return web.json_response({"ok": True, "channel": body["channel"], "ts": ts,
                                      "message": {"text": body.get("text"), "ts": ts}})
        if name == "users.info":
            if body.get("user") not in self.emails:
                return web.json_response({"ok": False, "error": "user_not_found"})
            return web.json_response({"ok": True, "user": {"id": body["user"], "name": body["user"],
                                                           "profile": {"email": self.emails[body["user"]]}}})
        if name in ("chat.update", "chat.postEphemeral", "views.open"):
            return web.json_response({"ok": True, "ts": body.get("ts", "1.1")})
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
