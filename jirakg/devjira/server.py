"""devjira's HTTP server: the Jira REST API (v2, and v3 on cloud) over a `Dataset`."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, tzinfo
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aiohttp import web

from jirakg.devjira.auth import AuthSpec
from jirakg.devjira.dataset import Dataset
from jirakg.devjira.editing import EditError, create_issue, delete_issue, edit_issue
from jirakg.devjira.faults import Faults
from jirakg.devjira.jql import JqlSyntaxError, parse
from jirakg.devjira.shaping import (
    SEARCH_CHANGELOG_LIMIT,
    histories,
    parse_list,
    select_fields,
    shape_issue,
)

CLOUD_PAGE_CAP = 100
ID_ONLY_PAGE_CAP = 5000
BULK_ISSUE_CAP = 100
BULK_CHANGELOG_ISSUE_CAP = 1000
NOT_FOUND = "Issue does not exist or you do not have permission to see it."
DATASET = web.AppKey("dataset", Dataset)
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

    @property
    def cloud(self) -> bool:
        return self.deployment == "cloud"


OPTIONS = web.AppKey("options", ServerOptions)

def error(status: int, message: str, headers: dict[str, str] | None = None,
          errors: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"errorMessages": [message] if message else [], "errors": errors or {}},
                             status=status, headers=headers)


def create_app(dataset: Dataset, options: ServerOptions | None = None) -> web.Application:
    options = options or ServerOptions()
    app = web.Application(middlewares=[_jira_middleware], client_max_size=10 * 1024 * 1024)
    app[DATASET] = dataset
    app[OPTIONS] = options
    for version in ("2", "3"):
        base = f"/rest/api/{version}"
        app.router.add_get(f"{base}/serverInfo", server_info)
        app.router.add_get(f"{base}/myself", myself)
        app.router.add_get(f"{base}/field", fields_catalogue)
        app.router.add_get(f"{base}/issueLinkType", link_types)
        app.router.add_get(f"{base}/project", projects)
        app.router.add_get(f"{base}/project/{{key}}", project)
        app.router.add_get(f"{base}/priority", metadata_list("priorities"))
        app.router.add_get(f"{base}/status", metadata_list("statuses"))
        app.router.add_get(f"{base}/resolution", metadata_list("resolutions"))
        app.router.add_get(f"{base}/issuetype", metadata_list("issuetypes"))
        app.router.add_get(f"{base}/issue/{{key}}", issue)
        app.router.add_put(f"{base}/issue/{{key}}", edit)
        app.router.add_delete(f"{base}/issue/{{key}}", delete)
        app.router.add_post(f"{base}/issue", create)
        app.router.add_get(f"{base}/issue/{{key}}/changelog", issue_changelog)
        # Cloud-only endpoints; Jira Cloud serves them under both API versions.
        app.router.add_route("*", f"{base}/search/jql", search_jql)
        app.router.add_post(f"{base}/search/approximate-count", approximate_count)
        app.router.add_post(f"{base}/issue/bulkfetch", bulk_issues)
        app.router.add_post(f"{base}/changelog/bulkfetch", bulk_changelogs)
    app.router.add_route("*", "/rest/api/2/search", search_v2)
    app.router.add_get("/browse/{key}", browse)
    return app


def _version(request: web.Request) -> int:
    return int(request.path.split("/")[3])


def _cloud_only(path: str) -> bool:
    return any(part in path for part in ("/search/jql", "/search/approximate-count", "/bulkfetch"))


@web.middleware
async def _jira_middleware(request: web.Request, handler) -> web.StreamResponse:
    options = request.app[OPTIONS]
    started = time.monotonic()
    response = await _answer(request, handler, options)
    await options.faults.pad(started)
    return response


async def _answer(request: web.Request, handler, options: ServerOptions) -> web.StreamResponse:
    faults = options.faults
    credential = request.headers.get("Authorization", "")
    if options.auth is not None and not options.auth.accepts(credential):
        return error(401, "You are not authenticated. Authentication required to perform this operation.",
                     {"WWW-Authenticate": 'Basic realm="devjira"'})
    throttled = faults.throttle(credential or request.remote or "anonymous")
    if throttled:
        return error(429, "Rate limit exceeded.", throttled)
    failure = faults.failure()
    if failure:
        headers = {"Retry-After": "1"} if failure == 503 else None
        return error(failure, "Injected failure: the server could not handle this request.", headers)
    if _cloud_only(request.path) and not options.cloud:
        return error(404, "This endpoint exists on Jira Cloud only; start devjira with --deployment cloud.")
    try:
        return await handler(request)
    except JqlSyntaxError as exc:
        return error(400, str(exc))
    except BadRequest as exc:
        return error(400, str(exc))


# --- helpers ---------------------------------------------------------------------------------

async def _params(request: web.Request) -> dict[str, Any]:
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


def _int(params: dict, name: str, default: int, minimum: int = 0) -> int:
    value = params.get(name, default)
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise BadRequest(f"The value '{value}' for '{name}' is not a valid number.") from exc
    if number < minimum:
        raise BadRequest(f"The value of '{name}' must be at least {minimum}.")
    return number


def _current_user(request: web.Request) -> dict | None:
    options = request.app[OPTIONS]
    users = request.app[DATASET].metadata.get("users", [])
    if options.auth is None:
        return users[0] if users else None
    if options.auth.scheme == "bearer":
        return users[0] if users else None
    login = options.auth.user.lower()
    for user in users:
        if login in {str(user.get(k, "")).lower() for k in ("accountId", "emailAddress", "name", "key", "displayName")}:
            return user
    return {"accountId": options.auth.user, "name": options.auth.user, "displayName": options.auth.user,
            "active": True}


def _user_id(user: dict | None) -> str | None:
    if user is None:
        return None
    return user.get("accountId") or user.get("key") or user.get("name")


def _search(request: web.Request, jql: str) -> list[int]:
    dataset: Dataset = request.app[DATASET]
    options = request.app[OPTIONS]
    user = _current_user(request)
    return dataset.engine.search(jql or "", options.clock_ms(), _user_id(user), _zone(user))


def _zone(user: dict | None) -> tzinfo:
    """Jira reads JQL dates in the searching user's time zone."""
    try:
        return ZoneInfo((user or {}).get("timeZone") or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def _shape(request: web.Request, position: int, fields: list[str], expand: list[str], version: int,
           limit: int | None, default: str) -> dict:
    dataset: Dataset = request.app[DATASET]
    issue_object = dataset.issues[position]
    chosen = select_fields(issue_object.get("fields", {}), fields, default)
    return shape_issue(issue_object, chosen, expand, version=version, changelog_limit=limit)


def _token(offset: int, fingerprint: str) -> str:
    return base64.urlsafe_b64encode(json.dumps([offset, fingerprint]).encode()).decode()


def _untoken(token: str | None, fingerprint: str) -> int:
    if not token:
        return 0
    try:
        offset, seen = json.loads(base64.urlsafe_b64decode(token.encode()))
        if seen == fingerprint and isinstance(offset, int) and offset >= 0:
            return offset
    except (ValueError, TypeError):
        pass
    raise BadRequest("The provided next page token is invalid or expired.")


def _fingerprint(*parts: object) -> str:
    return hashlib.sha1(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:16]


# --- metadata --------------------------------------------------------------------------------

async def server_info(request: web.Request) -> web.Response:
    options = request.app[OPTIONS]
    cloud = options.cloud
    return web.json_response({
        "baseUrl": str(request.url.origin()),
        "version": "1001.0.0-SNAPSHOT" if cloud else "9.12.15",
        "versionNumbers": [1001, 0, 0] if cloud else [9, 12, 15],
        "deploymentType": "Cloud" if cloud else "Server",
        "buildNumber": 100289 if cloud else 9120015,
        "buildDate": "2026-10-01T00:00:00.000+0000",
        "serverTime": time.strftime("%Y-%m-%dT%H:%M:%S.000+0000", time.gmtime()),
        "scmInfo": "devjira",
        "serverTitle": "devjira",
    })


async def myself(request: web.Request) -> web.Response:
    user = _current_user(request)
    if user is None:
        return error(401, "You are not authenticated. Authentication required to perform this operation.")
    return web.json_response(user)


async def fields_catalogue(request: web.Request) -> web.Response:
    return web.json_response(request.app[DATASET].metadata.get("fields", []))


async def link_types(request: web.Request) -> web.Response:
    return web.json_response({"issueLinkTypes": request.app[DATASET].metadata.get("issueLinkTypes", [])})


def _project_summary(project_object: dict) -> dict:
    return {k: v for k, v in project_object.items() if k not in ("sprints",)}


async def projects(request: web.Request) -> web.Response:
    return web.json_response([_project_summary(p) for p in request.app[DATASET].metadata.get("projects", [])])


async def project(request: web.Request) -> web.Response:
    wanted = request.match_info["key"].lower()
    for candidate in request.app[DATASET].metadata.get("projects", []):
        if wanted in (str(candidate.get("key", "")).lower(), str(candidate.get("id", ""))):
            return web.json_response(_project_summary(candidate))
    return error(404, f"No project could be found with key '{request.match_info['key']}'.")


def metadata_list(name: str):
    async def handler(request: web.Request) -> web.Response:
        return web.json_response(request.app[DATASET].metadata.get(name, []))
    return handler


# --- issues ----------------------------------------------------------------------------------

def _position(request: web.Request) -> int:
    position = request.app[DATASET].position(request.match_info["key"])
    if position is None:
        raise web.HTTPNotFound(text=json.dumps({"errorMessages": [NOT_FOUND], "errors": {}}),
                               content_type="application/json")
    return position


async def issue(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    position = _position(request)
    params = await _params(request)
    expand = parse_list(params.get("expand"))
    shaped = _shape(request, position, parse_list(params.get("fields")), expand, _version(request), None, "*all")
    _describe_fields(dataset, shaped, shaped.get("fields", {}), expand)
    return web.json_response(shaped)


async def browse(request: web.Request) -> web.Response:
    """A plain page for an issue, so links in answers lead somewhere when the demo serves the Jira."""
    raw = request.app[DATASET].issues[_position(request)]
    fields = raw["fields"]

    def name(value) -> str:
        return html.escape(str((value or {}).get("displayName") or (value or {}).get("name") or "—"))
    rows = [("Type", name(fields.get("issuetype"))), ("Status", name(fields.get("status"))),
            ("Priority", name(fields.get("priority"))), ("Assignee", name(fields.get("assignee"))),
            ("Reporter", name(fields.get("reporter"))),
            ("Parent", html.escape((fields.get("parent") or {}).get("key", "—")))]
    body = (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(raw['key'])}</title>"
            f"</head><body><h1>{html.escape(raw['key'])}: {html.escape(fields.get('summary') or '')}</h1><dl>"
            + "".join(f"<dt>{label}</dt><dd>{value}</dd>" for label, value in rows)
            + f"</dl><p style=\"white-space: pre-wrap\">{html.escape(str(fields.get('description') or ''))}</p>"
            "<p><small>devjira: jirakg's development Jira</small></p></body></html>")
    return web.Response(text=body, content_type="text/html")


async def create(request: web.Request) -> web.Response:
    options = request.app[OPTIONS]
    params = await _params(request)
    try:
        made = create_issue(request.app[DATASET], params.get("fields") or {}, options.clock_ms())
    except EditError as exc:
        return error(400, "", errors=exc.errors)
    return web.json_response({"id": made["id"], "key": made["key"], "self": made["self"]}, status=201)


async def edit(request: web.Request) -> web.Response:
    options = request.app[OPTIONS]
    params = await _params(request)
    if not params.get("fields"):
        return error(400, "The request has no fields to change.")
    try:
        edit_issue(request.app[DATASET], request.match_info["key"], params.get("fields") or {},
                   _current_user(request), options.clock_ms())
    except LookupError:
        return error(404, NOT_FOUND)
    except EditError as exc:
        return error(400, "", errors=exc.errors)
    return web.Response(status=204)


async def delete(request: web.Request) -> web.Response:
    try:
        delete_issue(request.app[DATASET], request.match_info["key"])
    except LookupError:
        return error(404, NOT_FOUND)
    return web.Response(status=204)


async def issue_changelog(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    position = _position(request)
    params = await _params(request)
    start = _int(params, "startAt", 0)
    size = min(_int(params, "maxResults", 100, minimum=1), 100)
    every = histories(dataset.issues[position])
    return web.json_response({"self": str(request.url), "maxResults": size, "startAt": start, "total": len(every),
                              "isLast": start + size >= len(every), "values": every[start:start + size]})


async def search_v2(request: web.Request) -> web.Response:
    if request.method not in ("GET", "POST"):
        return error(405, "Method not allowed.")
    options = request.app[OPTIONS]
    params = await _params(request)
    start = _int(params, "startAt", 0)
    cap = CLOUD_PAGE_CAP if options.cloud else options.max_results
    size = min(_int(params, "maxResults", 50), cap)
    fields = parse_list(params.get("fields"))
    expand = parse_list(params.get("expand"))
    positions = _search(request, params.get("jql") or "")
    page = positions[start:start + size]
    body: dict[str, Any] = {
        "expand": "schema,names", "startAt": start, "maxResults": size, "total": len(positions),
        "issues": [_shape(request, p, fields, expand, 2, SEARCH_CHANGELOG_LIMIT, "*navigable") for p in page],
    }
    _add_names(request, body, expand)
    return web.json_response(body)


def _add_names(request: web.Request, body: dict, expand: list[str]) -> None:
    shown = sorted({f for issue_object in body["issues"] for f in issue_object.get("fields", {})})
    _describe_fields(request.app[DATASET], body, shown, expand)


def _describe_fields(dataset: Dataset, target: dict, shown, expand: list[str]) -> None:
    """`expand=names,schema`: the display name and schema of every field shown."""
    catalogue = {f["id"]: f for f in dataset.metadata.get("fields", [])}
    if "names" in expand:
        target["names"] = {f: catalogue.get(f, {}).get("name", f) for f in shown}
    if "schema" in expand:
        target["schema"] = {f: catalogue[f]["schema"] for f in shown if "schema" in catalogue.get(f, {})}


async def search_jql(request: web.Request) -> web.Response:
    if request.method not in ("GET", "POST"):
        return error(405, "Method not allowed.")
    params = await _params(request)
    jql = params.get("jql") or ""
    if parse(jql).where is None:
        raise BadRequest("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.")
    fields = parse_list(params.get("fields")) or ["id"]
    expand = parse_list(params.get("expand"))
    id_only = set(fields) <= {"id", "key"}
    size = min(_int(params, "maxResults", 50, minimum=1), ID_ONLY_PAGE_CAP if id_only else CLOUD_PAGE_CAP)
    fingerprint = _fingerprint(jql, fields)
    start = _untoken(params.get("nextPageToken"), fingerprint)
    positions = _search(request, jql)
    page = positions[start:start + size]
    version = _version(request)
    body: dict[str, Any] = {"issues": [_shape(request, p, fields, expand, version, SEARCH_CHANGELOG_LIMIT, "id")
                                       for p in page]}
    more = start + size < len(positions)
    if more:
        body["nextPageToken"] = _token(start + size, fingerprint)
    body["isLast"] = not more
    _add_names(request, body, expand)
    return web.json_response(body)


async def approximate_count(request: web.Request) -> web.Response:
    params = await _params(request)
    jql = params.get("jql") or ""
    if parse(jql).where is None:
        raise BadRequest("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.")
    return web.json_response({"count": len(_search(request, jql))})


def _requested_issues(params: dict, cap: int) -> list[str]:
    wanted = params.get("issueIdsOrKeys")
    if not isinstance(wanted, list) or not wanted:
        raise BadRequest("issueIdsOrKeys must be a non-empty list of issue ids or keys.")
    if len(wanted) > cap:
        raise BadRequest(f"The number of requested issues exceeds the limit of {cap}.")
    return [str(item) for item in wanted]


async def bulk_issues(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    params = await _params(request)
    wanted = _requested_issues(params, BULK_ISSUE_CAP)
    fields = parse_list(params.get("fields"))
    expand = parse_list(params.get("expand"))
    found, errors = [], []
    for item in wanted:
        position = dataset.position(item)
        if position is None:
            errors.append({"issueIdOrKey": item, "errorMessage": NOT_FOUND})
        else:
            found.append(_shape(request, position, fields, expand, _version(request), SEARCH_CHANGELOG_LIMIT,
                                "*navigable"))
    return web.json_response({"expand": "schema,names", "issues": found, "issueErrors": errors})


async def bulk_changelogs(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    params = await _params(request)
    wanted = _requested_issues(params, BULK_CHANGELOG_ISSUE_CAP)
    field_ids = set(parse_list(params.get("fieldIds")))
    size = min(_int(params, "maxResults", 1000, minimum=1), 10000)
    fingerprint = _fingerprint(wanted, sorted(field_ids))
    start = _untoken(params.get("nextPageToken"), fingerprint)
    logs, seen, taken = [], 0, 0
    for item in wanted:
        position = dataset.position(item)
        if position is None:
            continue
        issue_object = dataset.issues[position]
        chosen = [h for h in histories(issue_object)
                  if not field_ids or any(i.get("fieldId") in field_ids or i.get("field") in field_ids
                                          for i in h["items"])]
        page = []
        for history in chosen:
            if seen >= start and taken < size:
                page.append(history)
                taken += 1
            seen += 1
        if page:
            logs.append({"issueId": issue_object["id"], "changeHistories": page})
    body: dict[str, Any] = {"issueChangeLogs": logs}
    if start + taken < seen:
        body["nextPageToken"] = _token(start + taken, fingerprint)
    return web.json_response(body)
