"""JQL syntax shared by devjira's engine, the question parser and the JQL cache."""

from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.syntax import parse, tokenize

__all__ = ["JqlSyntaxError", "parse", "tokenize"]
