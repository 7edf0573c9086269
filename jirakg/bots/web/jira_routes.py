"""Jira's ways in: the webhook (events that make cached issues stale), the Forge sidebar and issue
panel, whose requests carry a Forge Invocation Token naming the open issue, and the Rovo agent's
action, whose token names the person."""

from __future__ import annotations

import hashlib
import hmac

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field

from jirakg.bots.web import api, keys
from jirakg.bots.web.forge_token import FitVerifier, InvalidToken
from jirakg.bots.web.guard import address_of, refused, still_refusing, too_many
from jirakg.bots.web.json_body import BadBody, read_body, read_json
from jirakg.engine.turn import Asker
from jirakg.graph.webhooks import WebhookError


class PanelAsk(BaseModel):
    text: str = Field(..., max_length=api.MAX_TEXT)
    conversation_id: str | None = Field(None, pattern=api.ID)


class RovoContext(BaseModel):
    """The Atlassian app context Forge adds to an action's payload when Rovo runs on an issue."""
    model_config = ConfigDict(extra="ignore")
    jira: dict[str, object] | None = None


class RovoAsk(BaseModel):
    """A Rovo action's payload: its inputs (here the question) plus `context`; other keys are ignored."""
    model_config = ConfigDict(extra="ignore")
    question: str = Field(..., max_length=api.MAX_TEXT)
    context: RovoContext | None = None


def add_jira_routes(app: web.Application, forge: FitVerifier | None) -> None:
    app.router.add_post("/jira/webhook", webhook)
    app[keys.FORGE] = forge
    app.router.add_post("/forge/ask", panel_ask)
    app.router.add_post("/forge/feedback", panel_feedback)
    app.router.add_post("/forge/rovo/ask", rovo_ask)


async def webhook(request: web.Request) -> web.Response:
    """Cached issues a Jira event makes stale are dropped: each call costs Jira traffic later, so only
    signed calls are taken (unless opened with `webhook_secret: none`), within a budget per address."""
    settings = request.app[keys.SETTINGS].jira
    if settings.webhook_secret is None:
        return api.error(403, "The Jira webhook is off: set jira.webhook_secret to the secret Jira signs with.")
    wait = await request.app[keys.LIMITER].take("webhook:" + address_of(request))
    if wait:
        return too_many(wait)
    blocked = await still_refusing(request)
    if blocked is not None:
        return blocked
    try:
        raw = await read_body(request)
    except BadBody as exc:
        return api.error(400, str(exc))
    if not settings.webhook_unsigned:
        # Jira signs webhook bodies with the configured secret: X-Hub-Signature: sha256=<hex HMAC>.
        secret = settings.webhook_secret.get_secret_value().encode()
        expected = "sha256=" + hmac.new(secret, raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(request.headers.get("X-Hub-Signature", ""), expected):
            return await refused(request, "The webhook signature does not match the configured secret.")
    try:
        outcome = await request.app[keys.ENGINE].jira_changed(await read_json(request))
    except (BadBody, WebhookError) as exc:
        return api.error(400, f"Not a Jira webhook jirakg understands: {exc}")
    return web.json_response(outcome.model_dump())


async def _claims(request: web.Request) -> dict | web.Response:
    verifier = request.app[keys.FORGE]
    if verifier is None:
        return api.error(404, "The Jira panel is not configured (set forge.app_id).")
    blocked = await still_refusing(request)
    if blocked is not None:
        return blocked
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        return await refused(request, "The panel's request carries no Forge invocation token.")
    try:
        return await verifier.verify(token.strip())
    except InvalidToken as exc:
        return await refused(request, str(exc))


async def panel_ask(request: web.Request) -> web.Response:
    claims = await _claims(request)
    if isinstance(claims, web.Response):
        return claims
    body = await api.parsed(request, PanelAsk)
    if isinstance(body, web.Response):
        return body
    # The issue comes from the signed token, never from the body: "what blocks this?" means the open issue.
    issue_key = FitVerifier.issue_key(claims)
    return await api.answer(request, body.text, body.conversation_id, issue_key, "jira", _person(claims))


async def panel_feedback(request: web.Request) -> web.Response:
    claims = await _claims(request)
    if isinstance(claims, web.Response):
        return claims
    return await api.record_feedback(request, "jira", FitVerifier.principal(claims))


async def rovo_ask(request: web.Request) -> web.Response:
    """The Rovo agent's action: one question answered as the token's principal. Rovo's model chooses
    the inputs, so the person comes only from the signed token; the issue from the token's context,
    else the payload's context (Forge sets it from the issue on screen; it only says what "this" is,
    what the person may see is still checked)."""
    claims = await _claims(request)
    if isinstance(claims, web.Response):
        return claims
    body = await api.parsed(request, RovoAsk)
    if isinstance(body, web.Response):
        return body
    issue_key = FitVerifier.issue_key(claims)
    if issue_key is None and body.context is not None and body.context.jira is not None:
        shown = body.context.jira.get("issueKey")
        issue_key = shown if isinstance(shown, str) else None
    return await api.answer(request, body.question, None, issue_key, "jira", _person(claims))


def _person(claims: dict) -> Asker:
    """The token's principal: their Atlassian account id, signed by Forge."""
    principal = FitVerifier.principal(claims)
    return Asker(surface_user_id=principal, account_id=principal)
