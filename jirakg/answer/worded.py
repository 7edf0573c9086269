"""The reply a model words an answer in, and its schema and token budget."""

from __future__ import annotations

from pydantic import BaseModel

from jirakg.llm.schema import max_tokens_for, strict_schema

ANSWER_TOKENS = 320  # a concise answer listing up to ten issues


class WordedAnswer(BaseModel):
    answer: str


WORDED_SCHEMA = strict_schema(WordedAnswer)
WORDED_MAX_TOKENS = max_tokens_for(WORDED_SCHEMA, values=ANSWER_TOKENS)
