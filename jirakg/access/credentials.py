"""Each person's own Jira credentials (`jira.permissions: user-token`): an OAuth 2.0 (3LO) grant on
Jira Cloud, a personal access token on Data Center. Kept sealed in the graph store by account id, so a
sign-in on one surface serves that person on every surface; an OAuth access token is renewed with its
rotating refresh token shortly before it lapses."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ValidationError

from jirakg.access.atlassian_oauth import AtlassianOAuth, SignInFailed
from jirakg.access.sealed import Sealer
from jirakg.graph.stores.base import GraphStore

RENEW_BEFORE_S = 120  # renew this long before the access token lapses: a turn may take a while
KEPT_S = 90 * 86400  # Atlassian's refresh tokens lapse after 90 days unused


class JiraCredential(BaseModel):
    kind: Literal["oauth", "pat"]
    account_id: str
    access: str
    site: str  # where this token calls Jira: the API gateway's /ex/jira/<cloud id>, or Jira itself
    refresh: str | None = None
    expires_at: float | None = None  # the clock's time; None: a personal access token's own lifetime


class PersonalCredentials:
    def __init__(self, store: GraphStore, sealer: Sealer, oauth: AtlassianOAuth | None,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.sealer = sealer
        self.oauth = oauth
        self.clock = clock
        self._renewing: dict[str, asyncio.Lock] = {}

    async def put(self, credential: JiraCredential) -> None:
        await self.store.put_state(_name(credential.account_id), self.sealer.seal(credential.model_dump_json()),
                                   KEPT_S)

    async def drop(self, account_id: str) -> None:
        await self.store.put_state(_name(account_id), None)

    async def current(self, account_id: str) -> JiraCredential | None:
        """The person's credential, renewed when it is about to lapse; None when there is none or it can no
        longer be renewed (revoked, or unused too long), which is forgotten so they are asked to sign in."""
        credential = await self._read(account_id)
        if credential is None or not self._lapsing(credential):
            return credential
        # Refresh tokens rotate: two turns renewing at once would spend the same one twice.
        async with self._renewing.setdefault(account_id, asyncio.Lock()):
            credential = await self._read(account_id)  # another turn may have renewed it meanwhile
            if credential is None or not self._lapsing(credential):
                return credential
            if self.oauth is None or credential.refresh is None:
                await self.drop(account_id)
                return None
            try:
                tokens = await self.oauth.refresh(credential.refresh)
            except SignInFailed:
                await self.drop(account_id)
                return None
            renewed = credential.model_copy(update={
                "access": tokens.access, "refresh": tokens.refresh or credential.refresh,
                "expires_at": self.clock() + tokens.expires_in})
            await self.put(renewed)
            return renewed

    def _lapsing(self, credential: JiraCredential) -> bool:
        return credential.expires_at is not None and credential.expires_at - RENEW_BEFORE_S <= self.clock()

    async def _read(self, account_id: str) -> JiraCredential | None:
        sealed = await self.store.get_state(_name(account_id))
        opened = self.sealer.open(sealed) if sealed else None
        try:
            return JiraCredential.model_validate_json(opened) if opened else None
        except ValidationError:
            return None


def _name(account_id: str) -> str:
    return f"jira-credential:{account_id}"
