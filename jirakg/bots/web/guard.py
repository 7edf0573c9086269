"""Who may call the REST API (and /mcp, the same questions over MCP) and how often: JSON bodies only (no
cross-site form posts), a bearer token when tokens are configured or a signed-in browser session when
people call Jira with their own tokens, a budget per verified caller (the token's identity, else the
address), and a small budget of refused credentials per address, so tokens cannot be guessed at speed.
Other routes that check credentials (the webhook, the Forge panel) count their refusals against the same
budget."""

from __future__ import annotations

from aiohttp import web

from jirakg.bots.web import api, keys
from jirakg.bots.web.limits import client_address, identity_of_token, token_identity
from jirakg.bots.web.sign_in_routes import SESSION_COOKIE
from jirakg.engine.turn import OPERATOR, Asker

REFUSALS_PER_MINUTE = 10


def address_of(request: web.Request) -> str:
    return client_address(request.remote, request.headers.get("X-Forwarded-For"),
                          request.app[keys.SETTINGS].web.trusted_proxies)


def too_many(wait: float) -> web.Response:
    return api.error(429, f"Too many requests; try again in {wait:.0f} s.", **{"Retry-After": str(max(1, round(wait)))})


async def still_refusing(request: web.Request) -> web.Response | None:
    """429 while the address has used up its refusals: checked before the credentials, so a right guess
    made during the wait learns nothing."""
    wait = await request.app[keys.REFUSALS].waiting(address_of(request))
    return too_many(wait) if wait else None


async def refused(request: web.Request, message: str, **headers: str) -> web.Response:
    """401 for credentials that do not hold, counted against the address's refusals."""
    await request.app[keys.REFUSALS].take(address_of(request))
    return api.error(401, message, **headers)


@web.middleware
async def guard(request: web.Request, handler) -> web.StreamResponse:
    if not _guarded(request.path):
        return await handler(request)
    if request.method == "POST" and request.content_type != "application/json":
        # A page on another site can POST text/plain without asking first; JSON needs a CORS preflight
        # this server never grants, so only same-origin pages and real clients get through.
        return api.error(415, "Send the request body as JSON, with 'Content-Type: application/json'.")
    tokens = request.app[keys.TOKENS]
    people_sign_in = request.app[keys.SETTINGS].jira.permissions == "user-token"
    identity, person = None, None
    if tokens or people_sign_in:
        blocked = await still_refusing(request)
        if blocked is not None:
            return blocked
        identity = token_identity(request.headers.get("Authorization"), tokens)
        person = await signed_in(request) if identity is None and people_sign_in else None
        if identity is None and person is None:
            message = ("Sign in to Jira first, at /auth/sign-in, or send an API token." if people_sign_in else
                       "A valid API token is required: send 'Authorization: Bearer <token>'.")
            return await refused(request, message, **{"WWW-Authenticate": "Bearer"})
    wait = await request.app[keys.LIMITER].take(identity or (person and person.surface_user_id) or address_of(request))
    if wait:
        return too_many(wait)
    request[api.ASKER] = person or asker_of(identity, request.app[keys.TOKEN_USERS])
    return await handler(request)


def _guarded(path: str) -> bool:
    """The REST API (not its public OpenAPI document) and the MCP endpoint, which answers the same questions."""
    return (path.startswith("/api/v1/") and path != "/api/v1/openapi.json") or path == "/mcp"


async def signed_in(request: web.Request) -> Asker | None:
    """The person whose browser session (set after signing in to Jira) this request carries."""
    session = request.cookies.get(SESSION_COOKIE)
    access = request.app[keys.ENGINE].access if keys.ENGINE in request.app else None
    if not session or access is None:
        return None
    account = await access.links.account_of("web", session)
    # The session id is a credential: only its fingerprint goes on to budgets, conversations and feedback.
    return Asker(surface_user_id=identity_of_token(session), account_id=account) if account else None


def asker_of(identity: str | None, users: dict[str, str | None]) -> Asker:
    """The person a verified token is issued to; a machine's token, or an API with no tokens at all (the
    local demo), is answered as the service account."""
    user = users.get(identity) if identity else None
    if user is None:
        return OPERATOR.model_copy(update={"surface_user_id": identity})
    by_email = "@" in user
    return Asker(surface_user_id=identity, email=user if by_email else None, account_id=None if by_email else user)
