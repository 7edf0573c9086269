"""Jira's permission and user APIs over a dataset's identity model: permissions/check, mypermissions,
user, user/search and user/permission/search."""

from __future__ import annotations

import re

from aiohttp import web

from jirakg.devjira.app_state import (
    CALLER,
    DATASET,
    NOT_FOUND,
    OPTIONS,
    BadRequest,
    error,
    int_param,
    request_params,
)
from jirakg.devjira.identity import Caller
from jirakg.devjira.permissions import ADMINISTER, PERMISSIONS, Access
from jirakg.devjira.shaping import parse_list

CHECK_CAP = 1000  # Jira: "A maximum of 1000 projects and 1000 issues can be checked."
USER_PAGE_CAP = 1000
WORD_BREAK = re.compile(r"[\s@._+-]+")


class _Missing(Exception):
    """A project or issue the caller may not see: a 404 with this message."""


def _permission_keys(keys: list[str], kind: str) -> list[str]:
    wanted = [key for key in keys if key]
    wrong = [key for key in wanted if key not in PERMISSIONS or PERMISSIONS[key].type != kind]
    if wrong:
        raise BadRequest(f"Unrecognized {kind.lower()} permission keys: {', '.join(wrong)}.")
    return wanted


def _holds(access: Access, subject: Caller, key: str, *, project_key: str | None = None,
           position: int | None = None) -> bool:
    """Whether `subject` holds a permission: globally, in a project, on an issue, or (a project
    permission with no context) in any project."""
    if not subject.restricted:
        return True
    account = subject.account_id
    if PERMISSIONS[key].type == "GLOBAL":
        return access.holds_global(account, key)
    if position is not None:
        return access.holds_on_issue(account, position, key)
    if project_key is not None:
        return access.holds_in_project(account, project_key, key)
    return any(access.holds_in_project(account, str(p.get("key", "")), key) for p in access.projects)


def _project_of(request: web.Request, key_or_id: str) -> str:
    """The key of a project the caller may browse."""
    access: Access = request.app[DATASET].access
    found = access.project(key_or_id)
    if found is None or not _holds(access, request[CALLER], "BROWSE_PROJECTS", project_key=str(found["key"])):
        raise _Missing(f"No project could be found with key '{key_or_id}'.")
    return str(found["key"])


def _issue_of(request: web.Request, key_or_id: str) -> int:
    """The position of an issue the caller may browse."""
    dataset = request.app[DATASET]
    position = dataset.position(key_or_id)
    caller: Caller = request[CALLER]
    if position is None or (caller.restricted and not dataset.access.visible(caller.account_id)[position]):
        raise _Missing(NOT_FOUND)
    return position


async def check_permissions(request: web.Request) -> web.Response:
    """POST permissions/check: which of the given global permissions, projects and issues a user holds."""
    access: Access = request.app[DATASET].access
    caller: Caller = request[CALLER]
    params = await request_params(request)
    subject = caller
    account_id = params.get("accountId")
    if account_id and account_id != caller.account_id:
        if caller.restricted and not access.holds_global(caller.account_id, ADMINISTER):
            return error(403, "You must have the Administer Jira global permission to check the permissions "
                              "of other users.")
        person = access.directory.by_account.get(str(account_id))
        if person is None:
            return error(400, f"The user with account ID '{account_id}' does not exist.")
        subject = Caller(person, restricted=True)
    global_keys = _permission_keys([k for k in params.get("globalPermissions") or [] if k is not None], "GLOBAL")
    requests = params.get("projectPermissions") or []
    if not isinstance(requests, list) or not all(isinstance(r, dict) for r in requests):
        raise BadRequest("projectPermissions must be a list of objects with permissions, projects and issues.")
    project_ids = {p for r in requests for p in _ints(r.get("projects"))}
    issue_ids = {i for r in requests for i in _ints(r.get("issues"))}
    if len(project_ids) > CHECK_CAP or len(issue_ids) > CHECK_CAP:
        raise BadRequest(f"A maximum of {CHECK_CAP} projects and {CHECK_CAP} issues can be checked.")
    granted: dict[str, dict[str, list[int]]] = {}
    for entry in requests:
        for key in _permission_keys(list(entry.get("permissions") or []), "PROJECT"):
            row = granted.setdefault(key, {"projects": [], "issues": []})
            row["projects"] += [p for p in _ints(entry.get("projects")) if p not in row["projects"]
                                and _project_grants(access, subject, key, p)]
            row["issues"] += [i for i in _ints(entry.get("issues")) if i not in row["issues"]
                              and _issue_grants(access, subject, key, i)]
    return web.json_response({
        "globalPermissions": [key for key in global_keys if _holds(access, subject, key)],
        "projectPermissions": [{"permission": key, **row} for key, row in granted.items()]})


def _ints(values: list | None) -> list[int]:
    try:
        return [int(value) for value in values or [] if value is not None]
    except (TypeError, ValueError) as exc:
        raise BadRequest("Project and issue ids must be numbers.") from exc


