"""The write tools: each typed input made the same `WriteRequest` a chat message would be, then grounded
and done by the engine as the caller (`Engine.act`) — the MCP client's own confirmation of a destructive
tool is the person's confirmation. Off unless `actions.enabled`; hidden under `tools.read_only`."""

from __future__ import annotations

from pydantic import Field

from jirakg.actions.models import ActionOutcome
from jirakg.actions.wording import WriteRequest
from jirakg.bots.mcp.models import KEY, MAX_TEXT, ToolInput
from jirakg.bots.mcp.reads import SURFACE, Caller


class CreateIssueInput(ToolInput):
    project: str = Field(..., pattern=r"^[A-Za-z][A-Za-z0-9_]*$", description="the project key, e.g. PROJ")
    issue_type: str = Field(..., min_length=1, max_length=100, description="e.g. Bug, Task, Story, Sub-task")
    summary: str = Field(..., min_length=1, max_length=255)
    description: str | None = Field(None, max_length=MAX_TEXT)
    priority: str | None = Field(None, max_length=100, description="a priority name, e.g. High")
    assignee: str | None = Field(None, max_length=200, description="a name, an email, or 'me'")
    parent: str | None = Field(None, pattern=KEY, description="the parent issue (a sub-task's story)")
    labels: list[str] = Field(default_factory=list, max_length=20)
    components: list[str] = Field(default_factory=list, max_length=20, description="component names")


class TransitionInput(ToolInput):
    key: str = Field(..., pattern=KEY)
    status: str = Field(..., min_length=1, max_length=100, description="the status to move to (one Jira offers)")
    resolution: str | None = Field(None, max_length=100, description="when the move needs one, e.g. Done")


class AssignInput(ToolInput):
    key: str = Field(..., pattern=KEY)
    assignee: str | None = Field(..., max_length=200, description="a name, an email, 'me'; null to unassign")


class CommentInput(ToolInput):
    key: str = Field(..., pattern=KEY)
    body: str = Field(..., min_length=1, max_length=MAX_TEXT, description="the comment, plain text")


class LinkInput(ToolInput):
    key: str = Field(..., pattern=KEY, description="the issue the link wording starts from")
    link: str = Field(..., min_length=1, max_length=100, description="e.g. blocks, is blocked by, relates to, "
                      "duplicates")
    other_key: str = Field(..., pattern=KEY)


class FixVersionInput(ToolInput):
    key: str = Field(..., pattern=KEY)
    version: str = Field(..., min_length=1, max_length=200, description="a version name of the project")


async def create_issue(given: CreateIssueInput, caller: Caller) -> ActionOutcome:
    return await _act(caller, WriteRequest(
        kind="create", text=f"create a {given.issue_type} in {given.project}: {given.summary}",
        project=given.project, issue_type=given.issue_type, summary=given.summary, description=given.description,
        priority=given.priority, assignee=given.assignee, parent=given.parent, labels=given.labels,
        components=given.components))


async def transition_issue(given: TransitionInput, caller: Caller) -> ActionOutcome:
    return await _act(caller, WriteRequest(kind="transition", text=f"move {given.key} to {given.status}",
                                           issue=given.key, value=given.status, resolution=given.resolution))


async def assign_issue(given: AssignInput, caller: Caller) -> ActionOutcome:
    if not given.assignee:
        return await _act(caller, WriteRequest(kind="unassign", text=f"unassign {given.key}", issue=given.key))
    return await _act(caller, WriteRequest(kind="assign", text=f"assign {given.key} to {given.assignee}",
                                           issue=given.key, value=given.assignee))


async def add_comment(given: CommentInput, caller: Caller) -> ActionOutcome:
    return await _act(caller, WriteRequest(kind="comment", text=f"comment on {given.key}: {given.body}",
                                           issue=given.key, value=given.body))


async def link_issues(given: LinkInput, caller: Caller) -> ActionOutcome:
    return await _act(caller, WriteRequest(kind="link", text=f"link {given.key} {given.link} {given.other_key}",
                                           issue=given.key, other=given.other_key, value=given.link.lower()))


async def set_fix_version(given: FixVersionInput, caller: Caller) -> ActionOutcome:
    return await _act(caller, WriteRequest(kind="fix_version", text=f"set the fix version of {given.key} to "
                                           f"{given.version}", issue=given.key, value=given.version))


async def _act(caller: Caller, request: WriteRequest) -> ActionOutcome:
    return await caller.engine.act(request, caller.asker, SURFACE)
