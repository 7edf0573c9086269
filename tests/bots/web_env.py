"""A real `jirakg serve` application on a socket, its engine on devjira's demo organisation, with
the feedback store in a temporary SQLite file (or wherever the test points it)."""

from __future__ import annotations

import asyncio
from contextlib import contextmanager

from jirakg.bots.web.app import build_app
from jirakg.config import Settings
from jirakg.config.settings import FeedbackSettings
from jirakg.devjira.runner import BackgroundServer
from jirakg.engine.session import engine_session
from jirakg.feedback import open_feedback_store
from tests.devjira import http
from tests.jira_env import demo_dataset, devjira

DATASET = demo_dataset(issues=600, seed=23)
RAW = {i["key"]: i for i in DATASET.issues}
KEY = next(k for k, i in RAW.items() if i["fields"]["assignee"])  # an issue someone owns
OWNER = RAW[KEY]["fields"]["assignee"]["displayName"]


@contextmanager
def jirakg_server(tmp_path, slack=None, forge=None, jira_secret: str | None = None, **sections):
    with devjira(DATASET) as jira:
        settings = Settings(jira={"url": jira, "auth": "anonymous", "webhook_secret": jira_secret},
                            store={"backend": "memory"}, feedback={"sqlite_path": tmp_path / "feedback.sqlite3"},
                            **sections)
        app = build_app(lambda: engine_session(jira, settings), settings, slack=slack, forge=forge)
        with BackgroundServer(app) as url:
            yield url, settings


def call(url: str, method: str = "GET", body: object = None, headers: dict | None = None,
         raw: bytes | None = None) -> tuple[int, dict, dict]:
    """(status, JSON body, headers) of one request; error statuses are returned, not raised."""
    reply = http.call(url, method, body, headers=headers, raw=raw)
    return reply.status, reply.body, reply.headers


def feedback_rows(path) -> list[dict]:
    """What the feedback store at `path` exports."""
    async def read():
        store = open_feedback_store(FeedbackSettings(sqlite_path=path))
        try:
            return await store.export()
        finally:
            await store.close()
    return asyncio.run(read())
