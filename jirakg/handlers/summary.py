"""summary: progress of an issue's subtree — done / in progress / to do, story points, what is blocked."""

from __future__ import annotations

from collections import Counter

from jirakg.answer.templated import Answer, Writer, shown
from jirakg.graph import GraphManager, Node
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.facts import RelativesFacts
from jirakg.retrieval.plan import RetrievalPlan

SUBTREE_DEPTH = 4
POINTS = "customfield_10016"


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="subtree", keys=call.issue_keys, fields=INTENTS["summary"].fields,
                         depth=SUBTREE_DEPTH)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> RelativesFacts:
    key = plan.keys[0]
    subject = await manager.node(key, plan.fields)
    tree = await manager.subtree(key, plan.fields, depth=plan.depth)
    return RelativesFacts(plan=plan, subject=subject, nodes=tree.descendants(key))


def _points(nodes: list[Node]) -> float:
    return sum(float(n.fields.get(POINTS) or 0) for n in nodes)


def word(facts: RelativesFacts) -> Answer:
    w = Writer()
    subject, nodes = facts.subject, facts.nodes
    owner = subject.fields.get("assignee")
    due = subject.fields.get("duedate")
    w.line(f"{w.cite(subject)} {subject.summary} is {subject.status}"
           + (f", owned by {shown(owner)}" if owner else ", with nobody assigned")
           + (f", due {shown(due)}" if due else "") + ".")
    if not nodes:
        w.line("It has no child issues.")
        return w.result()
    by_category = Counter(n.status_category for n in nodes)
    done_points, all_points = _points([n for n in nodes if n.status_category == "done"]), _points(nodes)
    w.line(f"Progress over {len(nodes)} issues below it: {by_category['done']} done, "
           f"{by_category['indeterminate']} in progress, {by_category['new']} to do"
           + (f" ({shown(done_points)} of {shown(all_points)} story points done)." if all_points else "."))
    blocked = [n for n in nodes if n.status == "Blocked"]
    if blocked:
        w.line(f"Blocked ({len(blocked)}):")
        w.listing(blocked)
    # what is left, work under way first: the part of a progress report people act on
    left = sorted((n for n in nodes if n.status_category != "done" and n not in blocked),
                  key=lambda n: n.status_category != "indeterminate")
    if left:
        w.line(f"Still open ({len(left)}):")
        w.listing(left)
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
