"""Signing a person in to Jira through jirakg (`jira.permissions: user-token`): Atlassian's consent on
Jira Cloud, a personal access token on Data Center. The credential is kept for their account; the
surface user who started the sign-in (a Slack user, a browser session) is linked to that account.

A sign-in link names who it is for and is signed, lives 15 minutes and works once, so one person's
link cannot attach another person's account to it later."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from yarl import URL

from jirakg.access.atlassian_oauth import AtlassianOAuth, SignInFailed
from jirakg.access.credentials import JiraCredential, PersonalCredentials
from jirakg.access.links import AccountLinks
from jirakg.access.people import Account, account_from
from jirakg.access.sealed import Sealer
from jirakg.connectors.jira import JiraAuth, JiraAuthError
from jirakg.connectors.jira.http import JiraHttp

SIGN_IN_TTL_S = 15 * 60
SIGN_IN_PATH = "/auth/sign-in"
CALLBACK_PATH = "/auth/callback"
EXPIRED = "That sign-in link has expired, was already used, or was not made by jirakg; start again from {url}."


def refused_sentence(hint: str) -> str:
    return "Jira no longer accepts your own sign-in (it expired or was revoked), so I cannot answer as you; " + hint


class SignIn:
    def __init__(self, credentials: PersonalCredentials, links: AccountLinks, sealer: Sealer,
                 oauth: AtlassianOAuth | None, http: JiraHttp, jira_url: str, address: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.credentials = credentials
        self.links = links
        self.sealer = sealer
        self.oauth = oauth  # None on Data Center: people sign in with a personal access token
        self.http = http  # the service connection: each person's calls reuse it with their own token
        self.jira_url = jira_url  # the site people sign in to (Cloud: its URL among their accessible sites)
        self.address = address
        self.clock = clock

    def signed(self, surface: str, user: str) -> str:
        """What a sign-in link carries: who it signs in, signed, good for one use within 15 minutes."""
        return self.sealer.sign({"surface": surface, "user": user, "nonce": secrets.token_urlsafe(12)},
                                SIGN_IN_TTL_S, self.clock())

    def link_for(self, surface: str, user: str) -> str:
        """A sign-in page address that signs in `user` of `surface` and nobody else."""
        return str(URL(self.address + SIGN_IN_PATH).with_query({"for": self.signed(surface, user)}))

    def hint(self, surface: str, user: str | None) -> str:
        """How this person signs in, as the end of a sentence."""
        if surface == "slack" and user:
            also = "" if self.oauth else ", or send `/jirakg link PERSONAL-ACCESS-TOKEN`"
            return f"sign in to Jira once at {self.link_for(surface, user)}{also}."
        return f"sign in to Jira once at {self.address}{SIGN_IN_PATH}."

    def claim(self, signed: str) -> dict:
        """Who a sign-in link is for; SignInFailed when it is forged or expired."""
        payload = self.sealer.verified(signed, self.clock())
        if payload is None or not {"surface", "user", "nonce"} <= payload.keys():
            raise SignInFailed(EXPIRED.format(url=self.address + SIGN_IN_PATH))
        return payload

    async def spend(self, payload: dict) -> None:
        """Use a claimed link up: a second use, here or on another replica, raises SignInFailed."""
        if not await self.links.store.claim_state(f"sign-in:{payload['nonce']}", "1", SIGN_IN_TTL_S):
            raise SignInFailed(EXPIRED.format(url=self.address + SIGN_IN_PATH))

    def consent_url(self, signed: str) -> str:
        """Atlassian's consent page for the person a verified sign-in link is for."""
        assert self.oauth is not None, "only with an OAuth app"
        self.claim(signed)
        return self.oauth.consent_url(signed)

    async def finish(self, signed: str, code: str) -> tuple[dict, Account]:
        """After consent: the grant kept for the account it names, and the link's surface user linked to it."""
        assert self.oauth is not None, "only with an OAuth app"
        payload = self.claim(signed)
        await self.spend(payload)
        tokens = await self.oauth.exchange(code)
        site = await self.oauth.site_of(tokens.access, self.jira_url)
        account = await self._myself(site, tokens.access)
        await self.credentials.put(JiraCredential(kind="oauth", account_id=account.id, access=tokens.access,
                                                  refresh=tokens.refresh, site=site,
                                                  expires_at=self.clock() + tokens.expires_in))
        await self.links.remember(payload["surface"], payload["user"], account.id)
        return payload, account

    async def with_token(self, surface: str, user: str, token: str) -> Account:
        """Data Center: a personal access token, proven against Jira, kept for its account."""
        if self.oauth is not None:
            raise SignInFailed(f"This Jira signs people in with Atlassian: {self.hint(surface, user)}")
        account = await self._myself(self.http.base_url, token)
        await self.credentials.put(JiraCredential(kind="pat", account_id=account.id, access=token,
                                                  site=self.http.base_url))
        await self.links.remember(surface, user, account.id)
        return account

    async def _myself(self, site: str, token: str) -> Account:
        person = self.http.as_person(site, JiraAuth("bearer", token=token), "")
        try:
            return account_from(await person.get("/rest/api/2/myself"))
        except JiraAuthError:
            raise SignInFailed("Jira did not accept that sign-in, so nothing was kept; start again.") from None
