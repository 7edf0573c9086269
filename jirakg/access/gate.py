"""The asker's Jira account, and the issue graph as that person may browse it."""

from __future__ import annotations

from jirakg.access.links import AccountLinks
from jirakg.access.people import Account, AccountDirectory
from jirakg.access.permissions import PermissionApi
from jirakg.access.sight import Decisions, Sight
from jirakg.engine.turn import Asker, Surface
from jirakg.errors import JirakgError
from jirakg.graph import GraphManager

HOW_TO_LINK: dict[str, str] = {
    "slack": "use the same email address in Slack and Jira, or link your Jira account with `/jirakg link`",
    "jira": "open the panel again while signed in to Jira",
    "web": "ask your jirakg administrator for an API token issued to you",
    "api": "ask your jirakg administrator for an API token issued to you",
    "mcp": "ask your jirakg administrator for an API token issued to you",
    "cli": "run the command again with --user and your Jira email address",
}


class AccountNotLinked(JirakgError):
    """A person jirakg cannot match to a Jira account: nothing is answered for them."""


class Access:
    """Every turn is answered as its asker: their account found once, their view of the graph checked
    with Jira's own permission answers."""

    def __init__(self, manager: GraphManager, directory: AccountDirectory, api: PermissionApi,
                 decisions: Decisions) -> None:
        self.manager = manager
        self.links = AccountLinks(manager.store, manager.connector.http.base_url)
        self.directory = directory
        self.api = api
        self.decisions = decisions

    async def identify(self, asker: Asker, surface: Surface) -> Asker:
        """`asker` with its Jira account; AccountNotLinked (the sentence on how to link) when there is none."""
        if asker.service_account:
            return asker
        # A verified account id first (a signed Forge token), then a link the person proved, then an email.
        account_id = asker.account_id or (
            await self.links.account_of(surface, asker.surface_user_id) if asker.surface_user_id else None)
        account = (await self.directory.by_id(account_id) if account_id
                   else await self.directory.by_email(asker.email) if asker.email else None)
        if account is None:
            looked = f" (looked for {asker.email})" if asker.email and not asker.account_id else ""
            raise AccountNotLinked(f"I could not find your Jira account{looked}, so I cannot answer as you; "
                                   f"{HOW_TO_LINK[surface]}.")
        return asker.model_copy(update={"account_id": account.id, "display_name": account.display_name,
                                        "email": account.email or asker.email})

    def graph_for(self, asker: Asker) -> GraphManager:
        """The graph `asker` (as `identify` returned it) may browse."""
        if asker.service_account:
            return self.manager
        assert asker.account_id is not None, "identify() first"
        person = Account(asker.account_id, asker.display_name or "", asker.email)
        return self.manager.seen_by(Sight(person, self.api, self.decisions, self.manager.nodes))
