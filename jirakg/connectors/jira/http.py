"""One persistent aiohttp session to Jira with timeouts, retries and an adaptive concurrency cap."""

from __future__ import annotations

import asyncio
import copy
import json
from dataclasses import dataclass
from typing import Any

import aiohttp

from jirakg.connectors.jira.auth import JiraAuth
from jirakg.connectors.jira.errors import JiraAuthError, JiraError, JiraForbidden, JiraUnavailable, PersonRefused
from jirakg.connectors.jira.limiter import AdaptiveLimiter
from jirakg.connectors.retry import RetryPolicy, TransientFailure, retry_after_seconds


class JiraBadRequest(JiraError):
    """Jira answered 400; the message is Jira's own."""


class JiraNotFound(JiraError):
    """Jira answered 404."""


@dataclass
class RequestStats:
    requests: int = 0
    retries: int = 0
    throttled: int = 0


class JiraHttp:
    def __init__(self, base_url: str, auth: JiraAuth = JiraAuth(), *, timeout_s: float = 30.0,
                 concurrency: int = 8, retry: RetryPolicy | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.auth = auth
        self.timeout = aiohttp.ClientTimeout(total=timeout_s)
        self.limiter = AdaptiveLimiter(concurrency)
        self.retry = retry or RetryPolicy()
        self.stats = RequestStats()
        self.refused = (f"Jira at {self.base_url} refused the credentials (HTTP {{status}}); "
                        "check the email and API token, or the personal access token.")
        self.refusal: type[JiraAuthError] = JiraAuthError
        self._session: aiohttp.ClientSession | None = None
        self._owner = True

    async def __aenter__(self) -> JiraHttp:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=max(64, self.limiter.maximum * 2))
            self._session = aiohttp.ClientSession(connector=connector, timeout=self.timeout,
                                                  headers={"Accept": "application/json"})
        return self._session

    def as_person(self, base_url: str, auth: JiraAuth, refused: str) -> JiraHttp:
        """The same connections, limiter and retries, calling `base_url` with one person's credentials;
        `refused` is what a 401 or 403 without a message says to them."""
        person = copy.copy(self)
        person.base_url, person.auth, person.refused = base_url.rstrip("/"), auth, refused
        person.refusal, person._session, person._owner = PersonRefused, self.session, False
        return person

    async def close(self) -> None:
        if self._session is not None and self._owner:
            await self._session.close()

    async def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        return await self.request("GET", path, params=params)

    async def post(self, path: str, body: dict[str, Any]) -> Any:
        return await self.request("POST", path, body=body)

    async def request(self, method: str, path: str, *, params: dict | None = None, body: dict | None = None) -> Any:
        def unavailable(reason: str) -> JiraUnavailable:
            return JiraUnavailable(f"Jira at {self.base_url} is not answering ({reason} after "
                                   f"{self.retry.attempts} attempts); try again shortly.")

        def counted() -> None:
            self.stats.retries += 1

        return await self.retry.run(lambda: self._attempt(method, path, params, body), unavailable, counted)

    async def _attempt(self, method: str, path: str, params: dict | None, body: dict | None) -> Any:
        async with self.limiter:  # the slot covers the network exchange only
            self.stats.requests += 1
            try:
                async with self.session.request(method, self.base_url + path, params=params, json=body,
                                                headers=self.auth.headers()) as response:
                    status, raw = response.status, await response.read()
                    retry_after = retry_after_seconds(response.headers.get("Retry-After"))
            except (TimeoutError, aiohttp.ClientConnectionError, aiohttp.ClientPayloadError) as exc:
                reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
                raise TransientFailure(reason) from exc
        if status < 300:
            self.limiter.succeeded()
            # Let the next queued request go out before spending milliseconds decoding this page.
            await asyncio.sleep(0)
            return json.loads(raw) if raw else None
        self._refuse(status, raw, path)
        raise TransientFailure(f"HTTP {status}", retry_after)

    def _refuse(self, status: int, raw: bytes, path: str) -> None:
        """Raise for answers that retrying cannot fix; note throttling, which it can."""
        payload = _payload(raw)
        if status == 403 and _messages(payload):
            raise JiraForbidden(_messages(payload))
        if status in (401, 403):
            raise self.refusal(self.refused.format(status=status))
        if status == 400:
            raise JiraBadRequest(_messages(payload) or "Jira rejected the request.")
        if status == 404:
            raise JiraNotFound(_messages(payload) or f"Jira has nothing at {path}.")
        if status == 429:
            self.stats.throttled += 1
            self.limiter.throttled()
        elif not self.retry.retries(status):
            raise JiraError(f"Jira answered HTTP {status}: {_messages(payload) or 'no details'}")


def _payload(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def _messages(payload: Any) -> str:
    if not isinstance(payload, dict):
        return ""
    messages = list(payload.get("errorMessages") or [])
    messages += [f"{name}: {text}" for name, text in (payload.get("errors") or {}).items()]
    return " ".join(messages)
