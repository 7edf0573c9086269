"""Chat completions held to a JSON schema, bounded: each call streams and is stopped at its deadline
(its own, cut to what is left of the turn's), `max_tokens` is set by the caller from the schema, and
a circuit breaker skips the model after repeated failures. Every failure is one `LlmError`; every
call is logged in the turn (`turn_budget`)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ValidationError

from jirakg.config.settings import LlmSettings
from jirakg.errors import JirakgError
from jirakg.llm.breaker import CircuitBreaker
from jirakg.llm.turn_budget import LlmCall, Outcome, current_turn

log = logging.getLogger(__name__)
Mode = Literal["json_schema", "tools", "json_object"]
MODES: tuple[Mode, ...] = get_args(Mode)
# How servers refuse a structured mode they do not take: 400 or 422, llama-cpp-python's server a 500
MODE_REFUSED = frozenset({400, 422, 500})
MIN_CALL_S = 0.25  # less than this left in the turn: a call could not finish, so none is started
# The end of a turn kept for the embedded path that answers after the model (a tenth, at most 0.5 s):
# measured against llama.cpp, turns whose calls ran to the very deadline ended 30-60 ms after it.
FINISH_SHARE, FINISH_MAX_S = 0.1, 0.5
PROBE_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"],
                "additionalProperties": False}
T = TypeVar("T", bound=BaseModel)


class LlmError(JirakgError):
    """The endpoint failed, timed out, was skipped or answered something that does not fit the schema."""

    def __init__(self, message: str, outcome: Outcome = "error") -> None:
        super().__init__(message)
        self.outcome = outcome


class LlmConfigError(JirakgError):
    """The endpoint does not serve the configured model: start-up stops with this sentence."""


class LlmClient:
    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 5.0,
                 turn_timeout_s: float = 8.0, structured: Literal["auto", Mode] = "auto",
                 breaker: CircuitBreaker | None = None) -> None:
        from openai import AsyncOpenAI  # the `llm` extra; imported only when an endpoint is configured

        # Our deadline bounds the whole call; the SDK's timeout is only a backstop, and the retry is our
        # own fallback (a slow endpoint must not hold a person's answer).
        self._client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed",
                                   timeout=turn_timeout_s + 1, max_retries=0)
        self.base_url, self.model = base_url, model
        self.timeout_s, self.turn_timeout_s = timeout_s, turn_timeout_s
        self.mode: Mode | None = None if structured == "auto" else structured
        self.breaker = breaker or CircuitBreaker()
        self._probing = asyncio.Lock()

    @classmethod
    def from_settings(cls, settings: LlmSettings) -> LlmClient:
        key = settings.api_key.get_secret_value() if settings.api_key else None
        return cls(str(settings.base_url), settings.model or "", key, settings.timeout_s, settings.turn_timeout_s,
                   settings.structured, CircuitBreaker(settings.breaker_failures, settings.breaker_cooldown_s))

    async def start(self) -> None:
        """Check the model is served (a wrong name raises `LlmConfigError`) and probe the structured mode.
        An endpoint that does not answer yet is not an error: the probe is retried on the first call."""
        from openai import NotFoundError, OpenAIError

        try:
            async with asyncio.timeout(self.timeout_s):
                served = [m.id async for m in self._client.models.list()]
        except NotFoundError:
            served = []  # the endpoint lists no models: nothing to check the name against
        except (OpenAIError, TimeoutError) as exc:
            log.warning("the LLM endpoint %s did not answer at start-up: %s", self.base_url, exc)
            return
        if served and self.model not in served:
            raise LlmConfigError(f"The LLM endpoint {self.base_url} does not serve the model {self.model!r} "
                                 f"(llm.model); it serves {', '.join(served)}.")
        try:
            async with asyncio.timeout(self.timeout_s):
                await self._ensure_mode()
        except (OpenAIError, TimeoutError) as exc:
            log.warning("the LLM endpoint %s could not be probed at start-up: %s", self.base_url, exc)

    async def complete(self, stage: str, system: str, user: str, reply: type[T], schema: dict,
                       max_tokens: int, lean: dict | None = None) -> T:
        """The model's reply to `user` under `system`, held to `schema` and validated as `reply`;
        `lean`, the same schema requiring only what has no default, is sent in the modes that allow it."""
        started = time.monotonic()
        try:
            text = await self._bounded(system, user, schema, max_tokens, lean)
            try:
                parsed = reply.model_validate_json(text)
            except ValidationError as exc:
                error = exc.errors()[0]
                raise LlmError(f"the model's reply does not fit the schema ({error['msg']} at "
                               f"{'.'.join(map(str, error['loc'])) or 'the top'})", "invalid") from exc
        except LlmError as exc:
            self._log(stage, exc.outcome, started, str(exc))
            raise
        self._log(stage, "ok", started)
        return parsed

    async def _bounded(self, system: str, user: str, schema: dict, max_tokens: int, lean: dict | None) -> str:
        import httpx  # the openai client's transport, installed with it
        from openai import OpenAIError

        remaining = self._remaining()
        if remaining < MIN_CALL_S:
            raise LlmError("no time left in this question for the model", "skipped")
        if not self.breaker.allows():
            raise LlmError(f"the model is skipped: circuit breaker {self.breaker.describe()}", "skipped")
        try:
            async with asyncio.timeout(remaining):
                mode = await self._ensure_mode()
                text = await self._stream(mode, system, user, schema if mode == "json_schema" else lean or schema,
                                          max_tokens)
        except TimeoutError as exc:
            self.breaker.failed()
            raise LlmError(f"the model did not finish within {remaining:.1f} s", "timeout") from exc
        except (OpenAIError, httpx.HTTPError) as exc:  # httpx's: a stream the server broke off mid-way
            self.breaker.failed()
            raise LlmError(f"{type(exc).__name__}: {exc}") from exc
        self.breaker.succeeded()  # the server answered: what it said is judged by the caller
        return text

    def _remaining(self) -> float:
        """Seconds this call may take: its own limit, cut to what is left of the turn's model time."""
        turn = current_turn()
        if turn is None:
            return self.timeout_s
        model_time = self.turn_timeout_s - min(FINISH_MAX_S, FINISH_SHARE * self.turn_timeout_s)
        return min(self.timeout_s, model_time - (time.monotonic() - turn.started))

    async def _stream(self, mode: Mode, system: str, user: str, schema: dict, max_tokens: int) -> str:
        """The reply's text (or the forced tool call's arguments), read as it streams so that the
        deadline can stop it mid-way; closing the stream tells the server to stop generating."""
        stream = await self._client.chat.completions.create(
            model=self.model, temperature=0, max_tokens=max_tokens, stream=True,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
            **_structured(mode, schema))
        parts: list[str] = []
        async with stream:
            async for chunk in stream:
                for choice in chunk.choices:
                    if choice.finish_reason == "length":
                        raise LlmError(f"the reply reached max_tokens ({max_tokens})", "invalid")
                    if choice.delta.content:
                        parts.append(choice.delta.content)
                    for call in choice.delta.tool_calls or []:
                        if call.function and call.function.arguments:
                            parts.append(call.function.arguments)
        return "".join(parts)

    async def _ensure_mode(self) -> Mode:
        """The structured mode the server accepts, probed once with one-token requests, the strictest
        guarantee first: a refusal status (MODE_REFUSED) means the server does not take that mode; any
        other error is raised, leaving the mode to be probed again."""
        from openai import APIStatusError

        async with self._probing:
            if self.mode is not None:
                return self.mode
            for mode in MODES:
                try:
                    await self._client.chat.completions.create(
                        model=self.model, max_tokens=1, messages=[{"role": "user", "content": "Is 2 > 1?"}],
                        **_structured(mode, PROBE_SCHEMA))
                except APIStatusError as exc:
                    if exc.status_code not in MODE_REFUSED:
                        raise  # a bad key, a rate limit, a model loading: no answer about the mode
                    log.info("the LLM endpoint does not take %s: %s", mode, exc)
                    continue
                self.mode = mode
                return mode
            self.mode = "json_object"  # nothing accepted: the plainest mode, whose failures then fall back
            return self.mode

    async def ping(self) -> None:
        """For /readyz: raises `LlmError` saying why the model cannot be used now."""
        from openai import OpenAIError

        if self.breaker.state == "open":
            raise LlmError(f"circuit breaker {self.breaker.describe()}", "skipped")
        try:
            async with asyncio.timeout(self.timeout_s):
                await self._client.models.list()
        except (OpenAIError, TimeoutError) as exc:
            raise LlmError(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__) from exc

    def _log(self, stage: str, outcome: Outcome, started: float, detail: str | None = None) -> None:
        turn = current_turn()
        if turn is not None:
            turn.calls.append(LlmCall(stage=stage, outcome=outcome, seconds=round(time.monotonic() - started, 4),
                                      detail=detail))

    async def close(self) -> None:
        await self._client.close()


def _structured(mode: Mode, schema: dict) -> dict[str, Any]:
    """The request fields that hold the reply to `schema` in `mode`."""
    if mode == "json_schema":
        return {"response_format": {"type": "json_schema",
                                    "json_schema": {"name": "reply", "schema": schema, "strict": True}}}
    if mode == "tools":  # a forced call of the one tool whose parameters are the schema
        return {"tools": [{"type": "function", "function": {"name": "reply", "parameters": schema}}],
                "tool_choice": {"type": "function", "function": {"name": "reply"}}}
    # llama.cpp-style servers constrain json_object to a schema given beside it.
    return {"response_format": {"type": "json_object", "schema": schema}}

