"""activity: what changed among the selected issues (or by one person) in a window: new issues,
resolutions, status changes and reassignments, from the changelogs."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime, timedelta

from jirakg.analysis.values import date_of, person
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph.node import ChangeEntry
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall, TimeWindow
from jirakg.intents.timewindows import parse_window
from jirakg.retrieval.facts import TeamFacts
from jirakg.retrieval.plan import RetrievalPlan

SHOWN = 10


def plan(call: IntentCall) -> RetrievalPlan:
    return team.plan(call, changelog=True)


def window(call: IntentCall, now: datetime) -> tuple[datetime, datetime, str]:
    """The window asked for, or this week so far; never past now."""
    asked = call.slots.window or parse_window("this week", now) or TimeWindow()
    start = datetime.fromisoformat(asked.start) if asked.start else now
    end = datetime.fromisoformat(asked.end) if asked.end else now
    return start, min(end, now), asked.phrase


def word(facts: TeamFacts) -> Answer:
    call = facts.plan.intent
    actor = team.measure_of(call).actor
    start, end, phrase = window(call, team.as_of(facts))

    def inside(moment: datetime | None) -> bool:  # the window's end is its first moment after it
        return moment is not None and start <= moment.astimezone(UTC) < end

    changes = [(node, entry) for node in facts.nodes for entry in node.changelog or []
               if inside(entry.created) and (actor is None or entry.author == actor)]
    new = [n for n in facts.nodes
           if inside(date_of(n, "created")) and (actor is None or person(n, "reporter") == actor)]
    if actor is None:
        resolved = [n for n in facts.nodes if inside(date_of(n, "resolutiondate"))]
    else:
        resolved = list({n.key: n for n, e in changes if _items(e, "resolution", filled=True)}.values())
    moves: Counter[str] = Counter(f"{i.from_string or 'none'} → {i.to_string or 'none'}"
                                  for _, e in changes for i in e.items if i.field.lower() == "status")
    reassigned = sum(1 for _, e in changes for i in e.items if i.field.lower() == "assignee")
    who = f"by {actor}" if actor else f"in {team.scope(facts)}"
    w = Writer()
    last_day = end - timedelta(microseconds=1)  # "in October" ends at November's first moment: shown to 31 October
    days = f"{start:%Y-%m-%d}" if start.date() == last_day.date() else f"{start:%Y-%m-%d} to {last_day:%Y-%m-%d}"
    said = re.sub(r"\s*\(\s*([^)]*?)\s*\)", r", \1", phrase)  # "the past month (october)": no brackets twice
    w.line(f"{said.capitalize()} ({days}) {who}: {plural(len(new), 'new issue')}, "
           f"{len(resolved)} resolved, {plural(sum(moves.values()), 'status change')}, "
           f"{plural(reassigned, 'reassignment')}.")
    if not (new or resolved or changes):
        w.line("Nothing changed in that window: I checked every selected issue's history.")
    if moves:
        w.line("- Status changes: " + ", ".join(f"{move} {count}" for move, count in moves.most_common(6)))
    for label, group in (("New", new), ("Resolved", resolved)):
        if group:
            w.line(f"- {label}: " + ", ".join(w.cite(n) for n in group[:SHOWN])
                   + (f" and {len(group) - SHOWN} more" if len(group) > SHOWN else ""))
    busiest = Counter(node.key for node, _ in changes).most_common(5)
    nodes = {n.key: n for n in facts.nodes}
    if busiest:
        w.line("- Most changed: " + ", ".join(f"{w.cite(nodes[k])} ({c} changes)" for k, c in busiest))
    search.unused(facts, w)
    return w.result()


def _items(entry: ChangeEntry, field: str, *, filled: bool) -> bool:
    return any(i.field.lower() == field and (bool(i.to_string) or not filled) for i in entry.items)


HANDLER = JiraHandler(plan, team.fetch, word)
