"""changelog: what changed on an issue — which field, by whom, from → to — optionally in a window."""

from __future__ import annotations

from datetime import datetime

from jirakg.answer.templated import LIST_LIMIT, Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.graph.node import ChangeEntry
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall, TimeWindow
from jirakg.retrieval.facts import ChangeFacts
from jirakg.retrieval.plan import RetrievalPlan


def plan(call: IntentCall) -> RetrievalPlan:
    return RetrievalPlan(intent=call, operation="changelog", keys=call.issue_keys, changelog=True)


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> ChangeFacts:
    subject = await manager.node(plan.keys[0], plan.fields, changelog=True)
    slots = plan.intent.slots
    wanted = {f.lower() for f in slots.fields}
    changes = [entry for entry in sorted(subject.changelog or [], key=lambda e: e.created, reverse=True)
               if (not wanted or _touches(entry, wanted)) and (slots.window is None or _within(entry, slots.window))]
    return ChangeFacts(plan=plan, subject=subject, changes=changes)


def _touches(entry: ChangeEntry, wanted: set[str]) -> bool:
    names = {item.field.lower() for item in entry.items}
    return any(n in wanted or n.replace(" ", "") in wanted or (n == "fix version" and "fixversions" in wanted)
               for n in names)


def _within(entry: ChangeEntry, window: TimeWindow) -> bool:
    def moment(iso: str) -> datetime:
        return datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return ((window.start is None or entry.created >= moment(window.start))
            and (window.end is None or entry.created < moment(window.end)))


def word(facts: ChangeFacts) -> Answer:
    w = Writer()
    window = facts.plan.intent.slots.window
    if not facts.changes:
        w.line(f"Nothing that matches changed on {w.cite(facts.subject)}{f' {window.phrase}' if window else ''}.")
        return w.result()
    w.line(f"{w.cite(facts.subject)}: {plural(len(facts.changes), 'change')}, newest first:")
    for entry in facts.changes[:LIST_LIMIT]:
        items = "; ".join(f"{i.field} {i.from_string or 'empty'} → {i.to_string or 'empty'}" for i in entry.items)
        w.line(f"- {entry.created.strftime('%Y-%m-%d %H:%M')} {entry.author or 'someone'}: {items}")
    if len(facts.changes) > LIST_LIMIT:
        w.line(f"…and {len(facts.changes) - LIST_LIMIT} earlier changes.")
    return w.result()


HANDLER = JiraHandler(plan, fetch, word)
