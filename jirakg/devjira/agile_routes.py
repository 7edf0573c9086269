"""The Jira Software (agile) REST API's boards and sprints: /rest/agile/1.0/board, /board/{id},
/board/{id}/sprint, /sprint/{id} — paged as Jira pages them (startAt, maxResults, isLast, values). A board is seen by
those who may browse its project, as Jira shows a board to those who may see its filter."""

from __future__ import annotations

from aiohttp import web

from jirakg.devjira.app_state import CALLER, DATASET, BadRequest, error, values_page
from jirakg.devjira.boards import Board, boards
from jirakg.devjira.dataset import Dataset

AGILE = "/rest/agile/1.0"
PAGE_CAP = 50  # Jira Software's default and largest page of boards and sprints
STATES = ("future", "active", "closed")
NO_BOARD = "Board does not exist or you do not have permission to see it."
NO_SPRINT = "Sprint does not exist or you do not have permission to see it."
# The boards of the dataset served, kept while the same index is (writes replace it).
BOARDS = web.AppKey("boards", dict)


def add_routes(app: web.Application) -> None:
    app[BOARDS] = {}
    for site in ("", "/ex/jira/{cloudid}"):
        app.router.add_get(f"{site}{AGILE}/board", board_list)
        app.router.add_get(f"{site}{AGILE}/board/{{board}}", board)
        app.router.add_get(f"{site}{AGILE}/board/{{board}}/sprint", board_sprints)
        app.router.add_get(f"{site}{AGILE}/sprint/{{sprint}}", sprint)


def _boards(request: web.Request) -> list[Board]:
    dataset: Dataset = request.app[DATASET]
    kept = request.app[BOARDS]
    if kept.get("index") is not dataset.index:
        kept.clear()
        kept.update(index=dataset.index, boards=boards(dataset.issues, dataset.metadata))
    caller = request[CALLER]
    return [b for b in kept["boards"] if not caller.restricted or dataset.access.holds_in_project(
        caller.account_id, str(b.project.get("key", "")), "BROWSE_PROJECTS")]


def _origin(request: web.Request) -> str:
    site = request.path.partition(AGILE)[0]
    return f"{request.url.origin()}{site}{AGILE}"


def _board_object(request: web.Request, found: Board) -> dict:
    project = found.project
    return {"id": found.id, "self": f"{_origin(request)}/board/{found.id}",
            "name": f"{project.get('key')} board", "type": "scrum",
            "location": {"projectId": int(project["id"]) if str(project.get("id", "")).isdigit() else project.get("id"),
                         "displayName": f"{project.get('name')} ({project.get('key')})",
                         "projectName": project.get("name"), "projectKey": project.get("key"),
                         "projectTypeKey": project.get("projectTypeKey", "software"),
                         "name": f"{project.get('name')} ({project.get('key')})"}}


def _sprint_object(request: web.Request, found: Board, sprint: dict) -> dict:
    shaped = {"id": int(sprint["id"]), "self": f"{_origin(request)}/sprint/{sprint['id']}",
              "state": sprint.get("state"), "name": sprint.get("name")}
    for name in ("startDate", "endDate", "completeDate"):
        if sprint.get(name):
            shaped[name] = sprint[name]
    if sprint.get("state") == "closed" and "completeDate" not in shaped and sprint.get("endDate"):
        shaped["completeDate"] = sprint["endDate"]  # the metadata keeps no completion time: the planned end
    return {**shaped, "originBoardId": found.id, "goal": sprint.get("goal") or ""}


def _page(request: web.Request, values: list[dict], *, counted: bool) -> web.Response:
    """One page; clients should go by `isLast` (a board's sprints carry no `total` on Data Center)."""
    page = values_page(dict(request.query), values, default=PAGE_CAP, cap=PAGE_CAP)
    return web.json_response({**page, "total": len(values)} if counted else page)


def _found(request: web.Request) -> Board | None:
    wanted = request.match_info["board"]
    return next((b for b in _boards(request) if str(b.id) == wanted), None)


async def board_list(request: web.Request) -> web.Response:
    """Boards, narrowed by `projectKeyOrId`, `type` and `name` (a part of it) as Jira narrows them."""
    project = request.query.get("projectKeyOrId", "")
    kind, name = request.query.get("type", ""), request.query.get("name", "").lower()
    shown = [_board_object(request, b) for b in _boards(request)
             if (not project or project in (b.project.get("key"), str(b.project.get("id"))))]
    shown = [b for b in shown if (not kind or b["type"] in kind.split(",")) and name in b["name"].lower()]
    return _page(request, shown, counted=True)


async def board(request: web.Request) -> web.Response:
    found = _found(request)
    return web.json_response(_board_object(request, found)) if found else error(404, NO_BOARD)


async def board_sprints(request: web.Request) -> web.Response:
    """A board's sprints in the `state`s asked for (all by default), oldest first, as Jira orders them."""
    found = _found(request)
    if found is None:
        return error(404, NO_BOARD)
    states = [s.strip() for s in request.query.get("state", ",".join(STATES)).split(",") if s.strip()]
    unknown = [s for s in states if s not in STATES]
    if unknown:
        raise BadRequest(f"The state '{unknown[0]}' is not valid; use one of {', '.join(STATES)}.")
    return _page(request, [_sprint_object(request, found, s) for s in found.sprints if s.get("state") in states],
                 counted=False)


async def sprint(request: web.Request) -> web.Response:
    """One sprint by id, on a board the caller may see."""
    wanted = request.match_info["sprint"]
    for found in _boards(request):
        for planned in found.sprints:
            if str(planned["id"]) == wanted:
                return web.json_response(_sprint_object(request, found, planned))
    return error(404, NO_SPRINT)
