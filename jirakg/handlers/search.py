"""search: the issues a question's filters select, through the JQL they became."""

from __future__ import annotations

from jirakg.answer.notes import reading_notes
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import FactsBase, SearchFacts
from jirakg.retrieval.plan import RetrievalPlan
from jirakg.retrieval.subtrees import resolved_jql


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="jql", jql=call.jql or "project is not EMPTY",
                         fields=sorted(INTENTS[call.name].fields))


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> SearchFacts:
    jql = await resolved_jql(plan.jql or "", plan.intent.slots, manager)
    result = await manager.get(jql, plan.fields, changelog=plan.changelog)
    return SearchFacts(plan=plan.model_copy(update={"jql": jql}), nodes=result.nodes, cache_hit=result.cache_hit,
                       matched=result.matched, capped=result.capped)


def word(facts: SearchFacts) -> Answer:
    w = Writer()
    if not facts.nodes:
        w.line(f"No issues {selection(facts)}.")
    else:
        w.line(f"{how_many(facts)} {selection(facts)}:")
        w.listing(facts.nodes)
    unused(facts, w)
    return w.result()


def how_many(facts: FactsBase) -> str:
    """"12 issues"; past the per-question cap Jira's own count, or "at least" what a person's view kept."""
    if facts.capped and facts.matched is None:
        return f"At least {plural(len(facts.nodes), 'issue')}"
    return plural(facts.matched or len(facts.nodes), "issue")


def selection(facts: FactsBase) -> str:
    """"match JQL"; a subtree, which JQL cannot state, is named rather than shown as its keys."""
    roots = facts.plan.intent.slots.descendants_of
    if not roots:
        return f"match {facts.plan.jql}"
    under = f"under {', '.join(roots)} at any depth"
    return f"{under} match {facts.plan.intent.jql}" if facts.plan.intent.jql else f"are {under}"


def unused(facts: FactsBase, w: Writer) -> None:
    """Readings chosen and words that looked like conditions but were not used: said, so a wider answer is never
    silent."""
    for line in reading_notes(facts.plan.intent):
        w.line(line)


HANDLER = JiraHandler(plan, fetch, word)
