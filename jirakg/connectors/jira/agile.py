"""A project's sprints through the Jira Software REST API: the project's boards, then each board's sprints,
page by page until `isLast`. An issue's Sprint field shows only the sprints the issue is in; this shows a
sprint no issue is in yet. A Jira without Jira Software (no agile API) has no boards: none are returned. A board
without sprints (kanban, or team-managed with sprints off) adds none: Jira answers its sprints with a 400."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from jirakg.connectors.jira.http import JiraBadRequest, JiraHttp, JiraNotFound

AGILE = "/rest/agile/1.0"
PAGE = 50  # Jira Software's largest page of boards and sprints
STATES = ("active", "future", "closed")


class BoardSprint(BaseModel):
    """A sprint as a board lists it (dates are Jira's ISO timestamps)."""
    model_config = ConfigDict(populate_by_name=True, extra="ignore")

    id: int
    name: str
    state: str
    start: str | None = Field(None, alias="startDate")
    end: str | None = Field(None, alias="endDate")
    completed: str | None = Field(None, alias="completeDate")
    board_id: int | None = Field(None, alias="originBoardId")
    goal: str = ""
    project_id: str | None = None  # the project of the board that lists it: whose browse permission shows it
    project_key: str | None = None

    def placed(self, location: dict) -> None:
        """Noted on the board's project (a board's `location`)."""
        self.project_id = str(location["projectId"]) if location.get("projectId") is not None else None
        self.project_key = location.get("projectKey")

    def field_value(self) -> dict[str, Any]:
        """The sprint as an issue's Sprint field holds it."""
        return {"id": self.id, "name": self.name, "state": self.state, "boardId": self.board_id,
                "startDate": self.start, "endDate": self.end, "goal": self.goal}


async def project_sprints(http: JiraHttp, project: str, states: tuple[str, ...] = STATES) -> list[BoardSprint]:
    """The sprints, in `states`, of the boards of `project` (a key or id), each once, in the boards' order."""
    try:
        boards = [board async for board in _paged(http, f"{AGILE}/board", {"projectKeyOrId": project})]
        # Side by side: the connection's limiter bounds how many reach Jira at once
        listed = await asyncio.gather(*(_board_sprints(http, board, states) for board in boards))
    except JiraNotFound:  # no Jira Software, or no such project: no boards
        return []
    found: dict[int, BoardSprint] = {}
    for sprints in listed:
        for sprint in sprints:
            found.setdefault(sprint.id, sprint)
    return list(found.values())


async def _board_sprints(http: JiraHttp, board: dict, states: tuple[str, ...]) -> list[BoardSprint]:
    if board.get("type") == "kanban":  # never has sprints: Jira would refuse the request
        return []
    sprints = []
    try:
        async for raw in _paged(http, f"{AGILE}/board/{board['id']}/sprint", {"state": ",".join(states)}):
            sprint = BoardSprint.model_validate(raw)
            sprint.placed(board.get("location") or {})
            sprints.append(sprint)
    except JiraBadRequest:  # "The board does not support sprints"
        return []
    return sprints


async def _paged(http: JiraHttp, path: str, params: dict[str, str]) -> AsyncIterator[dict]:
    start = 0
    while True:
        page = await http.get(path, {**params, "startAt": start, "maxResults": PAGE})
        values = page.get("values") or []
        for value in values:
            yield value
        start += len(values)
        if page.get("isLast", True) or not values:
            return


async def sprint(http: JiraHttp, sprint_id: int) -> BoardSprint | None:
    """One sprint by id with the project of the board it was made on; None when there is no such sprint (or
    no agile API)."""
    try:
        found = BoardSprint.model_validate(await http.get(f"{AGILE}/sprint/{sprint_id}"))
        if found.board_id is not None:
            found.placed((await http.get(f"{AGILE}/board/{found.board_id}")).get("location") or {})
    except JiraNotFound:
        return None
    return found
