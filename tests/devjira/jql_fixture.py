"""A small, fully known Jira instance for the JQL case table (tests/devjira/test_jql_cases.py).

Every attribute of every issue is written out here, so each expected result in the case
table can be checked by reading this file. "Now" for relative dates is 2026-03-18 12:00 UTC
(a Wednesday; weeks start on Monday).
"""

from __future__ import annotations

from datetime import UTC, datetime

NOW = datetime(2026, 3, 18, 12, 0, tzinfo=UTC)
NOW_MS = int(NOW.timestamp() * 1000)

USERS = {
    "ana": {"accountId": "u-ana", "displayName": "Ana Souza", "emailAddress": "ana@example.com", "active": True},
    "ben": {"accountId": "u-ben", "displayName": "Ben Okafor", "emailAddress": "ben@example.com", "active": True},
    "cara": {"accountId": "u-cara", "displayName": "Carla Rossi", "emailAddress": "cara@example.com", "active": True},
}
CATEGORY = {"To Do": "new", "In Progress": "indeterminate", "Done": "done", "Won't Do": "done"}
VERSIONS = {
    "1.0": {"id": "501", "name": "1.0", "released": True, "releaseDate": "2026-02-15"},
    "1.1": {"id": "502", "name": "1.1", "released": False, "releaseDate": "2026-04-30"},
    "2.0": {"id": "601", "name": "2.0", "released": False, "releaseDate": "2026-06-30"},
}
SPRINTS = {
    1: {"id": 1, "name": "Alpha Sprint 1", "state": "closed", "boardId": 1},
    2: {"id": 2, "name": "Alpha Sprint 2", "state": "active", "boardId": 1},
    3: {"id": 3, "name": "Beta Sprint 1", "state": "active", "boardId": 2},
    4: {"id": 4, "name": "Alpha Sprint 3", "state": "future", "boardId": 1},
}
PROJECTS = {"ALPHA": {"id": "100", "key": "ALPHA", "name": "Alpha Team"},
            "BETA": {"id": "200", "key": "BETA", "name": "Beta Ops"}}
CUSTOM_FIELDS = [
    {"id": "customfield_10016", "name": "Story point estimate", "custom": True,
     "schema": {"type": "number", "custom": "com.pyxis.greenhopper.jira:jsw-story-points"}},
    {"id": "customfield_10020", "name": "Sprint", "custom": True,
     "schema": {"type": "array", "items": "json", "custom": "com.pyxis.greenhopper.jira:gh-sprint"}},
    {"id": "customfield_10001", "name": "Team", "custom": True,
     "schema": {"type": "option", "custom": "com.atlassian.jira.plugin.system.customfieldtypes:select"}},
]
PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"]
KINDS = ["Epic", "Story", "Task", "Bug", "Sub-task"]

