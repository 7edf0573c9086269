"""`jirakg serve`: the web chat, the REST API, the Slack endpoints, the Jira webhook and panel."""
