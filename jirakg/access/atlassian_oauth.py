"""Atlassian's OAuth 2.0 (3LO) as a client: the consent URL, the code exchange, the rotating refresh,
and which cloud id is the configured Jira site (developer.atlassian.com, "OAuth 2.0 (3LO) apps")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import aiohttp
from yarl import URL

from jirakg.config.settings import AtlassianOAuthSettings
from jirakg.errors import JirakgError

# Reading issues and people, writing what a person confirms; offline_access for a refresh token, so nobody
# signs in every hour.
SCOPES = "read:jira-work read:jira-user write:jira-work offline_access"
TIMEOUT = aiohttp.ClientTimeout(total=15)


class SignInFailed(JirakgError):
    """Atlassian did not grant what a sign-in needs; the message says what to do."""


@dataclass(frozen=True)
class Tokens:
    access: str
    refresh: str | None
    expires_in: float


class AtlassianOAuth:
    def __init__(self, settings: AtlassianOAuthSettings, redirect_uri: str) -> None:
        assert settings.client_id and settings.client_secret, "only built for a configured app"
        self.client_id = settings.client_id
        self._secret = settings.client_secret.get_secret_value()
        self.auth_url = str(settings.auth_url).rstrip("/")
        self.api_url = str(settings.api_url).rstrip("/")
        self.redirect_uri = redirect_uri

    def consent_url(self, state: str) -> str:
        return str(URL(f"{self.auth_url}/authorize").with_query(
            audience="api.atlassian.com", client_id=self.client_id, scope=SCOPES, redirect_uri=self.redirect_uri,
            state=state, response_type="code", prompt="consent"))

    async def exchange(self, code: str) -> Tokens:
        return await self._tokens({"grant_type": "authorization_code", "code": code,
                                   "redirect_uri": self.redirect_uri})

    async def refresh(self, refresh_token: str) -> Tokens:
        return await self._tokens({"grant_type": "refresh_token", "refresh_token": refresh_token})

    async def site_of(self, access: str, jira_url: str) -> str:
        """The gateway URL that reaches `jira_url` with this token; SignInFailed when it cannot."""
        sites = await self._call("GET", f"{self.api_url}/oauth/token/accessible-resources",
                                 headers={"Authorization": f"Bearer {access}"})
        wanted = jira_url.rstrip("/")
        for site in sites if isinstance(sites, list) else []:
            if str(site.get("url", "")).rstrip("/") == wanted and site.get("id"):
                return f"{self.api_url}/ex/jira/{site['id']}"
        raise SignInFailed(f"The Atlassian account you signed in with has no access to {wanted}; sign in with "
                           "the account you use there.")

    async def _tokens(self, grant: dict[str, str]) -> Tokens:
        body = await self._call("POST", f"{self.auth_url}/oauth/token", json={
            **grant, "client_id": self.client_id, "client_secret": self._secret})
        if not isinstance(body, dict) or not body.get("access_token"):
            raise SignInFailed("Atlassian's sign-in answered without a token; sign in again.")
        return Tokens(body["access_token"], body.get("refresh_token"), float(body.get("expires_in", 3600)))

    async def _call(self, method: str, url: str, **kwargs: Any) -> Any:
        try:
            async with aiohttp.ClientSession(timeout=TIMEOUT) as session, \
                    session.request(method, url, **kwargs) as response:
                body = await response.json(content_type=None)
                status = response.status
        except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
            raise SignInFailed(f"Atlassian's sign-in at {URL(url).origin()} could not be reached "
                               f"({type(exc).__name__}); try again shortly.") from exc
        if status >= 400:
            detail = body.get("error_description") or body.get("error") if isinstance(body, dict) else None
            raise SignInFailed(f"Atlassian refused the sign-in ({detail or f'HTTP {status}'}); sign in again.")
        return body
