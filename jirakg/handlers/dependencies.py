"""dependencies: transitive blocking chains from an issue, hop by hop, and any deadlocks (cycles)."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager, IssueGraph
from jirakg.graph.node import as_blocking
from jirakg.handlers.base import JiraHandler
from jirakg.intents.jql_builder import quote
from jirakg.intents.models import IntentCall
from jirakg.retrieval.facts import ChainFacts, CyclesFacts
from jirakg.retrieval.plan import RetrievalPlan

CHAIN_DEPTH = 10


def _blocking(call: IntentCall) -> str:
    """Issues waiting on another, as the instance says it ("is blocked by", or Fluid's "depends on"): every issue
    of a cycle waits on the next, and an archive may hold only that side of each link."""
    return f"issueLinkType = {quote(call.slots.link_type or 'is blocked by')}"


def plan(call: IntentCall) -> RetrievalPlan:
    if not call.issue_keys:  # "any blocking cycles in OPS?": every blocking link, the scope's issues in a cycle
        return RetrievalPlan(intent=call, operation="jql", jql=_blocking(call), fields=["status"])
    return RetrievalPlan(intent=call, operation="dependencies", keys=call.issue_keys, depth=CHAIN_DEPTH)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> ChainFacts | CyclesFacts:
    return await chain(plan, manager) if plan.keys else await _cycles(plan, manager)


async def chain(plan: RetrievalPlan, manager: GraphManager) -> ChainFacts:
    """The blocking chain from the plan's issue, hop by hop, with any deadlocks on the way."""
    key = plan.keys[0]
    subject = await manager.node(key, plan.fields)
    direction = "outward" if as_blocking(plan.intent.slots.link_type) == "blocks" else "inward"
    walked, cycles, graph = await manager.dependencies(key, "Blocks", direction, plan.depth)
    nodes = [node for node in (graph.get(k) for k in walked.keys) if node is not None]
    return ChainFacts(plan=plan, subject=subject, nodes=nodes, layers=walked.layers, cycles=cycles)


async def _cycles(plan: RetrievalPlan, manager: GraphManager) -> CyclesFacts:
    linked = await manager.get(plan.jql or _blocking(plan.intent), plan.fields)
    cycles = IssueGraph(linked.nodes).cycles()
    if plan.intent.jql:  # a cycle that reaches into the scope asked about
        scope = {n.key for n in (await manager.get(f"({plan.intent.jql}) AND {_blocking(plan.intent)}",
                                                   plan.fields)).nodes}
        cycles = [c for c in cycles if scope & set(c)]
    by_key = {n.key: n for n in linked.nodes}
    return CyclesFacts(plan=plan, nodes=[by_key[k] for c in cycles for k in c], linked=len(linked.nodes),
                       cycles=cycles, cache_hit=linked.cache_hit, matched=linked.matched, capped=linked.capped)


def word(facts: ChainFacts | CyclesFacts) -> Answer:
    if isinstance(facts, CyclesFacts):
        return _word_cycles(facts)
    w = Writer()
    relation = facts.plan.intent.slots.link_type or "is blocked by"
    if not facts.layers:
        w.line(f"Nothing {'blocks' if relation != 'blocks' else 'is blocked by'} {w.cite(facts.subject)}, "
               "directly or transitively.")
    else:
        total = sum(len(layer) for layer in facts.layers)
        levels = plural(len(facts.layers), "level")
        w.line(f"{w.cite(facts.subject)} {relation} {plural(total, 'issue')} over {levels}:")
        by_key = {n.key: n for n in facts.nodes}
        for depth, layer in enumerate(facts.layers, 1):
            names = ", ".join(f"{w.cite(by_key[k])} ({by_key[k].status})" if k in by_key else k for k in layer)
            w.line(f"- level {depth}: {names}")
    for cycle in facts.cycles:
        w.line("Deadlock: " + " → ".join([*cycle, cycle[0]]) + " block one another.")
    return w.result()



def _word_cycles(facts: CyclesFacts) -> Answer:
    w = Writer()
    where = f" among the issues matching {facts.plan.intent.jql}" if facts.plan.intent.jql else ""
    if not facts.cycles:
        w.line(f"No issues block one another in a loop{where} ({plural(facts.linked, 'issue')} in blocking links "
               "checked).")
        return w.result()
    w.line(f"{plural(len(facts.cycles), 'blocking cycle')}{where}:")
    by_key = {n.key: n for n in facts.nodes}
    for cycle in facts.cycles:
        w.line("- " + " → ".join([*(f"{w.cite(by_key[k])} ({by_key[k].status})" for k in cycle), cycle[0]]))
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
