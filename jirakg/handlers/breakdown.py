"""breakdown: counts of the selected issues grouped by one or two fields, largest first."""

from __future__ import annotations

from jirakg.analysis.groups import grouped, percent
from jirakg.analysis.values import values
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


HANDLER = JiraHandler(team.plan, team.fetch, word)
