"""Who is calling devjira: the people and groups a dataset's metadata names, and their own credentials.

Metadata keys (all optional): `users` (accountId, displayName, emailAddress, maybe a server-style
`name`), `groups` ([{"name", "members": [accountId, ...]}]) and `apiTokens` ({token: accountId}).
A per-user token works as basic `email:token`, `name:token` or `accountId:token`, or as a bearer
token (a Data Center personal access token).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import cached_property

SYSTEM_PERSON = {"accountId": "devjira-system", "name": "devjira-system", "displayName": "devjira system",
                 "emailAddress": "system@devjira.invalid", "active": True, "timeZone": "UTC",
                 "accountType": "app"}
LOGIN_FIELDS = ("accountId", "emailAddress", "name", "key")


@dataclass(frozen=True)
class Caller:
    """The person a request acts as; an unrestricted caller sees and may do everything."""

    person: dict
    restricted: bool

    @property
    def account_id(self) -> str:
        return person_id(self.person)


def person_id(person: dict) -> str:
    return person.get("accountId") or person.get("key") or person.get("name") or ""


class Directory:
    """The dataset's people, their groups and their API tokens."""

    def __init__(self, metadata: dict) -> None:
        self.users: list[dict] = metadata.get("users", [])
        self.groups: dict[str, list[str]] = {g["name"]: list(g.get("members", []))
                                             for g in metadata.get("groups", [])}
        self.tokens: dict[str, str] = dict(metadata.get("apiTokens", {}))

    @cached_property
    def by_account(self) -> dict[str, dict]:
        return {person_id(user): user for user in self.users}

    @cached_property
    def _logins(self) -> dict[str, str]:
        logins: dict[str, str] = {}
        for user in self.users:
            for name in LOGIN_FIELDS:
                if user.get(name):
                    logins.setdefault(str(user[name]).lower(), person_id(user))
        return logins

    @cached_property
    def _memberships(self) -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for group, members in self.groups.items():
            for member in members:
                found.setdefault(member, set()).add(group)
        return {member: frozenset(groups) for member, groups in found.items()}

    def groups_of(self, account_id: str) -> frozenset[str]:
        return self._memberships.get(account_id, frozenset())

    def find(self, login: str) -> dict | None:
        """The person a login names: account id, email, user name, key or (as the service credential
        always allowed) display name."""
        lowered = login.lower()
        account = self._logins.get(lowered)
        if account is not None:
            return self.by_account[account]
        return next((u for u in self.users if str(u.get("displayName", "")).lower() == lowered), None)

    def authenticate(self, header: str) -> dict | None:
        """The person whose own API token the Authorization header carries, or None."""
        scheme, _, value = header.partition(" ")
        if not self.tokens or not value:
            return None
        if scheme.lower() == "bearer":
            account = self.tokens.get(value.strip())
            return self.by_account.get(account) if account else None
        if scheme.lower() != "basic":
            return None
        try:
            login, _, token = base64.b64decode(value.strip(), validate=True).decode("utf-8").partition(":")
        except (ValueError, UnicodeDecodeError):
            return None
        return self.check_password(login, token)

    def check_password(self, login: str, token: str) -> dict | None:
        """The person signing in with this login and API token (the OAuth sign-in form), or None."""
        account = self.tokens.get(token)
        if account is None or self._logins.get(login.strip().lower()) != account:
            return None
        return self.by_account.get(account)
