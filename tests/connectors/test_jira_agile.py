"""The connector's board sprints against devjira's agile routes: every page read, each sprint once, and none
(rather than an error) where a Jira has no Jira Software."""

from __future__ import annotations

import asyncio
import json

from aiohttp import web

from jirakg.connectors.jira import agile
from tests.jira_env import connector, demo_dataset, devjira

DEMO = demo_dataset(issues=600)


def sprints_of(url: str, project: str) -> list[agile.BoardSprint]:
    async def read() -> list[agile.BoardSprint]:
        async with connector(url) as jira:
            return await jira.project_sprints(project)
    return asyncio.run(read())


def test_every_sprint_of_the_project_board_over_several_pages(monkeypatch) -> None:
    monkeypatch.setattr(agile, "PAGE", 4)  # the MOB board has more sprints than that: several pages
    expected = next(p for p in DEMO.metadata["projects"] if p["key"] == "MOB")["sprints"]
    assert len(expected) > 8
    with devjira(DEMO) as url:
        found = sprints_of(url, "MOB")
    assert [s.name for s in found] == [s["name"] for s in expected]
    assert [s.state for s in found] == [s["state"] for s in expected]
    active = [s for s in found if s.state == "active"]
    assert len(active) == 1 and active[0].start and active[0].end and active[0].board_id is not None
    mob = next(p for p in DEMO.metadata["projects"] if p["key"] == "MOB")
    assert {s.project_id for s in found} == {str(mob["id"])}


def test_a_jira_without_jira_software_has_no_boards() -> None:
    @web.middleware
    async def no_agile(request: web.Request, handler):
        if request.path.startswith("/rest/agile/"):
            return web.json_response({"errorMessages": ["Not found"]}, status=404)
        return await handler(request)

    with devjira(DEMO, middlewares=[no_agile]) as url:
        assert sprints_of(url, "MOB") == []
    with devjira(DEMO) as url:
        assert sprints_of(url, "INIT") == []  # a project without sprints has no board


def test_one_sprint_by_id_with_its_boards_project() -> None:
    mob = next(p for p in DEMO.metadata["projects"] if p["key"] == "MOB")
    planned = mob["sprints"][-1]

    async def read():
        async with connector(url) as jira:
            return await jira.sprint(planned["id"]), await jira.sprint(999999)

    with devjira(DEMO) as url:
        found, missing = asyncio.run(read())
    assert found is not None and found.name == planned["name"] and found.state == planned["state"]
    assert (found.project_id, found.project_key) == (str(mob["id"]), "MOB") and missing is None


def test_boards_without_sprints_beside_the_scrum_board_add_none() -> None:
    """Jira answers a kanban board's sprints (and a team-managed board's without sprints) with 400 'The board
    does not support sprints': a project with such a board beside its scrum board still has its sprints, and a
    kanban board is not asked at all."""
    asked: list[str] = []
    others = {901: "kanban", 902: "simple"}

    @web.middleware
    async def other_boards(request: web.Request, handler):
        asked.append(request.path)
        if request.path.endswith(tuple(f"/board/{board}/sprint" for board in others)):
            return web.json_response({"errorMessages": ["The board does not support sprints"], "errors": {}},
                                     status=400)
        response = await handler(request)
        if request.path == f"{agile.AGILE}/board":
            page = json.loads(response.body)
            page["values"] += [{**page["values"][0], "id": board, "name": f"MOB {kind}", "type": kind}
                               for board, kind in others.items()]
            return web.json_response(page)
        return response

    expected = next(p for p in DEMO.metadata["projects"] if p["key"] == "MOB")["sprints"]
    with devjira(DEMO, middlewares=[other_boards]) as url:
        found = sprints_of(url, "MOB")
    assert [s.name for s in found] == [s["name"] for s in expected]
    assert f"{agile.AGILE}/board/902/sprint" in asked and f"{agile.AGILE}/board/901/sprint" not in asked


def test_the_boards_of_a_project_are_read_side_by_side() -> None:
    """Each board's sprints are asked without waiting for the board before: two sprint reads meet in the server
    (each is held until the other arrives, or a while passes)."""
    both_in = asyncio.Event()
    meeting: list[str] = []
    waited_out: list[str] = []

    @web.middleware
    async def two_boards(request: web.Request, handler):
        if request.path.endswith("/sprint"):
            meeting.append(request.path)
            if len(meeting) == 2:
                both_in.set()
            try:
                await asyncio.wait_for(both_in.wait(), 2.0)
            except TimeoutError:
                waited_out.append(request.path)
        if request.path == f"{agile.AGILE}/board/902/sprint":
            return web.json_response({"errorMessages": ["The board does not support sprints"]}, status=400)
        response = await handler(request)
        if request.path == f"{agile.AGILE}/board":
            page = json.loads(response.body)
            page["values"].append({**page["values"][0], "id": 902, "type": "simple"})
            return web.json_response(page)
        return response

    with devjira(DEMO, middlewares=[two_boards]) as url:
        found = sprints_of(url, "MOB")
    assert found and len(set(meeting)) == 2 and waited_out == []
