"""The LLM parser over a local OpenAI-compatible server: grounding, and falling back to the
embedded parser on timeouts, errors, malformed or invented answers."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import ConversationState, EmbeddedParser
from jirakg.intents.llm_parser import LlmParser
from jirakg.llm import LlmClient
from tests.intents.demo_lexicon import LEXICON, ORG
from tests.intents.openai_server import ScriptedModel, intents

EMBEDDED = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))
PERSON = ORG.people[0]


def parse(model: ScriptedModel, text: str, timeout_s: float = 5.0, **kwargs):
    with model.serve() as url:
        async def run():
            client = LlmClient(f"{url}/v1", "test-model", "key", timeout_s)
            try:
                return await LlmParser(client, EMBEDDED).understand(text, **kwargs)
            finally:
                await client.close()
        return asyncio.run(run())


def test_grounded_search_from_the_model() -> None:
    model = ScriptedModel(intents({"name": "search", "issue_types": ["bugs"], "statuses": ["blockd"],
                                   "assignees": [PERSON.display_name], "components": ["checkout"],
                                   "window": "last week"}))
    parsed = parse(model, "what's stuck for that person in checkout lately")
    assert parsed.parser == "llm" and not parsed.fell_back
    call = parsed.intents[0]
    assert (call.slots.issue_types, call.slots.statuses, call.slots.assignees, call.slots.components) == (
        ["Bug"], ["Blocked"], [PERSON.account_id], ["Checkout"])
    assert (call.slots.dates[0].field, call.slots.dates[0].start) == ("updated", "2026-10-19T00:00:00Z")
    assert call.jql.startswith('issuetype = "Bug" AND status = "Blocked"')
    request = model.requests[0]
    assert request["model"] == "test-model" and request["response_format"] == {"type": "json_object"}
    prompt = request["messages"][0]["content"]
    assert "dependencies:" in prompt and "Checkout" in prompt and "PROJ" in prompt
    assert '"excluded": {"projects": ["...", ...]' in prompt  # the skeleton is the generated schema


def test_conditions_beyond_value_lists_from_the_model() -> None:
    model = ScriptedModel(intents({"name": "search", "issue_types": ["bug"], "excluded": {"statuses": ["done"]},
                                   "reporters": ["me"], "empty": ["assignee"],
                                   "dates": [{"field": "created", "phrase": "last week"}],
                                   "links": [{"key": "proj-12", "link_type": "is blocked by"}],
                                   "order_by": "priority desc"}))
    call = parse(model, "my unassigned bugs from last week blocked by PROJ-12, not done, by priority").intents[0]
    assert call.jql == ('issuetype = "Bug" AND reporter = currentUser() AND status != "Done" AND assignee is EMPTY'
                        ' AND created >= "2026/10/19 00:00" AND created < "2026/10/26 00:00"'
                        ' AND issue in linkedIssues(PROJ-12, "is blocked by") ORDER BY priority DESC')


def test_hostile_sort_and_link_keys_never_reach_the_jql() -> None:
    model = ScriptedModel(intents({"name": "search", "priorities": ["High"],
                                   "order_by": 'priority DESC, summary ~ "x" OR project = OPS',
                                   "links": [{"key": "PROJ-1) OR project = OPS OR issue in (PROJ-2"}],
                                   "parents": ["PROJ-1 OR 1=1"]}))
    call = parse(model, "high priority issues").intents[0]
    assert call.jql == 'priority = "High"'


def test_multi_intent_and_history_keys() -> None:
    model = ScriptedModel(intents({"name": "metadata", "issue_keys": ["PROJ-12"], "fields": ["assignee"]},
                                  {"name": "linked", "issue_keys": [], "link_type": "is blocked by"}))
    state = ConversationState(active_keys=["PROJ-12"])
    parsed = parse(model, "who owns it and what blocks it", state=state)
    assert [(c.name, c.issue_keys) for c in parsed.intents] == [("metadata", ["PROJ-12"]), ("linked", ["PROJ-12"])]
    assert parsed.intents[1].slots.link_type == "is blocked by"
    assert "PROJ-12" in model.requests[0]["messages"][1]["content"]


def test_invented_values_are_dropped() -> None:
    model = ScriptedModel(intents({"name": "search", "statuses": ["Exploded"], "components": ["Teleporter"],
                                   "projects": ["NOPE"], "issue_keys": ["NOPE-1"], "priorities": ["High"]}))
    call = parse(model, "exploded teleporter issues").intents[0]
    assert call.slots.statuses == [] and call.slots.components == [] and call.slots.projects == []
    assert call.issue_keys == [] and call.jql == 'priority = "High"'


@pytest.mark.parametrize("reply", [
    lambda messages: "this is not json",
    lambda messages: '["a list"]',
    lambda messages: '{"intents": []}',
    lambda messages: '{"intents": [{"name": "teleport"}]}',
    lambda messages: (500, {"message": "boom", "type": "server_error"}),
    lambda messages: (401, {"message": "bad key", "type": "invalid_request_error"}),
])
def test_failures_fall_back_to_the_embedded_parser(reply) -> None:
    parsed = parse(ScriptedModel(reply), "What blocks PROJ-40?")
    assert parsed.fell_back and parsed.parser == "embedded"
    assert [(c.name, c.issue_keys) for c in parsed.intents] == [("linked", ["PROJ-40"])]


@pytest.mark.slow
def test_timeout_falls_back() -> None:
    model = ScriptedModel(intents({"name": "help"}), delay_s=2.0)
    parsed = parse(model, "Who owns PROJ-12?", timeout_s=0.3)
    assert parsed.fell_back and parsed.intents[0].name == "metadata"


def test_unreachable_endpoint_falls_back() -> None:
    async def run():
        client = LlmClient("http://127.0.0.1:9/v1", "m", None, 1.0)
        try:
            return await LlmParser(client, EMBEDDED).understand("Who owns PROJ-12?")
        finally:
            await client.close()
    parsed = asyncio.run(run())
    assert parsed.fell_back and parsed.intents[0].issue_keys == ["PROJ-12"]


def test_bad_input_never_reaches_the_model() -> None:
    model = ScriptedModel(intents({"name": "help"}))
    for text in ("", "🙂", "x" * 5000):
        assert parse(model, text).intents[0].name == "clarify"
    assert model.requests == []
