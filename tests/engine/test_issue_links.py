"""Issue links point at the Jira the answering process reaches, even when the node came out of a store
another process filled through another address (the demo: `serve` and `chat` share the SQLite store,
each serving the demo organisation on its own port)."""

from __future__ import annotations

import asyncio

from aiohttp import web

from jirakg.engine.engine import Engine
from jirakg.engine.history import HistoryStore
from jirakg.engine.turn import OPERATOR, TurnContext, owner_of
from jirakg.graph import GraphManager
from jirakg.graph.stores import SqliteStore
from jirakg.intents.embedded import EmbeddedParser
from tests.engine.demo_env import DATASET, LEXICON, NOW, RAW, fields
from tests.jira_env import connector, devjira

KEY = next(k for k in RAW if fields(k)["assignee"])


def ask(url: str, store_path, text: str, conversation_id: str | None = None):
    """One turn by a process of its own: its own connector and store handle on the shared file."""
    async def run():
        store = SqliteStore(store_path)
        try:
            async with connector(url) as jira:
                engine = Engine(EmbeddedParser(LEXICON, now=lambda: NOW), GraphManager(jira, store, base_url=url),
                                HistoryStore(store))
                result = await engine.ask(TurnContext(text=text, conversation_id=conversation_id, asker=OPERATOR))
                shown = await engine.conversation(result.conversation_id, owner_of("cli", None))
                return result, {k: engine.issue_url(k) for t in shown.turns for k in t.citations}
        finally:
            await store.close()
    return asyncio.run(run())


def test_links_follow_the_answering_process_not_the_fetching_one(tmp_path) -> None:
    store = tmp_path / "graph.sqlite3"
    asked_of_chat_jira: list[str] = []

    @web.middleware
    async def record(request: web.Request, handler):
        asked_of_chat_jira.append(request.path_qs + (await request.text()))
        return await handler(request)

    with devjira(DATASET) as serve_jira, devjira(DATASET, middlewares=[record]) as chat_jira:
        assert serve_jira != chat_jira  # two processes, two ports
        first, _ = ask(serve_jira, store, f"Who is the assignee of {KEY}?")
        assert first.urls == {KEY: f"{serve_jira}/browse/{KEY}"}
        # The other process answers from the node the first one stored, with its own links, also for the
        # conversation the first one started and the second one continues.
        second, shown = ask(chat_jira, store, "who is its assignee?", first.conversation_id)
        assert not [r for r in asked_of_chat_jira if KEY in r]  # the node came from the shared store
        assert second.urls == {KEY: f"{chat_jira}/browse/{KEY}"}
        assert shown == {KEY: f"{chat_jira}/browse/{KEY}"}
