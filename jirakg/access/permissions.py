"""Jira's answer to "may this person browse these projects and issues?", over the wire.

Cloud checks everything in one bulk call (`POST /rest/api/3/permissions/check`); Server and Data
Center have no bulk call, so each project and each issue under a security level is one
`user/permission/search` request, sent side by side.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Protocol

from jirakg.access.people import Account
from jirakg.connectors.jira import JiraConnector
from jirakg.connectors.jira.errors import JiraError, JiraForbidden

BROWSE = "BROWSE_PROJECTS"
CLOUD_ISSUES_PER_CHECK = 1000  # the bulk check's documented limit of issue ids per request
SERVER_CONCURRENCY = 8
REFUSED = ("Jira refuses to check other people's permissions for the service account, so jirakg cannot answer "
           "anyone as themselves: give the account in jira.email / jira.token the 'Administer Jira' global "
           "permission (ADMINISTER).")


@dataclass(frozen=True)
class Place:
    """A project, or an issue under a security level: the unit one decision covers."""
    id: str
    key: str


@dataclass
class Granted:
    projects: set[str] = field(default_factory=set)  # ids
    issues: set[str] = field(default_factory=set)


class PermissionCheckRefused(JiraError):
    """Jira would not answer a permission check for another person (the service account lacks a permission)."""


class PermissionApi(Protocol):
    async def browsable(self, person: Account, projects: list[Place], issues: list[Place]) -> Granted:
        """Which of `projects` and `issues` `person` may browse."""
        ...


class CloudPermissions:
    def __init__(self, connector: JiraConnector) -> None:
        self.http = connector.http

    async def browsable(self, person: Account, projects: list[Place], issues: list[Place]) -> Granted:
        granted = Granted()
        issue_ids = [int(i.id) for i in issues]
        chunks = [issue_ids[n:n + CLOUD_ISSUES_PER_CHECK] for n in range(0, len(issue_ids), CLOUD_ISSUES_PER_CHECK)]
        for index, chunk in enumerate(chunks or [[]]):
            asked = [{"permissions": [BROWSE], "issues": chunk}] if chunk else []
            if index == 0 and projects:
                asked.append({"permissions": [BROWSE], "projects": [int(p.id) for p in projects]})
            if not asked:
                continue
            answer = await _checked(self.http.post("/rest/api/3/permissions/check",
                                                   {"accountId": person.id, "projectPermissions": asked}))
            for grant in answer.get("projectPermissions") or []:
                if grant.get("permission") == BROWSE:
                    granted.issues.update(str(i) for i in grant.get("issues") or [])
                    granted.projects.update(str(p) for p in grant.get("projects") or [])
        return granted


class ServerPermissions:
    def __init__(self, connector: JiraConnector) -> None:
        self.http = connector.http
        self._slots = asyncio.Semaphore(SERVER_CONCURRENCY)

    async def browsable(self, person: Account, projects: list[Place], issues: list[Place]) -> Granted:
        in_projects, in_issues = await asyncio.gather(
            asyncio.gather(*(self._holds(person, p, "projectKey") for p in projects)),
            asyncio.gather(*(self._holds(person, i, "issueKey") for i in issues)))
        return Granted(projects={p.id for p, held in zip(projects, in_projects, strict=True) if held},
                       issues={i.id for i, held in zip(issues, in_issues, strict=True) if held})

    async def _holds(self, person: Account, place: Place, where: str) -> bool:
        # `username` matches a user name or an email; the answer lists matching users holding the permission.
        async with self._slots:
            users = await _checked(self.http.get("/rest/api/2/user/permission/search", {
                "username": person.email or person.id, "permissions": BROWSE, where: place.key, "maxResults": 50}))
        return any(person.id in (u.get("name"), u.get("key"), u.get("accountId")) for u in users or [])


async def _checked(call):
    """Jira's refusal to check someone else's permissions, as the sentence a start-up or a turn shows."""
    try:
        return await call
    except JiraForbidden as exc:
        raise PermissionCheckRefused(REFUSED) from exc


async def require_check_permission(connector: JiraConnector) -> None:
    """Start-up: checking other people's permissions needs ADMINISTER; without it nothing is answered unchecked."""
    answer = await connector.http.get("/rest/api/2/mypermissions", {"permissions": "ADMINISTER"})
    if not ((answer.get("permissions") or {}).get("ADMINISTER") or {}).get("havePermission"):
        raise PermissionCheckRefused(REFUSED)


async def permission_api(connector: JiraConnector) -> PermissionApi:
    return CloudPermissions(connector) if await connector.deployment() == "cloud" else ServerPermissions(connector)
