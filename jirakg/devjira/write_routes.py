"""Jira's write endpoints over a dataset, with Jira's validation, errors and permission checks on the
caller: create (and createmeta), edit, delete, transitions, assignee, comments and issue links."""

from __future__ import annotations

from aiohttp import web

from jirakg.devjira import editing
from jirakg.devjira.app_state import (
    CALLER,
    DATASET,
    NOT_FOUND,
    OPTIONS,
    api_version,
    error,
    int_param,
    issue_position,
    issue_url,
    may,
    may_in_project,
    request_params,
    seen_position,
    values_page,
    visible_positions,
)
from jirakg.devjira.dataset import Dataset
from jirakg.devjira.field_values import FieldError
from jirakg.devjira.permissions import ADMINISTER
from jirakg.devjira.screens import create_fields, issue_types, project_of, resolution_field
from jirakg.devjira.shaping import adf, parse_list
from jirakg.devjira.workflow import Transition

META_PAGE_CAP = 200  # createmeta pages: Jira's default and maximum
NO_TRANSITION = "Transition id '{}' is not valid for this issue."


def add_routes(app: web.Application, base: str) -> None:
    app.router.add_post(f"{base}/issue", create)
    app.router.add_put(f"{base}/issue/{{key}}", edit)
    app.router.add_delete(f"{base}/issue/{{key}}", delete)
    app.router.add_get(f"{base}/issue/createmeta", createmeta)
    app.router.add_get(f"{base}/issue/createmeta/{{project}}/issuetypes", createmeta_issue_types)
    app.router.add_get(f"{base}/issue/createmeta/{{project}}/issuetypes/{{type}}", createmeta_fields)
    app.router.add_get(f"{base}/issue/{{key}}/transitions", transitions)
    app.router.add_post(f"{base}/issue/{{key}}/transitions", transition)
    app.router.add_put(f"{base}/issue/{{key}}/assignee", assign)
    app.router.add_get(f"{base}/issue/{{key}}/comment", comments)
    app.router.add_post(f"{base}/issue/{{key}}/comment", comment)
    app.router.add_post(f"{base}/issueLink", link)


def _dataset(request: web.Request) -> Dataset:
    return request.app[DATASET]


def _author(request: web.Request) -> dict:
    return request[CALLER].person


def _object(params: dict, name: str) -> dict:
    value = params.get(name)
    return value if isinstance(value, dict) else {}


def _refused(exc: FieldError) -> web.Response:
    return error(400, "", errors=exc.errors)


# --- create and createmeta -------------------------------------------------------------------

async def create(request: web.Request) -> web.Response:
    dataset = _dataset(request)
    params = await request_params(request)
    fields = _object(params, "fields")
    if params.get("update"):  # refused rather than silently dropped
        return error(400, "devjira does not apply 'update' when creating an issue; give the values in 'fields'.")
    project = project_of(dataset, _object(fields, "project"))
    try:
        if project is not None and not may_in_project(request, str(project["key"]), "BROWSE_PROJECTS"):
            named = _object(fields, "project")
            raise FieldError("project", f"The project '{named.get('key') or named.get('id')}' does not exist.")
        if project is not None and not may_in_project(request, str(project["key"]), "CREATE_ISSUES"):
            raise FieldError("project", "You do not have permission to create issues in this project.")
        visible = visible_positions(request)
        made = editing.create_issue(
            dataset, {**fields, "project": {"key": project["key"]}} if project else fields,
            request.app[OPTIONS].clock_ms(), _author(request), cloud=request.app[OPTIONS].cloud,
            may_see=lambda position: visible is None or bool(visible[position]))
    except FieldError as exc:
        return _refused(exc)
    return web.json_response({"id": made["id"], "key": made["key"], "self": issue_url(request, made["id"])},
                             status=201)


