"""Host and Origin checks for the routes a browser uses (the chat page, the REST API, sign-in).

DNS rebinding: a page on evil.example can make its own name resolve to 127.0.0.1 and then read this
server as same-origin; its requests still carry `Host: evil.example`, so only the names this server is
reached by are answered (421 otherwise). A state-changing request that names an Origin must come from
this server's own origin (403 otherwise); clients that send no Origin (curl, SDKs) are not browsers."""

from __future__ import annotations

from urllib.parse import urlsplit

from aiohttp import web

from jirakg.bots.web import api
from jirakg.config import Settings

BROWSER_PREFIXES = ("/api/v1/", "/auth/", "/static/")
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_BINDS = frozenset({"0.0.0.0", "::", ""})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def allowed_hosts(settings: Settings) -> frozenset[str] | None:
    """The host names (no ports) browser routes answer to; None when `web.allowed_hosts` is ["*"]."""
    web_settings = settings.web
    if "*" in web_settings.allowed_hosts:
        return None
    names = {name.lower() for name in web_settings.allowed_hosts} | LOCAL_NAMES
    if web_settings.host not in WILDCARD_BINDS:
        names.add(web_settings.host.lower())
    if web_settings.public_url is not None and web_settings.public_url.host:
        names.add(web_settings.public_url.host.lower())
    return frozenset(names)


def host_name(host_header: str) -> str:
    """`example.com:8080` → `example.com`; `[::1]:8080` → `::1`."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_browser_route(path: str) -> bool:
    return path == "/" or path.startswith(BROWSER_PREFIXES)


def same_origin(origin: str, request: web.Request, settings: Settings) -> bool:
    """The Origin is this server as the browser reached it (its Host, already checked), or the public URL."""
    parts = urlsplit(origin)
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        return False  # "null" (sandboxed frames, file://) and anything else that is not a web origin
    if parts.netloc.lower() == request.host.lower():
        return True
    public = settings.web.public_url
    return public is not None and f"{parts.scheme}://{parts.netloc}".lower() == str(public).rstrip("/").lower()


def checked_origin(settings: Settings):
    names = allowed_hosts(settings)

    @web.middleware
    async def check(request: web.Request, handler) -> web.StreamResponse:
        if not is_browser_route(request.path):
            return await handler(request)  # Slack, Jira, probes and metrics are called by servers, not pages
        if names is not None and host_name(request.host) not in names:
            return api.error(421, f"This server does not answer to the name {host_name(request.host)!r}; "
                             "add it to web.allowed_hosts if people reach it that way.")
        origin = request.headers.get("Origin")
        if request.method not in SAFE_METHODS and origin is not None and not same_origin(origin, request, settings):
            return api.error(403, f"Requests from pages on {origin} are not accepted here.")
        return await handler(request)
    return check
