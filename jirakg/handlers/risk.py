"""risk: the open selected issues at risk, each with its reasons as data."""

from __future__ import annotations

from jirakg.analysis.risk import AtRisk, at_risk
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import TeamFacts

SHOWN = 10


def word(facts: TeamFacts) -> Answer:
    w = Writer()
    risky = at_risk(facts.nodes, {n.key: n for n in facts.others}, team.as_of(facts))
    if not facts.nodes:
        w.line(f"No open {team.scope(facts)}, so nothing is at risk.")
    elif not risky:
        w.line(f"None of the {plural(len(facts.nodes), 'open issue')} ({team.scope(facts)}) is at risk: none is "
               f"overdue, due within a week and not started, blocked by an unresolved issue, stale in progress, "
               f"or high priority and unassigned.")
    else:
        w.line(f"{len(risky)} of the {plural(len(facts.nodes), 'open issue')} ({team.scope(facts)}) "
               f"{'is' if len(risky) == 1 else 'are'} at risk:")
        listed(risky[:SHOWN], w)
        if len(risky) > SHOWN:
            w.line(f"…and {len(risky) - SHOWN} more.")
    register(facts, w)
    search.unused(facts, w)
    return w.result()


def register(facts: TeamFacts, w: Writer) -> None:
    """"OPS risks" may mean the issues of the Risk type too: one line names the open ones, with their JQL."""
    kind = team.measure_of(facts.plan.intent).register_type
    if not kind:
        return
    logged = [n for n in facts.nodes if n.type == kind]
    jql = team.narrowed_jql(facts.plan.jql or team.EVERYTHING, f'issuetype = "{kind}"')
    if not logged:
        w.line(f"No open issue of type {kind} is logged there ({jql}).")
        return
    keys = ", ".join(w.cite(n) for n in logged[:SHOWN]) + (f" and {len(logged) - SHOWN} more"
                                                           if len(logged) > SHOWN else "")
    w.line(f"{plural(len(logged), 'open issue')} of type {kind} {'is' if len(logged) == 1 else 'are'} logged "
           f"there ({jql}): {keys}.")


def listed(risky: list[AtRisk], w: Writer) -> None:
    for risk in risky:
        w.line(f"- {w.cite(risk.node)} {risk.node.summary}: {'; '.join(risk.reasons)}")


HANDLER = JiraHandler(team.open_plan, team.with_blockers(team.fetch), word)
