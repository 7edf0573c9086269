"""A thin wrapper over the `openai` client for any OpenAI-compatible endpoint (optional)."""

from jirakg.llm.client import LlmClient, LlmError

__all__ = ["LlmClient", "LlmError"]
