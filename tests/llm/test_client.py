"""The bounded LLM client over the wire-exact fake server: structured modes probed once, a deadline
that stops a trickling or hung server mid-reply, the turn's shared deadline, the circuit breaker,
the model name checked at start-up."""

from __future__ import annotations

import asyncio
import json

import pytest
from pydantic import BaseModel

from jirakg.llm import LlmClient, LlmConfigError, LlmError, llm_turn
from jirakg.llm.breaker import CircuitBreaker
from jirakg.llm.schema import max_tokens_for, strict_schema
from tests.intents.openai_server import ScriptedModel, mode_of


class Reply(BaseModel):
    answer: str


SCHEMA = strict_schema(Reply)
LONG = json.dumps({"answer": "x" * 400})


def call(model: ScriptedModel, times: int = 1, **client_options):
    """`times` calls in one turn: each reply, or the LlmError it raised; and the turn's call log."""
    with model.serve() as url:
        async def run():
            client = LlmClient(f"{url}/v1", "m", **client_options)
            outcomes: list[object] = []
            try:
                with llm_turn() as turn:
                    for _ in range(times):
                        try:
                            outcomes.append(await client.complete("answer", "sys", "user", Reply, SCHEMA, 50))
                        except LlmError as exc:
                            outcomes.append(exc)
                return outcomes, turn.calls
            finally:
                await client.close()
        return asyncio.run(run())


def test_a_reply_streams_in_and_is_validated() -> None:
    model = ScriptedModel(lambda messages: '{"answer": "PROJ-1 is done."}')
    (reply,), (logged,) = call(model)
    assert reply == Reply(answer="PROJ-1 is done.") and model.finished == 1
    assert (logged.stage, logged.outcome) == ("answer", "ok")
    assert model.requests[0]["stream"] is True and model.requests[0]["max_tokens"] == 50


def test_the_structured_mode_is_probed_once_strictest_first() -> None:
    model = ScriptedModel(lambda messages: '{"answer": "yes"}', modes=["json_object"])
    outcomes, _ = call(model, times=3)
    assert outcomes == [Reply(answer="yes")] * 3
    assert [mode_of(p) for p in model.probes] == [
        "json_schema", "tools", "json_object"]  # each a one-token request, once
    assert all(p["max_tokens"] == 1 for p in model.probes)
    assert all(r["response_format"] == {"type": "json_object", "schema": SCHEMA} for r in model.requests)


def test_a_configured_mode_is_not_probed() -> None:
    model = ScriptedModel(lambda messages: '{"answer": "yes"}')
    call(model, structured="tools")
    assert model.probes == [] and model.requests[0]["tool_choice"]["function"]["name"] == "reply"


@pytest.mark.slow
def test_a_server_trickling_a_byte_a_second_is_stopped_at_the_deadline() -> None:
    model = ScriptedModel(lambda messages: LONG, trickle_s=1.0)
    (error,), (logged,) = call(model, timeout_s=2.5)
    assert isinstance(error, LlmError) and error.outcome == "timeout" and logged.outcome == "timeout"
    assert "did not finish within 2.5 s" in str(error)
    assert model.finished == 0 and model.sent_bytes < len(LONG)  # hung up on, mid-reply


def test_a_fast_trickle_that_would_outlast_the_deadline_is_stopped() -> None:
    model = ScriptedModel(lambda messages: LONG, trickle_s=0.05)
    (error,), _ = call(model, timeout_s=0.5)
    assert isinstance(error, LlmError) and error.outcome == "timeout"
    assert model.finished == 0 and model.sent_bytes < len(LONG)


def test_a_hung_server_is_given_up_on() -> None:
    model = ScriptedModel(lambda messages: LONG, hang=True)
    (error,), _ = call(model, timeout_s=0.5)
    assert isinstance(error, LlmError) and error.outcome == "timeout"
    assert len(model.requests) == 1


def test_calls_of_one_turn_share_its_deadline() -> None:
    """The first call spends the turn's time; the second is not started."""
    model = ScriptedModel(lambda messages: LONG, hang=True)
    (_, second), calls = call(model, times=2, timeout_s=0.6, turn_timeout_s=0.7)
    assert [c.outcome for c in calls] == ["timeout", "skipped"]
    assert "no time left in this question" in str(second) and len(model.requests) == 1


def test_the_end_of_a_turn_is_kept_for_the_embedded_answer() -> None:
    """A call allowed the whole turn still stops a tenth of it (at most 0.5 s) early, so that the answer
    given instead of the model's is ready within the turn's deadline."""
    model = ScriptedModel(lambda messages: LONG, hang=True)
    (error,), (logged,) = call(model, timeout_s=1.0, turn_timeout_s=1.0)
    assert error.outcome == "timeout" and "did not finish within 0.9 s" in str(error)
    assert 0.85 <= logged.seconds < 0.95


