"""Broad questions read at most `jira.max_issues_per_question` issues: `jirakg serve` (a child process)
asks devjira (a large organisation, server and cloud) through the real connector, and devjira counts every
issue it hands out. Counts stay Jira's own, and each answer past the cap says so and links to the search."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest
from aiohttp import web

from tests.bots.web_env import call
from tests.jira_env import demo_dataset, devjira, keys_of
from tests.reliability.served import start, stop

pytestmark = [pytest.mark.child_process, pytest.mark.slow]

DATASET = demo_dataset(issues=3000, seed=41)
CAP = 250
BROAD = ["list all issues", "how many issues are there?", "issues per status", "open issues", "how many bugs?",
         "all stories", "issues by priority", "everything created this year", "list every task", "how many epics"]


class IssuesServed:
    """A devjira middleware that counts the issues (with fields) in every search and bulk-fetch answer."""

    def __init__(self) -> None:
        self.count = 0

    @web.middleware
    async def middleware(self, request: web.Request, handler) -> web.StreamResponse:
        response = await handler(request)
        if request.path.endswith(("/search", "/bulkfetch")) and isinstance(response, web.Response) and response.body:
            body = json.loads(bytes(response.body))  # type: ignore[arg-type]
            self.count += sum(1 for issue in body.get("issues", []) if "fields" in issue)
        return response


@pytest.mark.parametrize("deployment", ["server", "cloud"])
def test_broad_questions_read_at_most_the_cap(tmp_path, deployment) -> None:
    served_issues = IssuesServed()
    with devjira(DATASET, middlewares=[served_issues.middleware], deployment=deployment) as jira:
        served = start(tmp_path, jira, {"JIRAKG_JIRA__MAX_ISSUES_PER_QUESTION": str(CAP),
                                        "JIRAKG_STORE__BACKEND": "memory"})
        try:
            served_issues.count = 0  # start-up reads a sample of issues for the vocabulary
            answers = {}
            for question in BROAD:
                status, reply, _ = call(f"{served.url}/api/v1/ask", "POST", {"text": question})
                assert status == 200, reply
                answers[question] = reply["answer"]
        finally:
            stop(served)
    assert served_issues.count <= len(BROAD) * CAP  # 3,000 issues each without the cap

    counted = answers["how many issues are there?"]
    jql = counted.split(" issues match ")[1].split(".\n")[0]
    every = len(keys_of(DATASET, jql))
    assert every > CAP
    assert counted.startswith(f"{every} issues match {jql}.")  # Jira's own count, not the 250 read
    assert (f"I read only the first {CAP} of the {every:,} issues that match (jira.max_issues_per_question)"
            in counted)
    link = counted.split("all of them are in Jira: ")[1].split()[0]
    assert link.startswith(f"{jira}/issues/?jql=")
    assert len(keys_of(DATASET, unquote(link.split("?jql=")[1]))) == every  # the search, in Jira's navigator
    listed = answers["list all issues"]
    assert listed.startswith(f"{every} issues match ") and "jira.max_issues_per_question" in listed
