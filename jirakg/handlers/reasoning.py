"""reasoning: why an issue (usually an epic) is late, or what to look at first in a set of issues:
an answer assembled from the risk facts — overdue work, unresolved blockers, stale work in progress,
unassigned urgent work — each fact citing the issue it comes from."""

from __future__ import annotations

from jirakg.analysis.risk import AtRisk, at_risk, priority
from jirakg.analysis.values import date_of, days_text, in_days, is_done, is_open
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers import risk, search, team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.retrieval.facts import TeamFacts
from jirakg.retrieval.plan import RetrievalPlan

FIELDS = ["assignee", "priority", "duedate", "resolution", "created"]
TOP_PRIORITIES = {"highest", "blocker"}
SHOWN = 5


def plan(call: IntentCall) -> RetrievalPlan:
    if call.issue_keys:
        return RetrievalPlan(intent=call, operation="subtree", keys=call.issue_keys[:1], fields=FIELDS, depth=3)
    return team.open_plan(call)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> TeamFacts:
    if plan.operation != "subtree":
        return await team.with_blockers(team.fetch)(plan, manager)
    graph = await manager.subtree(plan.keys[0], plan.fields, depth=plan.depth)
    subject = graph.get(plan.keys[0].upper())
    nodes = [subject, *graph.descendants(subject.key)] if subject else []
    return TeamFacts(plan=plan, nodes=nodes, subject=subject, others=await team.open_blockers(nodes, manager))


def word(facts: TeamFacts) -> Answer:
    w = Writer()
    now = team.as_of(facts)
    risky = at_risk(facts.nodes, {n.key: n for n in facts.others}, now)
    if facts.subject is not None:
        subject = facts.subject
        key = w.cite(subject)
        children = [n for n in facts.nodes if n.key != subject.key]
        done = sum(1 for n in children if is_done(n))
        due = date_of(subject, "duedate")
        state = (f"overdue by {days_text(in_days(now - due))}" if due and due < now and is_open(subject)
                 else f"due {due:%Y-%m-%d}" if due else "without a due date")
        if not risky:
            w.line(f"{key} ({subject.status}, {state}) shows no sign of trouble: {done} of "
                   f"{plural(len(children), 'issue')} under it done, none overdue, blocked or stale.")
        else:
            first = risky[0]
            w.line(f"{key} is {state}, mainly because {w.cite(first.node)} is {first.reasons[0]}; {done} of "
                   f"{plural(len(children), 'issue')} under it are done.")
            risk.listed(risky[:SHOWN], w)
    elif not risky:
        w.line(f"Nothing stands out among the {plural(len(facts.nodes), 'open issue')} ({team.scope(facts)}): "
               f"none is overdue, blocked, stale or urgent and unassigned.")
    else:
        ordered = sorted(risky, key=_urgency)
        w.line(f"Look first at {w.cite(ordered[0].node)} ({ordered[0].node.summary}): {'; '.join(ordered[0].reasons)}.")
        w.line(f"Then, of {len(risky)} open issues at risk ({team.scope(facts)}):")
        risk.listed(ordered[1:SHOWN], w)
    search.unused(facts, w)
    return w.result()


def _urgency(risk_: AtRisk) -> tuple:
    """Top-priority overdue work first, then the most overdue, then the most reasons."""
    return (not (priority(risk_.node) in TOP_PRIORITIES and risk_.overdue_days > 0), -risk_.overdue_days,
            -len(risk_.reasons), risk_.node.key)


HANDLER = JiraHandler(plan, fetch, word)
