"""What a parser produces: intents with typed slots and issue keys."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

IntentName = Literal["metadata", "children", "linked", "dependencies", "changelog", "summary", "search",
                     "count", "kg_question", "help", "clarify"]


class TimeWindow(BaseModel):
    start: str | None = None  # ISO timestamps, UTC; None means open-ended
    end: str | None = None
    phrase: str = ""  # the words it came from, e.g. "last week"


class Slots(BaseModel):
    """Everything an intent may carry; each intent uses the ones its spec names."""

    @property
    def issue_types(self) -> list[str]:
        return [self.issue_type] if self.issue_type else []

    fields: list[str] = Field(default_factory=list)  # field ids asked for (metadata, changelog)
    issue_type: str | None = None
    statuses: list[str] = Field(default_factory=list)
    status_categories: list[str] = Field(default_factory=list)
    priorities: list[str] = Field(default_factory=list)
    assignees: list[str] = Field(default_factory=list)  # account ids / user keys
    unassigned: bool = False
    components: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)
    projects: list[str] = Field(default_factory=list)
    fix_versions: list[str] = Field(default_factory=list)
    sprints: list[str] = Field(default_factory=list)  # sprint ids
    open_sprints: bool = False  # "in the current sprint"
    link_type: str | None = None  # a link description such as "is blocked by"
    window: TimeWindow | None = None
    group_by: str | None = None  # count: a field to group by
    text: str | None = None  # free text to search or a knowledge-graph question
    reason: str | None = None  # clarify: why the question could not be resolved


class IntentCall(BaseModel):
    name: IntentName
    issue_keys: list[str] = Field(default_factory=list)
    slots: Slots = Field(default_factory=Slots)
    jql: str | None = None  # search/count: the JQL the filters became


class ParsedQuery(BaseModel):
    text: str
    intents: list[IntentCall]
    parser: Literal["embedded", "llm"] = "embedded"
    fell_back: bool = False  # the LLM parser failed and the embedded one answered
