"""breakdown: counts of the selected issues grouped by one or two fields, largest first, or their story points
summed per value of one field ("story points per assignee")."""

from __future__ import annotations

from jirakg.analysis.groups import grouped, percent
from jirakg.analysis.values import number, shown_number, values
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import TeamFacts

GROUPS_SHOWN = 20
INNER_SHOWN = 6


def word(facts: TeamFacts) -> Answer:
    measure = team.measure_of(facts.plan.intent)
    fields = measure.group_by or ["status"]
    w = Writer()
    nodes = facts.nodes
    if not nodes:
        w.line(f"No {team.scope(facts)}, so there is nothing to break down.")
        return w.result()
    by = " and ".join(team.label(field, measure) for field in fields)
    if measure.metric == "points":
        _points(facts, fields[0], w)
        search.unused(facts, w)
        return w.result()
    w.line(f"{plural(len(nodes), 'issue')} in all ({team.scope(facts)}), by {by}:")
    ranked = grouped(nodes, fields[0])
    for value, count in ranked[:GROUPS_SHOWN]:
        line = f"- {value}: {int(count)} ({percent(int(count), len(nodes))}%)"
        if len(fields) > 1:
            inner = grouped([n for n in nodes if value in values(n, fields[0])], fields[1])
            line += " — " + ", ".join(f"{v} {int(c)}" for v, c in inner[:INNER_SHOWN])
            line += f", {len(inner) - INNER_SHOWN} more" if len(inner) > INNER_SHOWN else ""
        w.line(line)
    if len(ranked) > GROUPS_SHOWN:
        w.line(f"…and {len(ranked) - GROUPS_SHOWN} smaller groups.")
    if sum(count for _, count in ranked) > len(nodes):
        w.line(f"An issue with several {team.label(fields[0], measure)} values counts once under each.")
    search.unused(facts, w)
    return w.result()


def _points(facts: TeamFacts, field: str, w: Writer) -> None:
    """Story points summed per value of `field` ("story points per assignee"), with each group's issue count."""
    measure = team.measure_of(facts.plan.intent)
    estimated = [node for node in facts.nodes if number(node, measure.points_field)]
    label = team.label(field, measure)
    if not estimated:
        w.line(f"None of the {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}) has story points, so there "
               f"are no points to break down by {label}.")
        return
    total = sum(number(node, measure.points_field) for node in estimated)
    w.line(f"{shown_number(total)} story points on {plural(len(estimated), 'estimated issue')} "
           f"({team.scope(facts)}), by {label}:")
    counts = dict(grouped(estimated, field))
    ranked = grouped(estimated, field, lambda node: number(node, measure.points_field))
    for value, points in ranked[:GROUPS_SHOWN]:
        w.line(f"- {value}: {shown_number(points)} points ({percent(points, total)}%), "
               f"{plural(int(counts[value]), 'issue')}")
    if len(ranked) > GROUPS_SHOWN:
        w.line(f"…and {len(ranked) - GROUPS_SHOWN} smaller groups.")
    if len(estimated) < len(facts.nodes):
        w.line(f"{plural(len(facts.nodes) - len(estimated), 'issue')} without story points are not counted.")


HANDLER = JiraHandler(team.plan, team.fetch, word)
