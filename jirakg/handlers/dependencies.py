"""dependencies: transitive blocking chains from an issue, hop by hop, and any deadlocks (cycles)."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.retrieval.facts import ChainFacts
from jirakg.retrieval.plan import RetrievalPlan

CHAIN_DEPTH = 10


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="dependencies", keys=call.issue_keys, depth=CHAIN_DEPTH)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> ChainFacts:
    key = plan.keys[0]
    subject = await manager.node(key, plan.fields)
    direction = "outward" if plan.intent.slots.link_type == "blocks" else "inward"
    chain, cycles, graph = await manager.dependencies(key, "Blocks", direction, plan.depth)
    nodes = [node for node in (graph.get(k) for k in chain.keys) if node is not None]
    return ChainFacts(plan=plan, subject=subject, nodes=nodes, layers=chain.layers, cycles=cycles)


def word(facts: ChainFacts) -> Answer:
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


HANDLER = JiraHandler(plan, fetch, word)
