"""A proposal is grounded on what Jira answers: an issue Jira says is not there is named as not there, but a
Jira that does not answer is said to be down, never taken for a missing issue."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web

from jirakg.actions.grounding import Grounder
from jirakg.actions.models import ActionRefused
from jirakg.actions.wording import read_write_request
from jirakg.connectors.jira.errors import JiraUnavailable
from jirakg.engine.turn import Asker
from tests.jira_env import connector, demo_dataset, devjira

DATASET = demo_dataset(issues=200, seed=5)
KEY = DATASET.issues[0]["key"]


@web.middleware
async def down_for_issues(request: web.Request, handler):
    if "/issue/" in request.path:
        return web.json_response({"errorMessages": ["Service unavailable"]}, status=503)
    return await handler(request)


@pytest.mark.parametrize("down", [False, True], ids=["missing issue", "jira down"])
def test_a_missing_issue_is_named_and_a_jira_that_does_not_answer_is_not_taken_for_one(down: bool) -> None:
    key = KEY if down else f"{KEY.split('-')[0]}-99999"
    request = read_write_request(f"Assign {key} to me")
    assert request is not None

    async def propose(url: str) -> None:
        async with connector(url, attempts=1) as jira:
            await Grounder(jira, 600).propose(request, Asker(account_id="a1"), "owner", "api", None)

    with devjira(DATASET, middlewares=[down_for_issues] if down else []) as url:
        with pytest.raises(JiraUnavailable if down else ActionRefused, match=None if down else "There is no issue"):
            asyncio.run(propose(url))
