"""Screens: the fields a project's create screen and a transition's screen show, as createmeta and
`expand=transitions.fields` describe them (required, schema, allowedValues, operations)."""

from __future__ import annotations

from jirakg.devjira.dataset import Dataset

# id, display name, schema, operations; the system fields of Jira's default create screen.
CREATE_FIELDS: list[tuple[str, str, dict, list[str]]] = [
    ("summary", "Summary", {"type": "string", "system": "summary"}, ["set"]),
    ("issuetype", "Issue Type", {"type": "issuetype", "system": "issuetype"}, []),
    ("project", "Project", {"type": "project", "system": "project"}, ["set"]),
    ("description", "Description", {"type": "string", "system": "description"}, ["set"]),
    ("reporter", "Reporter", {"type": "user", "system": "reporter"}, ["set"]),
    ("priority", "Priority", {"type": "priority", "system": "priority"}, ["set"]),
    ("assignee", "Assignee", {"type": "user", "system": "assignee"}, ["set"]),
    ("labels", "Labels", {"type": "array", "items": "string", "system": "labels"}, ["add", "set", "remove"]),
    ("components", "Components", {"type": "array", "items": "component", "system": "components"},
     ["add", "set", "remove"]),
    ("fixVersions", "Fix versions", {"type": "array", "items": "version", "system": "fixVersions"},
     ["set", "add", "remove"]),
    ("versions", "Affects versions", {"type": "array", "items": "version", "system": "versions"},
     ["set", "add", "remove"]),
    ("duedate", "Due date", {"type": "date", "system": "duedate"}, ["set"]),
    ("environment", "Environment", {"type": "string", "system": "environment"}, ["set"]),
    ("parent", "Parent", {"type": "issuelink", "system": "parent"}, ["set"]),
]
CREATE_FIELD_IDS = {fid for fid, *_ in CREATE_FIELDS}
# What PUT /issue may change: the create screen's fields but project, issue type and reporter.
EDIT_FIELD_IDS = CREATE_FIELD_IDS - {"project", "issuetype", "reporter"}
ALWAYS_REQUIRED = {"summary", "issuetype", "project"}


def project_of(dataset: Dataset, project_ref: dict | None) -> dict | None:
    ref = project_ref or {}
    wanted = str(ref.get("key") or ref.get("id") or "")
    return dataset.access.project(wanted) if wanted else None


def issue_types(dataset: Dataset, project: dict) -> list[dict]:
    """The project's issue types: its scheme's when the metadata lists them, else those its issues show."""
    if project.get("issueTypes"):
        return list(project["issueTypes"])
    every = dataset.metadata.get("issuetypes", [])
    used = {(dataset.issues[p]["fields"].get("issuetype") or {}).get("name")
            for p in dataset.index.project_positions.get(str(project["key"]).lower(), ())}
    return [t for t in every if t["name"] in used] or list(every)


def project_values(dataset: Dataset, project: dict, field: str) -> list[dict]:
    """A project's components or versions: from its metadata, else as its issues show them."""
    listed = project.get("components" if field == "components" else "versions")
    if listed:
        return list(listed)
    seen: dict[str, dict] = {}
    names = ("components",) if field == "components" else ("fixVersions", "versions")
    for position in dataset.index.project_positions.get(str(project["key"]).lower(), ()):
        for name in names:
            for value in dataset.issues[position]["fields"].get(name) or []:
                seen.setdefault(value["name"], value)
    return list(seen.values())


def required_on_create(project: dict, issue_type: dict) -> set[str]:
    extra = project.get("requiredOnCreate") or {}
    required = ALWAYS_REQUIRED | set(extra.get(issue_type["name"], [])) | set(extra.get("*", []))
    return required | {"parent"} if issue_type.get("subtask") else required


def allowed_values(dataset: Dataset, project: dict, field: str) -> list[dict] | None:
    if field == "priority":
        return dataset.metadata.get("priorities", [])
    if field in ("components", "fixVersions", "versions"):
        return project_values(dataset, project, field)
    if field == "issuetype":
        return issue_types(dataset, project)
    if field == "project":
        return [{k: v for k, v in project.items() if k in ("self", "id", "key", "name", "projectTypeKey")}]
    return None


def create_fields(dataset: Dataset, project: dict, issue_type: dict) -> list[dict]:
    """The create screen's fields for one issue type, as createmeta lists them."""
    required = required_on_create(project, issue_type)
    shown = []
    for fid, name, schema, operations in CREATE_FIELDS:
        if fid == "parent" and issue_type.get("hierarchyLevel", 0) >= 3:
            continue
        entry: dict = {"required": fid in required, "schema": schema, "name": name, "key": fid, "fieldId": fid,
                       "hasDefaultValue": fid in ("priority", "reporter"), "operations": operations}
        values = allowed_values(dataset, project, fid)
        if values is not None:
            entry["allowedValues"] = values
        if fid == "issuetype":
            entry["allowedValues"] = [issue_type]
        shown.append(entry)
    return shown


def resolution_field(dataset: Dataset) -> dict:
    """The "Resolve Issue" screen's one field, on every transition into a done status."""
    return {"required": True, "schema": {"type": "resolution", "system": "resolution"}, "name": "Resolution",
            "key": "resolution", "fieldId": "resolution", "hasDefaultValue": False, "operations": ["set"],
            "allowedValues": dataset.metadata.get("resolutions", [])}
