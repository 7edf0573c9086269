"""A JQL engine: parser, indexes over issues, and an evaluator that uses them."""

from jirakg.devjira.jql.errors import JqlError
from jirakg.devjira.jql.syntax import parse

__all__ = ["JqlError", "parse"]
