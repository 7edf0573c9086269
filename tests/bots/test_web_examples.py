"""GET /api/v1/examples: questions naming things the connected instance has, each of which answers with
the intent it was chosen for; the help answer's examples come from the same place."""

from __future__ import annotations

import re

from jirakg.jql.keys import ISSUE_KEY_IN_ANSWER
from tests.bots.web_env import RAW, call, jirakg_server

PROJECTS = {i["fields"]["project"]["key"] for i in RAW.values()}


def test_examples_name_what_exists_and_each_answers(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, _):
        status, body, _ = call(f"{url}/api/v1/examples")
        assert status == 200
        examples = {e["intent"]: e["text"] for e in body["examples"]}
        assert {"metadata", "linked", "search", "breakdown", "risk", "count", "summary"} <= set(examples), examples
        answers = {intent: call(f"{url}/api/v1/ask", "POST", {"text": text})[1] for intent, text in examples.items()}
        help_answer = call(f"{url}/api/v1/ask", "POST", {"text": "help"})[1]["answer"]
        helped = {e: call(f"{url}/api/v1/ask", "POST", {"text": e})[1]
                  for e in re.findall(r'e\.g\. "(.+)"', help_answer)}
        assert call(f"{url}/api/v1/openapi.json")[1]["paths"]["/api/v1/examples"]["get"]["operationId"] == "examples"
    for intent, reply in answers.items():
        assert reply["intents"] == [intent], (examples[intent], reply["answer"])
    for key in ISSUE_KEY_IN_ANSWER.findall(" ".join(examples.values())):
        assert key in RAW
    owned = ISSUE_KEY_IN_ANSWER.findall(examples["metadata"])[0]
    assert RAW[owned]["fields"]["assignee"]["displayName"] in answers["metadata"]["answer"]
    blocked = ISSUE_KEY_IN_ANSWER.findall(examples["linked"])[0]
    blockers = {link["inwardIssue"]["key"] for link in RAW[blocked]["fields"]["issuelinks"]
                if link["type"]["name"] == "Blocks" and "inwardIssue" in link}
    assert blockers and blockers <= {c["key"] for c in answers["linked"]["citations"]}
    assert re.search(r"in ([A-Z][A-Z0-9]+)", examples["search"]).group(1) in PROJECTS
    person = examples["count"].removeprefix("How many open issues does ").removesuffix(" have?")
    open_count = sum(1 for i in RAW.values() if (i["fields"]["assignee"] or {}).get("displayName") == person
                     and i["fields"]["resolution"] is None)
    assert answers["count"]["answer"].startswith(f"{open_count} issue")
    # The answer's JQL names the person; the JQL that ran, with the account id, is one click away (explain).
    account = next(i["fields"]["assignee"]["accountId"] for i in RAW.values()
                   if (i["fields"]["assignee"] or {}).get("displayName") == person)
    assert f'assignee = "{person}"' in answers["count"]["answer"] and account not in answers["count"]["answer"]
    assert any(account in line for line in answers["count"]["explain"])
    # The help names this instance's questions, not another organisation's (FLUID, EPIC-4, PROJ-12).
    assert examples["metadata"] in help_answer and examples["breakdown"] in help_answer
    assert not {"FLUID", "EPIC-4", "PROJ-12"} & set(re.findall(r"[A-Z][A-Z0-9]+(?:-\d+)?", help_answer))
    assert len(helped) >= 8  # and every example the help gives answers, as what it illustrates
    for example, reply in helped.items():
        assert not {"help", "clarify"} & set(reply["intents"]) and "did not use" not in reply["answer"], example
