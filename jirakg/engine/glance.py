"""What a surface shows around the answers, each as one person may see it: an issue at a glance (a
link preview), example questions built from issues that exist, the person's recent questions."""

from __future__ import annotations

import json

from pydantic import BaseModel

from jirakg.answer.templated import shown
from jirakg.connectors.jira.errors import IssueNotFound
from jirakg.errors import JirakgError
from jirakg.graph import GraphManager
from jirakg.graph.stores import GraphStore

GLANCE_FIELDS = ("assignee", "priority")
RECENT_KEPT = 5
# The person's own open work first; else what moved lately. Both bounded, so no whole-instance fetch.
EXAMPLE_QUERIES = ("assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC",
                   "updated >= -14d ORDER BY updated DESC")


class IssueGlance(BaseModel):
    key: str
    url: str
    summary: str
    status: str
    assignee: str
    priority: str


async def glance(manager: GraphManager, key: str) -> IssueGlance | None:
    """The issue as `manager`'s person sees it; None when there is none they may browse."""
    try:
        node = await manager.node(key, GLANCE_FIELDS)
    except IssueNotFound:
        return None
    return IssueGlance(key=node.key, url=node.url, summary=node.summary, status=node.status or "not set",
                       assignee=shown(node.fields.get("assignee")), priority=shown(node.fields.get("priority")))


async def example_questions(manager: GraphManager, limit: int = 4) -> list[str]:
    """Questions naming issues and projects the person may browse, so each one answers."""
    nodes = []
    for jql in EXAMPLE_QUERIES:
        try:
            nodes = (await manager.get(jql, ("assignee",))).nodes[:limit]
        except JirakgError:  # no current user (an anonymous Jira): the next query does without
            continue
        if nodes:
            break
    if not nodes:
        return ["help"]
    first = nodes[0]
    questions = [f"What is the status of {first.key}?", f"What blocks {first.key}?",
                 f"open bugs in {first.project}"]
    questions += [f"Who owns {node.key}?" for node in nodes[1:]]
    return questions[:limit]


class RecentQuestions:
    """Each person's last few questions, kept in the graph store as long as their conversations."""

    def __init__(self, store: GraphStore, ttl_s: int) -> None:
        self.store = store
        self.ttl_s = ttl_s

    async def add(self, owner: str, question: str) -> None:
        kept = [q for q in await self.of(owner) if q != question]
        await self.store.put_state(f"recent-questions:{owner}", json.dumps([question, *kept][:RECENT_KEPT]),
                                   self.ttl_s)

    async def of(self, owner: str) -> list[str]:
        raw = await self.store.get_state(f"recent-questions:{owner}")
        return json.loads(raw) if raw else []
