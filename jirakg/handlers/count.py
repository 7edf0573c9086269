"""count: how many issues a question's filters select, optionally grouped by a field."""

from __future__ import annotations

from collections import Counter

from jirakg.answer.templated import FIELD_NAMES, Answer, Writer, plural, shown
from jirakg.handlers import search
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import SearchFacts


def word(facts: SearchFacts) -> Answer:
    w = Writer()
    w.line(f"{plural(len(facts.nodes), 'issue')} match {facts.plan.jql}.")
    group = facts.plan.intent.slots.group_by
    if group and facts.nodes:
        counts = Counter(n.status if group == "status" else shown(n.fields.get(group)) for n in facts.nodes)
        w.line(f"By {FIELD_NAMES.get(group, group)}: "
               + ", ".join(f"{value} {count}" for value, count in counts.most_common()) + ".")
    search.unused(facts, w)
    return w.result()


HANDLER = JiraHandler(search.plan, search.fetch, word)
