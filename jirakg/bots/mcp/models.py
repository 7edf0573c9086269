"""What each MCP tool takes and returns: pydantic models whose JSON schemas are the tools' input and
output schemas, so a client can check every call and every structured result."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

KEY = r"^[A-Za-z][A-Za-z0-9_]*-[1-9]\d*$"
ID = r"^[A-Za-z0-9_-]{1,64}$"
MAX_TEXT = 4000
GroupField = Literal["status", "priority", "assignee", "reporter", "issuetype", "project", "components", "labels",
                     "fixVersions", "resolution", "created_month", "created_week"]


class ToolInput(BaseModel):
    # An argument the tool does not take is a mistake to report, not to drop silently.
    model_config = ConfigDict(extra="forbid")


class AskInput(ToolInput):
    question: str = Field(..., min_length=1, max_length=MAX_TEXT, description="the question, in plain language")
    conversation_id: str | None = Field(None, pattern=ID, description="continue this conversation (follow-ups, "
                                        "'it', 'those')")
    issue_key: str | None = Field(None, pattern=KEY, description="the issue the question is asked from, e.g. PROJ-12")


class KgAskInput(ToolInput):
    question: str = Field(..., min_length=1, max_length=MAX_TEXT,
                          description="a question about an entity of the knowledge graph")
    conversation_id: str | None = Field(None, pattern=ID, description="continue this conversation, so 'he', 'its' "
                                        "refer to what was asked before")


class SearchInput(ToolInput):
    query: str = Field(..., min_length=1, max_length=MAX_TEXT,
                       description="plain language ('open bugs in WEB assigned to me') or JQL")
    limit: int = Field(20, ge=1, le=100, description="the most issues to return")


class IssueInput(ToolInput):
    key: str = Field(..., pattern=KEY, description="the issue key, e.g. PROJ-12")
    changes: int = Field(10, ge=0, le=100, description="how many of the latest changes to include")


class DependenciesInput(ToolInput):
    key: str = Field(..., pattern=KEY, description="the issue key, e.g. PROJ-12")
    direction: Literal["blocked_by", "blocks"] = Field(
        "blocked_by", description="blocked_by: what holds the issue up; blocks: what the issue holds up")


class HistoryInput(ToolInput):
    key: str = Field(..., pattern=KEY, description="the issue key, e.g. PROJ-12")
    since: datetime | None = Field(None, description="changes at or after this moment (ISO 8601)")
    until: datetime | None = Field(None, description="changes before this moment (ISO 8601)")
    fields: list[str] = Field(default_factory=list, max_length=20,
                              description="only changes to these fields, e.g. status, assignee")


class BreakdownInput(ToolInput):
    query: str = Field("", max_length=MAX_TEXT, description="the issues to count, in plain language or JQL; "
                       "empty: every issue")
    group_by: list[GroupField] = Field(default_factory=list, max_length=2,
                                       description="one or two fields; default: what the query says, else status")


class FeedbackInput(ToolInput):
    turn_id: str = Field(..., pattern=ID, description="the turn_id of an answer from ask or kg_ask")
    rating: Literal["up", "down"] | None = Field(None, description="up: helpful; down: wrong or unhelpful")
    comment: str | None = Field(None, max_length=2000, description="what was wrong or right")

    @model_validator(mode="after")
    def _says_something(self) -> FeedbackInput:
        if self.rating is None and not self.comment:
            raise ValueError("give a rating (up or down), a comment, or both")
        return self


class IssueRef(BaseModel):
    key: str
    summary: str
    status: str | None
    assignee: str | None
    url: str


class SearchOutput(BaseModel):
    jql: str = Field(description="the JQL that ran")
    url: str = Field(description="Jira's issue navigator showing the same issues")
    total: int = Field(description="how many issues match (the asker may browse)")
    issues: list[IssueRef] = Field(description="the first of them, in the query's order")


class Change(BaseModel):
    at: datetime
    author: str | None
    field: str
    before: str | None
    after: str | None


class LinkedIssue(IssueRef):
    relation: str = Field(description="how the issue relates to this one, e.g. 'is blocked by'")


class IssueOutput(BaseModel):
    key: str
    url: str
    summary: str
    type: str
    project: str
    status: str | None
    fields: dict[str, str] = Field(description="priority, people, dates, labels, components and versions, as "
                                   "people read them ('not set' when empty)")
    parent: str | None
    children: list[IssueRef]
    links: list[LinkedIssue]
    recent_changes: list[Change] = Field(description="the latest changes, newest first")


class Hop(IssueRef):
    level: int = Field(description="1: a direct link; 2: a link of a direct link; …")


class DependenciesOutput(BaseModel):
    key: str
    direction: Literal["blocked_by", "blocks"]
    chain: list[Hop] = Field(description="every issue reached, level by level")
    cycles: list[list[str]] = Field(description="deadlocks: issues that block one another, each as a cycle")
    critical_path: list[str] = Field(description="the longest chain of issues not done, from this issue on")


class HistoryOutput(BaseModel):
    key: str
    changes: list[Change] = Field(description="newest first")


class SubGroup(BaseModel):
    value: str
    count: int


class Group(BaseModel):
    value: str
    count: int
    percent: int = Field(description="of all the issues counted, rounded half up")
    groups: list[SubGroup] = Field(description="by the second field, when there is one")


class BreakdownOutput(BaseModel):
    jql: str
    total: int
    group_by: list[str]
    groups: list[Group] = Field(description="largest first; an issue with several values counts under each")


class FeedbackOutput(BaseModel):
    recorded: bool
    turn_id: str
