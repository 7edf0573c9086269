"""devjira's JQL engine: indexes over issues and an evaluator that uses them."""

from jirakg.jql import JqlSyntaxError, parse

__all__ = ["JqlSyntaxError", "parse"]
