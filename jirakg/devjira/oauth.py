"""OAuth 2.0 (3LO) grants as auth.atlassian.com issues them: codes, access tokens and rotating refresh tokens.

A code is single-use and lives 10 minutes; presenting it twice revokes every token issued from it
(RFC 6749 §4.1.2). An access token lives an hour. A refresh token is issued only when the scope asks
for `offline_access`, works once (using it returns a new one) and lapses after 90 days unused.
Time is the server's clock in milliseconds, so tests can expire tokens.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field

CODE_LIFETIME_MS = 10 * 60_000
ACCESS_LIFETIME_S = 3600
REFRESH_IDLE_MS = 90 * 86_400_000


@dataclass(frozen=True)
class OAuthClient:
    client_id: str
    secret: str
    redirect_uri: str

    @classmethod
    def parse(cls, text: str) -> OAuthClient:
        """ID:SECRET:REDIRECT_URI (the redirect URI keeps its own colons)."""
        client_id, _, rest = text.partition(":")
        secret, _, redirect_uri = rest.partition(":")
        if not (client_id and secret and redirect_uri.startswith(("http://", "https://"))):
            raise ValueError("--oauth-client must be ID:SECRET:REDIRECT_URI, the URI starting http:// or https://")
        return cls(client_id, secret, redirect_uri)


class OAuthError(Exception):
    """An OAuth error answer: {"error", "error_description"} with this status."""

    def __init__(self, status: int, code: str, description: str) -> None:
        super().__init__(description)
        self.status, self.code, self.description = status, code, description


@dataclass
class Grant:
    """What one consent allows; every token issued from one code shares it."""

    client_id: str
    account_id: str
    scope: str
    redirect_uri: str
    revoked: bool = False


@dataclass
class _Expiring:
    grant: Grant
    expires_ms: int


@dataclass
class TokenStore:
    clients: dict[str, OAuthClient]
    _codes: dict[str, _Expiring] = field(default_factory=dict)
    _spent_codes: dict[str, Grant] = field(default_factory=dict)
    _access: dict[str, _Expiring] = field(default_factory=dict)
    _refresh: dict[str, _Expiring] = field(default_factory=dict)

    def registered(self, client_id: str, redirect_uri: str) -> OAuthClient | None:
        client = self.clients.get(client_id)
        return client if client is not None and client.redirect_uri == redirect_uri else None

    def issue_code(self, client: OAuthClient, account_id: str, scope: str, now_ms: int) -> str:
        code = secrets.token_urlsafe(24)
        self._codes[code] = _Expiring(Grant(client.client_id, account_id, scope, client.redirect_uri),
                                      now_ms + CODE_LIFETIME_MS)
        return code

    def exchange_code(self, client_id: str, secret: str, code: str, redirect_uri: str, now_ms: int) -> dict:
        self._authenticate(client_id, secret)
        spent = self._spent_codes.get(code)
        if spent is not None:
            spent.revoked = True
            raise OAuthError(400, "invalid_grant", "The authorization code has already been used.")
        held = self._codes.pop(code, None)
        if held is None or held.grant.client_id != client_id:
            raise OAuthError(400, "invalid_grant", "Invalid authorization code.")
        if held.expires_ms <= now_ms:
            raise OAuthError(400, "invalid_grant", "The authorization code has expired.")
        if held.grant.redirect_uri != redirect_uri:
            raise OAuthError(400, "invalid_grant", "The redirect_uri does not match the authorization request.")
        self._spent_codes[code] = held.grant
        return self._tokens(held.grant, now_ms)

    def refresh(self, client_id: str, secret: str, refresh_token: str, now_ms: int) -> dict:
        self._authenticate(client_id, secret)
        held = self._refresh.pop(refresh_token, None)
        if (held is None or held.grant.revoked or held.grant.client_id != client_id
                or held.expires_ms <= now_ms):
            raise OAuthError(400, "invalid_grant", "Unknown or invalid refresh token.")
        return self._tokens(held.grant, now_ms)

    def holder(self, access_token: str, now_ms: int) -> Grant | None:
        """The grant an access token acts under, or None when it is unknown, expired or revoked."""
        held = self._access.get(access_token)
        if held is None or held.grant.revoked or held.expires_ms <= now_ms:
            return None
        return held.grant

    def _authenticate(self, client_id: str, secret: str) -> None:
        client = self.clients.get(client_id)
        if client is None or not hmac.compare_digest(client.secret, secret):
            raise OAuthError(401, "invalid_client", "Unknown client_id or wrong client_secret.")

    def _tokens(self, grant: Grant, now_ms: int) -> dict:
        access = secrets.token_urlsafe(32)
        self._access[access] = _Expiring(grant, now_ms + ACCESS_LIFETIME_S * 1000)
        body = {"access_token": access, "token_type": "Bearer", "expires_in": ACCESS_LIFETIME_S,
                "scope": grant.scope}
        if "offline_access" in grant.scope.split():
            refresh = secrets.token_urlsafe(32)
            self._refresh[refresh] = _Expiring(grant, now_ms + REFRESH_IDLE_MS)
            body["refresh_token"] = refresh
        return body
