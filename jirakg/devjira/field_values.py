"""Values a write request gives for a field, checked against the instance and turned into what an issue
stores, with Jira's own error sentences; every value is named by id or by name, as Jira accepts."""

from __future__ import annotations

import re
from datetime import date

from jirakg.devjira.dataset import Dataset
from jirakg.devjira.screens import allowed_values

SUMMARY_LIMIT = 255


class FieldError(ValueError):
    """A value Jira refuses; reported against its field (400, `errors: {field: message}`)."""

    def __init__(self, field: str, message: str, more: dict[str, str] | None = None) -> None:
        super().__init__(f"{field}: {message}")
        self.errors = {field: message, **(more or {})}


def plain_text(value: object) -> str | None:
    """Rich text as the dataset stores it: a v2 string, or the text of a v3 ADF document."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, dict):
        if value.get("type") == "text":
            return str(value.get("text", ""))
        parts = [plain_text(child) or "" for child in value.get("content") or []]
        joiner = "\n\n" if value.get("type") == "doc" else ""
        return joiner.join(parts)
    raise FieldError("description", "Operation value must be a string")


def _named(options: list[dict], ref: object, field: str, noun: str) -> dict:
    if not isinstance(ref, dict) or not (ref.get("id") or ref.get("name")):
        raise FieldError(field, f"Specify the {noun} (id or name).")
    for option in options:
        if ("id" in ref and str(option.get("id")) == str(ref["id"])) or (
                "id" not in ref and str(option.get("name", "")).lower() == str(ref["name"]).lower()):
            return option
    return _missing(field, noun, ref)


def _missing(field: str, noun: str, ref: dict) -> dict:
    if field in ("components",):
        raise FieldError(field, f"Component name '{ref.get('name')}' is not valid" if "name" in ref and "id" not in ref
                         else f"Component with id '{ref.get('id')}' does not exist.")
    if field in ("fixVersions", "versions"):
        raise FieldError(field, f"Version name '{ref.get('name')}' is not valid" if "name" in ref and "id" not in ref
                         else f"Version id '{ref.get('id')}' is not valid")
    raise FieldError(field, f"The {noun} selected is invalid.")


def issue_type(dataset: Dataset, project: dict, ref: object) -> dict:
    if not ref:
        raise FieldError("issuetype", "Specify an issue type")
    return _named(allowed_values(dataset, project, "issuetype") or [], ref, "issuetype", "issue type")


def resolution(dataset: Dataset, ref: object) -> dict:
    if not ref:
        raise FieldError("resolution", "Resolution is required.")
    return _named(dataset.metadata.get("resolutions", []), ref, "resolution", "resolution")


def priority(dataset: Dataset, project: dict, ref: object) -> dict | None:
    return None if ref is None else _named(allowed_values(dataset, project, "priority") or [], ref,
                                           "priority", "priority")


def many(dataset: Dataset, project: dict, field: str, refs: object) -> list[dict]:
    if refs is None:
        return []
    if not isinstance(refs, list):
        raise FieldError(field, f"Field '{field}' requires a list of values.")
    options = allowed_values(dataset, project, field) or []
    chosen = [_named(options, ref, field, field) for ref in refs]
    return list({str(value.get("id") or value.get("name")): value for value in chosen}.values())


def labels(refs: object) -> list[str]:
    if refs is None:
        return []
    if not isinstance(refs, list) or not all(isinstance(label, str) for label in refs):
        raise FieldError("labels", "Field 'labels' requires a list of strings.")
    for label in refs:
        if re.search(r"\s", label) or not label:
            raise FieldError("labels", f"The label '{label}' contains spaces which is invalid.")
        if len(label) > SUMMARY_LIMIT:
            raise FieldError("labels", "The label must not exceed 255 characters.")
    return list(dict.fromkeys(refs))


def summary(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError("summary", "You must specify a summary of the issue.")
    if "\n" in value or "\r" in value:
        raise FieldError("summary", "The summary is invalid because it contains newline characters.")
    if len(value) > SUMMARY_LIMIT:
        raise FieldError("summary", "Summary must be less than 255 characters.")
    return value


def due_date(value: object) -> str | None:
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value)).isoformat()
    except ValueError as exc:
        raise FieldError("duedate", f"Error parsing date string: {value}") from exc


def person(dataset: Dataset, field: str, ref: object, cloud: bool) -> dict | None:
    """A user field: {"accountId"} on Cloud, {"name"} (or key) on Server; null leaves it empty."""
    if ref is None:
        return None
    if not isinstance(ref, dict):
        raise FieldError(field, "expected Object")
    login = ref.get("accountId") if cloud else (ref.get("name") or ref.get("key") or ref.get("accountId"))
    if not login:
        return None
    directory = dataset.access.directory
    found = directory.by_account.get(str(login)) if cloud else directory.find(str(login))
    if found is None or not found.get("active", True):
        raise FieldError(field, "Specified user does not exist or you do not have required permissions"
                         if cloud else f"User '{login}' does not exist.")
    return found


def issue_reference(issue: dict) -> dict:
    """How one issue names another (a parent, a sub-task, a link's other end)."""
    fields = issue["fields"]
    return {"id": issue["id"], "key": issue["key"], "self": issue.get("self", ""),
            "fields": {name: fields.get(name) for name in ("summary", "status", "priority", "issuetype")}}
