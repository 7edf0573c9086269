"""Jira's ways in: the webhook (events that make cached issues stale) and the Forge issue panel,
whose requests carry a Forge Invocation Token naming the open issue."""

from __future__ import annotations

import hashlib
import hmac

from aiohttp import web
from pydantic import BaseModel, Field

from jirakg.bots.web import api, keys
from jirakg.bots.web.forge_token import FitVerifier, InvalidToken
from jirakg.graph.webhooks import WebhookError


class PanelAsk(BaseModel):
    text: str = Field(..., max_length=api.MAX_TEXT)
    conversation_id: str | None = Field(None, pattern=api.ID)


def add_jira_routes(app: web.Application, forge: FitVerifier | None) -> None:
    app.router.add_post("/jira/webhook", webhook)
    app[keys.FORGE] = forge
    app.router.add_post("/forge/ask", panel_ask)
    app.router.add_post("/forge/feedback", panel_feedback)


async def webhook(request: web.Request) -> web.Response:
    secret = request.app[keys.SETTINGS].jira.webhook_secret
    raw = await request.read()
    if secret is not None:
        # Jira signs webhook bodies with the configured secret: X-Hub-Signature: sha256=<hex HMAC>.
        expected = "sha256=" + hmac.new(secret.get_secret_value().encode(), raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(request.headers.get("X-Hub-Signature", ""), expected):
            return api.error(401, "The webhook signature does not match the configured secret.")
    try:
        outcome = await request.app[keys.ENGINE].jira_changed(await request.json())
    except (ValueError, WebhookError) as exc:
        return api.error(400, f"Not a Jira webhook jirakg understands: {exc}")
    return web.json_response(outcome.model_dump())


async def _claims(request: web.Request) -> dict | web.Response:
    verifier = request.app[keys.FORGE]
    if verifier is None:
        return api.error(404, "The Jira panel is not configured (set forge.app_id).")
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        return api.error(401, "The panel's request carries no Forge invocation token.")
    try:
        return await verifier.verify(token.strip())
    except InvalidToken as exc:
        return api.error(401, str(exc))


async def panel_ask(request: web.Request) -> web.Response:
    claims = await _claims(request)
    if isinstance(claims, web.Response):
        return claims
    body = await api.parsed(request, PanelAsk)
    if isinstance(body, web.Response):
        return body
    # The issue comes from the signed token, never from the body: "what blocks this?" means the open issue.
    issue_key = FitVerifier.issue_key(claims)
    result = await api.answer(request, body.text, body.conversation_id, issue_key, "jira",
                              user=FitVerifier.principal(claims))
    return result if isinstance(result, web.Response) else web.json_response(result.reply().model_dump())


async def panel_feedback(request: web.Request) -> web.Response:
    claims = await _claims(request)
    if isinstance(claims, web.Response):
        return claims
    return await api.record_feedback(request, "jira", FitVerifier.principal(claims))
