"""What the team-question handlers share: one fetch of the issues their conditions select, with the
fields their measure reads, and the words for fields and scopes."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from jirakg.analysis.values import DERIVED, POPULARITY, is_open
from jirakg.answer.templated import FIELD_NAMES
from jirakg.graph import GraphManager, Node
from jirakg.graph.node import DEPENDENCY_AS_BLOCKING
from jirakg.handlers import search
from jirakg.intents.models import IntentCall, Measure
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import TeamFacts
from jirakg.retrieval.plan import RetrievalPlan

LABELS = {**FIELD_NAMES, "issuetype": "type", "fixVersions": "fix version", "components": "component",
          "labels": "label", "project": "project", "created_month": "month created",
          "created_week": "week created", "epic": "epic"}
EVERYTHING = "project is not EMPTY"
BLOCKED_BY = "is blocked by"
# the verbs that say an issue waits on another: Blocks' own, and a dependency's ("depends on")
WAITS_ON = frozenset({BLOCKED_BY, *(verb for verb, (_, blocking) in DEPENDENCY_AS_BLOCKING.items()
                                    if blocking == BLOCKED_BY)})
ORDER_BY = re.compile(r"\s+ORDER\s+BY\s+", re.IGNORECASE)


def measure_of(call: IntentCall) -> Measure:
    return call.slots.measure or Measure()


def plan(call: IntentCall, *, changelog: bool = False) -> RetrievalPlan:
    measure = measure_of(call)
    wanted = set(INTENTS[call.name].fields) | {"resolution", "created"}
    wanted |= {field for field in measure.group_by if field not in DERIVED}
    wanted |= {field for field in (measure.points_field, measure.sprint_field) if field}
    wanted |= {"comment"} if measure.metric == "comments" else set()
    wanted |= {POPULARITY[measure.metric][0]} if measure.metric in POPULARITY else set()
    wanted |= {"resolutiondate"} if measure.metric == "resolution_time" or measure.statistic == "throughput" else set()
    return RetrievalPlan(intent=call, operation="jql", jql=call.jql or EVERYTHING, fields=sorted(wanted),
                         changelog=changelog)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> TeamFacts:
    """The selected issues, fetched as a search fetches them."""
    found = await search.fetch(plan, manager)
    return TeamFacts(plan=found.plan, nodes=found.nodes, cache_hit=found.cache_hit, matched=found.matched,
                     capped=found.capped)


def with_blockers(fetch_selected: Callable[[RetrievalPlan, GraphManager], Awaitable[TeamFacts]]
                  ) -> Callable[[RetrievalPlan, GraphManager], Awaitable[TeamFacts]]:
    """A fetch that also brings the issues blocking the open selected ones, wherever they live, keeping the
    unresolved ones: a release or an epic is held up by work outside it too."""
    async def fetch_with_blockers(plan: RetrievalPlan, manager: GraphManager) -> TeamFacts:
        facts = await fetch_selected(plan, manager)
        facts.others = await open_blockers(facts.nodes, manager)
        return facts
    return fetch_with_blockers


async def open_blockers(nodes: list[Node], manager: GraphManager) -> list[Node]:
    """The unresolved issues blocking the open ones among `nodes`, fetched in one batch."""
    keys = {key for node in nodes if is_open(node) for key in blocker_keys(node)}
    blockers = await manager.nodes(sorted(keys), ["resolution", "assignee", "priority"]) if keys else {}
    return [node for node in blockers.values() if is_open(node)]


def blocker_keys(node: Node) -> list[str]:
    """The keys `node.linked("is blocked by")` names, read directly: workload asks it twice of every open issue."""
    if not node.links:
        return []
    sides = [(kind, side) for kind, verbs in node.link_verbs.items() for side, verb in verbs.items()
             if verb.lower() in WAITS_ON]
    if sides:  # the verb picks its side
        return [key for kind, side in sides for key in node.links.get(kind, {}).get(side, [])]
    return [key for kind, sides_of in node.links.items() if kind.lower() == BLOCKED_BY
            for keys in sides_of.values() for key in keys]


def is_blocked(node: Node, open_blockers: set[str]) -> bool:
    """In a Blocked status, or linked as blocked by an issue that is still unresolved."""
    return (node.status or "").lower() == "blocked" or any(key in open_blockers for key in blocker_keys(node))


def as_of(facts: TeamFacts) -> datetime:
    return facts.plan.as_of or datetime.now(UTC)


def label(field: str, measure: Measure) -> str:
    return "sprint" if field == measure.sprint_field else LABELS.get(field, field)


def scope(facts: TeamFacts) -> str:
    """The selection in words for a lead sentence: "issues matching project = DATA", or "all issues"."""
    jql = facts.plan.jql or EVERYTHING
    return "all issues" if jql == EVERYTHING else f"issues matching {jql}"


def open_plan(call: IntentCall, *, changelog: bool = False) -> RetrievalPlan:
    """The plan for a question about open work: the selection, unresolved only."""
    selected = plan(call, changelog=changelog)
    return selected.model_copy(update={"jql": open_only(selected.jql or EVERYTHING)})


def open_only(jql: str) -> str:
    if re.search(r"\bresolution\s+is\s+EMPTY\b", jql, re.IGNORECASE):
        return jql
    return narrowed_jql(jql, "resolution is EMPTY")


def narrowed_jql(jql: str, condition: str) -> str:
    """`jql` AND `condition`, its ORDER BY kept at the end; "everything" narrowed is just the condition."""
    where, *order = ORDER_BY.split(jql, maxsplit=1)
    if re.search(r"\bOR\b", condition, re.IGNORECASE):
        condition = f"({condition})"
    narrowed = condition if where == EVERYTHING else f"({where}) AND {condition}"
    return narrowed + (f" ORDER BY {order[0]}" if order else "")
