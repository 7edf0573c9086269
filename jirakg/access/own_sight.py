"""The person's own answer to "may I browse these?", asked with their own token (`permissions:
user-token`): the projects Jira lists for them, and the secured issues a search by id returns them."""

from __future__ import annotations

import asyncio

from jirakg.access.people import Account
from jirakg.access.permissions import Granted, Place
from jirakg.connectors.jira import JiraConnector


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
        ids = ", ".join(sorted({i.id for i in issues if i.id.isdigit()}))
        return {str(i["id"]) for i in await self.connector.search(f"id in ({ids})", ["id"])} if ids else set()


async def _nothing() -> set[str]:
    return set()
