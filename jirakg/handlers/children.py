"""children: the child issues of a parent, optionally of one type, status or priority."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager, Node
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall, Slots
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import RelativesFacts
from jirakg.retrieval.plan import RetrievalPlan


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="children", keys=call.issue_keys, fields=INTENTS["children"].fields)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> RelativesFacts:
    key = plan.keys[0]
    subject = await manager.node(key, plan.fields)
    tree = await manager.subtree(key, plan.fields, depth=1)
    slots = plan.intent.slots
    return RelativesFacts(plan=plan, subject=subject,
                          nodes=[n for n in tree.children(key, slots.issue_type) if _wanted(n, slots)])


def _wanted(node: Node, slots: Slots) -> bool:
    return ((not slots.statuses or node.status in slots.statuses)
            and (not slots.status_categories or node.status_category in slots.status_categories)
            and (not slots.priorities or (node.fields.get("priority") or {}).get("name") in slots.priorities))


def word(facts: RelativesFacts) -> Answer:
    w = Writer()
    kind = facts.plan.intent.slots.issue_type
    what = f"{kind.lower()} " if kind else ""
    if not facts.nodes:
        w.line(f"{w.cite(facts.subject)} has no {what}children that match.")
    else:
        w.line(f"{w.cite(facts.subject)} has {plural(len(facts.nodes), what + 'child issue')}:")
        w.listing(facts.nodes)
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
