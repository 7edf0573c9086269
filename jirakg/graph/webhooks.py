"""Jira webhooks → exactly the nodes and cached queries they make stale."""

from __future__ import annotations

from pydantic import BaseModel

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


async def apply_webhook(manager: GraphManager, payload: dict) -> WebhookOutcome:
    event = payload.get("webhookEvent")
    if event in ("jira:issue_updated", "jira:issue_created", "jira:issue_deleted"):
        issue = payload.get("issue") or {}
        key = issue.get("key")
        if not key:
            raise WebhookError(f"The {event} webhook carries no issue key.")
        items = (payload.get("changelog") or {}).get("items") or []
        fields = clause_names(items) if event == "jira:issue_updated" else set()
        dropped = await manager.invalidate(keys=[key], fields=fields, any_new_issue=event == "jira:issue_created")
        return WebhookOutcome(event=event, keys=[key], queries_dropped=dropped)
    if event in ("issuelink_created", "issuelink_deleted"):
        link = payload.get("issueLink") or {}
        ids = [str(link.get("sourceIssueId", "")), str(link.get("destinationIssueId", ""))]
        keys = [k for k in [await manager.store.key_for_id(i) for i in ids if i] if k]
        dropped = await manager.invalidate(keys=keys, fields={"issuelinktype", "linkedissues()"})
        return WebhookOutcome(event=event, keys=keys, queries_dropped=dropped)
    raise WebhookError(f"Unsupported webhook event {event!r}.")


def clause_names(items: list[dict]) -> set[str]:
    """The JQL names under which queries can depend on the changed fields."""
    names = {"updated", "updateddate"}  # every change moves `updated`
    for item in items:
        name = str(item.get("field", "")).lower()
        names |= {name, name.replace(" ", ""), CLAUSE_ALIASES.get(name, name)}
        field_id = str(item.get("fieldId", ""))
        if field_id.startswith("customfield_"):
            names.add(f"cf[{field_id.removeprefix('customfield_')}]")
        if name in TEXT_FIELDS:
            names.add("text")
        if name == "status":
            # a transition moves the category, and workflows set or clear the resolution with it
            names |= {"statuscategory", "resolution", "resolved", "resolutiondate"}
    return names
