"""The asker's Jira account, and the issue graph as that person may browse it."""

from __future__ import annotations

from jirakg.access.links import AccountLinks
from jirakg.access.own_sight import OwnPermissions
from jirakg.access.people import Account, AccountDirectory
from jirakg.access.permissions import PermissionApi
from jirakg.access.sight import Decisions, Sight
from jirakg.access.sign_in import SignIn, refused_sentence
from jirakg.connectors.jira import JiraAuth, JiraConnector
from jirakg.engine.turn import Asker, Surface
from jirakg.errors import JirakgError
from jirakg.graph import GraphManager

HOW_TO_LINK: dict[str, str] = {
    "slack": "use the same email address in Slack and Jira, or link your Jira account with `/jirakg link`.",
    "jira": "open the panel again while signed in to Jira.",
    "web": "ask your jirakg administrator for an API token issued to you.",
    "api": "ask your jirakg administrator for an API token issued to you.",
    "mcp": "ask your jirakg administrator for an API token issued to you.",
    "cli": "run the command again with --user and your Jira email address.",
}


class AccountNotLinked(JirakgError):
    """A person jirakg cannot match to a Jira account, or cannot call Jira as: nothing is answered for them."""


class Access:
    """Every turn is answered as its asker: their account found once, their view of the graph checked
    with Jira's own permission answers (`check`), or fetched with their own token (`user-token`:
    `sign_in` set)."""

    def __init__(self, manager: GraphManager, directory: AccountDirectory, api: PermissionApi,
                 decisions: Decisions, sign_in: SignIn | None = None) -> None:
        self.manager = manager
        self.links = sign_in.links if sign_in else AccountLinks(manager.store, manager.connector.http.base_url)
        self.directory = directory
        self.api = api
        self.decisions = decisions
        self.sign_in = sign_in

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
                                   f"{self.how_to_link(surface, asker.surface_user_id)}")
        return asker.model_copy(update={"account_id": account.id, "display_name": account.display_name,
                                        "email": account.email or asker.email})

    def how_to_link(self, surface: Surface, user: str | None) -> str:
        return self.sign_in.hint(surface, user) if self.sign_in else HOW_TO_LINK[surface]

    async def link(self, surface: Surface, user: str, words: list[str]) -> Account:
        """A surface user proves their Jira account (and, with user tokens, leaves their token for it)."""
        if self.sign_in is not None and len(words) == 1:
            return await self.sign_in.with_token(surface, user, words[0])
        return await self.links.link(surface, user, words)

    async def forget_credential(self, account_id: str) -> None:
        if self.sign_in is not None:
            await self.sign_in.credentials.drop(account_id)

    async def graph_for(self, asker: Asker, surface: Surface) -> GraphManager:
        """The graph `asker` (as `identify` returned it) may browse."""
        if asker.service_account:
            return self.manager
        assert asker.account_id is not None, "identify() first"
        person = Account(asker.account_id, asker.display_name or "", asker.email)
        if self.sign_in is None:
            return self.manager.seen_by(Sight(person, self.api, self.decisions, self.manager.nodes))
        credential = await self.sign_in.credentials.current(person.id)
        hint = self.how_to_link(surface, asker.surface_user_id)
        if credential is None:
            raise AccountNotLinked(f"I cannot call Jira as you yet, so I cannot answer; {hint}")
        service = self.manager.connector
        http = service.http.as_person(credential.site, JiraAuth("bearer", token=credential.access),
                                      refused_sentence(hint))
        own = self.manager.as_person(JiraConnector(http, deployment=await service.deployment(),
                                                   page_size=service.page_size), person.id)
        # References are looked up with the person's own token too: what Jira does not return them stays out.
        return own.seen_by(Sight(person, OwnPermissions(own.connector), self.decisions, own.nodes))
