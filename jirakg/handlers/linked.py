"""linked: the issues linked to an issue, by link type and direction."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers.base import JiraHandler
from jirakg.handlers.node_filters import wanted
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import RelativesFacts
from jirakg.retrieval.plan import RetrievalPlan


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="linked", keys=call.issue_keys, fields=INTENTS["linked"].fields)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> RelativesFacts:
    subject = await manager.node(plan.keys[0], plan.fields)
    found = subject.linked(plan.intent.slots.link_type)
    linked = await manager.nodes([k for k, _, _ in found], plan.fields)
    return RelativesFacts(plan=plan, subject=subject, nodes=[linked[k] for k, _, _ in found
                                                             if k in linked and wanted(linked[k], plan.intent.slots)])


def word(facts: RelativesFacts) -> Answer:
    w = Writer()
    link_type = facts.plan.intent.slots.link_type
    if not facts.nodes:
        w.line(f"{w.cite(facts.subject)} has no '{link_type}' links." if link_type
               else f"{w.cite(facts.subject)} has no linked issues.")
    else:
        w.line(f"{w.cite(facts.subject)} {link_type or 'linked to'} {plural(len(facts.nodes), 'issue')}:")
        w.listing(facts.nodes)
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
