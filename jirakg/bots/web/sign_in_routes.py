"""Signing in to Jira through jirakg (`jira.permissions: user-token`), for the web chat and for links
sent to one Slack user:

    GET  /auth/sign-in[?for=LINK]   → Atlassian's consent page (Cloud), or a form for a personal
                                      access token (Data Center)
    POST /auth/sign-in              the form: for, token
    GET  /auth/callback?code&state  Atlassian's answer: the grant is kept, the person signed in
    POST /auth/sign-out

A browser that starts a sign-in carries a cookie naming it, and only that browser may finish it, so a
page elsewhere cannot sign a visitor in as someone else."""

from __future__ import annotations

import html
import secrets

from aiohttp import web

from jirakg.access.atlassian_oauth import SignInFailed
from jirakg.access.sign_in import SIGN_IN_TTL_S, SignIn
from jirakg.bots.web import keys

SESSION_COOKIE = "jirakg_session"
STARTED_COOKIE = "jirakg_signing_in"
SESSION_TTL_S = 30 * 86400


def add_sign_in_routes(app: web.Application) -> None:
    app.router.add_get("/auth/sign-in", start)
    app.router.add_post("/auth/sign-in", with_token)
    app.router.add_get("/auth/callback", callback)
    app.router.add_post("/auth/sign-out", sign_out)


def _sign_in(request: web.Request) -> SignIn:
    access = request.app[keys.ENGINE].access
    if access is None or access.sign_in is None:
        raise web.HTTPNotFound(text="People do not sign in here: jirakg checks their permissions itself "
                                    "(jira.permissions is check).")
    return access.sign_in


def _page(title: str, body: str, status: int = 200) -> web.Response:
    return web.Response(status=status, content_type="text/html", headers={"Cache-Control": "no-store"}, text=(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title} · jirakg</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        f"<body><main><h1>{title}</h1>{body}</main></body></html>"))


def _redirect(location: str) -> web.Response:
    return web.Response(status=302, headers={"Location": location, "Cache-Control": "no-store"})


def _failed(exc: SignInFailed) -> web.Response:
    return _page("Not signed in", f'<p role="alert">{html.escape(str(exc))}</p>', status=400)


def _cookie(response: web.StreamResponse, request: web.Request, name: str, value: str, max_age: int,
            path: str = "/") -> None:
    secure = request.app[keys.SETTINGS].web.address.startswith("https://")
    response.set_cookie(name, value, max_age=max_age, path=path, httponly=True, samesite="Lax", secure=secure)


async def start(request: web.Request) -> web.Response:
    sign_in = _sign_in(request)
    signed, browser = request.query.get("for"), None
    if signed is None:  # the web chat: this browser signs in, and only it may finish
        browser = secrets.token_urlsafe(24)
        signed = sign_in.signed("web", browser)
    try:
        sign_in.claim(signed)
    except SignInFailed as exc:
        return _failed(exc)
    if sign_in.oauth is not None:
        response = _redirect(sign_in.consent_url(signed))
    else:
        response = _page("Sign in to Jira", (
            "<p>Paste a personal access token from your Jira profile (Profile → Personal Access Tokens). jirakg "
            "keeps it encrypted and calls Jira with it, so you see exactly what Jira shows you.</p>"
            f'<form method="post" action="/auth/sign-in"><input type="hidden" name="for" value="{html.escape(signed)}">'
            '<label>Personal access token <input name="token" type="password" autocomplete="off" required></label> '
            '<button type="submit">Sign in</button></form>'))
    if browser is not None:
        _cookie(response, request, STARTED_COOKIE, browser, SIGN_IN_TTL_S, "/auth")
    return response


async def with_token(request: web.Request) -> web.Response:
    sign_in = _sign_in(request)
    form = await request.post()
    try:
        payload = sign_in.claim(str(form.get("for", "")))
        _same_browser(request, payload)
        await sign_in.spend(payload)
        account = await sign_in.with_token(payload["surface"], payload["user"], str(form.get("token", "")).strip())
    except SignInFailed as exc:
        return _failed(exc)
    return _signed_in(request, payload, account.display_name or account.id)


async def callback(request: web.Request) -> web.Response:
    sign_in = _sign_in(request)
    if request.query.get("error"):
        return _page("Not signed in", "<p>Jira access was not allowed, so nothing changed. You can start again "
                                      'from <a href="/auth/sign-in">sign in</a>.</p>', status=400)
    try:
        payload = sign_in.claim(request.query.get("state", ""))
        _same_browser(request, payload)
        payload, account = await sign_in.finish(request.query["state"], request.query.get("code", ""))
    except SignInFailed as exc:
        return _failed(exc)
    return _signed_in(request, payload, account.display_name or account.id)


def _same_browser(request: web.Request, payload: dict) -> None:
    if payload["surface"] == "web" and request.cookies.get(STARTED_COOKIE) != payload["user"]:
        raise SignInFailed("This sign-in was started in another browser; start it again here from /auth/sign-in.")


def _signed_in(request: web.Request, payload: dict, name: str) -> web.Response:
    if payload["surface"] != "web":
        return _page("Signed in", f"<p>jirakg now answers you as {html.escape(name)} in Jira. You can close this "
                                  "page and ask again.</p>")
    response = _redirect("/")
    _cookie(response, request, SESSION_COOKIE, payload["user"], SESSION_TTL_S)
    response.del_cookie(STARTED_COOKIE, path="/auth")
    return response


async def sign_out(request: web.Request) -> web.Response:
    sign_in = _sign_in(request)
    session = request.cookies.get(SESSION_COOKIE)
    if session:
        await sign_in.links.forget("web", session)
    response = _redirect("/")
    response.del_cookie(SESSION_COOKIE, path="/")
    return response
