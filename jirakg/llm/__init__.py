"""A thin, bounded wrapper over the `openai` client for any OpenAI-compatible endpoint (optional)."""

from jirakg.llm.client import LlmClient, LlmConfigError, LlmError
from jirakg.llm.turn_budget import LlmCall, current_turn, llm_turn

__all__ = ["LlmCall", "LlmClient", "LlmConfigError", "LlmError", "current_turn", "llm_turn"]
