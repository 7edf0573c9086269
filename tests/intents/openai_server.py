"""A local server speaking the OpenAI chat-completions protocol as the SDK sees it on the wire (JSON
replies, server-sent event streams, tool calls, model lists, 400s for what it does not take),
scripted by the test; it can also trickle its reply a byte at a time or hang."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Collection

from aiohttp import web

from jirakg.devjira.runner import BackgroundServer

MODES = ("json_schema", "tools", "json_object")


class ScriptedModel:
    """`reply(messages)` returns the assistant's content, or a (status, error body) pair. Streamed calls
    are kept in `requests`, the one-token probes of structured modes in `probes`."""

    def __init__(self, reply: Callable[[list[dict]], object], delay_s: float = 0.0, *,
                 modes: Collection[str] = MODES, served: Collection[str] = ("m", "test-model"),
                 trickle_s: float = 0.0, hang: bool = False, refusal_status: int = 400,
                 break_off: bool = False) -> None:
        self.reply = reply
        self.delay_s = delay_s
        self.modes = modes  # structured modes it takes; any other is refused with `refusal_status`
        self.refusal_status = refusal_status  # llama-cpp-python's server refuses a response_format with a 500
        self.break_off = break_off  # close the connection half-way through the stream, as a dying server does
        self.served = served
        self.trickle_s = trickle_s  # > 0: the stream is written one byte per this many seconds
        self.hang = hang  # accept the request and never answer
        self.requests: list[dict] = []
        self.probes: list[dict] = []
        self.sent_bytes = 0  # of the last stream
        self.finished = 0  # streams written to the end
        self.abandoned = 0  # requests the client hung up on before the reply ended
        self.in_flight = self.max_in_flight = 0  # streamed requests being answered, now and at most

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self.completions)
        app.router.add_get("/v1/models", self.models)
        return app

    async def models(self, request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [
            {"id": name, "object": "model", "created": 0, "owned_by": "test"} for name in self.served]})

    async def completions(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        (self.requests if body.get("stream") else self.probes).append(body)
        mode = mode_of(body)
        if mode is not None and mode not in self.modes:
            return web.json_response({"error": {"message": f"{mode} is not supported", "type": "invalid_request_error",
                                                "param": "response_format", "code": None}},
                                     status=self.refusal_status)
        if not body.get("stream"):
            return web.json_response(_completion(body, "{", "length"))
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.hang:
                return await self._until_the_client_leaves(request)
            if self.delay_s:
                await asyncio.sleep(self.delay_s)
            answer = self.reply(body["messages"])
            if isinstance(answer, tuple):
                status, error = answer
                return web.json_response({"error": error}, status=status)
            return await self._stream(request, body, str(answer), mode == "tools")
        finally:
            self.in_flight -= 1

    async def _stream(self, request: web.Request, body: dict, content: str, as_tool: bool) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        events = [_chunk(body, _delta(piece, as_tool), None) for piece in _pieces(content)]
        events.append(_chunk(body, {}, "tool_calls" if as_tool else "stop"))
        payload = "".join(f"data: {json.dumps(event)}\n\n" for event in events) + "data: [DONE]\n\n"
        self.sent_bytes = 0
        step = 1 if self.trickle_s else len(payload)
        if self.break_off:
            await response.write(payload[:len(payload) // 2].encode())
            assert request.transport is not None
            request.transport.close()
            return response
        try:
            for start in range(0, len(payload), step):
                await response.write(payload[start:start + step].encode())
                self.sent_bytes += step
                if self.trickle_s:
                    await asyncio.sleep(self.trickle_s)
            await response.write_eof()
        except (ConnectionError, asyncio.CancelledError):
            self.abandoned += 1
            raise
        self.finished += 1
        return response

    async def _until_the_client_leaves(self, request: web.Request) -> web.StreamResponse:
        while request.transport is not None and not request.transport.is_closing():
            await asyncio.sleep(0.02)
        self.abandoned += 1
        return web.Response(status=499)

    def serve(self) -> BackgroundServer:
        return BackgroundServer(self.app())

    def wait_until(self, done: Callable[[], bool], timeout_s: float = 5.0) -> None:
        """The server runs on its own thread: what it notices (a client hanging up) it may notice after the
        client has moved on, later on a loaded machine."""
        deadline = time.monotonic() + timeout_s
        while not done() and time.monotonic() < deadline:
            time.sleep(0.01)


def mode_of(body: dict) -> str | None:
    """The structured mode a request asks for."""
    if body.get("tools"):
        return "tools"
    return (body.get("response_format") or {}).get("type")


def _pieces(content: str) -> list[str]:
    """The content in several chunks, as a model streams it."""
    return [content[i:i + 16] for i in range(0, len(content), 16)] or [""]


def _delta(piece: str, as_tool: bool) -> dict:
    if as_tool:
        return {"tool_calls": [{"index": 0, "id": "call_0", "type": "function",
                                "function": {"name": "reply", "arguments": piece}}]}
    return {"role": "assistant", "content": piece}


def _chunk(body: dict, delta: dict, finish_reason: str | None) -> dict:
    return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": int(time.time()),
            "model": body["model"], "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}


def _completion(body: dict, content: str, finish_reason: str) -> dict:
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": body["model"],
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11}}


def intents(*items: dict) -> Callable[[list[dict]], str]:
    return lambda messages: json.dumps({"intents": list(items)})
