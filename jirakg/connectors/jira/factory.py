"""A connector from `JiraSettings`."""

from __future__ import annotations

from jirakg.config.settings import JiraSettings
from jirakg.connectors.jira.auth import JiraAuth
from jirakg.connectors.jira.http import JiraHttp
from jirakg.connectors.jira.search import JiraConnector
from jirakg.connectors.retry import RetryPolicy


def auth_from_settings(settings: JiraSettings) -> JiraAuth:
    token = settings.token.get_secret_value() if settings.token else None
    return JiraAuth(settings.auth, settings.email, token)


def connector_for(url: str, settings: JiraSettings) -> JiraConnector:
    http = JiraHttp(url, auth_from_settings(settings), timeout_s=settings.timeout_s,
                    concurrency=settings.concurrency, retry=RetryPolicy(attempts=settings.max_retries + 1))
    return JiraConnector(http, deployment=settings.deployment, page_size=settings.page_size)
