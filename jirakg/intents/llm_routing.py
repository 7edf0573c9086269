"""Which intents the LLM parse is used for: those where it scored at least as well as the embedded
parser on a development set (`jirakg eval nlq --parser both` measures both and writes this file)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel


class IntentScores(BaseModel):
    cases: int
    embedded: float  # share of the intent's cases each parser got right
    llm: float


class LlmRouting(BaseModel):
    measured_on: str  # the case file
    model: str
    scores: dict[str, IntentScores]

    @property
    def llm_intents(self) -> list[str]:
        return [name for name, score in self.scores.items() if score.llm >= score.embedded]

    def uses_llm(self, intent: str) -> bool:
        """An intent never measured keeps the embedded parse: nothing says the model does better."""
        return intent in self.llm_intents

    @classmethod
    def load(cls, path: Path | None) -> LlmRouting | None:
        """The routing written at `path`, or None (no file: the LLM parse is used for every intent)."""
        if path is None or not path.exists():
            return None
        return cls.model_validate_json(path.read_text(encoding="utf-8"))
