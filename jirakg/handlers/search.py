"""search: the issues a question's filters select, through the JQL they became."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import SearchFacts
from jirakg.retrieval.plan import RetrievalPlan


def plan(call: IntentCall) -> RetrievalPlan:
    group = {call.slots.group_by} if call.slots.group_by else set()
    return RetrievalPlan(intent=call, operation="jql", jql=call.jql or "project is not EMPTY",
                         fields=sorted(set(INTENTS[call.name].fields) | group))


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> SearchFacts:
    result = await manager.get(plan.jql or "", plan.fields)
    return SearchFacts(plan=plan, nodes=result.nodes, cache_hit=result.cache_hit)


def word(facts: SearchFacts) -> Answer:
    w = Writer()
    if not facts.nodes:
        w.line(f"No issues match {facts.plan.jql}.")
    else:
        w.line(f"{plural(len(facts.nodes), 'issue')} match {facts.plan.jql}:")
        w.listing(facts.nodes)
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
