"""sprint: progress of the current or a named sprint: done of total (issues and story points), days
left, in progress, blocked, added after the start, and a verdict from those figures. When no selected
issue is in the sprint asked about, the project's board says which sprint it is (a sprint nobody has
planned work into yet is still the current sprint)."""

from __future__ import annotations

import asyncio
from datetime import datetime

from jirakg.analysis.groups import percent
from jirakg.analysis.values import days_text, in_days, is_done, moment, number, shown_number
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager, Node
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall, Measure
from jirakg.retrieval.facts import TeamFacts
from jirakg.retrieval.plan import RetrievalPlan

SPRINTS_SHOWN = 5
BEHIND = 15  # percentage points of work done behind the share of time gone
STATE_WORDS = {"active": "is active", "future": "is planned", "closed": "is closed"}


def plan(call: IntentCall) -> RetrievalPlan:
    return team.plan(call, changelog=True)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> TeamFacts:
    facts = await team.fetch(plan, manager)
    call = plan.intent
    if _sprints(facts.nodes, team.measure_of(call), call):
        return facts
    # Each read below goes out side by side; the HTTP limiter bounds how many reach Jira at once.
    if call.slots.sprints:  # named sprints no selected issue is in: each as Jira Software has it
        found = await asyncio.gather(*(manager.sprint(int(i)) for i in call.slots.sprints if i.isdigit()))
        facts.board_sprints += [s.field_value() for s in found if s is not None]
    else:
        for sprints in await asyncio.gather(*(manager.project_sprints(p) for p in call.slots.projects)):
            facts.board_sprints += [s.field_value() for s in sprints]
    # Whether a sprint is empty or only holds nothing this selection wants: worded differently.
    shown = _sprints([], team.measure_of(call), call, facts.board_sprints)
    held = await asyncio.gather(*(manager.get(f"sprint = {_id(s)}", ["resolution"]) for s in shown))
    facts.sprint_sizes.update({_id(s): len(found.nodes) for s, found in zip(shown, held, strict=True)})
    return facts


def word(facts: TeamFacts) -> Answer:
    measure = team.measure_of(facts.plan.intent)
    w = Writer()
    sprints = _sprints(facts.nodes, measure, facts.plan.intent, facts.board_sprints)
    if not sprints:
        w.line(f"No sprint found for {team.scope(facts)}.")
    for sprint in sprints[:SPRINTS_SHOWN]:
        members = [n for n in facts.nodes if any(_id(s) == _id(sprint) for s in _of(n, measure))]
        if members:
            _progress(sprint, members, measure, team.as_of(facts), w)
        else:
            _without_issues(sprint, facts.sprint_sizes.get(_id(sprint), 0), team.as_of(facts), facts, w)
    search.unused(facts, w)
    return w.result()


def _of(node: Node, measure: Measure) -> list[dict]:
    raw = node.fields.get(measure.sprint_field or "")
    return [s for s in raw if isinstance(s, dict)] if isinstance(raw, list) else []


def _id(sprint: dict) -> str:
    return str(sprint.get("id"))


def _sprints(nodes: list[Node], measure: Measure, call: IntentCall, board: list[dict] | None = None) -> list[dict]:
    """The sprints asked about: named ones, else those in the state asked (active by default) that the
    selected issues are in, or, when they are in none, that the board lists."""
    found = {_id(s): s for n in nodes for s in _of(n, measure)}
    for sprint in board or []:
        found.setdefault(_id(sprint), sprint)
    named = [found[i] for i in call.slots.sprints if i in found]
    if named:
        return named
    wanted = {"open": "active", "closed": "closed", "future": "future"}.get(call.slots.sprint_state or "open")
    chosen = [s for s in found.values() if s.get("state") == wanted]
    return sorted(chosen, key=lambda s: (str(s.get("endDate")), str(s.get("name"))),
                  reverse=wanted == "closed")[:SPRINTS_SHOWN]


def _progress(sprint: dict, members: list[Node], measure: Measure, now: datetime, w: Writer) -> None:
    done = [n for n in members if is_done(n)]
    points = sum(number(n, measure.points_field) for n in members)
    done_points = sum(number(n, measure.points_field) for n in done)
    start, end = moment(sprint.get("startDate")), moment(sprint.get("endDate"))
    timing = ""
    if end and sprint.get("state") == "active":
        timing = f", {days_text(max(0.0, in_days(end - now)))} left (ends {end:%Y-%m-%d})"
    elif end:
        timing = f", {sprint.get('state')}, ended {end:%Y-%m-%d}" if end < now else f", starts {start:%Y-%m-%d}"
    w.line(f"{sprint.get('name')}: {len(done)} of {plural(len(members), 'issue')} done "
           f"({percent(len(done), len(members))}%), {shown_number(done_points)} of {shown_number(points)} story "
           f"points{timing}.")
    in_progress = [n for n in members if n.status_category == "indeterminate"]
    blocked = [n for n in members if (n.status or "").lower() == "blocked"]
    added = [n for n in members if start and _added_after(n, sprint, start)]
    for label, group in (("In progress", in_progress), ("Blocked", blocked), ("Added after the start", added)):
        if group:
            shown = ", ".join(w.cite(n) for n in group[:8]) + (f" and {len(group) - 8} more" if len(group) > 8 else "")
            w.line(f"- {label}: {len(group)} ({shown})")
    if start and end and sprint.get("state") == "active" and members:
        gone = percent(int(in_days(min(now, end) - start) * 100), int(in_days(end - start) * 100))
        made = percent(len(done), len(members))
        verdict = "behind" if made + BEHIND < gone else "on track"
        w.line(f"Verdict: {verdict} — {made}% of the issues done with {gone}% of the sprint's time gone"
               f"{f', {len(blocked)} blocked' if blocked else ''}.")


def _without_issues(sprint: dict, size: int, now: datetime, facts: TeamFacts, w: Writer) -> None:
    """A sprint on the board that none of the selected issues is in: its dates, and that it is empty (or
    holds only issues the question did not select)."""
    start, end = moment(sprint.get("startDate")), moment(sprint.get("endDate"))
    state = sprint.get("state")
    span = f" ({start:%Y-%m-%d} to {end:%Y-%m-%d})" if start and end else ""
    left = f", {days_text(max(0.0, in_days(end - now)))} left" if end and state == "active" else ""
    contents = ("has no issues yet" if state != "closed" else "had no issues") if not size else \
        f"none of its {plural(size, 'issue')} match {team.scope(facts).removeprefix('issues matching ')}"
    w.line(f"{sprint.get('name')} {STATE_WORDS.get(str(state), f'is {state}')}{span}{left}, and {contents}.")


def _added_after(node: Node, sprint: dict, start: datetime) -> bool:
    """Put into the sprint after it started: a Sprint change adding it, dated after the start."""
    for entry in node.changelog or []:
        for item in entry.items:
            if item.field.lower() == "sprint" and entry.created > start:
                before = (item.from_value or "").replace(" ", "").split(",")
                after = (item.to_value or "").replace(" ", "").split(",")
                if _id(sprint) in after and _id(sprint) not in before:
                    return True
    return False


HANDLER = JiraHandler(plan, fetch, word)
