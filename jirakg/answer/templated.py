"""The embedded answerer: deterministic sentences built only from retrieved data.

It follows each intent's guideline: the asked fact first, issues cited by key, lists cut at ten
with "and N more", and an explicit sentence when nothing matched.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field

from jirakg.graph import Node
from jirakg.intents.registry import INTENTS
from jirakg.retrieval.executor import Retrieved

LIST_LIMIT = 10
FIELD_NAMES = {"assignee": "assignee", "reporter": "reporter", "priority": "priority", "status": "status",
               "duedate": "due date", "labels": "labels", "components": "components", "fixVersions": "fix version",
               "resolution": "resolution", "created": "created", "updated": "updated", "summary": "summary",
               "issuetype": "type", "description": "description", "customfield_10016": "story points"}


class Answer(BaseModel):
    text: str
    citations: list[str] = Field(default_factory=list)  # issue keys, in the order cited
    urls: dict[str, str] = Field(default_factory=dict)


def answer(retrieved: Retrieved) -> Answer:
    writer = _Writer()
    name = retrieved.plan.intent.name
    {"metadata": _metadata, "children": _children, "linked": _linked, "dependencies": _dependencies,
     "changelog": _changelog, "summary": _summary, "search": _search, "count": _count, "help": _help,
     "clarify": _clarify, "kg_question": _kg}[name](retrieved, writer)
    return writer.result()


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.citations: dict[str, str] = {}

    def cite(self, node: Node) -> str:
        self.citations.setdefault(node.key, node.url)
        return node.key

    def line(self, text: str) -> None:
        self.lines.append(text)

    def listing(self, nodes: list[Node]) -> None:
        for node in nodes[:LIST_LIMIT]:
            self.line(f"- {self.cite(node)} {node.summary} ({node.status}{_assignee(node)})")
        if len(nodes) > LIST_LIMIT:
            self.line(f"…and {len(nodes) - LIST_LIMIT} more.")

    def result(self) -> Answer:
        return Answer(text="\n".join(self.lines), citations=list(self.citations), urls=self.citations)


def _assignee(node: Node) -> str:
    person = node.fields.get("assignee")
    return f", {person.get('displayName')}" if isinstance(person, dict) and person.get("displayName") else ""


def shown(value: object) -> str:
    """A field value as a person reads it."""
    if value in (None, "", []):
        return "not set"
    if isinstance(value, dict):
        return str(value.get("displayName") or value.get("name") or value.get("value") or value.get("key") or value)
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value)
    return text[:10] if len(text) >= 10 and text[4:5] == "-" and text[7:8] == "-" else text


def _metadata(r: Retrieved, w: _Writer) -> None:
    for node in r.nodes:
        fields = r.plan.intent.slots.fields or ["summary", "status", "assignee", "priority"]
        facts = "; ".join(f"{FIELD_NAMES.get(f, f)}: {shown(node.fields.get(f, node.summary if f == 'summary' else None))}"
                          for f in fields)
        w.line(f"{w.cite(node)} ({node.summary}) — {facts}.")


def _children(r: Retrieved, w: _Writer) -> None:
    kind = r.plan.intent.slots.issue_type
    what = f"{kind.lower()} " if kind else ""
    if not r.nodes:
        w.line(f"{w.cite(r.subject)} has no {what}children that match.")
        return
    w.line(f"{w.cite(r.subject)} has {len(r.nodes)} {what}child issue{'s' if len(r.nodes) != 1 else ''}:")
    w.listing(r.nodes)


def _relation(r: Retrieved) -> str:
    link = r.plan.intent.slots.link_type
    return link or "linked to"


def _linked(r: Retrieved, w: _Writer) -> None:
    relation = _relation(r)
    if not r.nodes:
        w.line(f"{w.cite(r.subject)} has no '{relation}' links." if r.plan.intent.slots.link_type
               else f"{w.cite(r.subject)} has no linked issues.")
        return
    w.line(f"{w.cite(r.subject)} {relation} {len(r.nodes)} issue{'s' if len(r.nodes) != 1 else ''}:")
    w.listing(r.nodes)


def _dependencies(r: Retrieved, w: _Writer) -> None:
    relation = r.plan.intent.slots.link_type or "is blocked by"
    if not r.chain:
        w.line(f"Nothing {'blocks' if relation != 'blocks' else 'is blocked by'} {w.cite(r.subject)}, directly or transitively.")
    else:
        total = sum(len(layer) for layer in r.chain)
        w.line(f"{w.cite(r.subject)} {relation} {total} issue{'s' if total != 1 else ''} "
               f"over {len(r.chain)} level{'s' if len(r.chain) != 1 else ''}:")
        by_key = {n.key: n for n in r.nodes}
        for depth, layer in enumerate(r.chain, 1):
            names = ", ".join(f"{w.cite(by_key[k])} ({by_key[k].status})" if k in by_key else k for k in layer)
            w.line(f"- level {depth}: {names}")
    for cycle in r.cycles:
        w.line("Deadlock: " + " → ".join([*cycle, cycle[0]]) + " block one another.")


def _changelog(r: Retrieved, w: _Writer) -> None:
    window = r.plan.intent.slots.window
    if not r.changes:
        where = f" {window.phrase}" if window else ""
        w.line(f"Nothing that matches changed on {w.cite(r.subject)}{where}.")
        return
    w.line(f"{w.cite(r.subject)}: {len(r.changes)} change{'s' if len(r.changes) != 1 else ''}, newest first:")
    for entry in r.changes[:LIST_LIMIT]:
        items = "; ".join(f"{i.field} {i.from_string or 'empty'} → {i.to_string or 'empty'}" for i in entry.items)
        w.line(f"- {entry.created.strftime('%Y-%m-%d %H:%M')} {entry.author or 'someone'}: {items}")
    if len(r.changes) > LIST_LIMIT:
        w.line(f"…and {len(r.changes) - LIST_LIMIT} earlier changes.")


def _summary(r: Retrieved, w: _Writer) -> None:
    subject = r.subject
    w.line(f"{w.cite(subject)} {subject.summary} is {subject.status}.")
    if not r.nodes:
        w.line("It has no child issues.")
        return
    by_category = Counter(n.status_category for n in r.nodes)
    points = {c: sum(float(n.fields.get("customfield_10016") or 0) for n in r.nodes if n.status_category == c)
              for c in ("done", "indeterminate", "new")}
    w.line(f"Progress over {len(r.nodes)} issues below it: {by_category['done']} done, "
           f"{by_category['indeterminate']} in progress, {by_category['new']} to do"
           + (f" ({shown(points['done'])} of {shown(sum(points.values()))} story points done)."
              if sum(points.values()) else "."))
    blocked = [n for n in r.nodes if n.status == "Blocked"]
    if blocked:
        w.line(f"Blocked ({len(blocked)}):")
        w.listing(blocked)


def _search(r: Retrieved, w: _Writer) -> None:
    if not r.nodes:
        w.line(f"No issues match {r.plan.jql}.")
        return
    w.line(f"{len(r.nodes)} issue{'s' if len(r.nodes) != 1 else ''} match {r.plan.jql}:")
    w.listing(r.nodes)


def _count(r: Retrieved, w: _Writer) -> None:
    w.line(f"{len(r.nodes)} issue{'s' if len(r.nodes) != 1 else ''} match {r.plan.jql}.")
    group = r.plan.intent.slots.group_by
    if group and r.nodes:
        counts = Counter(n.status if group == "status" else shown(n.fields.get(group)) for n in r.nodes)
        w.line("By " + FIELD_NAMES.get(group, group) + ": "
               + ", ".join(f"{value} {count}" for value, count in counts.most_common()) + ".")


def _help(r: Retrieved, w: _Writer) -> None:
    w.line("I answer questions about Jira issues, for example:")
    for spec in INTENTS.values():
        if spec.name not in ("help", "clarify"):
            w.line(f"- {spec.description} e.g. \"{spec.examples[0]}\"")


def _clarify(r: Retrieved, w: _Writer) -> None:
    w.line(r.plan.intent.slots.reason or "I did not understand; which issue do you mean?")


def _kg(r: Retrieved, w: _Writer) -> None:
    w.line("No knowledge graph is configured; set sparql.endpoint or sparql.kg_file to ask about one.")
