"""sprint: progress of the current or a named sprint: done of total (issues and story points), days
left, in progress, blocked, added after the start, and a verdict from those figures."""

from __future__ import annotations

from datetime import datetime

from jirakg.analysis.groups import percent
from jirakg.analysis.values import days_text, in_days, is_done, moment, number, shown_number
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import Node
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall, Measure
from jirakg.retrieval.facts import TeamFacts
from jirakg.retrieval.plan import RetrievalPlan

SPRINTS_SHOWN = 5
BEHIND = 15  # percentage points of work done behind the share of time gone


def plan(call: IntentCall) -> RetrievalPlan:
    return team.plan(call, changelog=True)


def word(facts: TeamFacts) -> Answer:
    measure = team.measure_of(facts.plan.intent)
    w = Writer()
    sprints = _sprints(facts.nodes, measure, facts.plan.intent)
    if not sprints:
        w.line(f"No sprint found for {team.scope(facts)}.")
    for sprint in sprints[:SPRINTS_SHOWN]:
        members = [n for n in facts.nodes if any(_id(s) == _id(sprint) for s in _of(n, measure))]
        _progress(sprint, members, measure, team.as_of(facts), w)
    search.unused(facts, w)
    return w.result()


def _of(node: Node, measure: Measure) -> list[dict]:
    raw = node.fields.get(measure.sprint_field or "")
    return [s for s in raw if isinstance(s, dict)] if isinstance(raw, list) else []


def _id(sprint: dict) -> str:
    return str(sprint.get("id"))


def _sprints(nodes: list[Node], measure: Measure, call: IntentCall) -> list[dict]:
    """The sprints asked about: named ones, else the active ones the selected issues are in."""
    found = {_id(s): s for n in nodes for s in _of(n, measure)}
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


HANDLER = JiraHandler(plan, team.fetch, word)
