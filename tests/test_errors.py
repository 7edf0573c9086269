"""Every error jirakg raises on purpose shares one root, so an adapter can answer any of them with
its sentence; the JQL text error and Jira's refusal of a query are different things."""

from __future__ import annotations

import pytest

from jirakg.config import ConfigError
from jirakg.connectors.jira import IssueNotFound, JiraAuthError, JiraError, JiraUnavailable, JqlError
from jirakg.connectors.jira.http import JiraBadRequest, JiraNotFound
from jirakg.connectors.sparql import EndpointUnavailable, QueryRejected, SparqlError
from jirakg.errors import JirakgError
from jirakg.feedback import FeedbackStoreError
from jirakg.graph.webhooks import WebhookError
from jirakg.jql import JqlSyntaxError, parse
from jirakg.llm import LlmError


@pytest.mark.parametrize("error", [
    JiraError, JiraAuthError, JqlError, JiraUnavailable, IssueNotFound, JiraBadRequest, JiraNotFound,
    SparqlError, EndpointUnavailable, QueryRejected, ConfigError, FeedbackStoreError, LlmError, WebhookError,
    JqlSyntaxError,
])
def test_every_subsystem_error_has_the_one_root(error: type[Exception]) -> None:
    assert issubclass(error, JirakgError)


def test_a_jql_syntax_error_is_a_sentence_and_not_jiras_refusal() -> None:
    with pytest.raises(JirakgError) as caught:
        parse('status = "Open')
    assert isinstance(caught.value, JqlSyntaxError) and not isinstance(caught.value, (JiraError, ValueError))
    assert str(caught.value).startswith("Error in the JQL Query: The quoted string")
