"""What one intent's handler returns: a part of the turn's answer, with its evidence and explain steps."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from jirakg.retrieval.kgqa.reformulation import KgTurn


class ExplainStep(BaseModel):
    """One line of `--explain`: what a stage did, and whether the cache answered."""

    stage: Literal["parse", "plan", "kg", "answer"]
    text: str
    cache: Literal["hit", "miss"] | None = None

    def __str__(self) -> str:
        return self.text + (f" (cache {self.cache})" if self.cache else "")


class IssueRow(BaseModel):
    """An issue a list answer names, for a table."""

    key: str
    summary: str
    status: str = ""
    assignee: str = ""


class FullList(BaseModel):
    """A list the answer cut short: the JQL that selects all of it (as it ran), and how many it selects."""

    jql: str
    total: int


class PartAnswer(BaseModel):
    intent: str
    text: str
    citations: list[str] = Field(default_factory=list)  # issue keys, in the order cited (links: the engine's)
    listed: list[str] = Field(default_factory=list)  # keys of the issues the part is about, for "the second one"
    rows: list[IssueRow] = Field(default_factory=list)
    full_list: FullList | None = None  # set when the answer lists fewer issues than the JQL selects
    explain: list[ExplainStep] = Field(default_factory=list)
    cache_hits: int = 0
    cache_misses: int = 0
    worded_by_llm: bool = False
    fallback_reasons: list[str] = Field(default_factory=list)  # why the model's words were not used
    kg_turn: KgTurn | None = None  # a knowledge-graph part: what the next turn's reformulation needs
