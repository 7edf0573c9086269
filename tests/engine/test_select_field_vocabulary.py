"""A select custom field's values ("Severity: S1 - Critical") reach the parser's vocabulary from a live Jira's
issue sample, and the JQL built from them selects exactly the issues with that value in devjira's engine."""

from __future__ import annotations

import asyncio

from jirakg.connectors.jira import JiraConnector
from jirakg.connectors.jira.agile import STATES
from jirakg.devjira.demo.schema import FIELD_IDS
from jirakg.engine import vocabulary
from jirakg.engine.vocabulary import instance_lexicon
from jirakg.intents.embedded import EmbeddedParser
from jirakg.text.words import unicode_words
from tests.jira_env import connector, demo_dataset, devjira, keys_of

DATASET = demo_dataset(issues=300, seed=7)


async def _lexicon(url: str):
    async with connector(url) as jira:
        return await instance_lexicon(jira)


def test_severity_values_are_read_from_the_sample_and_select_their_issues() -> None:
    with devjira(DATASET) as url:
        lexicon = asyncio.run(_lexicon(url))
    assert {t.value for t in lexicon.of("option") if t.field == "Severity"} == {
        "S1 - Critical", "S2 - Major", "S3 - Minor", "S4 - Trivial"}
    (intent,) = EmbeddedParser(lexicon).parse("sev 2 bugs").intents
    assert intent.jql is not None and '"Severity" = "S2 - Major"' in intent.jql, intent.jql
    found = set(keys_of(DATASET, intent.jql))
    severity = FIELD_IDS["Severity"]
    wanted = {i["key"] for i in DATASET.issues if (i["fields"].get(severity) or {}).get("value") == "S2 - Major"
              and i["fields"]["issuetype"]["name"] == "Bug"}
    assert found == wanted and found


def test_a_sprint_only_the_board_lists_is_in_the_vocabulary() -> None:
    """MOB's future sprints hold no issue of the sample; the board names them, so they can be asked about."""
    mob = next(p for p in DATASET.metadata["projects"] if p["key"] == "MOB")
    future = [s for s in mob["sprints"] if s["state"] == "future"]
    with devjira(DATASET) as url:
        lexicon = asyncio.run(_lexicon(url))
    named = {t.label for t in lexicon.of("sprint")}
    assert future and {s["name"] for s in future} <= named
    (intent,) = EmbeddedParser(lexicon).parse(f"how is {future[0]['name']} going").intents
    assert intent.name == "sprint" and intent.slots.sprints == [str(future[0]["id"])]


def test_the_boards_read_are_those_of_the_projects_most_recently_at_work(monkeypatch) -> None:
    """Past BOARD_PROJECTS projects in sprints, the boards read are those of the projects whose issues were
    updated last (the sample's order), not the first projects of the alphabet."""
    asked: list[str] = []
    listed = JiraConnector.project_sprints

    async def recorded(self, project: str, states=STATES):
        asked.append(project)
        return await listed(self, project, states)

    monkeypatch.setattr(vocabulary, "BOARD_PROJECTS", 1)
    monkeypatch.setattr(JiraConnector, "project_sprints", recorded)
    in_sprints = [i for i in DATASET.issues if i["fields"].get(FIELD_IDS["Sprint"])]
    latest = max(in_sprints, key=lambda i: i["fields"]["updated"])["fields"]["project"]["key"]
    assert latest != min(i["fields"]["project"]["key"] for i in in_sprints)  # the alphabet would pick another
    with devjira(DATASET) as url:
        asyncio.run(_lexicon(url))
    assert asked == [latest]


def test_an_epic_named_by_its_summary_is_its_key_and_selects_its_children() -> None:
    """The sample carries no summaries; the epics are read apart, so "the <summary> epic" is that epic's key, and the
    JQL selects exactly its children in devjira's engine."""
    summaries: dict[str, list[str]] = {}
    for issue in DATASET.issues:
        if issue["fields"]["issuetype"]["name"] == "Epic":
            summaries.setdefault(issue["fields"]["summary"], []).append(issue["key"])
    summary, (key,) = next((s, keys) for s, keys in summaries.items()
                           if len(keys) == 1 and any((i["fields"].get("parent") or {}).get("key") == keys[0]
                                                     for i in DATASET.issues))
    with devjira(DATASET) as url:
        lexicon = asyncio.run(_lexicon(url))
    assert lexicon.epics[unicode_words(summary)] == [key]
    (intent,) = EmbeddedParser(lexicon).parse(f"what's in the {summary} epic?").intents
    assert intent.name == "search" and intent.slots.parents == [key], intent
    children = {i["key"] for i in DATASET.issues if (i["fields"].get("parent") or {}).get("key") == key}
    assert set(keys_of(DATASET, intent.jql or "")) == children