# key: type, status, priority, assignee, reporter, created, updated, resolved (resolution),
#      due, labels, components, fix versions, story points, sprints, parent, team, summary, description
TABLE = {
    "ALPHA-1": ("Epic", "In Progress", "High", "ana", "ben", "2026-01-05 10:00", "2026-03-10 09:00", None,
                "2026-04-01", ["ux"], ["Web"], ["1.0"], None, [], None, "Web Team",
                "Checkout redesign", "Redesign the checkout flow for mobile users."),
    "ALPHA-2": ("Story", "Done", "Medium", "ben", "ana", "2026-01-10 09:00", "2026-02-01 12:00",
                ("2026-02-01 12:00", "Done"), None, ["ux", "quick-win"], ["Web"], ["1.0"], 3, [1], "ALPHA-1",
                "Web Team", "Add guest checkout", "Shoppers can pay without creating an account."),
    "ALPHA-3": ("Story", "In Progress", "Highest", "ana", "ana", "2026-02-20 08:00", "2026-03-17 10:00", None,
                None, ["security"], ["Web", "Payments"], ["1.1"], 8, [2], "ALPHA-1", "Web Team",
                "Saved cards for returning shoppers", "Store payment cards securely for returning shoppers."),
    "ALPHA-4": ("Bug", "To Do", "High", None, "cara", "2026-03-16 14:00", "2026-03-16 14:00", None,
                "2026-03-20", [], ["Web"], [], None, [], None, "Web Team",
                "Checkout crashes on Safari", "The page crashes when clicking Pay."),
    "ALPHA-5": ("Task", "To Do", "Low", "cara", "ben", "2025-12-01 09:00", "2026-01-15 09:00", None,
                None, ["docs"], [], [], 2, [4], None, None, "Document payment API", None),
    "ALPHA-6": ("Sub-task", "Done", "Medium", "ben", "ben", "2026-01-12 09:00", "2026-01-20 09:00",
                ("2026-01-20 09:00", "Done"), None, [], [], [], None, [], "ALPHA-2", None,
                "Write tests for guest checkout", "Cover the guest checkout with unit tests."),
    "ALPHA-7": ("Bug", "Won't Do", "Lowest", "ana", "cara", "2025-11-20 09:00", "2025-12-01 09:00",
                ("2025-12-01 09:00", "Won't Do"), None, ["ux"], ["Web"], [], None, [], None, None,
                "Typo in footer", "The footer says Copyrigth."),
    "BETA-1": ("Epic", "To Do", "Medium", "cara", "cara", "2026-02-01 09:00", "2026-02-01 09:00", None,
               None, ["ops"], ["Monitoring"], ["2.0"], None, [], None, "Ops Team",
               "Monitoring overhaul", "Replace the alerting stack."),
    "BETA-2": ("Task", "In Progress", "High", "ben", "cara", "2026-02-10 09:00", "2026-03-01 09:00", None,
               "2026-03-25", ["ops", "security"], ["Monitoring"], [], 5, [3], "BETA-1", "Ops Team",
               "Migrate alerts to new stack", "Alerts should page the on-call engineer."),
    "BETA-3": ("Bug", "Done", "Highest", "ana", "ben", "2026-03-01 09:00", "2026-03-05 09:00",
               ("2026-03-05 09:00", "Done"), None, [], ["Monitoring"], ["2.0"], 1, [3], "BETA-1", "Ops Team",
               "Alert storm during deploys", "Too many alerts fire when deploying."),
    "BETA-4": ("Task", "To Do", "Medium", None, "ana", "2026-03-17 09:00", "2026-03-17 11:00", None,
               None, ["security"], [], [], None, [], None, None, "Rotate TLS certificates",
               "Certificates expire soon."),
    "BETA-5": ("Story", "Won't Do", "Low", "ben", "ben", "2025-10-01 09:00", "2025-10-10 09:00",
               ("2025-10-10 09:00", "Duplicate"), None, [], [], [], None, [], None, None,
               "Dashboard for alert volume", None),
}
ENVIRONMENT = {"ALPHA-4": "Safari 17 on macOS", "BETA-3": "Production"}
AFFECTS = {"ALPHA-4": ["1.0"]}
COMMENTS = {"ALPHA-3": [("ben", "2026-03-10 09:00", "Need PCI review before release")],
            "BETA-4": [("ben", "2026-03-17 11:00", "Certificates expire in April")]}
# (source, link type, target): source <outward> target
LINKS = [("ALPHA-3", "Blocks", "ALPHA-5"), ("ALPHA-4", "Blocks", "ALPHA-3"), ("BETA-2", "Blocks", "ALPHA-5"),
         ("BETA-4", "Relates", "ALPHA-5"), ("BETA-5", "Duplicate", "BETA-2")]
LINK_TYPES = {"Blocks": ("blocks", "is blocked by"), "Relates": ("relates to", "relates to"),
              "Duplicate": ("duplicates", "is duplicated by")}
# key: [(when, who, [(field, from, to), ...]), ...]; assignee values are account ids
HISTORY = {
    "ALPHA-2": [("2026-01-15 09:00", "ben", [("status", "To Do", "In Progress")]),
                ("2026-01-20 10:00", "ana", [("Fix Version", None, "1.0")]),
                ("2026-02-01 12:00", "ben", [("status", "In Progress", "Done"), ("resolution", None, "Done")])],
    "ALPHA-3": [("2026-02-21 09:00", "ana", [("Fix Version", None, "1.0")]),
                ("2026-02-25 09:00", "ana", [("Fix Version", "1.0", None), ("Fix Version", None, "1.1")]),
                ("2026-03-02 09:00", "ana", [("status", "To Do", "In Progress")]),
                ("2026-03-03 09:00", "ben", [("priority", "High", "Highest")])],
    "ALPHA-6": [("2026-01-15 09:00", "ben", [("status", "To Do", "In Progress")]),
                ("2026-01-20 09:00", "ben", [("status", "In Progress", "Done"), ("resolution", None, "Done")])],
    "ALPHA-7": [("2025-11-21 09:00", "cara", [("assignee", None, "u-ben")]),
                ("2025-11-25 09:00", "ben", [("assignee", "u-ben", "u-ana")]),
                ("2025-12-01 09:00", "ana", [("status", "To Do", "Won't Do"), ("resolution", None, "Won't Do")])],
    "BETA-2": [("2026-02-12 09:00", "ben", [("status", "To Do", "In Progress")]),
               ("2026-02-20 09:00", "ben", [("status", "In Progress", "To Do")]),
               ("2026-03-01 09:00", "cara", [("status", "To Do", "In Progress")])],
    "BETA-3": [("2026-03-05 09:00", "ana", [("status", "To Do", "Done"), ("resolution", None, "Done")])],
}