def _creatable_projects(request: web.Request, keys: list[str], ids: list[str]) -> list[dict]:
    dataset = _dataset(request)
    chosen = [p for p in dataset.metadata.get("projects", [])
              if (not keys and not ids) or str(p["key"]) in keys or str(p.get("id")) in ids]
    return [p for p in chosen if may_in_project(request, str(p["key"]), "BROWSE_PROJECTS")
            and may_in_project(request, str(p["key"]), "CREATE_ISSUES")]


async def createmeta(request: web.Request) -> web.Response:
    """The old GET issue/createmeta: projects the caller may create in, their issue types and, with
    `expand=projects.issuetypes.fields`, each type's create-screen fields keyed by field id."""
    dataset = _dataset(request)
    query = request.query
    keys = [k.upper() for k in parse_list(query.getall("projectKeys", []))]
    ids = parse_list(query.getall("projectIds", []))
    type_names = set(parse_list(query.getall("issuetypeNames", [])))
    type_ids = set(parse_list(query.getall("issuetypeIds", [])))
    with_fields = "projects.issuetypes.fields" in parse_list(query.get("expand"))
    shown = []
    for project in _creatable_projects(request, keys, ids):
        kinds = [t for t in issue_types(dataset, project) if (not type_names or t["name"] in type_names)
                 and (not type_ids or str(t["id"]) in type_ids)]
        shown.append({"self": project.get("self", ""), "id": project.get("id"), "key": project["key"],
                      "name": project.get("name"), "issuetypes": [
                          {**kind, **({"fields": {f["key"]: {k: v for k, v in f.items() if k != "fieldId"}
                                                  for f in create_fields(dataset, project, kind)}}
                                      if with_fields else {})} for kind in kinds]})
    return web.json_response({"expand": "projects", "projects": shown})


def _meta_project(request: web.Request) -> dict | None:
    found = _dataset(request).access.project(request.match_info["project"])
    if found is None or not _creatable_projects(request, [str(found["key"])], []):
        return None
    return found


def _meta_page(request: web.Request, items: list[dict], cloud_key: str) -> web.Response:
    page = values_page(dict(request.query), items, default=50, cap=META_PAGE_CAP)
    if request.app[OPTIONS].cloud:  # Cloud names the list for its items, and says no isLast
        return web.json_response({cloud_key: page["values"], "maxResults": page["maxResults"],
                                  "startAt": page["startAt"], "total": len(items)})
    return web.json_response({"self": str(request.url), **page, "total": len(items)})


async def createmeta_issue_types(request: web.Request) -> web.Response:
    """Cloud, and Server/Data Center 8.4+: a page of the project's issue types for creating issues."""
    project = _meta_project(request)
    if project is None:
        return error(404, f"No project could be found with key '{request.match_info['project']}'.")
    return _meta_page(request, issue_types(_dataset(request), project), "issueTypes")


async def createmeta_fields(request: web.Request) -> web.Response:
    """A page of one issue type's create-screen fields (required, schema, allowedValues, operations)."""
    dataset = _dataset(request)
    project = _meta_project(request)
    if project is None:
        return error(404, f"No project could be found with key '{request.match_info['project']}'.")
    kind = next((t for t in issue_types(dataset, project) if str(t["id"]) == request.match_info["type"]), None)
    if kind is None:
        return error(404, "Issue type with id '{}' does not exist or is not valid for project '{}'.".format(
            request.match_info["type"], project["key"]))
    return _meta_page(request, create_fields(dataset, project, kind), "fields")


# --- edit and delete -------------------------------------------------------------------------

