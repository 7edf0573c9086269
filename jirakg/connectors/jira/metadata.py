"""Instance metadata through atlassian-python-api: fields, statuses, priorities, issue types,
link types, projects, server info.

The library is synchronous, so every call runs in a worker thread off the event loop. Each call is
retried on its own when it fails in a way that may pass (start-up against a flaky Jira), under the
connectors' one retry policy.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from atlassian import Jira
from requests import HTTPError, RequestException

from jirakg.connectors.jira.auth import JiraAuth
from jirakg.connectors.jira.errors import JiraAuthError, JiraUnavailable
from jirakg.connectors.retry import RetryPolicy, TransientFailure


@dataclass
class InstanceMetadata:
    fields: list[dict]
    link_types: list[dict]
    projects: list[dict]
    server: dict
    statuses: list[dict]
    priorities: list[dict]
    issue_types: list[dict]

    def field_id(self, name_or_id: str) -> str | None:
        """A field's id from its id, its name (case-insensitive) or a JQL clause name."""
        wanted = name_or_id.lower()
        for field in self.fields:
            names = [field["id"], field.get("name", ""), *field.get("clauseNames", [])]
            if wanted in (n.lower() for n in names):
                return field["id"]
        return None


async def load_metadata(base_url: str, auth: JiraAuth, timeout_s: float = 30.0,
                        retry: RetryPolicy | None = None) -> InstanceMetadata:
    client = _client(base_url, auth, timeout_s)
    policy = retry or RetryPolicy()

    async def fetched(call: Callable[..., Any], *args: str) -> Any:
        async def attempt() -> Any:
            try:
                return await asyncio.to_thread(call, *args)
            except HTTPError as exc:
                status = exc.response.status_code if exc.response is not None else None
                if status in (401, 403):
                    raise JiraAuthError(f"Jira at {base_url} refused the credentials (HTTP {status}).") from exc
                if status is None or policy.retries(status):
                    raise TransientFailure(f"HTTP {status}") from exc
                raise JiraUnavailable(f"Jira at {base_url} could not list its metadata ({exc}).") from exc
            except RequestException as exc:
                raise TransientFailure(type(exc).__name__) from exc

        return await policy.run(attempt, lambda reason: JiraUnavailable(
            f"Jira at {base_url} is not reachable ({reason}); it was tried {policy.attempts} times."))

    fields, link_types, projects, server, statuses, priorities, issue_types = await asyncio.gather(
        fetched(client.get_all_fields), fetched(client.get_issue_link_types), fetched(client.projects),
        fetched(client.get, "rest/api/2/serverInfo"), fetched(client.get_all_statuses),
        fetched(client.get_all_priorities), fetched(client.get_issue_types))
    return InstanceMetadata(fields, link_types, projects, server, statuses, priorities, issue_types)


def _client(base_url: str, auth: JiraAuth, timeout_s: float) -> Jira:
    if auth.scheme == "basic":
        return Jira(url=base_url, username=auth.user, password=auth.token, timeout=timeout_s)
    if auth.scheme == "bearer":
        return Jira(url=base_url, token=auth.token, timeout=timeout_s)
    return Jira(url=base_url, timeout=timeout_s)
