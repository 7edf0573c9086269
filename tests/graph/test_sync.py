"""Sync: a full load, incremental refreshes after edits made over HTTP, resume after interruption."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import pytest

from jirakg.graph import GraphManager
from jirakg.graph.sync import SyncProgress, sync, without_order_by
from jirakg.jql.canonical import canonical_jql
from tests.devjira.http import call
from tests.graph.stores import KINDS, open_kind
from tests.jira_env import connector, demo_dataset, devjira, keys_of

EDIT_TIME = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class Interrupted(Exception):
    pass


@pytest.fixture(params=KINDS)
def store(request, tmp_path):
    redis_url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    return open_kind(request.param, tmp_path, redis_url)


def test_full_then_incremental(store) -> None:
    dataset = demo_dataset(issues=700, seed=17)
    clock_ms = lambda: int(EDIT_TIME.timestamp() * 1000)  # noqa: E731 - edits happen "now"
    with devjira(dataset, deployment="server", clock_ms=clock_ms) as url:
        async def scenario():
            async with connector(url, page_size=50) as jira:
                manager = GraphManager(jira, store, base_url=url)
                seen: list[SyncProgress] = []
                first = await sync(manager, "project in (PROJ, MOB)", ["priority"], progress=seen.append,
                                   now=lambda: datetime(2026, 11, 20, tzinfo=UTC))
                expected = keys_of(dataset, "project in (PROJ, MOB)")
                assert first.mode == "full" and first.issues == len(expected)
                assert set(await store.get_nodes(expected)) == set(expected)
                assert seen[-1].done == len(expected) and seen[-1].expected == len(expected)
                assert [p.done for p in seen] == sorted(p.done for p in seen)

                reply = call(f"{url}/rest/api/2/issue/{expected[3]}", "PUT",
                             {"fields": {"summary": "Renamed by the test", "priority": {"name": "Highest"}}})
                assert reply.status == 204
                second = await sync(manager, "project in (PROJ, MOB)", ["priority"],
                                    now=lambda: datetime(2026, 12, 2, tzinfo=UTC))
                assert second.mode == "incremental" and second.issues == 1
                node = (await store.get_nodes([expected[3]]))[expected[3]]
                assert node.summary == "Renamed by the test" and node.fields["priority"]["name"] == "Highest"
                quiet = await sync(manager, "project in (PROJ, MOB)", ["priority"],
                                   now=lambda: datetime(2026, 12, 3, tzinfo=UTC))
                assert quiet.mode == "incremental" and quiet.issues == 0
            await store.close()
        asyncio.run(scenario())


def test_interrupted_sync_resumes(store) -> None:
    dataset = demo_dataset(issues=600, seed=19)
    with devjira(dataset, deployment="cloud") as url:
        async def scenario():
            async with connector(url) as jira:
                manager = GraphManager(jira, store, base_url=url)

                def stop_after_first_batch(progress: SyncProgress) -> None:
                    raise Interrupted

                with pytest.raises(Interrupted):
                    await sync(manager, "project = DATA", progress=stop_after_first_batch)
                state = json.loads(await store.get_state(f"sync:{canonical_jql('project = DATA')}"))
                assert "checkpoint" in state and "last_sync" not in state
                resumed = await sync(manager, "project = DATA ORDER BY key")
                assert resumed.mode == "resumed"
                expected = keys_of(dataset, "project = DATA")
                assert resumed.issues < len(expected)  # it did not start over
                assert set(await store.get_nodes(expected)) == set(expected)
            await store.close()
        asyncio.run(scenario())


def test_order_by_is_replaced() -> None:
    assert without_order_by("project = X ORDER BY key DESC") == "project = X"
    assert without_order_by('summary ~ "order by" and project = X') == 'summary ~ "order by" and project = X'
    assert without_order_by("ORDER BY created") == ""
