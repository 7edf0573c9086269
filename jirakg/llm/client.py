"""Chat completions that must come back as one JSON object; every failure is one `LlmError`."""

from __future__ import annotations

import json

from jirakg.config.settings import LlmSettings
from jirakg.errors import JirakgError


class LlmError(JirakgError):
    """The endpoint failed, timed out or answered something that is not the JSON asked for."""


class LlmClient:
    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 15.0) -> None:
        from openai import AsyncOpenAI  # the `llm` extra; imported only when an endpoint is configured

        # Our own fallback is the retry: a slow endpoint must not hold a person's answer.
        self._client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s,
                                   max_retries=0)
        self.model = model

    @classmethod
    def from_settings(cls, settings: LlmSettings) -> LlmClient:
        key = settings.api_key.get_secret_value() if settings.api_key else None
        return cls(str(settings.base_url), settings.model or "", key, settings.timeout_s)

    async def json_completion(self, system: str, user: str) -> dict:
        from openai import OpenAIError

        try:
            response = await self._client.chat.completions.create(
                model=self.model, temperature=0, response_format={"type": "json_object"},
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}])
        except OpenAIError as exc:
            raise LlmError(f"{type(exc).__name__}: {exc}") from exc
        content = response.choices[0].message.content if response.choices else None
        try:
            data = json.loads(content or "")
        except json.JSONDecodeError as exc:
            raise LlmError("the model did not answer with JSON") from exc
        if not isinstance(data, dict):
            raise LlmError("the model's JSON is not an object")
        return data

    async def close(self) -> None:
        await self._client.close()
