"""Jira webhooks → exactly the nodes and cached queries they make stale."""

from __future__ import annotations

from pydantic import BaseModel, Field, ValidationError

from jirakg.errors import JirakgError
from jirakg.graph.manager import GraphManager

TEXT_FIELDS = {"summary", "description", "environment", "comment"}
# Changelog field names whose JQL clause is spelled differently.
CLAUSE_ALIASES = {"fix version": "fixversion", "version": "affectedversion", "issuetype": "type",
                  "resolutiondate": "resolved", "duedate": "due", "key": "issuekey", "link": "issuelinktype"}


class WebhookOutcome(BaseModel):
    event: str
    keys: list[str]
    queries_dropped: int


class WebhookError(JirakgError):
    """The payload is not a Jira webhook this handler understands."""


class ChangeItem(BaseModel):
    field: str = ""
    fieldId: str = ""


class Changelog(BaseModel):
    items: list[ChangeItem] = Field(default_factory=list)


class WebhookIssue(BaseModel):
    key: str | None = None


class WebhookLink(BaseModel):
    sourceIssueId: int | str | None = None
    destinationIssueId: int | str | None = None


class WebhookPayload(BaseModel):
    """The parts of a Jira webhook body jirakg reads, named as Jira names them; anything else is ignored."""
    webhookEvent: str | None = None
    issue: WebhookIssue | None = None
    changelog: Changelog | None = None
    issueLink: WebhookLink | None = None


def read_payload(body: object) -> WebhookPayload:
    """The body as a webhook payload, or WebhookError saying what in it is not one."""
    if not isinstance(body, dict):
        raise WebhookError(f"the body is a JSON {type(body).__name__}, not an object.")
    try:
        return WebhookPayload.model_validate(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise WebhookError(f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}.") from None


async def apply_webhook(manager: GraphManager, body: object) -> WebhookOutcome:
    payload = read_payload(body)
    event = payload.webhookEvent
    if event in ("jira:issue_updated", "jira:issue_created", "jira:issue_deleted"):
        key = payload.issue.key if payload.issue else None
        if not key:
            raise WebhookError(f"The {event} webhook carries no issue key.")
        items = payload.changelog.items if payload.changelog else []
        fields = clause_names(items) if event == "jira:issue_updated" else set()
        dropped = await manager.invalidate(keys=[key], fields=fields, any_new_issue=event == "jira:issue_created")
        return WebhookOutcome(event=event, keys=[key], queries_dropped=dropped)
    if event in ("issuelink_created", "issuelink_deleted"):
        link = payload.issueLink or WebhookLink()
        ids = [str(i) for i in (link.sourceIssueId, link.destinationIssueId) if i not in (None, "")]
        keys = [k for k in [await manager.store.key_for_id(i) for i in ids] if k]
        dropped = await manager.invalidate(keys=keys, fields={"issuelinktype", "linkedissues()"})
        return WebhookOutcome(event=event, keys=keys, queries_dropped=dropped)
    raise WebhookError(f"Unsupported webhook event {event!r}.")


def clause_names(items: list[ChangeItem]) -> set[str]:
    """The JQL names under which queries can depend on the changed fields."""
    names = {"updated", "updateddate"}  # every change moves `updated`
    for item in items:
        name = item.field.lower()
        names |= {name, name.replace(" ", ""), CLAUSE_ALIASES.get(name, name)}
        if item.fieldId.startswith("customfield_"):
            names.add(f"cf[{item.fieldId.removeprefix('customfield_')}]")
        if name in TEXT_FIELDS:
            names.add("text")
        if name == "status":
            # a transition moves the category, and workflows set or clear the resolution with it
            names |= {"statuscategory", "resolution", "resolved", "resolutiondate"}
    return names
