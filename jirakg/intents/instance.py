"""Build the lexicon of a live Jira through the connector: metadata endpoints plus issues."""

from __future__ import annotations

from jirakg.connectors.jira import JiraConnector
from jirakg.intents.lexicon import Lexicon

SAMPLE_JQL = "ORDER BY updated DESC"
SAMPLE_FIELDS = ["assignee", "reporter", "labels", "components", "fixVersions", "versions", "status", "issuetype",
                 "priority", "customfield_10020"]


async def instance_lexicon(connector: JiraConnector, sample: int = 5000) -> Lexicon:
    """Names come from Jira's catalogues; people, labels and sprints from up to `sample` recent issues."""
    http = connector.http
    fields = await http.get("/rest/api/2/field")
    statuses = await http.get("/rest/api/2/status")
    priorities = await http.get("/rest/api/2/priority")
    issue_types = await http.get("/rest/api/2/issuetype")
    link_types = (await http.get("/rest/api/2/issueLinkType")).get("issueLinkTypes", [])
    projects = await http.get("/rest/api/2/project")
    sprint_field = next((f["id"] for f in fields if f.get("name") == "Sprint"), None)
    wanted = [f for f in SAMPLE_FIELDS if f != "customfield_10020"] + ([sprint_field] if sprint_field else [])
    issues = []
    async for batch in connector.pages(f"project is not EMPTY {SAMPLE_JQL}", wanted):
        issues.extend(batch)
        if len(issues) >= sample:
            break
    return Lexicon.build(fields=fields, statuses=statuses, priorities=priorities, issue_types=issue_types,
                         link_types=link_types, projects=projects, issues=issues[:sample])
