"""devjira's JQL engine: indexes over issues and an evaluator that uses them."""

from jirakg.jql import JqlError, parse

__all__ = ["JqlError", "parse"]
