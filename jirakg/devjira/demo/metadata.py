"""The demo organisation's metadata, written beside its issues as `<name>.meta.json`.

Issue objects alone cannot tell a server the field catalogue, link types, releases, sprints, people,
groups and permissions of an instance, so the generator records them once here.
"""

from __future__ import annotations

from pathlib import Path

from jirakg.devjira.demo.access import access_metadata, auditor, permission_scheme, service_account
from jirakg.devjira.demo.organisation import Organisation
from jirakg.devjira.demo.schema import (
    CUSTOM_FIELDS,
    ISSUE_TYPES,
    LINK_TYPES,
    PRIORITIES,
    RESOLUTIONS,
    STATUSES,
    issue_type_object,
    link_type_object,
    priority_object,
    project_issue_types,
    resolution_object,
    status_object,
    workflow_object,
)
from jirakg.devjira.field_catalogue import field_catalogue

# Fields a project's create screen requires beyond Jira's own (summary; a sub-task's parent), by issue type.
REQUIRED_ON_CREATE = {"OPS": {"Bug": ["priority", "components"]}}


def metadata_path(issues_path: Path) -> Path:
    name = issues_path.name
    for suffix in (".gz", ".jsonl", ".json"):
        name = name.removesuffix(suffix)
    return issues_path.with_name(name + ".meta.json")


def organisation_metadata(org: Organisation) -> dict:
    return {
        "fields": field_catalogue(CUSTOM_FIELDS),
        "issueLinkTypes": [link_type_object(name) for name in LINK_TYPES],
        "issuetypes": [issue_type_object(name) for name in ISSUE_TYPES],
        "statuses": [status_object(name) for name in STATUSES],
        "priorities": [priority_object(name) for _, name in PRIORITIES],
        "resolutions": [resolution_object(name) for name in RESOLUTIONS],
        "users": [*(person.object() for person in org.people), auditor(), service_account()],
        "workflows": [workflow_object()],
        "projects": [
            {**project.object(), "lead": project.lead.object(), "components": project.components,
             "versions": [version.object() for version in project.versions],
             "sprints": [sprint.object() for sprint in project.sprints],
             "issueTypes": [issue_type_object(name) for name in project_issue_types(project.kind)],
             "requiredOnCreate": REQUIRED_ON_CREATE.get(project.key, {}),
             "permissions": permission_scheme(project)}
            for project in org.projects.values()
        ],
        **access_metadata(org),
    }
