"""Keep the stored graph fresh: a full load, then incremental refreshes by `updated`.

Progress is checkpointed after every batch (the newest `updated` stored, pages being read in
`updated` order), so an interrupted run resumes where it stopped instead of starting over.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel

from jirakg.connectors.jira.errors import JiraError
from jirakg.graph.manager import GraphManager
from jirakg.graph.node import STRUCTURE_FIELDS, node_from_issue
from jirakg.jql.canonical import canonical_jql
from jirakg.jql.syntax import tokenize

SKEW = timedelta(minutes=2)  # JQL dates have minute precision; clocks drift


class SyncProgress(BaseModel):
    done: int
    expected: int
    rate: float  # issues per second
    eta_s: float | None


class SyncReport(BaseModel):
    mode: str  # full | resumed | incremental
    jql: str
    issues: int
    seconds: float


def without_order_by(jql: str) -> str:
    for token in tokenize(jql):
        if token.keyword == "order":
            return jql[:token.position - 1].strip()
    return jql.strip()


async def sync(manager: GraphManager, jql: str = "", fields: Iterable[str] = (), *,
               progress: Callable[[SyncProgress], None] | None = None,
               now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> SyncReport:
    base = without_order_by(jql)
    state_name = f"sync:{canonical_jql(base)}"
    state = json.loads(await manager.store.get_state(state_name) or "{}")
    zone = await _user_zone(manager)
    started = now()
    if state.get("checkpoint"):
        mode, since = "resumed", datetime.fromisoformat(state["checkpoint"])
    elif state.get("last_sync"):
        mode, since = "incremental", datetime.fromisoformat(state["last_sync"])
    else:
        mode, since = "full", None
    where = f"({base})" if base else ""
    if since is not None:
        moment = (since - SKEW).astimezone(zone).strftime("%Y/%m/%d %H:%M")
        where = f'{where} AND updated >= "{moment}"' if where else f'updated >= "{moment}"'
    query = f"{where} ORDER BY updated ASC, key ASC".strip()
    expected = await manager.connector.count(where) if where else await manager.connector.count("project is not EMPTY")
    done, clock = 0, time.perf_counter()
    touched: list[str] = []
    async for batch in manager.connector.pages(query, [*STRUCTURE_FIELDS, *fields]):
        nodes = [node_from_issue(issue) for issue in batch]
        await manager.store.put_nodes(nodes)
        touched += [n.key for n in nodes]
        done += len(nodes)
        newest = max((n.updated for n in nodes if n.updated), default=None)
        if newest is not None:
            state["checkpoint"] = newest.isoformat()
            await manager.store.put_state(state_name, json.dumps(state))
        if progress:
            elapsed = max(time.perf_counter() - clock, 1e-9)
            rate = done / elapsed
            remaining = max(expected - done, 0)
            progress(SyncProgress(done=done, expected=max(expected, done), rate=rate,
                                  eta_s=remaining / rate if rate else None))
    if touched:
        # A changed issue may now match any cached query not pinned to explicit keys.
        await manager.invalidate(keys=touched, any_new_issue=True, drop_nodes=False)
    await manager.store.put_state(state_name, json.dumps({"last_sync": started.isoformat()}))
    return SyncReport(mode=mode, jql=query, issues=done, seconds=round(time.perf_counter() - clock, 3))


async def _user_zone(manager: GraphManager):
    """JQL date literals are read in the searching user's time zone."""
    try:
        me = await manager.connector.http.get("/rest/api/2/myself")
        return ZoneInfo(me.get("timeZone") or "UTC")
    except (JiraError, ZoneInfoNotFoundError, ValueError):  # anonymous access has no "myself"
        return UTC
