"""Sprint progress when no issue is in the sprint asked about: the project's board (Jira Software) names it,
through the real connector and devjira."""

from __future__ import annotations

import asyncio
import copy
from datetime import datetime

from jirakg.devjira.dataset import build_dataset
from jirakg.graph import GraphManager
from jirakg.graph.stores.memory import MemoryStore
from jirakg.handlers import sprint
from jirakg.intents.models import IntentCall
from tests.jira_env import connector, demo_dataset, devjira

DEMO = demo_dataset(issues=600)
SPRINT_FIELD = "customfield_10020"
MOB = next(p for p in DEMO.metadata["projects"] if p["key"] == "MOB")
ACTIVE = next(s for s in MOB["sprints"] if s["state"] == "active")


def without_active_mob_sprint():
    """The demo with every issue taken out of MOB's active sprint: the sprint exists only on its board."""
    issues = copy.deepcopy(DEMO.issues)
    for issue in issues:
        carried = issue["fields"].get(SPRINT_FIELD)
        if carried:
            issue["fields"][SPRINT_FIELD] = [s for s in carried if s["id"] != ACTIVE["id"]] or None
    return build_dataset(issues, DEMO.metadata)


def answer(url: str, jql: str, projects: list[str], sprints: list[str] | None = None) -> str:
    call = IntentCall(name="sprint", jql=jql, slots={
        "projects": projects, "sprint_state": None if sprints else "open", "sprints": sprints or [],
        "measure": {"sprint_field": SPRINT_FIELD, "points_field": "customfield_10016"}})

    async def run() -> str:
        async with connector(url) as jira:
            manager = GraphManager(jira, MemoryStore(), base_url=url)
            plan = sprint.plan(call).model_copy(update={"as_of": datetime.fromisoformat(ACTIVE["startDate"])})
            return sprint.word(await sprint.fetch(plan, manager)).text
    return asyncio.run(run())


def test_an_active_sprint_without_issues_is_named_from_the_board() -> None:
    with devjira(without_active_mob_sprint()) as url:
        text = answer(url, 'project = "MOB" AND sprint in openSprints()', ["MOB"])
    start, end = ACTIVE["startDate"][:10], ACTIVE["endDate"][:10]
    assert text.startswith(f"{ACTIVE['name']} is active ({start} to {end}), 14 days left, and has no issues yet.")


def test_an_active_sprint_holding_nothing_the_question_selects_says_so() -> None:
    with devjira(DEMO) as url:
        text = answer(url, 'project = "MOB" AND sprint in openSprints() AND summary ~ "zzqqx"', ["MOB"])
    assert text.startswith(f"{ACTIVE['name']} is active (") and "none of its" in text and "zzqqx" in text


class Outsider:
    """A person who may browse no project: Sight's interface, deciding nothing is browsable."""

    def personal(self, jql: str) -> str:
        return jql

    async def trim(self, nodes):
        return []

    async def browsable_projects(self, projects: dict[str, str]) -> set[str]:
        return set()


def test_a_board_of_a_project_the_person_may_not_browse_names_no_sprint() -> None:
    async def run():
        async with connector(url) as jira:
            manager = GraphManager(jira, MemoryStore(), base_url=url)
            return (await manager.project_sprints("MOB"),
                    await manager.seen_by(Outsider()).project_sprints("MOB"))  # type: ignore[arg-type]

    with devjira(without_active_mob_sprint()) as url:
        everyone, outsider = asyncio.run(run())
    assert ACTIVE["name"] in [s.name for s in everyone] and outsider == []


def test_a_named_sprint_without_issues_is_read_from_jira_software() -> None:
    planned = next(s for s in MOB["sprints"] if s["state"] == "future")
    with devjira(DEMO) as url:
        text = answer(url, f'sprint = {planned["id"]}', [], [str(planned["id"])])
    start, end = planned["startDate"][:10], planned["endDate"][:10]
    assert text.startswith(f"{planned['name']} is planned ({start} to {end}), and has no issues yet.")
