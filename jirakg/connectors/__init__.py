"""Connectors to the systems jirakg reads: Jira (and, later, SPARQL endpoints)."""