async def edit(request: web.Request) -> web.Response:
    options = request.app[OPTIONS]
    params = await request_params(request)
    fields, update = params.get("fields") or {}, params.get("update") or {}
    if not isinstance(fields, dict) or not isinstance(update, dict) or not (fields or update):
        return error(400, "The request has no fields to change.")
    position = issue_position(request)
    if not may(request, position, "EDIT_ISSUES"):
        return error(403, "You do not have permission to edit issues in this project.")
    if request.query.get("notifyUsers", "true").lower() == "false" and not _administers(request):
        return error(403, "To discard the user notification either admin or project admin permissions are required.")
    if "assignee" in fields or "assignee" in update:
        if not may(request, position, "ASSIGN_ISSUES"):
            return error(400, "", errors={"assignee": "You do not have permission to assign issues."})
    try:
        editing.edit_issue(_dataset(request), position, fields, update, _author(request), options.clock_ms(),
                           cloud=options.cloud)
    except FieldError as exc:
        return _refused(exc)
    return web.Response(status=204)


def _administers(request: web.Request) -> bool:
    caller = request[CALLER]
    return not caller.restricted or _dataset(request).access.holds_global(caller.account_id, ADMINISTER)


async def delete(request: web.Request) -> web.Response:
    position = issue_position(request)
    if not may(request, position, "DELETE_ISSUES"):
        return error(403, "You do not have permission to delete issues in this project.")
    editing.delete_issue(_dataset(request), _dataset(request).issues[position]["key"])
    return web.Response(status=204)


# --- transitions -----------------------------------------------------------------------------

def _offered(request: web.Request, position: int) -> list[Transition]:
    """The transitions the issue's workflow offers from its status, if the caller may transition it."""
    if not may(request, position, "TRANSITION_ISSUES"):
        return []
    dataset = _dataset(request)
    issue = dataset.issues[position]
    fields = issue["fields"]
    workflow = dataset.workflows.of(dataset.access.project_key(position),
                                    str((fields.get("issuetype") or {}).get("name", "")))
    return workflow.available(str((fields.get("status") or {}).get("name", "")))


def shown_transitions(request: web.Request, position: int, with_fields: bool, wanted: str | None = None) -> list[dict]:
    """The transitions as GET transitions (and GET issue with `expand=transitions`) list them."""
    dataset = _dataset(request)
    shown = []
    for offered in _offered(request, position):
        if wanted and offered.id != wanted:
            continue
        screen = {"resolution": resolution_field(dataset)} if dataset.workflows.done(offered.to) else {}
        entry = {"id": offered.id, "name": offered.name, "to": dataset.workflows.statuses[offered.to],
                 "hasScreen": bool(screen), "isGlobal": offered.sources is None, "isInitial": False,
                 "isAvailable": True, "isConditional": False, "isLooped": False}
        if with_fields:
            entry["fields"] = screen
        shown.append(entry)
    return shown


async def transitions(request: web.Request) -> web.Response:
    position = issue_position(request)
    with_fields = "transitions.fields" in parse_list(request.query.get("expand"))
    return web.json_response({"expand": "transitions", "transitions": shown_transitions(
        request, position, with_fields, request.query.get("transitionId"))})


async def transition(request: web.Request) -> web.Response:
    options = request.app[OPTIONS]
    position = issue_position(request)
    params = await request_params(request)
    chosen = _object(params, "transition")
    wanted = str(chosen.get("id") or "")
    if not wanted:
        return error(400, "Missing 'transition' identifier")
    if not may(request, position, "TRANSITION_ISSUES"):
        return error(400, "You do not have permission to transition this issue.")
    offered = next((t for t in _offered(request, position) if t.id == wanted), None)
    if offered is None:
        return error(400, NO_TRANSITION.format(wanted))
    try:
        editing.transition_issue(_dataset(request), position, offered, params.get("fields") or {},
                                 params.get("update") or {}, _author(request), options.clock_ms())
    except FieldError as exc:
        return _refused(exc)
    return web.Response(status=204)


# --- assignee --------------------------------------------------------------------------------

