"""Fetch every issue a JQL query matches, by the fastest correct path for the deployment.

- Server/Data Center: the first `/rest/api/2/search` page gives `total`; the other `startAt`
  pages are fetched concurrently under the limiter.
- Cloud: `search/jql` pages are sequential (each needs the previous token), so they carry ids
  only (5,000 a page), and issues are bulk-fetched 100 at a time while ids are still arriving.
- Changelogs that a search cut short (more than 100 histories) are completed afterwards.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncGenerator, AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import Literal

from jirakg.connectors.jira.agile import STATES, BoardSprint, project_sprints, sprint
from jirakg.connectors.jira.errors import IssueNotFound, JqlError
from jirakg.connectors.jira.gc_pause import paused_gc
from jirakg.connectors.jira.http import JiraBadRequest, JiraHttp, JiraNotFound

Deployment = Literal["server", "cloud"]
ID_PAGE = 5000
BULK_BATCH = 100
CHANGELOG_PAGE = 100
CHANGELOG_BULK_ISSUES = 1000
MAX_PASSES = 3
NO_LIMIT = sys.maxsize


@dataclass
class Found:
    """What a search read, and how many issues match in all (more than it read when it stopped at a limit)."""
    issues: list[dict] = field(default_factory=list)
    matched: int | None = None
    more: bool = False  # stopped at the limit with more left but no total in hand (Cloud's id pages)


class JiraConnector:
    def __init__(self, http: JiraHttp, *, deployment: Literal["auto", "server", "cloud"] = "auto",
                 page_size: int = 100) -> None:
        self.http = http
        self.page_size = page_size
        self._deployment: Deployment | None = None if deployment == "auto" else deployment

    async def deployment(self) -> Deployment:
        if self._deployment is None:
            info = await self.http.get("/rest/api/2/serverInfo")
            self._deployment = "cloud" if str(info.get("deploymentType", "")).lower() == "cloud" else "server"
        return self._deployment

    async def search(self, jql: str, fields: Iterable[str], *, changelog: bool = False) -> list[dict]:
        """All issues matching `jql` with the given fields, in Jira's order, each exactly once."""
        return (await self.search_at_most(jql, fields, None, changelog=changelog)).issues

    async def search_at_most(self, jql: str, fields: Iterable[str], limit: int | None, *,
                             changelog: bool = False) -> Found:
        """The first `limit` issues matching `jql` (all with None), and how many match in all: pages past
        the limit are never asked for; the count comes from the search's own total (Data Center) or
        Jira's approximate count (Cloud), so it stays right without fetching everything."""
        found = Found()
        with paused_gc():
            async for batch in self.pages(jql, fields, changelog=changelog, limit=limit, found=found):
                found.issues.extend(batch)
        if found.more:  # Cloud: more ids than the limit; the count is asked for only now
            found.matched = max(await self.count(jql), len(found.issues) + 1)
        elif found.matched is None:
            found.matched = len(found.issues)
        return found

    async def pages(self, jql: str, fields: Iterable[str], *, changelog: bool = False, limit: int | None = None,
                    found: Found | None = None) -> AsyncGenerator[list[dict], None]:
        """Batches of issues in Jira's order, as soon as each contiguous batch is complete; at most
        `limit` issues, noting in `found` when more matched."""
        wanted = sorted(set(fields))
        found = found if found is not None else Found()
        try:
            if await self.deployment() == "cloud":
                batches = self._cloud_pages(jql, wanted, changelog, limit, found)
            else:
                batches = self._server_pages(jql, wanted, changelog, limit, found)
            async for batch in batches:
                if changelog:
                    await self.complete_changelogs(batch)
                yield batch
        except JiraBadRequest as exc:
            raise JqlError(f"Jira could not run the query: {exc}", jql) from exc

    async def issue(self, key: str, fields: Iterable[str], *, changelog: bool = False) -> dict:
        params = {"fields": ",".join(sorted(set(fields)))}
        if changelog:
            params["expand"] = "changelog"
        try:
            found = await self.http.get(f"/rest/api/2/issue/{key}", params)
        except JiraNotFound as exc:
            raise IssueNotFound(key) from exc
        if changelog:
            await self.complete_changelogs([found])
        return found

    async def project_sprints(self, project: str, states: tuple[str, ...] = STATES) -> list[BoardSprint]:
        """Every sprint (in `states`) on the project's boards (Jira Software), including those no issue is in yet."""
        return await project_sprints(self.http, project, states)

    async def sprint(self, sprint_id: int) -> BoardSprint | None:
        """One sprint by id (Jira Software), None when there is none."""
        return await sprint(self.http, sprint_id)

    async def count(self, jql: str) -> int:
        try:
            if await self.deployment() == "cloud":
                return (await self.http.post("/rest/api/2/search/approximate-count", {"jql": jql}))["count"]
            page = await self.http.post("/rest/api/2/search", {"jql": jql, "maxResults": 0, "fields": ["id"]})
            return page["total"]
        except JiraBadRequest as exc:
            raise JqlError(f"Jira could not run the query: {exc}", jql) from exc

    # --- server: startAt pages in parallel --------------------------------------------------

    async def _server_page(self, jql: str, fields: list[str], changelog: bool, start: int, size: int) -> dict:
        body = {"jql": jql, "startAt": start, "maxResults": size, "fields": fields}
        if changelog:
            body["expand"] = ["changelog"]
        return await self.http.post("/rest/api/2/search", body)

    async def _server_pages(self, jql: str, fields: list[str], changelog: bool, limit: int | None,
                            found: Found) -> AsyncIterator[list[dict]]:
        """Pages stream in order. A pass is consistent when every page reports the same total;
        otherwise issues moved between pages while we read, so another pass yields what was missed
        (at most three passes). Past `limit`, no page is asked for."""
        seen: set[str] = set()
        room = limit if limit is not None else NO_LIMIT
        for _ in range(MAX_PASSES):
            first = await self._server_page(jql, fields, changelog, 0, min(self.page_size, room))
            size = max(1, first.get("maxResults") or self.page_size)  # the server may cap our size
            end = min(first["total"], room)
            tasks = [asyncio.ensure_future(self._server_page(jql, fields, changelog, start, min(size, end - start)))
                     for start in range(size, end, size)]
            totals = {first["total"]}
            try:
                for task in [None, *tasks]:  # the first page is in hand; the others arrive in order
                    page = first if task is None else await task
                    totals.add(page["total"])
                    batch = [issue for issue in page["issues"] if issue["id"] not in seen]
                    batch = batch if limit is None else batch[:limit - len(seen)]
                    seen.update(issue["id"] for issue in batch)
                    if batch:
                        yield batch
            finally:
                for task in tasks:
                    task.cancel()
            if limit is not None and len(seen) >= limit:
                found.matched = max(max(totals), len(seen))
                return
            if len(totals) == 1:
                return

    # --- cloud: ids by token, issues by bulk fetch -------------------------------------------

    async def _cloud_pages(self, jql: str, fields: list[str], changelog: bool, limit: int | None,
                           found: Found) -> AsyncIterator[list[dict]]:
        queue: asyncio.Queue[list[str] | None] = asyncio.Queue()
        producer = asyncio.ensure_future(self._cloud_ids(jql, queue, limit, found))
        pending: list[asyncio.Future] = []
        seen: set[str] = set()
        try:
            while True:
                ids = await queue.get()
                if ids is None:
                    break
                fresh = [i for i in ids if i not in seen]
                seen.update(fresh)
                for start in range(0, len(fresh), BULK_BATCH):
                    pending.append(asyncio.ensure_future(
                        self._bulk(fresh[start:start + BULK_BATCH], fields, changelog)))
                # Yield finished batches in order while more ids are still arriving.
                while pending and pending[0].done():
                    yield pending.pop(0).result()
            await producer  # surfaces errors from the id pages
            for future in pending:
                yield await future
        finally:
            producer.cancel()
            for future in pending:
                future.cancel()

    async def _cloud_ids(self, jql: str, queue: asyncio.Queue, limit: int | None, found: Found) -> None:
        """Id pages until the last or until `limit` ids; `found.more` when more were left (the count is
        asked for once the issues are in)."""
        token, room = None, limit if limit is not None else NO_LIMIT
        try:
            while room > 0:
                body = {"jql": jql, "fields": ["id"], "maxResults": min(ID_PAGE, room)}
                if token:
                    body["nextPageToken"] = token
                page = await self.http.post("/rest/api/2/search/jql", body)
                ids = [issue["id"] for issue in page.get("issues", [])][:room]
                room -= len(ids)
                await queue.put(ids)
                token = page.get("nextPageToken")
                if page.get("isLast", token is None) or not token:
                    return
            found.more = True
        finally:
            await queue.put(None)

    async def _bulk(self, ids: list[str], fields: list[str], changelog: bool) -> list[dict]:
        body: dict = {"issueIdsOrKeys": ids, "fields": fields}
        if changelog:
            body["expand"] = ["changelog"]
        found = (await self.http.post("/rest/api/2/issue/bulkfetch", body))["issues"]
        order = {issue_id: n for n, issue_id in enumerate(ids)}
        return sorted(found, key=lambda issue: order.get(issue["id"], len(order)))

    # --- changelogs ---------------------------------------------------------------------------

    async def complete_changelogs(self, issues: list[dict]) -> None:
        """Replace cut-short changelogs (total > histories shown) with the whole history."""
        short = [i for i in issues if (i.get("changelog") or {}).get("total", 0) > len(i["changelog"]["histories"])]
        if not short:
            return
        if await self.deployment() == "cloud":
            await self._bulk_changelogs(short)
        else:
            await asyncio.gather(*(self._paged_changelog(issue) for issue in short))

    async def _paged_changelog(self, issue: dict) -> None:
        total = issue["changelog"]["total"]
        pages = await asyncio.gather(*(
            self.http.get(f"/rest/api/2/issue/{issue['key']}/changelog",
                          {"startAt": start, "maxResults": CHANGELOG_PAGE})
            for start in range(0, total, CHANGELOG_PAGE)))
        histories = [history for page in pages for history in page["values"]]
        issue["changelog"] = {"startAt": 0, "maxResults": len(histories), "total": len(histories),
                              "histories": histories}

    async def _bulk_changelogs(self, issues: list[dict]) -> None:
        by_id = {issue["id"]: issue for issue in issues}
        collected: dict[str, list[dict]] = {issue_id: [] for issue_id in by_id}
        ids = list(by_id)
        for start in range(0, len(ids), CHANGELOG_BULK_ISSUES):
            token = None
            while True:
                body: dict = {"issueIdsOrKeys": ids[start:start + CHANGELOG_BULK_ISSUES], "maxResults": 1000}
                if token:
                    body["nextPageToken"] = token
                page = await self.http.post("/rest/api/2/changelog/bulkfetch", body)
                for log in page.get("issueChangeLogs", []):
                    collected[log["issueId"]].extend(log["changeHistories"])
                token = page.get("nextPageToken")
                if not token:
                    break
        for issue_id, histories in collected.items():
            by_id[issue_id]["changelog"] = {"startAt": 0, "maxResults": len(histories), "total": len(histories),
                                            "histories": histories}

