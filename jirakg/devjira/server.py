"""devjira's HTTP server: the Jira REST API (v2, and v3 on cloud) over a `Dataset`, as the caller may see it."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import time
from datetime import UTC, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aiohttp import web

from jirakg.devjira import agile_routes, oauth_routes, permission_routes, write_routes
from jirakg.devjira.app_state import (
    CALLER,
    DATASET,
    NOT_AUTHENTICATED,
    NOT_FOUND,
    OAUTH,
    OPTIONS,
    BadRequest,
    ServerOptions,
    api_version,
    error,
    int_param,
    issue_position,
    issue_url,
    request_params,
    seen_position,
    values_page,
    visible_positions,
)
from jirakg.devjira.dataset import Dataset
from jirakg.devjira.identity import SYSTEM_PERSON, Caller
from jirakg.devjira.jql import JqlSyntaxError, parse
from jirakg.devjira.oauth import TokenStore
from jirakg.devjira.screens import issue_types
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
CLOUD_ONLY_PARTS = ("/search/jql", "/search/approximate-count", "/bulkfetch", "/permissions/check")
OAUTH_PATHS = ("/ex/jira/", "/authorize", "/oauth/")
WRITE_SCOPE = "write:jira-work"
READ_ONLY_POSTS = ("/search", "/search/jql", "/search/approximate-count", "/issue/bulkfetch", "/changelog/bulkfetch",
                   "/permissions/check")
SIGN_IN_PATHS = ("/authorize", "/oauth/token")  # they carry their own credentials (a form, a client secret)


def create_app(dataset: Dataset, options: ServerOptions | None = None) -> web.Application:
    options = options or ServerOptions()
    app = web.Application(middlewares=[_jira_middleware], client_max_size=10 * 1024 * 1024)
    app[DATASET] = dataset
    app[OPTIONS] = options
    app[OAUTH] = TokenStore({client.client_id: client for client in options.oauth_clients})
    # OAuth 2.0 (3LO) apps reach the same API through api.atlassian.com's /ex/jira/{cloudid}.
    for site in ("", "/ex/jira/{cloudid}"):
        for version in ("2", "3", "latest"):  # clients such as the `jira` package call some endpoints as latest
            _add_api_routes(app, f"{site}/rest/api/{version}")
        app.router.add_route("*", f"{site}/rest/api/2/search", search_v2)
        app.router.add_get(f"{site}/rest/api/2/user/permission/search", permission_routes.users_with_permissions)
    app.router.add_get("/browse/{key}", browse)
    app.router.add_get("/issues/", issue_navigator)
    oauth_routes.add_routes(app)
    agile_routes.add_routes(app)
    return app


def _add_api_routes(app: web.Application, base: str) -> None:
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
    app.router.add_get(f"{base}/issue/{{key}}/changelog", issue_changelog)
    write_routes.add_routes(app, base)
    app.router.add_get(f"{base}/mypermissions", permission_routes.my_permissions)
    app.router.add_get(f"{base}/user", permission_routes.user)
    app.router.add_get(f"{base}/user/search", permission_routes.user_search)
    # Cloud-only endpoints; Jira Cloud serves them under both API versions.
    app.router.add_route("*", f"{base}/search/jql", search_jql)
    app.router.add_post(f"{base}/search/approximate-count", approximate_count)
    app.router.add_post(f"{base}/issue/bulkfetch", bulk_issues)
    app.router.add_post(f"{base}/changelog/bulkfetch", bulk_changelogs)
    app.router.add_post(f"{base}/permissions/check", permission_routes.check_permissions)


def _cloud_only(path: str) -> bool:
    return path.startswith(OAUTH_PATHS) or any(part in path for part in CLOUD_ONLY_PARTS)


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
    if request.path not in SIGN_IN_PATHS:
        caller = _identify(request, credential, options)
        if caller is None:
            return error(401, NOT_AUTHENTICATED, {"WWW-Authenticate": 'Basic realm="devjira"'})
        request[CALLER] = caller
        if _scope_falls_short(request, credential, options):
            return web.json_response({"code": 401, "message": "Unauthorized; scope does not match"}, status=401)
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


def _identify(request: web.Request, credential: str, options: ServerOptions) -> Caller | None:
    """Who the request acts as, or None when its credential is refused.

    A person's own credential acts as that person. Otherwise the service credential (--auth) acts
    as the person it names; one naming nobody in the dataset, or no --auth at all, is the
    unrestricted system caller, seen as the dataset's first user as before permissions existed.
    """
    dataset: Dataset = request.app[DATASET]
    directory = dataset.access.directory
    if request.path.startswith(OAUTH_PATHS):
        return _oauth_caller(request, credential, options)
    person = directory.authenticate(credential) if credential else None
    if person is not None:
        return Caller(person, restricted=True)
    if options.auth is not None:
        if not options.auth.accepts(credential):
            return None
        if options.auth.scheme == "basic":
            named = directory.find(options.auth.user)
            if named is not None:
                return Caller(named, restricted=True)
            login = options.auth.user
            return Caller({"accountId": login, "name": login, "displayName": login, "active": True},
                          restricted=False)
    return Caller(directory.users[0] if directory.users else SYSTEM_PERSON, restricted=False)


def _scope_falls_short(request: web.Request, credential: str, options: ServerOptions) -> bool:
    """An OAuth token changes nothing without the write:jira-work scope, as on Jira Cloud."""
    if not request.path.startswith("/ex/jira/") or request.method in ("GET", "HEAD", "OPTIONS"):
        return False
    if request.method == "POST" and request.path.endswith(READ_ONLY_POSTS):
        return False
    grant = request.app[OAUTH].holder(credential.partition(" ")[2].strip(), options.clock_ms())
    return grant is None or WRITE_SCOPE not in grant.scope.split()


def _oauth_caller(request: web.Request, credential: str, options: ServerOptions) -> Caller | None:
    """An OAuth access token acts as the person who granted it, on its own site only."""
    scheme, _, token = credential.partition(" ")
    grant = request.app[OAUTH].holder(token.strip(), options.clock_ms()) if scheme.lower() == "bearer" else None
    site = request.match_info.get("cloudid")
    if grant is None or (site is not None and site != oauth_routes.cloud_id(request.app[DATASET])):
        return None
    person = request.app[DATASET].access.directory.by_account.get(grant.account_id)
    return Caller(person, restricted=True) if person is not None else None


# --- helpers ---------------------------------------------------------------------------------

def _caller(request: web.Request) -> Caller:
    return request[CALLER]


def _as_seen(request: web.Request, issue_object: dict) -> dict:
    visible = visible_positions(request)
    return issue_object if visible is None else _without_hidden_neighbours(request.app[DATASET], issue_object, visible)


def _search(request: web.Request, jql: str) -> list[int]:
    dataset: Dataset = request.app[DATASET]
    options = request.app[OPTIONS]
    caller = _caller(request)
    if caller.restricted:
        dataset.access.check_query(caller.account_id, parse(jql or "").where)
    positions = dataset.engine.search(jql or "", options.clock_ms(), caller.account_id, _zone(caller.person))
    visible = visible_positions(request)
    return positions if visible is None else [p for p in positions if visible[p]]


def _zone(user: dict) -> tzinfo:
    """Jira reads JQL dates in the searching user's time zone."""
    try:
        return ZoneInfo(user.get("timeZone") or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def _shape(request: web.Request, position: int, fields: list[str], expand: list[str], version: int,
           limit: int | None, default: str) -> dict:
    issue_object = _as_seen(request, request.app[DATASET].issues[position])
    chosen = select_fields(issue_object.get("fields", {}), fields, default)
    shaped = shape_issue(issue_object, chosen, expand, version=version, changelog_limit=limit)
    # Clients such as the `jira` package edit an issue through its `self`, so it names this server.
    return {**shaped, "self": issue_url(request, str(issue_object["id"]))}


def _without_hidden_neighbours(dataset: Dataset, issue_object: dict, visible: bytearray) -> dict:
    """Links, sub-tasks and a parent the caller may not browse are left out, as Jira leaves them out."""
    def shown(reference: dict | None) -> bool:
        position = dataset.position(str((reference or {}).get("key", "")))
        return position is not None and bool(visible[position])

    fields = dict(issue_object.get("fields", {}))
    if "issuelinks" in fields:
        fields["issuelinks"] = [link for link in fields["issuelinks"] or []
                                if shown(link.get("outwardIssue") or link.get("inwardIssue"))]
    if "subtasks" in fields:
        fields["subtasks"] = [task for task in fields["subtasks"] or [] if shown(task)]
    if fields.get("parent") and not shown(fields["parent"]):
        del fields["parent"]
    return {**issue_object, "fields": fields}


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
    return web.json_response(_caller(request).person)


async def fields_catalogue(request: web.Request) -> web.Response:
    return web.json_response(request.app[DATASET].metadata.get("fields", []))


async def link_types(request: web.Request) -> web.Response:
    return web.json_response({"issueLinkTypes": request.app[DATASET].metadata.get("issueLinkTypes", [])})


def _project_summary(project_object: dict) -> dict:
    return {k: v for k, v in project_object.items() if k not in ("sprints", "permissions", "requiredOnCreate")}


def _browsable(request: web.Request, project_object: dict) -> bool:
    caller = _caller(request)
    return not caller.restricted or request.app[DATASET].access.holds_in_project(
        caller.account_id, str(project_object.get("key", "")), "BROWSE_PROJECTS")


async def projects(request: web.Request) -> web.Response:
    return web.json_response([_project_summary(p) for p in request.app[DATASET].metadata.get("projects", [])
                              if _browsable(request, p)])


async def project(request: web.Request) -> web.Response:
    found = request.app[DATASET].access.project(request.match_info["key"])
    if found is not None and _browsable(request, found):
        return web.json_response({**_project_summary(found),
                                  "issueTypes": issue_types(request.app[DATASET], found)})
    return error(404, f"No project could be found with key '{request.match_info['key']}'.")


def metadata_list(name: str):
    async def handler(request: web.Request) -> web.Response:
        return web.json_response(request.app[DATASET].metadata.get(name, []))
    return handler


# --- issues ----------------------------------------------------------------------------------

async def issue(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    position = issue_position(request)
    params = await request_params(request)
    expand = parse_list(params.get("expand"))
    shaped = _shape(request, position, parse_list(params.get("fields")), expand, api_version(request), None, "*all")
    _describe_fields(dataset, shaped, shaped.get("fields", {}), expand)
    if "transitions" in expand or "transitions.fields" in expand:
        shaped["transitions"] = write_routes.shown_transitions(request, position, "transitions.fields" in expand)
    return web.json_response(shaped)


async def browse(request: web.Request) -> web.Response:
    """A plain page for an issue, so links in answers lead somewhere when the demo serves the Jira."""
    raw = _as_seen(request, request.app[DATASET].issues[issue_position(request)])
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


async def issue_navigator(request: web.Request) -> web.Response:
    """Jira's issue navigator (`/issues/?jql=`) as a plain list, so "view all in Jira" links in answers lead
    somewhere when the demo serves the Jira."""
    jql = request.query.get("jql", "")
    try:
        positions = _search(request, jql)
    except JqlSyntaxError as exc:
        return web.Response(text=f"<!doctype html><title>JQL error</title><p>{html.escape(str(exc))}</p>",
                            content_type="text/html", status=400)
    issues = request.app[DATASET].issues
    items = "".join(f"<li><a href=\"/browse/{html.escape(issues[p]['key'])}\">{html.escape(issues[p]['key'])}</a> "
                    f"{html.escape(issues[p]['fields'].get('summary') or '')}</li>" for p in positions)
    body = (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Issues</title></head><body>"
            f"<h1>{len(positions)} issues</h1><p><code>{html.escape(jql)}</code></p><ol>{items}</ol></body></html>")
    return web.Response(text=body, content_type="text/html")


async def issue_changelog(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    position = issue_position(request)
    params = await request_params(request)
    every = histories(dataset.issues[position])
    return web.json_response({"self": str(request.url), **values_page(params, every, default=100, cap=100),
                              "total": len(every)})


async def search_v2(request: web.Request) -> web.Response:
    if request.method not in ("GET", "POST"):
        return error(405, "Method not allowed.")
    options = request.app[OPTIONS]
    params = await request_params(request)
    start = int_param(params, "startAt", 0)
    cap = CLOUD_PAGE_CAP if options.cloud else options.max_results
    size = min(int_param(params, "maxResults", 50), cap)
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
    params = await request_params(request)
    jql = params.get("jql") or ""
    if parse(jql).where is None:
        raise BadRequest("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.")
    fields = parse_list(params.get("fields")) or ["id"]
    expand = parse_list(params.get("expand"))
    id_only = set(fields) <= {"id", "key"}
    size = min(int_param(params, "maxResults", 50, minimum=1), ID_ONLY_PAGE_CAP if id_only else CLOUD_PAGE_CAP)
    fingerprint = _fingerprint(jql, fields)
    start = _untoken(params.get("nextPageToken"), fingerprint)
    positions = _search(request, jql)
    page = positions[start:start + size]
    version = api_version(request)
    body: dict[str, Any] = {"issues": [_shape(request, p, fields, expand, version, SEARCH_CHANGELOG_LIMIT, "id")
                                       for p in page]}
    more = start + size < len(positions)
    if more:
        body["nextPageToken"] = _token(start + size, fingerprint)
    body["isLast"] = not more
    _add_names(request, body, expand)
    return web.json_response(body)


async def approximate_count(request: web.Request) -> web.Response:
    params = await request_params(request)
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
    params = await request_params(request)
    wanted = _requested_issues(params, BULK_ISSUE_CAP)
    fields = parse_list(params.get("fields"))
    expand = parse_list(params.get("expand"))
    found, errors = [], []
    for item in wanted:
        position = seen_position(request, item)
        if position is None:
            errors.append({"issueIdOrKey": item, "errorMessage": NOT_FOUND})
        else:
            found.append(_shape(request, position, fields, expand, api_version(request), SEARCH_CHANGELOG_LIMIT,
                                "*navigable"))
    return web.json_response({"expand": "schema,names", "issues": found, "issueErrors": errors})


async def bulk_changelogs(request: web.Request) -> web.Response:
    dataset: Dataset = request.app[DATASET]
    params = await request_params(request)
    wanted = _requested_issues(params, BULK_CHANGELOG_ISSUE_CAP)
    field_ids = set(parse_list(params.get("fieldIds")))
    size = min(int_param(params, "maxResults", 1000, minimum=1), 10000)
    fingerprint = _fingerprint(wanted, sorted(field_ids))
    start = _untoken(params.get("nextPageToken"), fingerprint)
    logs, seen, taken = [], 0, 0
    for item in wanted:
        position = seen_position(request, item)
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
