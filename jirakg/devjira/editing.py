"""Changes to a served dataset: create, edit and delete issues, as Jira's REST API allows.

Edits write a changelog history and move `updated`, so incremental sync and JQL history
see them like in a real instance. The index is rebuilt after each change (fine at devjira scale).
"""

from __future__ import annotations

import time

from jirakg.devjira.dataset import Dataset

EDITABLE = {"summary", "description", "priority", "labels", "assignee", "duedate", "environment"}


class EditError(ValueError):
    """The request cannot be applied; Jira reports it against the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.errors = {field: message}


def unknown_project(key: str) -> EditError:
    return EditError("project", f"The project '{key}' does not exist.")


def now_text(clock_ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(clock_ms // 1000)) + f".{clock_ms % 1000:03d}+0000"


def create_issue(dataset: Dataset, fields: dict, clock_ms: int) -> dict:
    project_key = ((fields.get("project") or {}).get("key") or "").upper()
    project = next((p for p in dataset.metadata.get("projects", []) if p["key"] == project_key), None)
    if project is None:
        raise unknown_project(project_key)
    if not fields.get("summary"):
        raise EditError("summary", "You must specify a summary of the issue.")
    type_name = (fields.get("issuetype") or {}).get("name", "Task")
    numbers = [int(i["key"].split("-")[1]) for i in dataset.issues if i["key"].startswith(project_key + "-")]
    key = f"{project_key}-{max(numbers, default=0) + 1}"
    issue_id = str(max((int(i["id"]) for i in dataset.issues if str(i["id"]).isdigit()), default=10000) + 1)
    stamp = now_text(clock_ms)
    statuses = {s["name"]: s for s in dataset.metadata.get("statuses", [])}
    status = statuses.get("To Do") or next(iter(statuses.values()), {"name": "To Do"})
    issue = {"id": issue_id, "key": key, "self": f"{dataset.base_url}/rest/api/2/issue/{issue_id}", "fields": {
        "summary": fields["summary"], "description": fields.get("description"),
        "issuetype": {"name": type_name, "subtask": False}, "project": {k: project[k] for k in ("id", "key", "name")},
        "status": status, "priority": fields.get("priority"), "labels": fields.get("labels", []),
        "assignee": fields.get("assignee"), "resolution": None, "created": stamp, "updated": stamp,
        "issuelinks": [], "subtasks": [], "components": [], "fixVersions": [], "versions": [],
        "comment": {"comments": [], "total": 0, "maxResults": 0, "startAt": 0}},
        "changelog": {"startAt": 0, "maxResults": 0, "total": 0, "histories": []}}
    dataset.replace([*dataset.issues, issue])
    return issue


def edit_issue(dataset: Dataset, key_or_id: str, fields: dict, author: dict | None, clock_ms: int) -> None:
    position = dataset.position(key_or_id)
    if position is None:
        raise LookupError(key_or_id)
    unknown = set(fields) - EDITABLE
    if unknown:
        raise EditError(sorted(unknown)[0], "Field cannot be set. It is not on the appropriate screen, or unknown.")
    issue = dataset.issues[position]
    current = issue["fields"]
    items = []
    for name, value in fields.items():
        old = current.get(name)
        if old == value:
            continue
        items.append({"field": name, "fieldtype": "jira", "fieldId": name,
                      "from": _raw(old), "fromString": _shown(old), "to": _raw(value), "toString": _shown(value)})
        current[name] = value
    if not items:
        return
    stamp = now_text(clock_ms)
    current["updated"] = stamp
    changelog = issue.setdefault("changelog", {"startAt": 0, "maxResults": 0, "total": 0, "histories": []})
    changelog["histories"].append({"id": f"{issue['id']}-{len(changelog['histories'])}", "author": author or {},
                                   "created": stamp, "items": items})
    changelog["total"] = changelog["maxResults"] = len(changelog["histories"])
    dataset.replace(dataset.issues)


def delete_issue(dataset: Dataset, key_or_id: str) -> None:
    position = dataset.position(key_or_id)
    if position is None:
        raise LookupError(key_or_id)
    dataset.replace([issue for n, issue in enumerate(dataset.issues) if n != position])


def _raw(value: object) -> str | None:
    if isinstance(value, dict):
        return str(value.get("id") or value.get("accountId") or value.get("name"))
    if isinstance(value, list):
        return " ".join(map(str, value))
    return None if value is None else str(value)


def _shown(value: object) -> str | None:
    if isinstance(value, dict):
        return value.get("displayName") or value.get("name") or value.get("value")
    if isinstance(value, list):
        return " ".join(map(str, value))
    return None if value is None else str(value)
