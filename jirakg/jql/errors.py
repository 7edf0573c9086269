"""The error a JQL query raises before it reaches Jira; its message is what Jira would say."""

from jirakg.errors import JirakgError


class JqlSyntaxError(JirakgError):
    """The JQL text cannot run: bad syntax, or (in devjira's engine) a field, value or function the
    instance does not have. Jira's own refusal of a query it was sent is `connectors.jira.JqlError`."""
