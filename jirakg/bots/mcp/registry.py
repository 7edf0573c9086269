"""The tools jirakg offers an MCP client, one row each: name, what it does, its input and output
models, whether it changes Jira, and the function that runs it. Adding a tool is one row here;
`tools.read_only` hides every row that changes Jira."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from pydantic import BaseModel

from jirakg.actions.models import ActionOutcome
from jirakg.bots.mcp import reads, writes
from jirakg.bots.mcp.models import (
    AskInput,
    BreakdownInput,
    BreakdownOutput,
    DependenciesInput,
    DependenciesOutput,
    FeedbackInput,
    FeedbackOutput,
    HistoryInput,
    HistoryOutput,
    IssueInput,
    IssueOutput,
    KgAskInput,
    SearchInput,
    SearchOutput,
)
from jirakg.config import Settings
from jirakg.engine.turn import AskReply

Run = Callable[[Any, reads.Caller], Awaitable[BaseModel]]


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    input: type[BaseModel]
    output: type[BaseModel]
    run: Run  # (an `input` instance, the caller) → an `output` instance
    writes: bool = False  # changes Jira: hidden under tools.read_only, marked destructive unless `additive`
    additive: bool = False  # a write that only adds (a comment), never changes or removes what is there
    idempotent: bool = True  # the same call twice has no further effect
    # Keeps something in jirakg's own store (a rating) though Jira is only read. Every answered turn is kept for
    # history and feedback too, but as a record of reading: ask stays read-only to a client.
    records: bool = False

    def described(self) -> types.Tool:
        reads_only = not self.writes and not self.records
        destructive = self.writes and not self.additive
        return types.Tool(
            name=self.name, title=self.title, description=self.description,
            input_schema=self.input.model_json_schema(), output_schema=self.output.model_json_schema(),
            annotations=types.ToolAnnotations(title=self.title, read_only_hint=reads_only,
                                              destructive_hint=None if reads_only else destructive,
                                              idempotent_hint=None if reads_only else self.idempotent))


TOOLS: list[Tool] = [
    Tool("ask", "Ask about Jira", "Answer a question about the Jira instance in plain language, grounded in its "
         "issues: the answer with the issues it cites, the intents and retrieval plans used, and a turn_id for "
         "feedback. Pass conversation_id back for follow-ups ('and in MOB?', 'who owns it?').",
         AskInput, AskReply, reads.ask),
    Tool("search", "Search issues", "Find issues from plain language ('open bugs in WEB assigned to me') or JQL: "
         "the JQL that ran, how many match, and the first issues with key, summary, status, assignee and link.",
         SearchInput, SearchOutput, reads.search_issues),
    Tool("get_issue", "Read an issue", "One issue: its fields, parent, children, links (with the related issues' "
         "status) and its latest changes.", IssueInput, IssueOutput, reads.get_issue),
    Tool("dependencies", "Dependency chain", "Everything that transitively blocks an issue (or that it blocks), "
         "level by level, any deadlocks (issues blocking one another), and the critical path: the longest chain "
         "of work not done yet.", DependenciesInput, DependenciesOutput, reads.walk_dependencies),
    Tool("history", "Issue history", "What changed on an issue — field, author, before → after — newest first, "
         "optionally in a time window and for some fields only.", HistoryInput, HistoryOutput, reads.history),
    Tool("breakdown", "Count by field", "Count the issues a query selects (plain language or JQL; empty: all) "
         "grouped by one or two fields, largest group first.", BreakdownInput, BreakdownOutput, reads.breakdown),
    Tool("kg_ask", "Ask the knowledge graph", "Answer a question about an entity of the configured knowledge graph "
         "(SPARQL). Pass conversation_id back so 'he', 'its' and 'there' refer to earlier answers.",
         KgAskInput, AskReply, reads.kg_ask),
    Tool("feedback", "Rate an answer", "Rate an answer from ask or kg_ask (up or down) and say what was wrong; a "
         "second rating of the same answer replaces the first.", FeedbackInput, FeedbackOutput, reads.feedback,
         records=True),
    Tool("create_issue", "Create an issue", "Create an issue in a project (values checked against the project's "
         "create screen; a required field not given is asked for). Changes Jira as the connected person.",
         writes.CreateIssueInput, ActionOutcome, writes.create_issue, writes=True, additive=True, idempotent=False),
    Tool("transition_issue", "Move an issue", "Move an issue to a status Jira offers from its current one "
         "(with a resolution when the move needs one); read back after.", writes.TransitionInput, ActionOutcome,
         writes.transition_issue, writes=True),
    Tool("assign_issue", "Assign an issue", "Assign an issue to a person ('me': the connected person), or unassign "
         "it with null.", writes.AssignInput, ActionOutcome, writes.assign_issue, writes=True),
    Tool("add_comment", "Comment on an issue", "Add a comment to an issue as the connected person.",
         writes.CommentInput, ActionOutcome, writes.add_comment, writes=True, additive=True, idempotent=False),
    Tool("link_issues", "Link two issues", "Link two issues by a link wording of the instance (blocks, is blocked "
         "by, relates to, duplicates…).", writes.LinkInput, ActionOutcome, writes.link_issues, writes=True,
         additive=True, idempotent=False),
    Tool("set_fix_version", "Set the fix version", "Set an issue's fix version to one of its project's versions.",
         writes.FixVersionInput, ActionOutcome, writes.set_fix_version, writes=True),
]


def writes_hidden(settings: Settings) -> bool:
    """Write tools are offered only when actions are on and tools.read_only is off."""
    return settings.tools.read_only or not settings.actions.enabled


def offered(tools: list[Tool], read_only: bool) -> list[Tool]:
    """The tools a client sees: under `read_only`, none that changes Jira."""
    return [tool for tool in tools if not (read_only and tool.writes)]
