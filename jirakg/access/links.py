"""A surface user linked to a Jira account by proving it: the person's own credentials are tried once
against Jira's `myself`, the account it names is remembered, the credentials are not."""

from __future__ import annotations

from jirakg.access.people import Account, account_from
from jirakg.connectors.jira import JiraAuth, JiraHttp
from jirakg.connectors.jira.errors import JiraAuthError
from jirakg.errors import JirakgError
from jirakg.graph.stores.base import GraphStore

LINK_TTL_S = 180 * 86400  # a link is proven again twice a year
USAGE = ("To link your Jira account, send `/jirakg link EMAIL API-TOKEN` (Jira Cloud: an API token from "
         "id.atlassian.com) or `/jirakg link PERSONAL-ACCESS-TOKEN` (Jira Data Center); only jirakg sees it, "
         "and it is used once to learn who you are.")


class LinkRefused(JirakgError):
    """The credentials offered to link an account did not hold."""


class AccountLinks:
    def __init__(self, store: GraphStore, jira_url: str) -> None:
        self.store = store
        self.jira_url = jira_url

    async def account_of(self, surface: str, user: str) -> str | None:
        return await self.store.get_state(_name(surface, user))

    async def link(self, surface: str, user: str, words: list[str]) -> Account:
        """Link `user` to the account `words` (EMAIL TOKEN, or one personal access token) prove."""
        if len(words) not in (1, 2):
            raise LinkRefused(USAGE)
        auth = JiraAuth("basic", words[0], words[1]) if len(words) == 2 else JiraAuth("bearer", token=words[0])
        async with JiraHttp(self.jira_url, auth, timeout_s=10) as http:
            try:
                account = account_from(await http.get("/rest/api/2/myself"))
            except JiraAuthError:
                raise LinkRefused("Jira did not accept those credentials, so nothing was linked. " + USAGE) from None
        await self.remember(surface, user, account.id)
        return account

    async def remember(self, surface: str, user: str, account_id: str) -> None:
        await self.store.put_state(_name(surface, user), account_id, LINK_TTL_S)

    async def forget(self, surface: str, user: str) -> None:
        await self.store.put_state(_name(surface, user), None)


def _name(surface: str, user: str) -> str:
    return f"account-link:{surface}:{user}"
