"""metadata: one or more fields of the issues named."""

from __future__ import annotations

from jirakg.answer.templated import FIELD_NAMES, Answer, Writer, shown
from jirakg.graph import GraphManager
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.retrieval.facts import IssueFacts
from jirakg.retrieval.plan import RetrievalPlan

DEFAULT_FIELDS = ["summary", "status", "assignee", "priority"]


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="node", keys=call.issue_keys,
                         fields=sorted(set(call.slots.fields) | {"status", "assignee"}))


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> IssueFacts:
    subject = await manager.node(plan.keys[0], plan.fields)
    others = await manager.nodes(plan.keys[1:], plan.fields)
    return IssueFacts(plan=plan, nodes=[subject, *others.values()])


def word(facts: IssueFacts) -> Answer:
    w = Writer()
    fields = facts.plan.intent.slots.fields or DEFAULT_FIELDS
    for node in facts.nodes:
        values = "; ".join(
            f"{FIELD_NAMES.get(f, f)}: {shown(node.fields.get(f, node.summary if f == 'summary' else None))}"
            for f in fields)
        w.line(f"{w.cite(node)} ({node.summary}) — {values}.")
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
