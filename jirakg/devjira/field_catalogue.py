"""The field catalogue as `GET /rest/api/2/field` returns it: system fields plus custom fields."""

from __future__ import annotations

# id, display name, schema type, JQL clause names; the fields Jira Cloud exposes on issues.
SYSTEM_FIELDS: list[tuple[str, str, str, list[str]]] = [
    ("summary", "Summary", "string", ["summary"]),
    ("description", "Description", "string", ["description"]),
    ("issuetype", "Issue Type", "issuetype", ["issuetype", "type"]),
    ("project", "Project", "project", ["project"]),
    ("priority", "Priority", "priority", ["priority"]),
    ("status", "Status", "status", ["status"]),
    ("resolution", "Resolution", "resolution", ["resolution"]),
    ("resolutiondate", "Resolved", "datetime", ["resolutiondate", "resolved"]),
    ("assignee", "Assignee", "user", ["assignee"]),
    ("reporter", "Reporter", "user", ["reporter"]),
    ("creator", "Creator", "user", ["creator"]),
    ("created", "Created", "datetime", ["created", "createdDate"]),
    ("updated", "Updated", "datetime", ["updated", "updatedDate"]),
    ("duedate", "Due date", "date", ["due", "duedate"]),
    ("labels", "Labels", "array", ["labels"]),
    ("components", "Components", "array", ["component"]),
    ("fixVersions", "Fix versions", "array", ["fixVersion"]),
    ("versions", "Affects versions", "array", ["affectedVersion"]),
    ("environment", "Environment", "string", ["environment"]),
    ("parent", "Parent", "issuelink", ["parent"]),
    ("subtasks", "Sub-tasks", "array", ["subtasks"]),
    ("issuelinks", "Linked Issues", "array", ["issueLink"]),
    ("comment", "Comment", "comments-page", ["comment"]),
    ("attachment", "Attachment", "array", ["attachments"]),
    ("watches", "Watchers", "watches", ["watchers"]),
    ("votes", "Votes", "votes", ["votes"]),
    ("statusCategory", "Status Category", "statusCategory", ["statusCategory"]),
    ("issuekey", "Key", "string", ["id", "issue", "issuekey", "key"]),
]


def field_catalogue(custom_fields: list[dict]) -> list[dict]:
    fields = [
        {"id": fid, "key": fid, "name": name, "custom": False, "orderable": fid not in ("issuekey", "statusCategory"),
         "navigable": True, "searchable": True, "clauseNames": clauses, "schema": {"type": kind, "system": fid}}
        for fid, name, kind, clauses in SYSTEM_FIELDS
    ]
    for custom in custom_fields:
        number = int(custom["id"].removeprefix("customfield_"))
        fields.append({
            "id": custom["id"], "key": custom["id"], "name": custom["name"], "untranslatedName": custom["name"],
            "custom": True, "orderable": True, "navigable": True, "searchable": True,
            "clauseNames": [f"cf[{number}]", custom["name"]],
            "schema": {**custom["schema"], "customId": number},
        })
    return fields
