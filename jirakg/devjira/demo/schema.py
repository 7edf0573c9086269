"""The demo organisation's schema: projects, issue types, workflow, link types and custom fields.

Shapes follow what Jira Cloud's REST API v2 returns for the same objects.
"""

from __future__ import annotations

BASE_URL = "https://jirakg-demo.atlassian.net"

# key, name, kind ("portfolio" holds initiatives and features; "team" projects hold the work)
PROJECTS: list[tuple[str, str, str]] = [
    ("INIT", "Portfolio", "portfolio"),
    ("PROJ", "Core Platform", "team"),
    ("MOB", "Mobile Apps", "team"),
    ("WEB", "Web Storefront", "team"),
    ("DATA", "Data Platform", "team"),
    ("OPS", "Operations", "team"),
]

COMPONENTS: dict[str, list[str]] = {
    "INIT": ["Strategy", "Compliance", "Growth"],
    "PROJ": ["Auth Service", "Billing", "API Gateway", "Notifications", "Search"],
    "MOB": ["iOS App", "Android App", "Offline Sync", "Push Notifications"],
    "WEB": ["Checkout", "Catalogue", "Accessibility", "Design System", "Payments"],
    "DATA": ["Ingestion", "Warehouse", "Reporting", "ML Features"],
    "OPS": ["Kubernetes", "Observability", "CI/CD", "Security", "Incident Response"],
}

TEAMS: dict[str, str] = {
    "PROJ": "Platform Team",
    "MOB": "Mobile Team",
    "WEB": "Storefront Team",
    "DATA": "Data Team",
    "OPS": "SRE Team",
}

# name, id, hierarchy level, subtask; levels follow Jira Premium's hierarchy.
ISSUE_TYPES: dict[str, dict] = {
    "Initiative": {"id": "10100", "hierarchyLevel": 3, "subtask": False},
    "Feature": {"id": "10101", "hierarchyLevel": 2, "subtask": False},
    "Epic": {"id": "10000", "hierarchyLevel": 1, "subtask": False},
    "Story": {"id": "10001", "hierarchyLevel": 0, "subtask": False},
    "Task": {"id": "10002", "hierarchyLevel": 0, "subtask": False},
    "Bug": {"id": "10004", "hierarchyLevel": 0, "subtask": False},
    "Risk": {"id": "10102", "hierarchyLevel": 0, "subtask": False},
    "Sub-task": {"id": "10003", "hierarchyLevel": -1, "subtask": True},
}

PORTFOLIO_TYPES = ("Initiative", "Feature")


def project_issue_types(kind: str) -> list[str]:
    """The issue types of a project's scheme: a portfolio holds initiatives and features, a team the rest."""
    return [name for name in ISSUE_TYPES if (name in PORTFOLIO_TYPES) == (kind == "portfolio")]


# The type a parent may have, for each child type.
PARENT_TYPES: dict[str, tuple[str, ...]] = {
    "Feature": ("Initiative",),
    "Epic": ("Feature",),
    "Story": ("Epic",),
    "Task": ("Epic",),
    "Bug": ("Epic",),
    "Sub-task": ("Story", "Task", "Bug"),
}

STATUS_CATEGORIES: dict[str, dict] = {
    "new": {"id": 2, "key": "new", "colorName": "blue-gray", "name": "To Do"},
    "indeterminate": {"id": 4, "key": "indeterminate", "colorName": "yellow", "name": "In Progress"},
    "done": {"id": 3, "key": "done", "colorName": "green", "name": "Done"},
}

STATUSES: dict[str, dict] = {
    "To Do": {"id": "10000", "category": "new"},
    "In Progress": {"id": "3", "category": "indeterminate"},
    "In Review": {"id": "10001", "category": "indeterminate"},
    "Blocked": {"id": "10002", "category": "indeterminate"},
    "Done": {"id": "10003", "category": "done"},
    "Won't Do": {"id": "10004", "category": "done"},
}

PRIORITIES: list[tuple[str, str]] = [
    ("1", "Highest"),
    ("2", "High"),
    ("3", "Medium"),
    ("4", "Low"),
    ("5", "Lowest"),
]

RESOLUTIONS: dict[str, str] = {
    "Done": "10000",
    "Won't Do": "10001",
    "Duplicate": "10002",
    "Cannot Reproduce": "10003",
}

