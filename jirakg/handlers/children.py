"""children: the child issues of a parent, optionally of one type, status or priority."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers.base import JiraHandler
from jirakg.handlers.node_filters import wanted
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import RelativesFacts
from jirakg.retrieval.plan import RetrievalPlan

DEEPEST = 4  # initiative → feature → epic → story → sub-task


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="children", keys=call.issue_keys, fields=INTENTS["children"].fields)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> RelativesFacts:
    key = plan.keys[0]
    subject = await manager.node(key, plan.fields)
    tree = await manager.subtree(key, plan.fields, depth=1)
    slots = plan.intent.slots
    nodes = [n for n in tree.children(key) if wanted(n, slots)]
    if not nodes and slots.issue_types and tree.children(key):
        # "the epics under INIT-3": a type that sits lower in the hierarchy is found below the children
        tree = await manager.subtree(key, plan.fields, depth=DEEPEST)
        nodes = [n for n in tree.descendants(key) if wanted(n, slots)]
    return RelativesFacts(plan=plan, subject=subject, nodes=nodes)


def word(facts: RelativesFacts) -> Answer:
    w = Writer()
    kinds = facts.plan.intent.slots.issue_types
    what = f"{' or '.join(kinds).lower()} " if kinds else ""
    if not facts.nodes:
        w.line(f"{w.cite(facts.subject)} has no {what}children that match.")
    elif any(n.parent != facts.subject.key for n in facts.nodes):
        w.line(f"{w.cite(facts.subject)} has no {what}children of its own; "
               f"{plural(len(facts.nodes), what + 'issue')} below it:")
        w.listing(facts.nodes)
    else:
        w.line(f"{w.cite(facts.subject)} has {plural(len(facts.nodes), what + 'child issue')}:")
        w.listing(facts.nodes)
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
