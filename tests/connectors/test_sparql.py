"""The SPARQL connector on the embedded store and on a real Oxigraph server loaded with the same
data; misbehaving endpoints and hostile values."""

from __future__ import annotations

import asyncio
import base64
import json
import urllib.request
from pathlib import Path

import pytest
from aiohttp import web

from jirakg.connectors.retry import RetryPolicy
from jirakg.connectors.sparql import (
    EmbeddedStore,
    EndpointUnavailable,
    QueryRejected,
    RemoteEndpoint,
    SparqlError,
    resolve_labels,
)
from jirakg.connectors.sparql.escaping import iri, literal
from jirakg.devjira.runner import BackgroundServer
from tests.local_servers import free_port

KG = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "kgqa-dblp"
pytestmark = pytest.mark.skipif(not KG.is_dir(), reason="../shared/datasets is absent")
SCHEMA = "https://dblp.org/rdf/schema#"


@pytest.fixture(scope="module")
def dialogues() -> list[dict]:
    return [json.loads(line) for line in (KG / "dialogues.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module", params=["embedded", pytest.param("oxigraph", marks=pytest.mark.kg_server)])
def endpoint(request):
    if request.param == "embedded":
        return EmbeddedStore(KG / "kg.nt")
    url = request.getfixturevalue("oxigraph_url")
    upload = urllib.request.Request(f"{url}/store?default", data=(KG / "kg.nt").read_bytes(), method="POST",
                                    headers={"Content-Type": "application/n-triples"})
    urllib.request.urlopen(upload, timeout=30).read()
    return RemoteEndpoint(f"{url}/query")


def values(results) -> set[str]:
    return {term.value for row in results.rows for term in row.values()}


def test_gold_queries_give_the_gold_answers(endpoint, dialogues) -> None:
    checked = 0
    for dialogue in dialogues:
        for turn in dialogue["turns"]:
            results = asyncio.run(endpoint.query(turn["sparql"]))
            got = {"true" if results.boolean else "false"} if results.boolean is not None else values(results)
            assert set(turn["answers"]) <= got, turn["sparql"]
            checked += 1
    assert checked == 68


def test_labels_are_batched_and_fall_back_to_local_names(endpoint, dialogues) -> None:
    seeds = {d["seed_entity"]: d["seed_label"] for d in dialogues}
    extra = [f"{SCHEMA}yearOfPublication", "https://dblp.org/pid/t/AlanMTuring"]
    labels = asyncio.run(resolve_labels(endpoint, [*seeds, *extra]))
    assert all(labels[entity] == label for entity, label in seeds.items())
    assert labels[f"{SCHEMA}yearOfPublication"] in ("year of publication", "Year of publication")
    assert labels["https://dblp.org/pid/t/AlanMTuring"] == "Alan MTuring"


def test_rejected_query_is_a_sentence(endpoint) -> None:
    with pytest.raises(QueryRejected) as caught:
        asyncio.run(endpoint.query("SELECT ?x WHERE { ?x ?y }"))
    assert "rejected the query" in str(caught.value)


def test_a_graph_query_on_the_embedded_store_is_refused_in_a_sentence() -> None:
    with pytest.raises(QueryRejected) as caught:
        asyncio.run(EmbeddedStore().query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }"))
    assert "SELECT and ASK" in str(caught.value)


def test_hostile_values_cannot_change_the_query(endpoint) -> None:
    hostile = 'x" } ; DROP ALL ; SELECT * WHERE { ?s ?p ?o # \n }'
    query = f"SELECT ?s WHERE {{ ?s <http://www.w3.org/2000/01/rdf-schema#label> {literal(hostile)} }}"
    assert asyncio.run(endpoint.query(query)).rows == []  # one literal, matched by nothing
    for bad in ("http://x> . ?s ?p ?o . <y", "not an iri", "http://a b", "javascript alert()"):
        with pytest.raises(ValueError):
            iri(bad)
    assert iri("https://dblp.org/pid/t/AlanMTuring") == "<https://dblp.org/pid/t/AlanMTuring>"


def test_endpoint_down() -> None:
    with pytest.raises(EndpointUnavailable) as caught:
        endpoint = RemoteEndpoint(f"http://127.0.0.1:{free_port()}/query", retry=RetryPolicy(attempts=2))
        asyncio.run(endpoint.query("ASK {}"))
    assert "is not answering" in str(caught.value)


def test_an_oversized_query_is_not_sent() -> None:
    """Nothing listens at the address: the refusal comes before any attempt to send."""
    endpoint = RemoteEndpoint(f"http://127.0.0.1:{free_port()}/query", retry=RetryPolicy(attempts=1))
    values = " ".join(f'"phrase {n}"' for n in range(20_000))
    with pytest.raises(QueryRejected, match="more than the 100 KB jirakg sends"):
        asyncio.run(endpoint.query(f"SELECT ?s WHERE {{ VALUES ?label {{ {values} }} ?s ?p ?label }}"))


def misbehaving(handler) -> BackgroundServer:
    app = web.Application()
    app.router.add_route("*", "/query", handler)
    return BackgroundServer(app)


@pytest.mark.slow
def test_slow_endpoint_times_out() -> None:
    async def slow(request):
        await asyncio.sleep(3)
        return web.json_response({"boolean": True})
    with misbehaving(slow) as url:
        with pytest.raises(EndpointUnavailable):
            asyncio.run(RemoteEndpoint(f"{url}/query", timeout_s=1, retry=RetryPolicy(attempts=1)).query("ASK {}"))


def test_a_busy_endpoint_is_asked_again_after_the_wait_it_gives() -> None:
    answered = []

    async def busy_once(request):
        answered.append(request.method)
        if len(answered) == 1:
            return web.Response(status=503, headers={"Retry-After": "7"})
        return web.json_response({"head": {}, "boolean": True})
    policy, waits = RetryPolicy(attempts=2), []
    policy.delay = lambda attempt, retry_after=None: waits.append(retry_after) or 0.0  # record, do not sleep
    with misbehaving(busy_once) as url:
        result = asyncio.run(RemoteEndpoint(f"{url}/query", retry=policy).query("ASK {}"))
    assert result.boolean is True and len(answered) == 2 and waits == [7.0]


@pytest.mark.parametrize("body", ["<html>oops</html>", '{"head": {}}', '{"results": {"bindings": "x"}}'])
def test_malformed_results_are_a_sentence(body: str) -> None:
    async def broken(request):
        return web.Response(text=body, content_type="application/sparql-results+json")
    with misbehaving(broken) as url:
        with pytest.raises(SparqlError) as caught:
            endpoint = RemoteEndpoint(f"{url}/query", retry=RetryPolicy(attempts=1))
            asyncio.run(endpoint.query("SELECT * WHERE { ?s ?p ?o }"))
    assert "not SPARQL JSON results" in str(caught.value)


def test_configured_credentials_and_headers_reach_the_endpoint() -> None:
    from jirakg.answer.kg_session import KgSession
    from jirakg.config.settings import SparqlSettings

    seen: list[dict] = []

    async def guarded(request):
        seen.append(dict(request.headers))
        if request.headers.get("X-Api-Key") != "k-123" or request.headers.get("Authorization") != "Basic " + \
                base64.b64encode(b"reader:pw").decode():
            return web.Response(status=401)
        return web.json_response({"head": {}, "boolean": True}, content_type="application/sparql-results+json")
    with misbehaving(guarded) as url:
        settings = SparqlSettings(endpoint=f"{url}/query", user="reader", password="pw", headers={"X-Api-Key": "k-123"})
        assert asyncio.run(KgSession.from_settings(settings).endpoint.query("ASK {}")).boolean is True
        wrong = SparqlSettings(endpoint=f"{url}/query", user="reader", password="nope", headers={"X-Api-Key": "k-123"})
        with pytest.raises(SparqlError) as caught:
            asyncio.run(KgSession.from_settings(wrong).endpoint.query("ASK {}"))
    assert "refused the credentials" in str(caught.value) and seen[0]["X-Api-Key"] == "k-123"
    assert "k-123" not in repr(settings)  # header values are secrets
