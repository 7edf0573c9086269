"""Starting an engine: the knowledge graph file is loaded (and a kept store checked) off the event loop,
which at a million triples takes seconds that every other request would otherwise wait out."""

from __future__ import annotations

import asyncio
import threading

from jirakg.config import Settings
from jirakg.engine import session
from tests.engine.demo_env import DATASET
from tests.jira_env import devjira


def test_the_knowledge_graph_is_opened_off_the_event_loop(tmp_path, monkeypatch) -> None:
    opened: dict[str, int] = {}
    open_graph = session.KgSession.from_settings
    monkeypatch.setattr(session.KgSession, "from_settings",
                        lambda *args: opened.setdefault("thread", threading.get_ident()) and open_graph(*args))
    with devjira(DATASET) as url:
        settings = Settings(data_dir=tmp_path, store={"backend": "memory"},
                            feedback={"sqlite_path": tmp_path / "feedback.sqlite3"},
                            jira={"url": url, "auth": "anonymous"})

        async def start() -> tuple[int, bool]:
            async with session.engine_session(url, settings, people=False) as engine:
                return threading.get_ident(), engine.services.kg is not None
        loop_thread, has_graph = asyncio.run(start())
    assert has_graph and "thread" in opened and opened["thread"] != loop_thread
