"""What each person may see and do in a dataset, from its metadata, with visibility precomputed per person.

Metadata keys (all optional; a dataset without them lets everyone do everything):
- `globalPermissions`: {"ADMINISTER": ["jira-administrators"], ...};
- a project's `permissions` (its permission scheme): {"BROWSE_PROJECTS": ["a-group", ... or "anyone"], ...};
- `issueSecurityLevels`: [{"id", "name", "description", "grants": ["group:NAME", "reporter", "assignee"]}],
  with `fields.security` ({"self", "id", "name", "description"}) on every issue under a level.
Once a dataset has `globalPermissions` or a project has a scheme, a permission they do not list is
granted to nobody. An issue is browsable when its project's BROWSE_PROJECTS is granted to the person
and its security level (if any) admits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from jirakg.devjira.identity import Directory, person_id
from jirakg.devjira.jql.evaluator import KEY_FIELDS
from jirakg.devjira.jql.index import IssueIndex
from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.syntax import And, Clause, Function, Not, Or, Value, ValueList

ANYONE = "anyone"
BROWSE = "BROWSE_PROJECTS"
ADMINISTER = "ADMINISTER"


@dataclass(frozen=True)
class Permission:
    id: str
    key: str
    name: str
    type: Literal["PROJECT", "GLOBAL"]
    description: str

    def object(self, granted: bool) -> dict:
        return {"id": self.id, "key": self.key, "name": self.name, "type": self.type,
                "description": self.description, "havePermission": granted}


# Jira's own ids, names and descriptions for the permissions devjira models.
PERMISSIONS = {p.key: p for p in (
    Permission("0", ADMINISTER, "Administer Jira", "GLOBAL",
               "Create and administer projects, issue types, fields, workflows, and schemes for all projects. "
               "Users with this permission can perform most administration functions."),
    Permission("27", "USER_PICKER", "Browse users and groups", "GLOBAL",
               "View and select users or groups from the user picker, and share issues."),
    Permission("10", BROWSE, "Browse Projects", "PROJECT", "Ability to browse projects and the issues within them."),
    Permission("11", "CREATE_ISSUES", "Create Issues", "PROJECT", "Ability to create issues."),
    Permission("12", "EDIT_ISSUES", "Edit Issues", "PROJECT", "Ability to edit issues."),
    Permission("13", "ASSIGN_ISSUES", "Assign Issues", "PROJECT", "Ability to assign issues to other people."),
    Permission("17", "ASSIGNABLE_USER", "Assignable User", "PROJECT", "Ability to be assigned issues."),
    Permission("15", "ADD_COMMENTS", "Add Comments", "PROJECT", "Ability to comment on issues."),
    Permission("16", "DELETE_ISSUES", "Delete Issues", "PROJECT", "Ability to delete issues."),
    Permission("21", "LINK_ISSUES", "Link Issues", "PROJECT",
               "Ability to link issues together and create linked issues. "
               "Only useful if issue linking is turned on."),
    Permission("46", "TRANSITION_ISSUES", "Transition Issues", "PROJECT", "Ability to transition issues."),
)}


def unknown_permissions(keys: list[str]) -> list[str]:
    return [key for key in keys if key not in PERMISSIONS]


def _granted(grants: list[str], groups: frozenset[str]) -> bool:
    return ANYONE in grants or not groups.isdisjoint(grants)


class Access:
    """Permission checks for one dataset; a person's browsable issues are computed once and cached."""

    def __init__(self, index: IssueIndex, metadata: dict) -> None:
        self.index = index
        self.directory = Directory(metadata)
        self.projects: list[dict] = metadata.get("projects", [])
        self._global: dict[str, list[str]] | None = metadata.get("globalPermissions")
        self._levels = {str(level["id"]): level for level in metadata.get("issueSecurityLevels", [])}
        self._visible: dict[str, bytearray] = {}

    @cached_property
    def _schemes(self) -> dict[str, dict[str, list[str]] | None]:
        return {str(p["key"]).lower(): p.get("permissions") for p in self.projects}

    @cached_property
    def _secured(self) -> list[tuple[int, dict]]:
        """Every issue under a security level, with the level."""
        if not self._levels:
            return []
        return [(position, self._levels.get(str(security.get("id")), {"grants": []}))
                for position, issue in enumerate(self.index.issues)
                if (security := issue.get("fields", {}).get("security"))]

    def project(self, key_or_id: str) -> dict | None:
        wanted = key_or_id.lower()
        return next((p for p in self.projects if wanted in (str(p.get("key", "")).lower(), str(p.get("id", "")))),
                    None)

    def holds_global(self, account_id: str, key: str) -> bool:
        if self._global is None:
            return True
        return _granted(self._global.get(key, []), self.directory.groups_of(account_id))

    def holds_in_project(self, account_id: str, project_key: str, key: str) -> bool:
        scheme = self._schemes.get(project_key.lower())
        if scheme is None:
            return True
        return _granted(scheme.get(key, []), self.directory.groups_of(account_id))

    def holds_on_issue(self, account_id: str, position: int, key: str) -> bool:
        """A project permission on one issue: held in its project, on an issue the person may see."""
        return bool(self.visible(account_id)[position]) and self.holds_in_project(
            account_id, self.project_key(position), key)

    def project_key(self, position: int) -> str:
        issue = self.index.issues[position]
        return (issue.get("fields", {}).get("project") or {}).get("key") or issue["key"].split("-")[0]

    def browsable_projects(self, account_id: str) -> set[str]:
        """Lower-case keys of the projects whose issues the person may browse."""
        return {key for key in self._schemes if self.holds_in_project(account_id, key, BROWSE)}

    def visible(self, account_id: str) -> bytearray:
        """One byte per issue position: 1 when the person may browse that issue."""
        cached = self._visible.get(account_id)
        if cached is not None:
            return cached
        visible = bytearray(self.index.size)
        for project_key in self.browsable_projects(account_id):
            for position in self.index.project_positions.get(project_key, ()):
                visible[position] = 1
        groups = self.directory.groups_of(account_id)
        for position, level in self._secured:
            if visible[position] and not self._admits(level, account_id, groups, position):
                visible[position] = 0
        self._visible[account_id] = visible
        return visible

    def _admits(self, level: dict, account_id: str, groups: frozenset[str], position: int) -> bool:
        fields = self.index.issues[position].get("fields", {})
        for grant in level.get("grants", []):
            if grant == ANYONE or (grant.startswith("group:") and grant[6:] in groups):
                return True
            if grant in ("reporter", "assignee") and fields.get(grant) and person_id(fields[grant]) == account_id:
                return True
        return False

    def check_query(self, account_id: str, where: object) -> None:
        """Jira answers a JQL value the person may not see as if it did not exist."""
        if isinstance(where, And | Or):
            for part in where.parts:
                self.check_query(account_id, part)
        elif isinstance(where, Not):
            self.check_query(account_id, where.part)
        elif isinstance(where, Clause):
            items = where.operand.items if isinstance(where.operand, ValueList) else (where.operand,)
            name = where.field.lower()
            for item in items:
                if name == "project" and isinstance(item, Value):
                    self._check_project(account_id, item.text)
                elif name in KEY_FIELDS | {"parent"} and isinstance(item, Value):
                    self._check_issue(account_id, item.text, where.field)
                elif name in KEY_FIELDS and isinstance(item, Function) and item.args:
                    self._check_issue(account_id, item.args[0], "issuekey")

    def _check_project(self, account_id: str, text: str) -> None:
        named = self.index.fields["project"].aliases.get(text.lower(), set())
        if named - self.browsable_projects(account_id):
            raise JqlSyntaxError(f"The value '{text}' does not exist for the field 'project'.")

    def _check_issue(self, account_id: str, text: str, field_name: str) -> None:
        stripped = text.strip()
        by_id = stripped.isdigit()
        position = (self.index.positions_by_id if by_id else self.index.positions_by_key).get(
            stripped if by_id else stripped.lower())
        if position is not None and not self.visible(account_id)[position]:
            named = f"id '{stripped}'" if by_id else f"key '{stripped.upper()}'"
            raise JqlSyntaxError(f"An issue with {named} does not exist for field '{field_name}'.")
