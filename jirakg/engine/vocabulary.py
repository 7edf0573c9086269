"""The parser's vocabulary from a live Jira: its catalogues through the metadata client, people,
labels and sprints from a sample of recent issues through the connector. Wiring, so it lives with the
engine factory: intents/ builds a Lexicon from data and never fetches it."""

from __future__ import annotations

import asyncio

from jirakg.connectors.jira import JiraConnector, load_metadata
from jirakg.intents.jql_builder import quote
from jirakg.intents.lexicon import Lexicon, select_fields

SAMPLE_JQL = "project is not EMPTY ORDER BY updated DESC"
EPICS = 2000  # named by summary: the most recently updated, enough for any team's epics, features and initiatives
BOARD_PROJECTS = 50  # the projects whose boards are read for sprints not in the sample (two requests each)
SAMPLE_FIELDS = ["project", "assignee", "reporter", "labels", "components", "fixVersions", "versions", "status",
                 "issuetype", "priority", "resolution"]


async def instance_lexicon(connector: JiraConnector, sample: int = 20000) -> Lexicon:
    """Names come from Jira's catalogues; people, labels, sprints and select-field options from up to `sample` recent
    issues."""
    http = connector.http
    metadata = await load_metadata(http.base_url, http.auth, http.timeout.total or 30.0)
    sprint_field = metadata.field_id("Sprint")
    wanted = SAMPLE_FIELDS + ([sprint_field] if sprint_field else []) + list(select_fields(metadata.fields))
    issues: list[dict] = []
    async for batch in connector.pages(SAMPLE_JQL, wanted):
        issues.extend(batch)
        if len(issues) >= sample:
            break
    # the boards' sprints and the epics by name, side by side: neither waits for the other
    planned, epics = await asyncio.gather(_planned_sprints(connector, issues[:sample], sprint_field),
                                          _epics(connector, metadata.issue_types))
    return Lexicon.build(fields=metadata.fields, statuses=metadata.statuses, priorities=metadata.priorities,
                         issue_types=metadata.issue_types, link_types=metadata.link_types,
                         projects=metadata.projects, issues=issues[:sample], planned_sprints=planned, epics=epics)


async def _epics(connector: JiraConnector, issue_types: list[dict], most: int = EPICS) -> list[dict]:
    """The issues of the types above a story (epics, features, initiatives), by summary: people name them so ("the
    Wish lists v2 epic"), the most recently updated first."""
    kinds = [t["name"] for t in issue_types
             if (t.get("hierarchyLevel") or 0) >= 1 or str(t.get("name", "")).lower() == "epic"]
    jql = f"issuetype in ({', '.join(quote(k) for k in kinds)}) ORDER BY updated DESC"
    return [issue async for batch in connector.pages(jql, ["summary", "issuetype"], limit=most)
            for issue in batch] if kinds else []


async def _planned_sprints(connector: JiraConnector, issues: list[dict], sprint_field: str | None) -> list[dict]:
    """The active and future sprints on the boards of the projects whose sampled issues are in sprints: a sprint
    nobody has planned work into yet can still be asked about by name."""
    # The sample is newest first: past BOARD_PROJECTS, the projects most recently at work are read
    projects = dict.fromkeys(issue["key"].split("-")[0] for issue in issues
                             if sprint_field and (issue.get("fields") or {}).get(sprint_field))
    # Side by side (the connector's limiter bounds how many reach Jira at once), listed in key order
    found = await asyncio.gather(*(connector.project_sprints(key, ("active", "future"))
                                   for key in sorted(list(projects)[:BOARD_PROJECTS])))
    return [sprint.field_value() for sprints in found for sprint in sprints]
