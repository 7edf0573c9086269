"""Workflows: which transitions an issue offers from its status, per project and issue type.

A dataset's metadata may list `workflows`: [{"name", "projects"?: [keys], "issueTypes"?: [names],
"initial": status name, "transitions": [{"id", "name", "to": status name, "from"?: [status names]}]}]
(the first entry matching an issue's project and type wins; a transition without `from` is global).
Without one, a project's workflow is derived from the status changes its changelogs show: one
transition per target status, from the statuses seen leading there (a status never seen left may go
to any of the project's targets, so no issue is stuck); a project whose changelogs show no status
change gets Jira's simplified workflow, every status reachable from every other.
A transition into a status of the done category has a screen requiring a resolution, as Jira's
"Resolve Issue" screen does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

DONE = "done"


@dataclass(frozen=True)
class Transition:
    id: str
    name: str
    to: str
    sources: frozenset[str] | None  # None: from any status (a global transition)


@dataclass(frozen=True)
class Workflow:
    name: str
    initial: str
    transitions: tuple[Transition, ...]
    derived: bool = False

    def available(self, status: str) -> list[Transition]:
        offered = [t for t in self.transitions if t.to != status and (t.sources is None or status in t.sources)]
        if offered or not self.derived:
            return offered
        return [t for t in self.transitions if t.to != status]


class Workflows:
    """The workflow of each project and issue type of a dataset."""

    def __init__(self, issues: list[dict], metadata: dict) -> None:
        self.statuses: dict[str, dict] = {s["name"]: s for s in metadata.get("statuses", [])}
        self._listed = [_listed(entry) for entry in metadata.get("workflows", [])]
        self._scopes = [(set(entry.get("projects") or []), set(entry.get("issueTypes") or []))
                        for entry in metadata.get("workflows", [])]
        self._derived = _derive(issues, list(self.statuses)) if not self._listed else {}

    def of(self, project_key: str, type_name: str) -> Workflow:
        for workflow, (projects, types) in zip(self._listed, self._scopes, strict=True):
            if (not projects or project_key in projects) and (not types or type_name in types):
                return workflow
        return self._derived.get(project_key) or _simplified(project_key, list(self.statuses), None)

    def initial_status(self, project_key: str, type_name: str) -> dict:
        name = self.of(project_key, type_name).initial
        return self.statuses.get(name) or next(iter(self.statuses.values()), {"name": name})

    def done(self, status: str) -> bool:
        return (self.statuses.get(status, {}).get("statusCategory") or {}).get("key") == DONE


def _listed(entry: dict) -> Workflow:
    transitions = tuple(Transition(str(t["id"]), t["name"], t["to"],
                                   frozenset(t["from"]) if t.get("from") else None)
                        for t in entry["transitions"])
    return Workflow(entry["name"], entry["initial"], transitions)


def _transition_id(statuses: list[str], status: str) -> str:
    """Jira numbers workflow transitions 11, 21, 31, ...; a derived one is numbered after its target."""
    return str(11 + 10 * statuses.index(status))


def _derive(issues: list[dict], statuses: list[str]) -> dict[str, Workflow]:
    moves: dict[str, dict[str, set[str]]] = {}
    firsts: dict[str, Counter[str]] = {}
    for issue in issues:
        project = ((issue.get("fields") or {}).get("project") or {}).get("key") or issue["key"].split("-")[0]
        seen = moves.setdefault(project, {})
        changes = [item for history in (issue.get("changelog") or {}).get("histories") or []
                   for item in history.get("items", []) if item.get("field") == "status"]
        for item in changes:
            if item.get("fromString") and item.get("toString"):
                seen.setdefault(item["toString"], set()).add(item["fromString"])
        if changes and changes[0].get("fromString"):
            firsts.setdefault(project, Counter())[changes[0]["fromString"]] += 1
    workflows = {}
    for project, seen in moves.items():
        initial = firsts[project].most_common(1)[0][0] if project in firsts else None
        if not any(to in statuses for to in seen):
            workflows[project] = _simplified(project, statuses, initial)
            continue
        # Only statuses the instance knows can be targets; a status only the changelog names has no object.
        targets = sorted((to for to in seen if to in statuses), key=statuses.index)
        transitions = tuple(Transition(_transition_id(statuses, to), to, to, frozenset(seen[to])) for to in targets)
        workflows[project] = Workflow(f"{project} workflow", initial or targets[0], transitions, derived=True)
    return workflows


def _simplified(project: str, statuses: list[str], initial: str | None) -> Workflow:
    transitions = tuple(Transition(_transition_id(statuses, s), s, s, None) for s in statuses)
    return Workflow(f"{project} simplified workflow", initial or (statuses[0] if statuses else "To Do"), transitions)
