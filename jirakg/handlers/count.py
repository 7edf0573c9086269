"""count: how many issues a question's filters select; among one issue's children, out of how many it has."""

from __future__ import annotations

import asyncio

from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager
from jirakg.handlers import search
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import SearchFacts
from jirakg.retrieval.plan import RetrievalPlan


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> SearchFacts:
    parents = plan.intent.slots.parents
    whole = f'parent = "{parents[0]}"' if len(parents) == 1 else None
    if whole is None or plan.jql == whole:
        return await search.fetch(plan, manager)
    # "how many of its children are done?": 2 means little without the 7 it has; both reads go out together
    facts, children = await asyncio.gather(search.fetch(plan, manager), manager.get(whole, ["status"]))
    return facts.model_copy(update={"children_in_all": children.matched or len(children.nodes)})


def word(facts: SearchFacts) -> Answer:
    w = Writer()
    parents = facts.plan.intent.slots.parents
    out_of = (f", out of the {plural(facts.children_in_all, 'child issue')} of {parents[0]}"
              if facts.children_in_all is not None else "")
    w.line(f"{search.how_many(facts)} {search.selection(facts)}{out_of}.")
    search.unused(facts, w)
    return w.result()


HANDLER = JiraHandler(search.plan, fetch, word)
