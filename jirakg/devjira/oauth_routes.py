"""auth.atlassian.com and api.atlassian.com in miniature, for tests: the OAuth 2.0 (3LO) sign-in form,
the token endpoint and accessible resources. server.py serves the REST API under /ex/jira/{cloudid}.

    GET  /authorize?audience=api.atlassian.com&client_id&scope&redirect_uri&state&response_type=code
    POST /authorize            (the form: email and API token) → 302 redirect_uri?code=…&state=…
    POST /oauth/token          grant_type=authorization_code | refresh_token (JSON or form body)
    GET  /oauth/token/accessible-resources   (Authorization: Bearer <access token>)
"""

from __future__ import annotations

import html
import uuid

from aiohttp import web
from yarl import URL

from jirakg.devjira.app_state import DATASET, OAUTH, OPTIONS
from jirakg.devjira.dataset import Dataset
from jirakg.devjira.oauth import OAuthClient, OAuthError
from jirakg.devjira.permissions import Access

AUDIENCE = "api.atlassian.com"
AVATAR = "https://site-admin-avatar-cdn.prod.public.atl-paas.net/avatars/240/rocket.png"
FORM_FIELDS = ("audience", "client_id", "scope", "redirect_uri", "state", "response_type", "prompt")


def cloud_id(dataset: Dataset) -> str:
    """The site's cloud id: stable for a dataset, as a real site's is."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, dataset.base_url))


def add_routes(app: web.Application) -> None:
    app.router.add_get("/authorize", authorize_form)
    app.router.add_post("/authorize", authorize)
    app.router.add_post("/oauth/token", token)
    app.router.add_get("/oauth/token/accessible-resources", accessible_resources)


def _client(request: web.Request, params: dict[str, str]) -> OAuthClient | None:
    if params.get("audience") != AUDIENCE or params.get("response_type") != "code":
        return None
    return request.app[OAUTH].registered(params.get("client_id", ""), params.get("redirect_uri", ""))


def _page(title: str, body: str, status: int = 200) -> web.Response:
    return web.Response(status=status, content_type="text/html", text=(
        f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title></head>"
        f"<body><h1>{title}</h1>{body}</body></html>"))


def _refused() -> web.Response:
    return _page("Something went wrong", "<p>The app's client_id, redirect_uri, audience or response_type "
                                         "is not one this site knows.</p>", status=400)


def _form(params: dict[str, str], message: str = "") -> web.Response:
    hidden = "".join(f'<input type="hidden" name="{name}" value="{html.escape(params.get(name, ""))}">'
                     for name in FORM_FIELDS)
    notice = f'<p role="alert">{html.escape(message)}</p>' if message else ""
    return _page("Log in to continue", (
        f"<p>An app asks to use your account with the scopes: {html.escape(params.get('scope', ''))}.</p>{notice}"
        f'<form method="post" action="/authorize">{hidden}'
        '<label>Email <input name="email" type="email" autocomplete="username" required></label>'
        '<label>API token <input name="token" type="password" autocomplete="current-password" required></label>'
        '<button type="submit">Accept</button></form>'))


async def authorize_form(request: web.Request) -> web.Response:
    params = dict(request.query)
    return _form(params) if _client(request, params) else _refused()


async def authorize(request: web.Request) -> web.Response:
    posted = {name: str(value) for name, value in (await request.post()).items()}
    client = _client(request, posted)
    if client is None:
        return _refused()
    access: Access = request.app[DATASET].access
    person = access.directory.check_password(posted.get("email", ""), posted.get("token", ""))
    if person is None:
        return _form(posted, "Incorrect email address and / or API token.")
    code = request.app[OAUTH].issue_code(client, str(person["accountId"]), posted.get("scope", ""),
                                         request.app[OPTIONS].clock_ms())
    target = URL(client.redirect_uri).update_query(code=code, state=posted.get("state", ""))
    return web.Response(status=302, headers={"Location": str(target)})


async def token(request: web.Request) -> web.Response:
    if request.content_type == "application/json":
        body = await request.json()
        params = {k: str(v) for k, v in body.items()} if isinstance(body, dict) else {}
    else:
        params = {k: str(v) for k, v in (await request.post()).items()}
    store, now = request.app[OAUTH], request.app[OPTIONS].clock_ms()
    try:
        grant_type = params.get("grant_type")
        if grant_type == "authorization_code":
            _require(params, "client_id", "client_secret", "code", "redirect_uri")
            answer = store.exchange_code(params["client_id"], params["client_secret"], params["code"],
                                         params["redirect_uri"], now)
        elif grant_type == "refresh_token":
            _require(params, "client_id", "client_secret", "refresh_token")
            answer = store.refresh(params["client_id"], params["client_secret"], params["refresh_token"], now)
        else:
            raise OAuthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.")
    except OAuthError as exc:
        return web.json_response({"error": exc.code, "error_description": exc.description}, status=exc.status,
                                 headers={"Cache-Control": "no-store"})
    return web.json_response(answer, headers={"Cache-Control": "no-store"})


def _require(params: dict[str, str], *names: str) -> None:
    missing = [name for name in names if not params.get(name)]
    if missing:
        raise OAuthError(400, "invalid_request", f"Missing parameter: {', '.join(missing)}.")


async def accessible_resources(request: web.Request) -> web.Response:
    """The sites the access token may reach: devjira is one site (the middleware has refused bad tokens)."""
    dataset: Dataset = request.app[DATASET]
    token_text = request.headers.get("Authorization", "").partition(" ")[2].strip()
    grant = request.app[OAUTH].holder(token_text, request.app[OPTIONS].clock_ms())
    scopes = grant.scope.split() if grant is not None else []
    # The site's address as serverInfo's baseUrl gives it: where this devjira is reached.
    return web.json_response([{"id": cloud_id(dataset), "url": str(request.url.origin()), "name": "devjira",
                               "scopes": scopes, "avatarUrl": AVATAR}])
