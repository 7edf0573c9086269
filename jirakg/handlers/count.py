"""count: how many issues a question's filters select."""

from __future__ import annotations

from jirakg.answer.templated import Answer, Writer
from jirakg.handlers import search
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import SearchFacts


def word(facts: SearchFacts) -> Answer:
    w = Writer()
    w.line(f"{search.how_many(facts)} {search.selection(facts)}.")
    search.unused(facts, w)
    return w.result()


HANDLER = JiraHandler(search.plan, search.fetch, word)
