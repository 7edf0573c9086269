"""jirakg: grounded answers about Jira issue graphs and knowledge graphs."""

__version__ = "0.1.0"
