"""A retrieval plan: what one intent fetches — the operation, its JQL or keys, the fields (sub-schema)
the answer needs — written so `--explain` can show it."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from jirakg.intents.models import IntentCall

Operation = Literal["node", "children", "linked", "dependencies", "changelog", "subtree", "jql", "none"]


class RetrievalPlan(BaseModel):
    intent: IntentCall
    operation: Operation
    keys: list[str] = Field(default_factory=list)
    jql: str | None = None
    fields: list[str] = Field(default_factory=list)
    changelog: bool = False
    depth: int = 1
    as_of: datetime | None = None  # the moment ages, overdue and "this week" are measured from

    def describe(self) -> str:
        target = self.jql if self.jql is not None else ", ".join(self.keys) or "-"
        extra = f" fields={','.join(self.fields)}" if self.fields else ""
        return f"{self.intent.name}: {self.operation} {target}{extra}" + (" +changelog" if self.changelog else "")
