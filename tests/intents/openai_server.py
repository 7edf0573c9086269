"""A local server speaking the OpenAI chat-completions protocol, scripted by the test."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

from aiohttp import web

from jirakg.devjira.runner import BackgroundServer


class ScriptedModel:
    """`reply(messages)` returns the assistant's content, or a (status, error body) pair."""

    def __init__(self, reply: Callable[[list[dict]], object], delay_s: float = 0.0) -> None:
        self.reply = reply
        self.delay_s = delay_s
        self.requests: list[dict] = []

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self.completions)
        return app

    async def completions(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.requests.append(body)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        answer = self.reply(body["messages"])
        if isinstance(answer, tuple):
            status, error = answer
            return web.json_response({"error": error}, status=status)
        return web.json_response({
            "id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": body["model"],
            "choices": [{"index": 0, "message": {"role": "assistant", "content": answer}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}})

    def serve(self) -> BackgroundServer:
        return BackgroundServer(self.app())


def intents(*items: dict) -> Callable[[list[dict]], str]:
    return lambda messages: json.dumps({"intents": list(items)})
