"""The Jira connector: batched async JQL over aiohttp, metadata through atlassian-python-api."""

from jirakg.connectors.jira.auth import JiraAuth
from jirakg.connectors.jira.errors import IssueNotFound, JiraAuthError, JiraError, JiraUnavailable, JqlError
from jirakg.connectors.jira.http import JiraHttp
from jirakg.connectors.jira.metadata import InstanceMetadata, load_metadata
from jirakg.connectors.jira.search import JiraConnector
from jirakg.connectors.retry import RetryPolicy

__all__ = ["InstanceMetadata", "IssueNotFound", "JiraAuth", "JiraAuthError", "JiraConnector", "JiraError",
           "JiraHttp", "JiraUnavailable", "JqlError", "RetryPolicy", "load_metadata"]