def test_a_stage_timed_inside_an_open_turn_joins_it() -> None:
    """An evaluation times one stage inside its own turn: the inner turn is the outer one, so its calls
    are logged where the evaluation reads them and the outer deadline still holds."""
    with llm_turn() as outer:
        outer.started -= 7.9  # the outer turn has almost run out
        with llm_turn() as inner:
            assert inner is outer
        assert LlmClient("http://127.0.0.1:9/v1", "m")._remaining() < 0.2


def test_the_breaker_skips_the_model_after_failures_in_a_row() -> None:
    model = ScriptedModel(lambda messages: (503, {"message": "overloaded"}))
    outcomes, calls = call(model, times=5, breaker=CircuitBreaker(failures=3, cooldown_s=60))
    assert [c.outcome for c in calls] == ["error", "error", "error", "skipped", "skipped"]
    assert "circuit breaker open after 3 failed calls in a row" in str(outcomes[-1])
    assert len(model.requests) == 3


def test_a_half_open_breaker_tries_once_and_closes_on_success() -> None:
    now = [0.0]
    breaker = CircuitBreaker(failures=2, cooldown_s=10, clock=lambda: now[0])
    breaker.failed(), breaker.failed()
    assert breaker.state == "open" and not breaker.allows()
    now[0] = 10.0
    assert breaker.allows() and not breaker.allows()  # one trial at a time
    breaker.failed()
    assert breaker.state == "open"  # the trial failed: another cool-down
    now[0] = 20.0
    assert breaker.allows()
    breaker.succeeded()
    assert breaker.state == "closed" and breaker.allows()


def test_a_reply_that_does_not_fit_is_invalid_and_does_not_trip_the_breaker() -> None:
    model = ScriptedModel(lambda messages: '{"text": "x"}')
    outcomes, calls = call(model, times=4, breaker=CircuitBreaker(failures=2, cooldown_s=60))
    assert [c.outcome for c in calls] == ["invalid"] * 4  # the server is up: the model is just wrong
    assert "does not fit the schema (Field required at answer)" in str(outcomes[0])


def test_a_wrong_model_name_stops_start_up_with_a_sentence() -> None:
    model = ScriptedModel(lambda messages: "{}", served=["smollm2"])
    with model.serve() as url:
        async def run():
            client = LlmClient(f"{url}/v1", "gpt-9")
            try:
                await client.start()
            finally:
                await client.close()
        with pytest.raises(LlmConfigError) as raised:
            asyncio.run(run())
    assert str(raised.value) == (f"The LLM endpoint {url}/v1 does not serve the model 'gpt-9' (llm.model); "
                                 "it serves smollm2.")


@pytest.mark.parametrize("refusal_status", [400, 500])
def test_start_up_probes_and_ping_reports(refusal_status: int) -> None:
    """llama-cpp-python's server refuses a mode it does not take with a 500, not a 400: still a refusal
    of that mode, not a failed start-up."""
    model = ScriptedModel(lambda messages: "{}", modes=["tools", "json_object"], refusal_status=refusal_status)
    with model.serve() as url:
        async def run():
            client = LlmClient(f"{url}/v1", "m")
            try:
                await client.start()
                await client.ping()
                return client.mode
            finally:
                await client.close()
        assert asyncio.run(run()) == "tools"


@pytest.mark.parametrize("status", [401, 429, 503])
def test_a_probe_failing_for_another_reason_settles_no_mode(status: int) -> None:
    """Refused for a bad key, a rate limit or a model still loading: no mode was refused, so none is fixed
    for good (the plainest one, json_object, would be); the next call probes again."""
    model = ScriptedModel(lambda messages: "{}", modes=[], refusal_status=status)
    with model.serve() as url:
        async def run():
            client = LlmClient(f"{url}/v1", "m")
            try:
                await client.start()  # logged, not fatal: the endpoint may recover
                return client.mode
            finally:
                await client.close()
        assert asyncio.run(run()) is None
    assert len(model.probes) == 1  # the first failure ends the probing


def test_a_stream_broken_off_mid_way_is_an_llm_error() -> None:
    model = ScriptedModel(lambda messages: LONG, break_off=True)
    (error,), (logged,) = call(model)
    assert isinstance(error, LlmError) and error.outcome == "error" and logged.outcome == "error"
    assert "RemoteProtocolError" in str(error)


def test_an_endpoint_down_at_start_up_is_not_fatal_and_ping_says_why() -> None:
    async def run():
        client = LlmClient("http://127.0.0.1:9/v1", "m", timeout_s=1.0)
        try:
            await client.start()
            assert client.mode is None  # probed again on the first call
            await client.ping()
        finally:
            await client.close()
    with pytest.raises(LlmError, match=r"^APIConnectionError"):
        asyncio.run(run())


def test_max_tokens_is_sized_to_the_schema() -> None:
    empty = len('{"answer": ""}')
    assert max_tokens_for(SCHEMA) == -(-empty // 3)
    assert max_tokens_for(SCHEMA, repeats=3, values=10) == -(-3 * empty // 3) + 10
    assert SCHEMA == {"properties": {"answer": {"type": "string"}}, "required": ["answer"], "type": "object",
                      "additionalProperties": False}
