"""Forge invocation tokens as Atlassian signs them, with a locally generated RSA key served from a
local JWKS endpoint."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager

import jwt
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric import rsa

from jirakg.bots.web.forge_token import ISSUER
from jirakg.devjira.runner import BackgroundServer
from tests.bots.web_env import KEY

APP_ID = "ari:cloud:ecosystem::app/5d2c7a8e-0000-4000-8000-000000000001"
SIGNING = rsa.generate_private_key(public_exponent=65537, key_size=2048)
OTHER = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def jwks() -> dict:
    key = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(SIGNING.public_key()))
    return {"keys": [{**key, "kid": "forge-key-1", "use": "sig", "alg": "RS256"}]}


def token(*, kid: str = "forge-key-1", key=SIGNING, audience: str = APP_ID, expires_in: int = 60,
          issue_key: str | None = KEY, issuer: str = ISSUER, principal: str = "557058:user",
          module: str = "jira:issueContext") -> str:
    now = int(time.time())
    extension = {"type": module, "issue": {"key": issue_key, "id": "10001"}} if issue_key else {"type": module}
    claims = {"iss": issuer, "aud": audience, "iat": now, "nbf": now, "exp": now + expires_in, "jti": "j1",
              "principal": principal, "app": {"id": APP_ID, "installationId": "inst-1"},
              "context": {"cloudId": "cloud-1", "moduleKey": "jirakg-sidebar", "extension": extension}}
    return jwt.encode(claims, key, algorithm="RS256", headers={"kid": kid})


@contextmanager
def jwks_server() -> Iterator[str]:
    """The URL of a JWKS endpoint publishing the signing key."""
    async def serve(request: web.Request) -> web.Response:
        return web.json_response(jwks())

    app = web.Application()
    app.router.add_get("/.well-known/jwks.json", serve)
    with BackgroundServer(app) as url:
        yield f"{url}/.well-known/jwks.json"
