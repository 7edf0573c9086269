"""workload: open work per person (issues, story points, high priority, overdue, blocked), and who is
loaded above the team's median and by how much."""

from __future__ import annotations

from dataclasses import dataclass, field

from jirakg.analysis.groups import leaders, median, names
from jirakg.analysis.risk import HIGH, priority
from jirakg.analysis.values import date_of, number, person, shown_number
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import TeamFacts

PEOPLE_SHOWN = 12


@dataclass
class Load:
    issues: int = 0
    points: float = 0.0
    high: int = 0
    overdue: int = 0
    blocked: int = 0
    keys: list[str] = field(default_factory=list)


def word(facts: TeamFacts) -> Answer:
    measure = team.measure_of(facts.plan.intent)
    now = team.as_of(facts)
    w = Writer()
    loads: dict[str, Load] = {}
    unassigned = 0
    open_blockers = {node.key for node in facts.others}
    for node in facts.nodes:
        who = person(node)
        if who is None:
            unassigned += 1
            continue
        load = loads.setdefault(who, Load())
        load.issues += 1
        load.points += number(node, measure.points_field)
        load.high += priority(node) in HIGH
        due = date_of(node, "duedate")
        load.overdue += bool(due and due < now)
        load.blocked += team.is_blocked(node, open_blockers)
    if not loads:
        w.line(f"No open {team.scope(facts)} {'has an assignee' if facts.nodes else 'exist'}, so nobody carries "
               f"any of that work.")
        search.unused(facts, w)
        return w.result()
    ranked = sorted(loads.items(), key=lambda item: (-item[1].issues, item[0]))
    middle = median([float(load.issues) for load in loads.values()])
    top, most = leaders([(who, float(load.issues)) for who, load in ranked], "most")
    above = most - middle
    ratio = f", {most / middle:.1f}× the median" if middle else ""
    w.line(f"{names(top)} {'has' if len(top) == 1 else 'are tied with'} the most open issues: {shown_number(most)}"
           f"{' each' if len(top) > 1 else ''}, {shown_number(above)} above the median of {shown_number(middle)} "
           f"across {plural(len(loads), 'person', 'people')}{ratio} ({team.scope(facts)}).")
    for who, load in ranked[:PEOPLE_SHOWN]:
        extra = [f"{shown_number(load.points)} points" if measure.points_field else "",
                 f"{load.high} high priority" if load.high else "", f"{load.overdue} overdue" if load.overdue else "",
                 f"{load.blocked} blocked" if load.blocked else ""]
        w.line(f"- {who}: {load.issues} open" + "".join(f", {e}" for e in extra if e))
    if len(ranked) > PEOPLE_SHOWN:
        w.line(f"…and {len(ranked) - PEOPLE_SHOWN} more people.")
    if unassigned:
        w.line(f"{plural(unassigned, 'open issue')} {'has' if unassigned == 1 else 'have'} no assignee.")
    search.unused(facts, w)
    return w.result()


HANDLER = JiraHandler(team.open_plan, team.with_blockers(team.fetch), word)
