"""Example questions that answer on the connected instance: keys, projects and people taken from one page
of its recently updated open issues, as the asker may see them (the web chat's empty state, the help)."""

from __future__ import annotations

from collections import Counter
from contextlib import aclosing

from pydantic import BaseModel

from jirakg.graph import GraphManager, Node, node_from_issue
from jirakg.graph.node import STRUCTURE_FIELDS

SAMPLE_JQL = "statusCategory != Done ORDER BY updated DESC"
SAMPLE_FIELDS = [*STRUCTURE_FIELDS, "assignee"]


class Example(BaseModel):
    intent: str  # the intent the question is answered by
    text: str


async def instance_examples(manager: GraphManager) -> list[Example]:
    """A handful of questions naming things that exist and that this view of the graph may browse; fewer
    (none) when the instance has no open issues."""
    # One page is enough to name a few things; closing the pages at once cancels the fetches of the rest.
    async with aclosing(manager.connector.pages(SAMPLE_JQL, SAMPLE_FIELDS)) as pages:
        batch: list[dict] = await anext(pages, [])
    nodes = [node_from_issue(issue) for issue in batch]
    if manager.sight is not None:
        nodes = await manager.sight.trim(nodes)
    return examples_from(nodes)


def examples_from(nodes: list[Node]) -> list[Example]:
    found: list[Example] = []
    owned = next((n for n in nodes if _assignee(n)), None)
    if owned:
        found.append(Example(intent="metadata", text=f"Who is the assignee of {owned.key}?"))
    blocked = next((n for n in nodes if n.linked("Blocks", "inward")), None)
    if blocked:
        found.append(Example(intent="linked", text=f"What blocks {blocked.key}?"))
    projects = Counter(n.project for n in nodes)
    with_bugs = next((p for p, _ in projects.most_common() if any(n.project == p and n.type == "Bug" for n in nodes)),
                     None)
    if with_bugs:
        found.append(Example(intent="search", text=f"Open bugs in {with_bugs}"))
    if projects:
        busiest = projects.most_common(1)[0][0]
        found.append(Example(intent="breakdown", text=f"How many open issues per priority in {busiest}?"))
        found.append(Example(intent="risk", text=f"Which issues in {busiest} are at risk?"))
    people = Counter(name for n in nodes if (name := _assignee(n)))
    if people:
        found.append(Example(intent="count", text=f"How many open issues does {people.most_common(1)[0][0]} have?"))
    parent = next((n.parent for n in nodes if n.parent), None)
    if parent:
        found.append(Example(intent="summary", text=f"Summarize {parent}"))
    return found


def _assignee(node: Node) -> str | None:
    person = node.fields.get("assignee")
    return person.get("displayName") if isinstance(person, dict) else None
