"""ParsedQuery + history → one RetrievalPlan per intent: the operation, its JQL or keys, the fields
(sub-schema) the answer needs, and the selector applied afterwards."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from jirakg.intents.models import IntentCall, ParsedQuery
from jirakg.intents.registry import INTENTS

Operation = Literal["node", "children", "linked", "dependencies", "changelog", "subtree", "jql", "none"]
SUBTREE_DEPTH = 4
CHAIN_DEPTH = 10


class RetrievalPlan(BaseModel):
    intent: IntentCall
    operation: Operation
    keys: list[str] = Field(default_factory=list)
    jql: str | None = None
    fields: list[str] = Field(default_factory=list)
    changelog: bool = False
    depth: int = 1

    def describe(self) -> str:
        target = self.jql if self.jql is not None else ", ".join(self.keys) or "-"
        extra = f" fields={','.join(self.fields)}" if self.fields else ""
        return f"{self.intent.name}: {self.operation} {target}{extra}" + (" +changelog" if self.changelog else "")


def plan(parsed: ParsedQuery) -> list[RetrievalPlan]:
    return [_plan(call) for call in parsed.intents]


def _plan(call: IntentCall) -> RetrievalPlan:
    spec_fields = INTENTS[call.name].fields
    if call.name == "metadata":
        return RetrievalPlan(intent=call, operation="node", keys=call.issue_keys,
                             fields=sorted(set(call.slots.fields) | {"status", "assignee"}))
    if call.name == "children":
        return RetrievalPlan(intent=call, operation="children", keys=call.issue_keys, fields=spec_fields)
    if call.name == "linked":
        return RetrievalPlan(intent=call, operation="linked", keys=call.issue_keys, fields=spec_fields)
    if call.name == "dependencies":
        return RetrievalPlan(intent=call, operation="dependencies", keys=call.issue_keys, depth=CHAIN_DEPTH)
    if call.name == "changelog":
        return RetrievalPlan(intent=call, operation="changelog", keys=call.issue_keys, changelog=True)
    if call.name == "summary":
        return RetrievalPlan(intent=call, operation="subtree", keys=call.issue_keys, fields=spec_fields,
                             depth=SUBTREE_DEPTH)
    if call.name in ("search", "count"):
        return RetrievalPlan(intent=call, operation="jql", jql=call.jql or "project is not EMPTY",
                             fields=sorted(set(spec_fields) | ({call.slots.group_by} if call.slots.group_by else set())))
    return RetrievalPlan(intent=call, operation="none")
