"""The REST API, health, metrics and OpenAPI of `jirakg serve`, over real HTTP; answers checked
against the raw issue JSON, feedback read back from the store."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from tests.bots.web_env import KEY, OWNER, RAW, call, feedback_rows, jirakg_server


def test_ask_follow_up_feedback_and_conversation(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, settings):
        status, first, _ = call(f"{url}/api/v1/ask", "POST", {"text": f"Who owns {KEY}?"})
        assert status == 200 and OWNER in first["answer"] and first["intents"] == ["metadata"]
        assert first["citations"][0]["key"] == KEY and first["citations"][0]["url"].endswith(f"/browse/{KEY}")
        status, second, _ = call(f"{url}/api/v1/ask", "POST",
                                 {"text": "what is its status?", "conversation_id": first["conversation_id"]})
        assert status == 200 and RAW[KEY]["fields"]["status"]["name"] in second["answer"]
        status, scoped, _ = call(f"{url}/api/v1/ask", "POST", {"text": "who owns it?", "context": {"issue_key": KEY}})
        assert status == 200 and OWNER in scoped["answer"]
        assert call(f"{url}/api/v1/feedback", "POST", {"turn_id": second["turn_id"], "rating": "down",
                                                       "comment": "too short"})[0] == 200
        status, conversation, _ = call(f"{url}/api/v1/conversations/{first['conversation_id']}")
        assert status == 200 and [t["turn_id"] for t in conversation["turns"]] == [first["turn_id"], second["turn_id"]]
        assert conversation["turns"][1]["feedback"] == {"rating": "down", "comment": "too short"}
        assert conversation["turns"][0]["citations"] == first["citations"]  # links survive a reload
        metrics = call(f"{url}/metrics")[1]["text"]
        assert 'jirakg_turns_total{intent="metadata"} 3' in metrics
        assert 'jirakg_feedback_total{rating="down"} 1' in metrics
        assert 'jirakg_turn_seconds_bucket{intent="metadata",le="+Inf"} 3' in metrics
        assert "jirakg_llm_fallbacks_total 0" in metrics
    rows = feedback_rows(settings.feedback.sqlite_path)
    assert [r["question"] for r in rows] == [f"Who owns {KEY}?", "what is its status?", "who owns it?"]
    rated = next(r for r in rows if r["rating"])
    assert rated["turn_id"] == second["turn_id"] and rated["comment"] == "too short" and rated["channel"] == "api"
    assert rated["parser"] == "embedded" and rated["answerer"] == "templated" and rated["intents"] == ["metadata"]
    assert rated["parsed"][0]["name"] == "metadata" and rated["parsed"][0]["issue_keys"] == [KEY]


@pytest.mark.parametrize("body, status, message", [
    ({"text": ""}, 400, "The question is empty"),
    ({"text": "x" * 4001}, 400, "text: String should have at most 4000 characters"),
    ({"text": "who owns it?", "context": {"issue_key": "PROJ-1' OR 1=1"}}, 400, "is not an issue key"),
    ({"text": "hi", "conversation_id": "../../etc"}, 400, "conversation_id"),
    ({"question": "who?"}, 400, "text: Field required"),
    ({"text": "Who owns NOPE-99999?"}, 200, "There is no project NOPE"),
])
def test_bad_input_gets_a_sentence(tmp_path, body: dict, status: int, message: str) -> None:
    with jirakg_server(tmp_path) as (url, _):
        got, reply, _ = call(f"{url}/api/v1/ask", "POST", body)
    assert got == status and message in (reply.get("error") or reply.get("answer")), reply


def test_refusals_size_json_unknown_turn_and_conversation(tmp_path) -> None:
    with jirakg_server(tmp_path, web={"max_request_bytes": 2048}) as (url, _):
        status, reply, _ = call(f"{url}/api/v1/ask", "POST", raw=b'{"text": "' + b"a" * 5000 + b'"}')
        assert status == 413 and "larger than 2048 bytes" in reply["error"]
        assert call(f"{url}/api/v1/ask", "POST", raw=b"{not json")[1]["error"] == "The request body is not JSON."
        status, reply, _ = call(f"{url}/api/v1/feedback", "POST", {"turn_id": "nope", "rating": "up"})
        assert status == 404 and "no answer with turn_id nope" in reply["error"]
        assert call(f"{url}/api/v1/feedback", "POST", {"turn_id": "x", "rating": "meh"})[0] == 400
        assert call(f"{url}/api/v1/conversations/unknown")[0] == 404


def test_tokens_and_rate_limit(tmp_path) -> None:
    with jirakg_server(tmp_path, web={"api_tokens": ["s3cret"], "rate_limit_per_minute": 3}) as (url, _):
        status, reply, headers = call(f"{url}/api/v1/ask", "POST", {"text": "help"})
        assert status == 401 and headers.get("WWW-Authenticate") == "Bearer" and "API token" in reply["error"]
        assert call(f"{url}/api/v1/ask", "POST", {"text": "help"}, {"Authorization": "Bearer wrong"})[0] == 401
        good = {"Authorization": "Bearer s3cret"}
        statuses = [call(f"{url}/api/v1/ask", "POST", {"text": "help"}, good)[0] for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        status, reply, headers = call(f"{url}/api/v1/ask", "POST", {"text": "help"}, good)
        assert status == 429 and int(headers["Retry-After"]) >= 1 and "Too many requests" in reply["error"]
        assert call(f"{url}/api/v1/openapi.json")[0] == 200  # the document is public


def test_health_readiness_and_openapi(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, _):
        assert call(f"{url}/healthz") == (200, {"status": "ok"}, call(f"{url}/healthz")[2])
        status, ready, _ = call(f"{url}/readyz")
        assert status == 200 and ready["checks"] == {"jira": "ok", "graph_store": "ok", "knowledge_graph": "ok",
                                                     "feedback_store": "ok"}
        spec = call(f"{url}/api/v1/openapi.json")[1]
    assert spec["openapi"].startswith("3.") and set(spec["paths"]) == {
        "/api/v1/ask", "/api/v1/feedback", "/api/v1/conversations/{conversation_id}", "/api/v1/examples",
        "/api/v1/actions/{action_id}/confirm", "/api/v1/actions/{action_id}/cancel"}
    ask = spec["components"]["schemas"]["AskRequest"]
    assert ask["required"] == ["text"] and ask["properties"]["text"]["maxLength"] == 4000
    assert "AskContext" in spec["components"]["schemas"]


def test_readiness_reports_an_unreachable_sparql_endpoint(tmp_path) -> None:
    from tests.local_servers import free_port
    with jirakg_server(tmp_path, sparql={"endpoint": f"http://127.0.0.1:{free_port()}/query", "timeout_s": 1}) as (
            url, _):
        status, ready, _ = call(f"{url}/readyz")
    assert status == 503 and ready["ready"] is False and ready["checks"]["jira"] == "ok"
    assert "is not answering" in ready["checks"]["knowledge_graph"]


def test_slack_answers_404_when_not_configured(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, _):
        status, reply, _ = call(f"{url}/slack/events", "POST", {"type": "url_verification"})
    assert status == 404 and reply["error"] == "Slack is not configured."


def test_jira_webhook_makes_cached_answers_stale_and_checks_its_signature(tmp_path) -> None:
    secret = "webhook-secret"
    with jirakg_server(tmp_path, jira_secret=secret) as (url, _):
        question = {"text": f"open bugs in {KEY.split('-')[0]}"}
        first = call(f"{url}/api/v1/ask", "POST", question)[1]
        assert any("cache miss" in line for line in first["explain"])
        assert any("cache hit" in line for line in call(f"{url}/api/v1/ask", "POST", question)[1]["explain"])
        payload = json.dumps({"webhookEvent": "jira:issue_updated", "issue": {"key": KEY},
                              "changelog": {"items": [{"field": "status", "fieldId": "status"}]}}).encode()
        signature = "sha256=" + hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()
        status, reply, _ = call(f"{url}/jira/webhook", "POST", raw=payload, headers={"X-Hub-Signature": signature})
        assert status == 200 and reply["keys"] == [KEY] and reply["queries_dropped"] >= 1
        assert any("cache miss" in line for line in call(f"{url}/api/v1/ask", "POST", question)[1]["explain"])
        metrics = call(f"{url}/metrics")[1]["text"]
        assert 'jirakg_cache_lookups_total{result="miss"} 2' in metrics and "jirakg_cache_hit_ratio 0.3333" in metrics
        status, reply, _ = call(f"{url}/jira/webhook", "POST", raw=payload, headers={"X-Hub-Signature": "sha256=00"})
        assert status == 401 and "signature" in reply["error"]
        odd = json.dumps({"webhookEvent": "board_created"}).encode()
        odd_signature = "sha256=" + hmac.new(secret.encode(), odd, hashlib.sha256).hexdigest()
        status, reply, _ = call(f"{url}/jira/webhook", "POST", raw=odd, headers={"X-Hub-Signature": odd_signature})
        assert status == 400 and "Unsupported webhook event 'board_created'" in reply["error"]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_budget(tmp_path) -> None:
    with jirakg_server(tmp_path, web={"rate_limit_per_minute": 2, "trusted_proxies": ["127.0.0.0/8"]}) as (url, _):
        def ask(forwarded: str) -> int:
            return call(f"{url}/api/v1/ask", "POST", {"text": "help"}, {"X-Forwarded-For": forwarded})[0]
        assert [ask("203.0.113.7") for _ in range(3)] == [200, 200, 429]
        assert ask("198.51.100.4") == 200  # another client behind the same balancer
        assert ask("198.51.100.4, 203.0.113.7") == 429  # a client cannot choose its address by prepending one


def test_client_address_reads_only_trusted_hops() -> None:
    import ipaddress

    from jirakg.bots.web.limits import client_address
    trusted = [ipaddress.ip_network("10.0.0.0/8")]
    assert client_address("10.0.0.5", "1.2.3.4, 10.0.0.9", trusted) == "1.2.3.4"
    assert client_address("8.8.8.8", "1.2.3.4", trusted) == "8.8.8.8"  # not from a trusted proxy: ignored
    assert client_address("10.0.0.5", None, trusted) == "10.0.0.5"


def test_an_llm_is_reported_in_readiness_metrics_and_the_feedback_store(tmp_path) -> None:
    from tests.intents.openai_server import ScriptedModel

    model = ScriptedModel(lambda messages: json.dumps(
        {"intents": [{"name": "metadata", "issue_keys": [KEY], "fields": ["assignee"]}]}
        if "Question:" in messages[-1]["content"] else {"answer": f"{KEY} belongs to nobody at all, 99 times."}))
    with model.serve() as llm_url, jirakg_server(tmp_path, llm={"base_url": f"{llm_url}/v1", "model": "m"}) as (
            url, settings):
        status, ready, _ = call(f"{url}/readyz")
        assert status == 200 and ready["checks"]["llm"] == "ok"
        status, reply, _ = call(f"{url}/api/v1/ask", "POST", {"text": f"Who owns {KEY}?"})
        assert status == 200 and OWNER in reply["answer"] and reply["parser"] == "llm"
        assert reply["answerer"] == "templated" and reply["fallback_reasons"][0].startswith(
            "metadata: llm answer rejected")
        metrics = call(f"{url}/metrics")[1]["text"]
    assert 'jirakg_llm_calls_total{stage="parse",outcome="ok"} 1' in metrics
    assert 'jirakg_llm_calls_total{stage="answer",outcome="ok"} 1' in metrics
    assert 'jirakg_llm_call_seconds_count{stage="parse"} 1' in metrics
    assert 'jirakg_llm_fallbacks_total{stage="answer",reason="llm answer rejected"} 1' in metrics
    row = feedback_rows(settings.feedback.sqlite_path)[0]
    assert row["parser"] == "llm" and row["answerer"] == "templated"


def test_an_llm_that_is_down_is_reported_but_the_bot_stays_ready(tmp_path) -> None:
    from tests.local_servers import free_port
    with jirakg_server(tmp_path, llm={"base_url": f"http://127.0.0.1:{free_port()}/v1", "model": "m",
                                      "timeout_s": 1}) as (url, _):
        status, ready, _ = call(f"{url}/readyz")
    assert status == 200 and ready["ready"] is True and ready["checks"]["llm"].startswith("APIConnectionError")


def test_a_conversation_is_its_owners_alone(tmp_path) -> None:
    with jirakg_server(tmp_path, web={"api_tokens": ["alice-token", "bob-token"]}) as (url, _):
        alice, bob = {"Authorization": "Bearer alice-token"}, {"Authorization": "Bearer bob-token"}
        status, first, _ = call(f"{url}/api/v1/ask", "POST", {"text": f"Who owns {KEY}?"}, alice)
        assert status == 200
        conversation = f"{url}/api/v1/conversations/{first['conversation_id']}"
        assert call(conversation, headers={"Authorization": "bearer  alice-token"})[0] == 200  # however spelt
        status, reply, _ = call(conversation, headers=bob)
        assert status == 404 and reply["error"] == f"There is no conversation {first['conversation_id']}."
        status, reply, _ = call(f"{url}/api/v1/ask", "POST",
                                {"text": "what is its status?", "conversation_id": first["conversation_id"]}, bob)
        assert status == 404 and "There is no conversation" in reply["error"]
        assert call(f"{url}/api/v1/feedback", "POST", {"turn_id": first["turn_id"], "rating": "down"}, bob)[0] == 404
        assert call(f"{url}/api/v1/feedback", "POST", {"turn_id": first["turn_id"], "rating": "up"}, alice)[0] == 200
        status, mine, _ = call(conversation, headers=alice)
        assert status == 200 and len(mine["turns"]) == 1 and mine["turns"][0]["feedback"]["rating"] == "up"


def test_refused_tokens_are_limited_per_address(tmp_path) -> None:
    with jirakg_server(tmp_path, web={"api_tokens": ["s3cret"]}) as (url, _):
        wrong = [call(f"{url}/api/v1/ask", "POST", {"text": "help"}, {"Authorization": f"Bearer guess{n}"})[0]
                 for n in range(12)]
        assert wrong == [401] * 10 + [429] * 2
        # While refused, even the right token is not checked: a guess cannot be confirmed.
        assert call(f"{url}/api/v1/ask", "POST", {"text": "help"}, {"Authorization": "Bearer s3cret"})[0] == 429


def test_the_webhook_is_refused_without_a_secret_and_open_only_when_said(tmp_path) -> None:
    event = {"webhookEvent": "jira:issue_updated", "issue": {"key": KEY}}
    with jirakg_server(tmp_path) as (url, _):
        status, reply, _ = call(f"{url}/jira/webhook", "POST", event)
        assert status == 403 and "set jira.webhook_secret" in reply["error"]
    with jirakg_server(tmp_path, jira_secret="none") as (url, _):
        assert call(f"{url}/jira/webhook", "POST", event)[1]["keys"] == [KEY]
        for body in ([], "x", 1, None, {"webhookEvent": "jira:issue_updated", "issue": "PROJ-1"},
                     {"webhookEvent": "jira:issue_updated", "issue": {"key": KEY}, "changelog": {"items": [5]}}):
            status, reply, _ = call(f"{url}/jira/webhook", "POST", body)
            assert status == 400 and reply["error"].startswith("Not a Jira webhook jirakg understands:"), body


def test_a_post_that_is_not_json_is_refused(tmp_path) -> None:
    with jirakg_server(tmp_path) as (url, _):
        status, reply, _ = call(f"{url}/api/v1/ask", "POST", raw=b'{"text": "help"}',
                                headers={"Content-Type": "text/plain"})
        # A page on another site is refused for its Origin before its body type is looked at.
        cross_site = call(f"{url}/api/v1/ask", "POST", raw=b'{"text": "help"}',
                          headers={"Content-Type": "text/plain", "Origin": "http://elsewhere.example"})
    assert status == 415 and "Content-Type: application/json" in reply["error"]
    assert cross_site[0] == 403
