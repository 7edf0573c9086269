"""Typed Jira errors; each message is a sentence a person can act on."""

from __future__ import annotations

from jirakg.errors import JirakgError


class JiraError(JirakgError):
    """Jira failed or refused; `str(error)` is the sentence to show."""


class JiraAuthError(JiraError):
    pass


class PersonRefused(JiraAuthError):
    """Jira refused a person's own token (expired or revoked): they must sign in again."""


class JiraForbidden(JiraAuthError):
    """The credentials hold but lack a permission for this request; the message is Jira's reason."""


class JqlError(JiraError):
    """Jira rejected a query it was sent (`jql`); the message is Jira's reason."""

    def __init__(self, message: str, jql: str) -> None:
        super().__init__(message)
        self.jql = jql


class JiraUnavailable(JiraError):
    pass


class IssueNotFound(JiraError):
    def __init__(self, key: str) -> None:
        super().__init__(f"There is no issue {key} in Jira, or it is not visible to this account.")
        self.key = key
