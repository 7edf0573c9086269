"""What a surface shows around the answers: an issue at a glance as one person may see it (a link
preview), and each person's recent questions."""

from __future__ import annotations

import json

from pydantic import BaseModel

from jirakg.answer.templated import shown
from jirakg.connectors.jira.errors import IssueNotFound
from jirakg.graph import GraphManager
from jirakg.graph.stores import GraphStore

GLANCE_FIELDS = ("assignee", "priority")
RECENT_KEPT = 5


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
    return IssueGlance(key=node.key, url=manager.issue_url(node.key), summary=node.summary,
                       status=node.status or "not set", assignee=shown(node.fields.get("assignee")),
                       priority=shown(node.fields.get("priority")))


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
