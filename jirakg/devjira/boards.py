"""Boards and sprints as Jira Software keeps them: one scrum board per project that has sprints.

Sprints come from the metadata (the demo's sidecar lists each project's sprints, including those no issue
is in yet); a dataset without them shows only the sprints its issues carry, found by shape in whichever
field holds them, each on the board of the project whose issues carry it first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SPRINT_KEYS = {"id", "name", "state"}


@dataclass
class Board:
    id: int
    project: dict  # the metadata's project object
    sprints: list[dict] = field(default_factory=list)  # Jira's sprint objects, by start


def boards(issues: list[dict], metadata: dict) -> list[Board]:
    projects = {p["key"]: p for p in metadata.get("projects", [])}
    sprints: dict[str, dict[str, dict]] = {key: {} for key in projects}
    for key, project in projects.items():
        for sprint in project.get("sprints") or []:
            sprints[key].setdefault(str(sprint["id"]), sprint)
    seen = {sprint_id for by_id in sprints.values() for sprint_id in by_id}
    for issue in issues:
        key = (issue.get("fields", {}).get("project") or {}).get("key") or issue["key"].split("-")[0]
        for sprint in carried_sprints(issue.get("fields", {})):
            if str(sprint["id"]) not in seen and key in sprints:
                seen.add(str(sprint["id"]))
                sprints[key][str(sprint["id"])] = sprint
    found: list[Board] = []
    used = [b for by_id in sprints.values() for s in by_id.values() if (b := _board_id(s)) is not None]
    next_id = max(used, default=0) + 1
    for key, by_id in sprints.items():
        if not by_id:
            continue
        own = next((b for s in by_id.values() if (b := _board_id(s)) is not None), None)
        if own is None:
            own, next_id = next_id, next_id + 1
        ordered = sorted(by_id.values(), key=lambda s: (str(s.get("startDate") or "~"), int(s["id"])))
        found.append(Board(own, projects[key], ordered))
    return found


def carried_sprints(fields: dict) -> list[dict]:
    """The sprint objects an issue's fields carry."""
    return [item for value in fields.values() if isinstance(value, list)
            for item in value if isinstance(item, dict) and SPRINT_KEYS <= set(item)]


def _board_id(sprint: dict) -> int | None:
    raw = sprint.get("originBoardId", sprint.get("boardId", sprint.get("rapidViewId")))
    return int(raw) if isinstance(raw, int | str) and str(raw).isdigit() else None
