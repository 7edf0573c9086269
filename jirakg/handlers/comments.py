"""comments: an issue's comments: the latest, who commented, how many, those mentioning a word."""

from __future__ import annotations

from collections import Counter

from jirakg.analysis.groups import leaders, names
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager, Node
from jirakg.graph.node import Comment
from jirakg.handlers import team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import IntentCall
from jirakg.retrieval.facts import IssueFacts
from jirakg.retrieval.plan import RetrievalPlan

QUOTE = 200  # characters of a comment quoted in an answer
SHOWN = 5


def plan(call: IntentCall) -> RetrievalPlan:
    if not call.issue_keys:  # comments mentioning a word across the issues the conditions select
        return RetrievalPlan(intent=call, operation="jql", jql=call.jql or team.EVERYTHING, fields=["comment"])
    return RetrievalPlan(intent=call, operation="node", keys=call.issue_keys, fields=["comment"])


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> IssueFacts:
    if plan.operation == "jql":
        selected = await team.fetch(plan, manager)
        return IssueFacts(plan=selected.plan, nodes=selected.nodes, cache_hit=selected.cache_hit,
                          matched=selected.matched, capped=selected.capped)
    found = await manager.nodes(plan.keys, plan.fields)
    missing = [key for key in plan.keys if key not in found]
    if missing:
        await manager.node(missing[0], plan.fields)  # raises the one clear "no such issue" sentence
    return IssueFacts(plan=plan, nodes=list(found.values()))


def word(facts: IssueFacts) -> Answer:
    call = facts.plan.intent
    w = Writer()
    if facts.plan.operation == "jql":
        _across(facts, w)
    for node in facts.nodes if facts.plan.operation == "node" else []:
        _about(node, call, w)
    return w.result()


def _across(facts: IssueFacts, w: Writer) -> None:
    where = f"issues matching {facts.plan.jql}"
    measure = facts.plan.intent.slots.measure
    if measure is not None and measure.detail == "count":
        every = [c for node in facts.nodes for c in node.comments]
        commented = sum(1 for node in facts.nodes if node.comments)
        w.line(f"{plural(len(every), 'comment')} in all on the {plural(len(facts.nodes), 'issue')} ({where}); "
               f"{commented} of them have comments, by {plural(len({c.author for c in every}), 'person', 'people')}.")
        return
    if measure is not None and measure.detail == "authors":
        _commenters(facts, where, w)
        return
    wanted = (facts.plan.intent.slots.text or "").lower()
    hits = [(node, c) for node in facts.nodes for c in node.comments if wanted and wanted in c.body.lower()]
    if not hits:
        w.line(f"No comment on the {plural(len(facts.nodes), 'issue')} ({where}) mentions '{wanted}'.")
        return
    authors = Counter(c.author or "someone" for _, c in hits)
    w.line(f"{plural(len(hits), 'comment')} on {plural(len({n.key for n, _ in hits}), 'issue')} ({where}) mention "
           f"'{wanted}', by " + names([f"{who} ({count})" for who, count in authors.most_common()]) + ":")
    for node, comment in hits[-SHOWN:]:
        w.line(f"- {w.cite(node)}: {_quoted(comment)}")


def _commenters(facts: IssueFacts, where: str, w: Writer) -> None:
    """Who wrote the most comments on the selected issues; people tied at the top are all named."""
    written = Counter(c.author or "someone" for node in facts.nodes for c in node.comments)
    if not written:
        w.line(f"No one has commented on the {plural(len(facts.nodes), 'issue')} ({where}).")
        return
    ranked = sorted(((who, float(count)) for who, count in written.items()), key=lambda item: (-item[1], item[0]))
    top, best = leaders(ranked, "most")
    verb = "wrote" if len(top) == 1 else "tied, each wrote"
    w.line(f"{names(top)} {verb} the most comments: {int(best)}, of {plural(sum(written.values()), 'comment')} on "
           f"{plural(len(facts.nodes), 'issue')} ({where}).")
    rest = [(who, int(count)) for who, count in ranked[len(top):SHOWN + len(top)]]
    if rest:
        w.line("Then " + names([f"{who} ({count})" for who, count in rest]) + ".")


def _about(node: Node, call: IntentCall, w: Writer) -> None:
    key = w.cite(node)
    comments = sorted(node.comments, key=lambda c: (c.created is None, c.created))
    detail = call.slots.measure.detail if call.slots.measure else "all"
    if not comments:
        w.line(f"{key} has no comments.")
        return
    if detail == "mentions" and call.slots.text:
        word_ = call.slots.text.lower()
        hits = [c for c in comments if word_ in c.body.lower()]
        if not hits:
            w.line(f"None of the {plural(len(comments), 'comment')} on {key} mentions '{call.slots.text}'.")
            return
        w.line(f"{plural(len(hits), 'comment')} on {key} mention '{call.slots.text}', by "
               f"{names(list(dict.fromkeys(c.author or 'someone' for c in hits)))}:")
        for comment in hits[-SHOWN:]:
            w.line(f"- {_quoted(comment)}")
        return
    authors = Counter(c.author or "someone" for c in comments)
    latest = comments[-1]
    if detail == "latest":
        w.line(f"The latest comment on {key} is by {latest.author or 'someone'}{_on(latest)}: {_quoted(latest, False)}")
    elif detail == "count":
        w.line(f"{key} has {plural(len(comments), 'comment')}, by {plural(len(authors), 'person', 'people')}: "
               + names([f"{who} ({count})" for who, count in authors.most_common()]) + ".")
    elif detail == "authors":
        w.line(f"{plural(len(authors), 'person', 'people')} commented on {key}: "
               + names([f"{who} ({count})" for who, count in authors.most_common()]) + ".")
    else:
        w.line(f"{key} has {plural(len(comments), 'comment')}; the latest is by {latest.author or 'someone'}"
               f"{_on(latest)}:")
        for comment in comments[-SHOWN:]:
            w.line(f"- {_quoted(comment)}")


def _on(comment: Comment) -> str:
    return f" on {comment.created:%Y-%m-%d}" if comment.created else ""


def _quoted(comment: Comment, with_author: bool = True) -> str:
    body = " ".join(comment.body.split())
    body = body if len(body) <= QUOTE else body[:QUOTE - 1] + "…"
    return (f"{comment.author or 'someone'}{_on(comment)}: " if with_author else "") + f"\"{body}\""


HANDLER = JiraHandler(plan, fetch, word)