# name, id, inward, outward
LINK_TYPES: dict[str, dict] = {
    "Blocks": {"id": "10000", "inward": "is blocked by", "outward": "blocks"},
    "Relates": {"id": "10003", "inward": "relates to", "outward": "relates to"},
    "Duplicate": {"id": "10002", "inward": "is duplicated by", "outward": "duplicates"},
    "Risk": {"id": "10100", "inward": "has risk", "outward": "is risk for"},
}

SEVERITIES: list[tuple[str, str]] = [("10300", "S1 - Critical"), ("10301", "S2 - Major"),
                                     ("10302", "S3 - Minor"), ("10303", "S4 - Trivial")]

# id, name, schema; the `custom` plugin keys are Jira Cloud's own.
CUSTOM_FIELDS: list[dict] = [
    {"id": "customfield_10016", "name": "Story point estimate",
     "schema": {"type": "number", "custom": "com.pyxis.greenhopper.jira:jsw-story-points"}},
    {"id": "customfield_10020", "name": "Sprint",
     "schema": {"type": "array", "items": "json", "custom": "com.pyxis.greenhopper.jira:gh-sprint"}},
    {"id": "customfield_10001", "name": "Team",
     "schema": {"type": "option", "custom": "com.atlassian.jira.plugin.system.customfieldtypes:select"}},
    {"id": "customfield_10015", "name": "Start date",
     "schema": {"type": "date", "custom": "com.atlassian.jira.plugin.system.customfieldtypes:datepicker"}},
    {"id": "customfield_10200", "name": "Severity",
     "schema": {"type": "option", "custom": "com.atlassian.jira.plugin.system.customfieldtypes:select"}},
]

FIELD_IDS: dict[str, str] = {field["name"]: field["id"] for field in CUSTOM_FIELDS}


def issue_type_object(name: str) -> dict:
    spec = ISSUE_TYPES[name]
    return {
        "self": f"{BASE_URL}/rest/api/2/issuetype/{spec['id']}",
        "id": spec["id"],
        "name": name,
        "subtask": spec["subtask"],
        "hierarchyLevel": spec["hierarchyLevel"],
    }


def status_object(name: str) -> dict:
    spec = STATUSES[name]
    category = STATUS_CATEGORIES[spec["category"]]
    return {
        "self": f"{BASE_URL}/rest/api/2/status/{spec['id']}",
        "id": spec["id"],
        "name": name,
        "statusCategory": {"self": f"{BASE_URL}/rest/api/2/statuscategory/{category['id']}", **category},
    }


def priority_object(name: str) -> dict:
    pid = next(pid for pid, pname in PRIORITIES if pname == name)
    return {"self": f"{BASE_URL}/rest/api/2/priority/{pid}", "id": pid, "name": name}


def resolution_object(name: str) -> dict:
    rid = RESOLUTIONS[name]
    return {"self": f"{BASE_URL}/rest/api/2/resolution/{rid}", "id": rid, "name": name}


def link_type_object(name: str) -> dict:
    spec = LINK_TYPES[name]
    return {"id": spec["id"], "name": name, "inward": spec["inward"], "outward": spec["outward"],
            "self": f"{BASE_URL}/rest/api/2/issueLinkType/{spec['id']}"}

# The team's workflow: id, name, from (None: any status), to. Ids follow Jira's 11, 21, 31 numbering.
WORKFLOW: list[tuple[str, str, tuple[str, ...] | None, str]] = [
    ("11", "Back to To Do", ("In Progress", "Blocked"), "To Do"),
    ("21", "Start Progress", ("To Do", "In Review", "Blocked"), "In Progress"),
    ("31", "Request Review", ("In Progress",), "In Review"),
    ("41", "Block", ("To Do", "In Progress", "In Review"), "Blocked"),
    ("51", "Done", ("In Progress", "In Review"), "Done"),
    ("61", "Won't Do", ("To Do", "In Progress", "Blocked"), "Won't Do"),
    ("71", "Reopen", ("Done", "Won't Do"), "To Do"),
]


def workflow_object() -> dict:
    """The workflow in devjira's metadata shape (see jirakg.devjira.workflow)."""
    return {"name": "Software workflow", "initial": "To Do", "transitions": [
        {"id": tid, "name": name, "to": to, **({"from": list(sources)} if sources else {})}
        for tid, name, sources, to in WORKFLOW]}
