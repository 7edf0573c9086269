"""A change to Jira as the person is shown it before confirming: typed, grounded in the instance, with
exactly the Jira calls that will make it and what each field will look like before and after."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from jirakg.actions.wording import ActionKind
from jirakg.engine.turn import ActionProposal, Asker, ProposedChange, Surface
from jirakg.errors import JirakgError

# The Jira project permission each action needs (Cloud permissions/check, Data Center user/permission/search).
PERMISSION: dict[ActionKind, str] = {
    "create": "CREATE_ISSUES", "transition": "TRANSITION_ISSUES", "assign": "ASSIGN_ISSUES",
    "unassign": "ASSIGN_ISSUES", "comment": "ADD_COMMENTS", "link": "LINK_ISSUES", "fix_version": "EDIT_ISSUES",
}
VERBS: dict[ActionKind, str] = {
    "create": "Create", "transition": "Transition", "assign": "Assign", "unassign": "Unassign",
    "comment": "Comment on", "link": "Link", "fix_version": "Set the fix version of",
}


class ActionRefused(JirakgError):
    """The request cannot become a proposal, or a proposal cannot be done: one sentence says why."""


Change = ProposedChange


class JiraCall(BaseModel):
    method: Literal["POST", "PUT"]
    path: str
    body: dict[str, Any]


class Proposal(BaseModel):
    """What will change, for whom, until when; done once, by `owner`, after confirmation."""
    id: str
    kind: ActionKind
    request: str  # the words that asked for it
    title: str  # one line: "Transition PROJ-3"
    issue_key: str | None = None  # None for a create until it is done
    project_key: str
    permission: str
    changes: list[Change]
    calls: list[JiraCall]
    owner: str  # TurnContext.owner of the asker: only they may confirm
    asker: Asker
    surface: Surface
    expires_at: float  # epoch seconds
    other_key: str | None = None  # a link's second issue, refreshed in the cache too

    def shown(self, confirm: str, cancel: str) -> ActionProposal:
        return ActionProposal(id=self.id, title=self.title, changes=self.changes, expires_at=self.expires_at,
                              confirm=confirm, cancel=cancel)

    def describe(self) -> str:
        lines = [f"{self.title}:"] + [f"• {c.field}: {c.before} → {c.after}" for c in self.changes]
        return "\n".join(lines)


class ActionOutcome(BaseModel):
    """A confirmed proposal's end: done and read back, or why not."""
    action_id: str
    status: Literal["done", "cancelled"]
    text: str
    issue_key: str | None = None
    changes: list[Change] = Field(default_factory=list)
