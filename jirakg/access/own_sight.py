"""The person's own answer to "may I browse these?", asked with their own token (`permissions:
user-token`): the projects Jira lists for them, and the secured issues a search by id returns them."""

from __future__ import annotations

import asyncio

from jirakg.access.people import Account
from jirakg.access.permissions import Granted, Place
from jirakg.connectors.jira import JiraConnector
from jirakg.connectors.jira.errors import IssueNotFound, JqlError


class OwnPermissions:
    def __init__(self, connector: JiraConnector) -> None:
        self.connector = connector  # calling with the person's own token

    async def browsable(self, person: Account, projects: list[Place], issues: list[Place]) -> Granted:
        listed, found = await asyncio.gather(self._projects() if projects else _nothing(),
                                             self._issues(issues) if issues else _nothing())
        return Granted(projects={p.id for p in projects} & listed, issues={i.id for i in issues} & found)

    async def _projects(self) -> set[str]:
        # Jira lists exactly the projects the caller may browse.
        return {str(p["id"]) for p in await self.connector.http.get("/rest/api/2/project") or []}

    async def _issues(self, issues: list[Place]) -> set[str]:
        ids = sorted({i.id for i in issues if i.id.isdigit()})
        if not ids:
            return set()
        try:
            return {str(i["id"]) for i in await self.connector.search(f"id in ({', '.join(ids)})", ["id"])}
        except JqlError:  # Jira may refuse the whole list over one id this person cannot see: ask one by one
            seen = await asyncio.gather(*(self._sees(i) for i in ids))
            return {i for i, yes in zip(ids, seen, strict=True) if yes}

    async def _sees(self, issue_id: str) -> bool:
        try:
            await self.connector.issue(issue_id, ["id"])
        except IssueNotFound:
            return False
        return True


async def _nothing() -> set[str]:
    return set()
