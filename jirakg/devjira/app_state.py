"""What every devjira handler shares: options, app and request keys, the caller, and Jira's error shape."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import Dataset
from jirakg.devjira.faults import Faults
from jirakg.devjira.identity import Caller
from jirakg.devjira.oauth import OAuthClient, TokenStore

NOT_FOUND = "Issue does not exist or you do not have permission to see it."
NOT_AUTHENTICATED = "You are not authenticated. Authentication required to perform this operation."
Deployment = Literal["server", "cloud"]


class BadRequest(Exception):
    """A request Jira would refuse with 400 and this message."""


@dataclass
class ServerOptions:
    deployment: Deployment = "server"
    auth: AuthSpec | None = None
    faults: Faults = field(default_factory=Faults)
    max_results: int = 1000  # the page-size cap of a server deployment (jira.search.views.default.max)
    clock_ms: Callable[[], int] = field(default=lambda: int(time.time() * 1000))
    oauth_clients: tuple[OAuthClient, ...] = ()  # apps that may use the OAuth 2.0 (3LO) routes

    @property
    def cloud(self) -> bool:
        return self.deployment == "cloud"


DATASET = web.AppKey("dataset", Dataset)
OPTIONS = web.AppKey("options", ServerOptions)
OAUTH = web.AppKey("oauth", TokenStore)
CALLER = web.RequestKey("caller", Caller)


def visible_positions(request: web.Request) -> bytearray | None:
    """Per issue position, whether the caller may browse it; None when the caller sees everything."""
    caller = request[CALLER]
    return request.app[DATASET].access.visible(caller.account_id) if caller.restricted else None


def seen_position(request: web.Request, key_or_id: str) -> int | None:
    """The issue's position, or None when it does not exist or the caller may not browse it (the same to them)."""
    position = request.app[DATASET].position(key_or_id)
    visible = visible_positions(request)
    return None if position is None or (visible is not None and not visible[position]) else position


def issue_position(request: web.Request) -> int:
    """The issue the path names; one the caller may not browse is as missing as one that does not exist."""
    position = seen_position(request, request.match_info["key"])
    if position is None:
        raise web.HTTPNotFound(text=json.dumps({"errorMessages": [NOT_FOUND], "errors": {}}),
                               content_type="application/json")
    return position


def may(request: web.Request, position: int, permission: str) -> bool:
    """Whether the caller holds a project permission on this issue."""
    caller = request[CALLER]
    return not caller.restricted or request.app[DATASET].access.holds_on_issue(caller.account_id, position,
                                                                               permission)


def may_in_project(request: web.Request, project_key: str, permission: str) -> bool:
    caller = request[CALLER]
    return not caller.restricted or request.app[DATASET].access.holds_in_project(caller.account_id, project_key,
                                                                                 permission)


def api_version(request: web.Request) -> int:
    """2 or 3 as the path names it; "latest" answers as version 2."""
    named = request.path.split("/rest/api/")[1].split("/")[0]
    return 3 if named == "3" else 2


def issue_url(request: web.Request, issue_id: str) -> str:
    """An issue's REST address on this server, under the API version and site the request used."""
    site, _, rest = request.path.partition("/rest/api/")
    return f"{request.url.origin()}{site}/rest/api/{rest.split('/')[0]}/issue/{issue_id}"


def error(status: int, message: str, headers: dict[str, str] | None = None,
          errors: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"errorMessages": [message] if message else [], "errors": errors or {}},
                             status=status, headers=headers)


async def request_params(request: web.Request) -> dict[str, Any]:
    """Query parameters, or the JSON body of a POST or PUT, in one dictionary."""
    if request.method in ("POST", "PUT"):
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BadRequest("The request body is not valid JSON.") from exc
        if not isinstance(body, dict):
            raise BadRequest("The request body must be a JSON object.")
        return body
    params: dict[str, Any] = {}
    for name in request.query:
        values = request.query.getall(name)
        params[name] = values if name in ("fields", "expand") and len(values) > 1 else values[0]
    return params


def int_param(params: dict, name: str, default: int, minimum: int = 0) -> int:
    value = params.get(name, default)
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise BadRequest(f"The value '{value}' for '{name}' is not a valid number.") from exc
    if number < minimum:
        raise BadRequest(f"The value of '{name}' must be at least {minimum}.")
    return number


def values_page(params: dict, items: list, *, default: int, cap: int) -> dict[str, Any]:
    """One page of `items` as Jira's paged resources give it (startAt, maxResults at most `cap`, isLast, values);
    a resource that counts its items adds `total`."""
    start = int_param(params, "startAt", 0)
    size = min(int_param(params, "maxResults", default, minimum=1), cap)
    return {"maxResults": size, "startAt": start, "isLast": start + size >= len(items),
            "values": items[start:start + size]}