async def assign(request: web.Request) -> web.Response:
    """PUT assignee: {"accountId"} on Cloud, {"name"} on Server; null unassigns, "-1" picks the default."""
    options = request.app[OPTIONS]
    dataset = _dataset(request)
    position = issue_position(request)
    params = await request_params(request)
    field = "accountId" if options.cloud else "name"
    if field not in params and "accountId" not in params:
        return error(400, f"The '{field}' of the assignee is missing: give it, or null to unassign.")
    login = params.get(field, params.get("accountId"))
    if not may(request, position, "ASSIGN_ISSUES"):
        return error(403, "You do not have permission to assign issues.")
    try:
        if login is None:
            person = None
        elif str(login) == "-1":
            person = editing.default_assignee(dataset, position)
        else:
            directory = dataset.access.directory
            person = directory.by_account.get(str(login)) if options.cloud else directory.find(str(login))
            if person is None:
                return error(400, "", errors={"assignee": f"User '{login}' does not exist."})
        editing.assign(dataset, position, person, _author(request), options.clock_ms())
    except FieldError as exc:
        return _refused(exc)
    return web.Response(status=204)


# --- comments --------------------------------------------------------------------------------

def _shown_comment(request: web.Request, comment: dict) -> dict:
    return {**comment, "body": adf(comment["body"])} if api_version(request) == 3 and isinstance(
        comment.get("body"), str) else comment


async def comments(request: web.Request) -> web.Response:
    position = issue_position(request)
    params = dict(request.query)
    start = int_param(params, "startAt", 0)
    size = min(int_param(params, "maxResults", 5000, minimum=1), 5000)
    every = (_dataset(request).issues[position]["fields"].get("comment") or {}).get("comments") or []
    if params.get("orderBy", "created").startswith("-"):
        every = list(reversed(every))
    return web.json_response({"startAt": start, "maxResults": size, "total": len(every),
                              "comments": [_shown_comment(request, c) for c in every[start:start + size]]})


async def comment(request: web.Request) -> web.Response:
    options = request.app[OPTIONS]
    position = issue_position(request)
    params = await request_params(request)
    if not may(request, position, "ADD_COMMENTS"):
        return error(400, "You do not have the permission to comment on this issue.")
    body = params.get("body")
    if api_version(request) == 3 and isinstance(body, str):
        return error(400, "Comment body must be an Atlassian Document Format document on API version 3.")
    try:
        made = editing.add_comment(_dataset(request), position, body, _author(request), options.clock_ms())
    except FieldError as exc:
        return _refused(exc)
    return web.json_response(_shown_comment(request, made), status=201)


# --- issue links -----------------------------------------------------------------------------

async def link(request: web.Request) -> web.Response:
    """POST issueLink: both issues must be visible and the caller hold Link Issues on the inward one;
    Jira answers every refusal with 404."""
    options = request.app[OPTIONS]
    dataset = _dataset(request)
    params = await request_params(request)
    kind = _object(params, "type")
    types = dataset.metadata.get("issueLinkTypes", [])
    if kind.get("id"):
        link_type = next((t for t in types if str(t.get("id")) == str(kind["id"])), None)
        missing = f"No issue link type with id '{kind['id']}' found."
    else:
        name = str(kind.get("name") or "")
        link_type = next((t for t in types if str(t["name"]).lower() == name.lower()), None)
        missing = f"No issue link type with name '{name}' found."
    if link_type is None:
        return error(404, missing)
    ends = []
    for side in ("inwardIssue", "outwardIssue"):
        ref = _object(params, side)
        position = seen_position(request, str(ref.get("key") or ref.get("id") or ""))
        if position is None:
            return error(404, NOT_FOUND)
        ends.append(position)
    if ends[0] == ends[1]:
        return error(400, "You cannot link an issue to itself.")
    if not may(request, ends[0], "LINK_ISSUES"):
        return error(404, "You do not have the permission to link issues.")
    try:
        editing.link_issues(dataset, link_type, ends[0], ends[1], _author(request), options.clock_ms(),
                            _object(params, "comment").get("body"))
    except FieldError as exc:
        return _refused(exc)
    return web.Response(status=201)
