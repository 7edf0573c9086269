"""A person's Jira account from what a surface knows of them (an email, or an account id the surface
verified), found with Jira's own user search and remembered for a while."""

from __future__ import annotations

from dataclasses import dataclass

from jirakg.access.memo import Memo
from jirakg.connectors.jira import JiraConnector
from jirakg.connectors.jira.http import JiraBadRequest, JiraNotFound

MISS_TTL_S = 60.0  # a person who has just been given a Jira account is found within a minute


@dataclass(frozen=True)
class Account:
    id: str  # the Cloud accountId, or the Server/Data Center username
    display_name: str = ""
    email: str | None = None


class AccountDirectory:
    def __init__(self, connector: JiraConnector, ttl_s: float = 3600.0) -> None:
        self.connector = connector
        self._known: Memo[Account] = Memo(ttl_s, MISS_TTL_S)

    async def by_email(self, email: str) -> Account | None:
        return await self._known.get(f"email:{email.lower()}", lambda: self._search(email))

    async def by_id(self, account_id: str) -> Account | None:
        return await self._known.get(f"id:{account_id}", lambda: self._fetch(account_id))

    async def _search(self, email: str) -> Account | None:
        cloud = await self.connector.deployment() == "cloud"
        users = await self.connector.http.get(f"/rest/api/{3 if cloud else 2}/user/search",
                                              {"query" if cloud else "username": email, "maxResults": 10})
        wanted = email.lower()
        exact = [u for u in users or [] if u.get("active", True)
                 and wanted in (str(u.get("emailAddress", "")).lower(), str(u.get("name", "")).lower())]
        return account_from(exact[0]) if len(exact) == 1 else None

    async def _fetch(self, account_id: str) -> Account | None:
        cloud = await self.connector.deployment() == "cloud"
        try:
            user = await self.connector.http.get("/rest/api/2/user",
                                                 {"accountId" if cloud else "username": account_id})
        except (JiraNotFound, JiraBadRequest):
            return None
        return account_from(user) if user and user.get("active", True) else None


def account_from(user: dict) -> Account:
    return Account(id=user.get("accountId") or user.get("name") or user["key"],
                   display_name=user.get("displayName", ""), email=user.get("emailAddress"))
