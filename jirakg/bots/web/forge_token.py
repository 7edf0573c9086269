"""Forge Invocation Token (FIT) verification: an RS256 JWT signed by Atlassian, checked against
the JWKS it publishes (URL configurable), for our app id as audience, Forge's issuer, expiry."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import jwt

ISSUER = "forge/invocation-token"
JWKS_TTL_S = 3600


class InvalidToken(Exception):
    """The token is not a valid invocation of this app; the message says why."""


class FitVerifier:
    def __init__(self, app_id: str, jwks_url: str, leeway_s: int = 30) -> None:
        self.app_id = app_id
        self.jwks_url = jwks_url
        self.leeway_s = leeway_s
        self._keys: dict[str, object] = {}
        self._fetched = 0.0
        self._lock = asyncio.Lock()

    async def verify(self, token: str) -> dict:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise InvalidToken("The Forge invocation token is not a JWT.") from None
        if header.get("alg") != "RS256":
            raise InvalidToken("The Forge invocation token must be signed with RS256.")
        key = await self._key(header.get("kid"))
        try:
            return jwt.decode(token, key, algorithms=["RS256"], audience=self.app_id, issuer=ISSUER,
                              leeway=self.leeway_s, options={"require": ["exp", "iss", "aud"]})
        except jwt.ExpiredSignatureError:
            raise InvalidToken("The Forge invocation token has expired.") from None
        except jwt.InvalidAudienceError:
            raise InvalidToken("The Forge invocation token is for another app.") from None
        except jwt.InvalidIssuerError:
            raise InvalidToken("The Forge invocation token was not issued by Forge.") from None
        except jwt.PyJWTError:
            raise InvalidToken("The Forge invocation token's signature is not valid.") from None

    async def _key(self, kid: str | None):
        """The signing key by id; an unknown id refetches the key set once (keys rotate)."""
        async with self._lock:
            stale = time.monotonic() - self._fetched > JWKS_TTL_S
            if stale or (kid not in self._keys and time.monotonic() - self._fetched > 10):
                await self._fetch()
        if kid not in self._keys:
            raise InvalidToken("The Forge invocation token is signed with an unknown key.")
        return self._keys[kid]

    async def _fetch(self) -> None:
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
                async with session.get(self.jwks_url) as response:
                    response.raise_for_status()
                    keys = (await response.json()).get("keys", [])
        except (TimeoutError, aiohttp.ClientError, ValueError) as exc:
            raise InvalidToken(f"Could not fetch Forge's signing keys from {self.jwks_url} ({type(exc).__name__}).") \
                from None
        self._keys = {k["kid"]: jwt.PyJWK(k).key for k in keys if k.get("kid") and k.get("kty") == "RSA"}
        self._fetched = time.monotonic()

    @staticmethod
    def issue_key(claims: dict) -> str | None:
        """The issue the panel is open on: the token's context.extension.issue.key (a signed token may
        still carry any JSON there: anything but objects down to a string key is no issue)."""
        found: object = claims
        for name in ("context", "extension", "issue", "key"):
            found = found.get(name) if isinstance(found, dict) else None
        return found if isinstance(found, str) else None

    @staticmethod
    def principal(claims: dict) -> str | None:
        """The Atlassian account the panel was opened by, which owns the conversation."""
        principal = claims.get("principal")
        return principal if isinstance(principal, str) and principal else None