def _project_grants(access: Access, subject: Caller, key: str, project_id: int) -> bool:
    found = access.project(str(project_id))  # ids Jira does not know are ignored
    return found is not None and str(found.get("id")) == str(project_id) and _holds(
        access, subject, key, project_key=str(found["key"]))


def _issue_grants(access: Access, subject: Caller, key: str, issue_id: int) -> bool:
    position = access.index.positions_by_id.get(str(issue_id))
    return position is not None and _holds(access, subject, key, position=position)


async def my_permissions(request: web.Request) -> web.Response:
    """GET mypermissions: whether the caller holds each permission, in a project or issue context if given."""
    access: Access = request.app[DATASET].access
    keys = parse_list(request.query.get("permissions"))
    if not keys and request.app[OPTIONS].cloud:
        return error(400, "The 'permissions' query parameter is required: a comma-separated list of permission keys.")
    keys = keys or list(PERMISSIONS)  # Server and Data Center answer every permission when none is named
    unknown = [key for key in keys if key not in PERMISSIONS]
    if unknown:
        return error(400, f"Unrecognized permission keys: {', '.join(unknown)}.")
    query = request.query
    try:
        position = (_issue_of(request, query.get("issueId") or query["issueKey"])
                    if "issueId" in query or "issueKey" in query else None)
        project_key = (_project_of(request, query.get("projectId") or query["projectKey"])
                       if "projectId" in query or "projectKey" in query else None)
    except _Missing as exc:
        return error(404, str(exc))
    caller: Caller = request[CALLER]
    return web.json_response({"permissions": {
        key: PERMISSIONS[key].object(_holds(access, caller, key, project_key=project_key, position=position))
        for key in keys}})


def _matches(user: dict, text: str, attributes: tuple[str, ...]) -> bool:
    """Jira's user search: the text starts any word of the attributes, ignoring case."""
    wanted = text.strip().lower()
    for attribute in attributes:
        value = str(user.get(attribute) or "").lower()
        if value and (value.startswith(wanted) or any(w.startswith(wanted) for w in WORD_BREAK.split(value))):
            return True
    return False


def _found_users(request: web.Request, params: dict) -> list[dict]:
    """The users a search names: an exact accountId, a Cloud `query` or a Server `username`."""
    users = [u for u in request.app[DATASET].access.directory.users if u.get("active", True)]
    if params.get("accountId"):
        return [u for u in users if u.get("accountId") == params["accountId"]]
    if params.get("query"):
        return [u for u in users if _matches(u, params["query"], ("displayName", "emailAddress"))]
    if params.get("username"):
        return [u for u in users if _matches(u, params["username"], ("name", "displayName", "emailAddress"))]
    if request.app[OPTIONS].cloud:
        raise BadRequest("One of 'query' or 'accountId' parameters must be provided.")
    raise BadRequest("The username query parameter was not provided.")


def _page(params: dict, users: list[dict]) -> list[dict]:
    start = int_param(params, "startAt", 0)
    size = min(int_param(params, "maxResults", 50), USER_PAGE_CAP)
    return users[start:start + size]


async def user_search(request: web.Request) -> web.Response:
    params = dict(request.query)
    return web.json_response(_page(params, _found_users(request, params)))


async def user(request: web.Request) -> web.Response:
    directory = request.app[DATASET].access.directory
    query = request.query
    if request.app[OPTIONS].cloud:
        if not query.get("accountId"):
            return error(400, "The 'accountId' query parameter needs to be provided")
        found = directory.by_account.get(query["accountId"])
        missing = "Specified user does not exist or you do not have required permissions"
    else:
        named = query.get("username") or query.get("key") or query.get("accountId") or ""
        found = directory.find(named) if named else None
        missing = f"The user named '{named}' does not exist"
    return web.json_response(found) if found is not None else error(404, missing)


async def users_with_permissions(request: web.Request) -> web.Response:
    """GET user/permission/search: the matching users who hold every given permission in a project or
    on an issue (how Server and Data Center check another person's access)."""
    access: Access = request.app[DATASET].access
    caller: Caller = request[CALLER]
    params = dict(request.query)
    keys = parse_list(params.get("permissions"))
    if not keys:
        return error(400, "The 'permissions' query parameter is required.")
    unknown = [key for key in keys if key not in PERMISSIONS]
    if unknown:
        return error(400, f"Unrecognized permission keys: {', '.join(unknown)}.")
    if caller.restricted and not access.holds_global(caller.account_id, ADMINISTER):
        return error(403, "You must have the Administer Jira global permission to find users with permissions.")
    try:
        if params.get("issueKey"):
            position: int | None = _issue_of(request, params["issueKey"])
            project_key = None
        elif params.get("projectKey"):
            position, project_key = None, _project_of(request, params["projectKey"])
        else:
            return error(400, "One of 'projectKey' or 'issueKey' parameters must be provided.")
    except _Missing as exc:
        return error(404, str(exc))
    holders = [u for u in _found_users(request, params)
               if all(_holds(access, Caller(u, restricted=True), key, project_key=project_key, position=position)
                      for key in keys)]
    return web.json_response(_page(params, holders))
