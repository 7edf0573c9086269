"""The LLM parser over a local OpenAI-compatible server: the schema it sends, grounding, and the
embedded parse used instead (the reason recorded) on timeouts, errors, malformed answers and
readings that would widen the question."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from jirakg.intents.llm_parser import LlmParser
from jirakg.intents.llm_routing import IntentScores, LlmRouting
from jirakg.intents.models import ConversationState
from jirakg.llm import LlmClient
from tests.intents.demo_lexicon import LEXICON, ORG
from tests.intents.openai_server import ScriptedModel, intents, mode_of

EMBEDDED = EmbeddedParser(LEXICON, now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))
PERSON = ORG.people[0]


def parse(model: ScriptedModel, text: str, timeout_s: float = 5.0, routing: LlmRouting | None = None, **kwargs):
    with model.serve() as url:
        async def run():
            client = LlmClient(f"{url}/v1", "test-model", "key", timeout_s)
            try:
                return await LlmParser(client, EMBEDDED, routing).understand(text, **kwargs)
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
    assert request["model"] == "test-model" and request["stream"] is True
    parser = LlmParser(LlmClient("http://127.0.0.1:9/v1", "m"), EMBEDDED)
    assert request["response_format"] == {"type": "json_schema",
                                          "json_schema": {"name": "reply", "schema": parser.schema, "strict": True}}
    assert request["max_tokens"] == parser.max_tokens
    prompt, question = (message["content"] for message in request["messages"])
    assert "dependencies:" in prompt and '"excluded": {"projects": ["...", ...]' in prompt  # the generated schema
    assert "Checkout" in question and "PROJ (" in question  # the vocabulary goes with the question


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
    assert call.slots.ignored == ["NOPE", "Exploded", "Teleporter"]  # the answer says they were not used


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
    assert parsed.fell_back and parsed.parser == "embedded" and parsed.fallback_reason.startswith("llm failed")
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


@pytest.mark.parametrize("mode", ["tools", "json_object"])
def test_a_server_without_json_schema_gets_the_schema_another_way(mode: str) -> None:
    model = ScriptedModel(intents({"name": "linked", "issue_keys": ["PROJ-40"], "link_type": "is blocked by"}),
                          modes=[mode])
    parsed = parse(model, "What blocks PROJ-40?")
    assert parsed.parser == "llm" and parsed.intents[0].slots.link_type == "is blocked by"
    request = model.requests[0]
    if mode == "tools":
        schema = request["tools"][0]["function"]["parameters"]
        assert request["tool_choice"] == {"type": "function", "function": {"name": "reply"}}
    else:
        assert request["response_format"]["type"] == "json_object"
        schema = request["response_format"]["schema"]
    assert [mode_of(p) for p in model.probes][-1] == mode
    # Servers that hold a reply to a schema by a grammar make the model write every required slot: here
    # only an intent's name is required, so a small model writes just the slots the question fills.
    assert schema["required"] == ["intents"]
    branches = schema["properties"]["intents"]["items"]["anyOf"]
    assert {tuple(branch["required"]) for branch in branches} == {("name",)}
    defined = schema["$defs"]  # inside too, only what has no default: a number filter's three parts
    assert (defined["LlmValueFilters"]["required"], defined["NumberFilter"]["required"]) == (
        [], ["field", "operator", "value"])
    # and bounded, so that the grammar stops a small model running on until max_tokens cuts its JSON short
    # (seen against SmolLM2: a list of invented field names, a "key" of 90 characters)
    assert (schema["properties"]["intents"]["minItems"], schema["properties"]["intents"]["maxItems"]) == (1, 3)
    search_slots = _search_branch(schema)["properties"]
    assert (search_slots["statuses"]["maxItems"], search_slots["statuses"]["items"]["maxLength"]) == (8, 80)
    assert "maxLength" not in search_slots["name"]  # an enum is its own bound
    strict = LlmParser(LlmClient("http://127.0.0.1:9/v1", "m"), EMBEDDED).schema
    assert set(search_slots) == set(_search_branch(strict)["properties"])  # the same slots as the strict form


def _search_branch(schema: dict) -> dict:
    return next(b for b in schema["properties"]["intents"]["items"]["anyOf"]
                if b["properties"]["name"]["enum"] == ["search"])


@pytest.mark.parametrize(("reply", "question", "reason"), [
    ({"name": "search", "statuses": ["Exploded"], "components": ["Teleporter"]}, "exploded teleporter issues",
     "none of the values it named exist (Exploded, Teleporter)"),
    ({"name": "linked", "issue_keys": ["PROJ-41"], "link_type": "is blocked by"}, "What blocks PROJ-40?",
     "it lost PROJ-40, which the question names"),
    ({"name": "metadata", "issue_keys": [], "fields": ["assignee"]}, "Who owns PROJ-12?",
     "it lost PROJ-12, which the question names"),
    ({"name": "search"}, "open bugs in checkout",
     "its search has no conditions where the question has some"),
])
def test_a_reading_that_would_widen_the_question_is_not_used(reply: dict, question: str, reason: str) -> None:
    parsed = parse(ScriptedModel(intents(reply)), question)
    assert parsed.parser == "embedded" and parsed.fallback_reason.startswith(f"llm parse not used: {reason}")
    assert parsed.intents == EMBEDDED.parse(question).intents


def test_routing_keeps_the_embedded_parse_for_intents_the_model_did_worse_on() -> None:
    routing = LlmRouting(measured_on="dev.jsonl", model="m", scores={
        "linked": IntentScores(cases=10, embedded=0.9, llm=0.5),
        "search": IntentScores(cases=10, embedded=0.7, llm=0.8)})
    model = ScriptedModel(intents({"name": "linked", "issue_keys": ["PROJ-40"]}))
    parsed = parse(model, "What blocks PROJ-40?", routing=routing)
    assert parsed.fallback_reason == "llm routing keeps the embedded parse for linked" and model.requests == []
    assert routing.llm_intents == ["search"] and not routing.uses_llm("help")  # never measured: embedded