def stamp(text: str) -> str:
    return text.replace(" ", "T") + ":00.000+0000"


def issue_id(key: str) -> str:
    project, number = key.split("-")
    return str((1000 if project == "ALPHA" else 2000) + int(number))


def reference(key: str) -> dict:
    row = TABLE[key]
    return {"id": issue_id(key), "key": key, "fields": {"summary": row[16], "status": {"name": row[1]},
                                                         "issuetype": {"name": row[0]}}}


def build_issues() -> list[dict]:
    issues = []
    for key, row in TABLE.items():
        (kind, status, priority, assignee, reporter, created, updated, resolved, due, labels, components,
         fix_versions, points, sprints, parent, team, summary, description) = row
        fields = {
            "summary": summary, "description": description, "environment": ENVIRONMENT.get(key),
            "issuetype": {"id": str(KINDS.index(kind) + 1), "name": kind, "subtask": kind == "Sub-task"},
            "project": PROJECTS[key.split("-")[0]],
            "status": {"name": status, "statusCategory": {"key": CATEGORY[status]}},
            "priority": {"id": str(PRIORITIES.index(priority) + 1), "name": priority},
            "resolution": {"name": resolved[1]} if resolved else None,
            "resolutiondate": stamp(resolved[0]) if resolved else None,
            "assignee": USERS[assignee] if assignee else None,
            "reporter": USERS[reporter], "creator": USERS[reporter],
            "created": stamp(created), "updated": stamp(updated), "duedate": due,
            "labels": labels, "components": [{"name": c} for c in components],
            "fixVersions": [VERSIONS[v] for v in fix_versions],
            "versions": [VERSIONS[v] for v in AFFECTS.get(key, [])],
            "issuelinks": [], "subtasks": [],
            "comment": {"comments": [{"author": USERS[who], "created": stamp(when), "body": body}
                                     for who, when, body in COMMENTS.get(key, [])]},
            "customfield_10016": float(points) if points is not None else None,
            "customfield_10020": [SPRINTS[s] for s in sprints] or None,
            "customfield_10001": {"id": "9" + str(len(team)), "value": team} if team else None,
        }
        if parent:
            fields["parent"] = reference(parent)
        histories = [{"id": f"{issue_id(key)}{n}", "author": USERS[who], "created": stamp(when),
                      "items": [{"field": f, "fieldtype": "jira", "from": old, "to": new,
                                 "fromString": _shown(f, old), "toString": _shown(f, new)} for f, old, new in items]}
                     for n, (when, who, items) in enumerate(HISTORY.get(key, []))]
        issues.append({"id": issue_id(key), "key": key, "self": f"https://fixture/rest/api/2/issue/{issue_id(key)}",
                       "fields": fields, "changelog": {"startAt": 0, "maxResults": len(histories),
                                                       "total": len(histories), "histories": histories}})
    by_key = {issue["key"]: issue for issue in issues}
    for number, (source, kind, target) in enumerate(LINKS, 1):
        outward, inward = LINK_TYPES[kind]
        link_type = {"id": str(number), "name": kind, "outward": outward, "inward": inward}
        by_key[source]["fields"]["issuelinks"].append(
            {"id": f"7{number}", "type": link_type, "outwardIssue": reference(target)})
        by_key[target]["fields"]["issuelinks"].append(
            {"id": f"7{number}", "type": link_type, "inwardIssue": reference(source)})
    for issue in issues:
        parent = issue["fields"].get("parent")
        if parent and issue["fields"]["issuetype"]["name"] == "Sub-task":
            by_key[parent["key"]]["fields"]["subtasks"].append(reference(issue["key"]))
    return issues


def _shown(field: str, value: str | None) -> str | None:
    if field == "assignee" and value:
        return next(u["displayName"] for u in USERS.values() if u["accountId"] == value)
    return value


def metadata() -> dict:
    return {"fields": CUSTOM_FIELDS, "users": list(USERS.values()),
            "priorities": [{"id": str(n + 1), "name": p} for n, p in enumerate(PRIORITIES)]}
