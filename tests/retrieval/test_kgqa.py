"""Conversational KGQA on the DBLP benchmark, on the embedded store and a real Oxigraph server;
hostile questions never change a query's shape."""

from __future__ import annotations

import asyncio
import functools
import json
import re
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from jirakg.answer.kg_session import KgSession
from jirakg.bots.cli import main
from jirakg.connectors.sparql import EmbeddedStore, RemoteEndpoint
from jirakg.retrieval.kgqa.linking import linker_for
from jirakg.retrieval.kgqa.reformulation import KgTurn
from jirakg.retrieval.kgqa.relations import OUTGOING, EntityPredicate, name_words, question_features, relevance
from tests.kg_env import Recording
from tests.local_servers import free_port

KG = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "kgqa-dblp"
pytestmark = pytest.mark.skipif(not KG.is_dir(), reason="../shared/datasets is absent")


def targets(output: str) -> dict:
    metrics = json.loads(output.strip().splitlines()[-1])
    assert metrics["questions"] == 68
    assert metrics["dialogue"]["p_at_1"] >= 0.85
    assert metrics["self_contained"]["p_at_1"] - metrics["dialogue"]["p_at_1"] <= 0.03
    return metrics


def test_embedded_store_meets_the_targets() -> None:
    result = CliRunner().invoke(main, ["eval", "kgqa", str(KG), "--json"])
    assert result.exit_code == 0, result.output
    targets(result.output)


@pytest.mark.kg_server
@pytest.mark.slow
def test_oxigraph_server_meets_the_targets(oxigraph_url: str) -> None:
    urllib.request.urlopen(urllib.request.Request(
        f"{oxigraph_url}/update", method="POST", data=b"CLEAR ALL",
        headers={"Content-Type": "application/sparql-update"}), timeout=30).read()
    urllib.request.urlopen(urllib.request.Request(
        f"{oxigraph_url}/store?default", data=(KG / "kg.nt").read_bytes(), method="POST",
        headers={"Content-Type": "application/n-triples"}), timeout=30).read()
    result = CliRunner().invoke(main, ["eval", "kgqa", str(KG), "--endpoint", f"{oxigraph_url}/query", "--json"])
    assert result.exit_code == 0, result.output
    targets(result.output)


@pytest.fixture(scope="module", params=["embedded", pytest.param("oxigraph", marks=pytest.mark.kg_server)])
def dblp(request):
    """A factory of the DBLP graph's endpoint: the embedded store, or a real Oxigraph server."""
    if request.param == "embedded":
        return lambda: EmbeddedStore(KG / "kg.nt")
    url = request.getfixturevalue("oxigraph_url")
    urllib.request.urlopen(urllib.request.Request(
        f"{url}/store?default", data=(KG / "kg.nt").read_bytes(), method="POST",
        headers={"Content-Type": "application/n-triples"}), timeout=30).read()
    return lambda: RemoteEndpoint(f"{url}/query")


async def seeded(endpoint, search: str) -> tuple[Recording, KgSession, list[KgTurn]]:
    """A session whose dialogue is about Turing's thesis, and the queries asked from now on."""
    store = Recording(endpoint)
    session = KgSession(store, linker_for(store, search, embedded=False))
    seed = await session.linker.link("Systems of Logic Based on Ordinals.")
    store.queries.clear()
    return store, session, [KgTurn(question="Who authored it?", entity=seed)]


@pytest.mark.parametrize("search", ["index", "filter"])
@pytest.mark.parametrize("question", [
    'Who authored \'x" } ; DELETE WHERE { ?s ?p ?o } #\'?',
    "Who authored <https://dblp.org/pid/t/AlanMTuring> } UNION { ?s ?p ?o ?",
    "Was it authored by \"} FILTER(true) #\n?",
    "Is it published in 1938'} ; DROP ALL ; #?",
])
def test_hostile_questions_do_not_change_the_query_shape(dblp, question: str, search: str) -> None:
    async def run():
        store, session, history = await seeded(dblp(), search)
        reply = await session.ask(question, history)
        return store.queries, reply
    queries, reply = asyncio.run(run())
    assert reply.answer.entity is not None and reply.answer.entity.label == "Systems of Logic Based on Ordinals."
    templates = ("SELECT ?p ?out (SAMPLE(?o) AS ?value) (SAMPLE(?l) AS ?label) (SAMPLE(?c) AS ?comment) WHERE",
                 "ASK WHERE {",
                 "SELECT DISTINCT ?o WHERE {", "SELECT (COUNT(DISTINCT ?o) AS ?n) (SAMPLE(?o) AS ?value) WHERE {",
                 "SELECT ?s ?label WHERE { VALUES ?")
    for query in queries:
        assert query.startswith(templates), query
        outside_literals = re.sub(r'"(?:[^"\\]|\\.)*"', '""', query)
        assert outside_literals.count("{") == outside_literals.count("}")
        for word in ("DELETE", "DROP", "FILTER(true)", "?s ?p ?o }"):
            assert word not in outside_literals


def test_unreachable_endpoint_is_a_sentence() -> None:
    result = CliRunner().invoke(main, ["eval", "kgqa", str(KG), "--endpoint", f"http://127.0.0.1:{free_port()}/query"])
    assert result.exit_code == 1 and "is not answering" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("search", ["index", "filter"])
def test_an_unknown_entity_gets_a_reason(dblp, search: str) -> None:
    async def run():
        store = dblp()
        return await KgSession(store, linker_for(store, search, embedded=True)).ask(
            "Who wrote the Voynich manuscript?", [])
    reply = asyncio.run(run())
    assert reply.answer.answers == [] and "which entity" in reply.words


def test_a_hostile_value_reaches_the_query_only_as_an_escaped_literal(dblp) -> None:
    async def run():
        store, session, history = await seeded(dblp(), "index")
        await session.ask("Was it authored by 'x\" } FILTER(true) #'?", history)
        return store.queries
    ask = next(q for q in asyncio.run(run()) if q.startswith("ASK"))
    assert 'CONTAINS(LCASE(STR(?o)), "x\\" } filter(true) #")' in ask
    assert re.sub(r'"(?:[^"\\\\]|\\\\.)*"', '""', ask).count("FILTER(true)") == 0


@functools.cache
def raw_graph():
    import pyoxigraph

    store = pyoxigraph.Store()
    store.load(path=str(KG / "kg.nt"), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def objects(subject: str, predicate: str) -> set[str]:
    """What kg.nt itself says, read with pyoxigraph directly (not through the pipeline)."""
    import pyoxigraph

    store = raw_graph()
    return {q.object.value for q in store.quads_for_pattern(pyoxigraph.NamedNode(subject),
                                                            pyoxigraph.NamedNode(SCHEMA + predicate), None)}


SCHEMA = "https://dblp.org/rdf/schema#"
BRENNER = "https://dblp.org/pid/05/4977"
CONSTRAINED = "https://dblp.org/rec/conf/ijcnn/0002PZ18"
GASOLINE = "https://dblp.org/rec/conf/ijcnn/0001L14"


@pytest.mark.parametrize("dialogue", [
    # Paraphrases written after the benchmark was met, not tuned on: (question, entity, the predicate
    # asked about). When the graph holds no such fact for the entity, the answer must say nothing fits.
    [("Where does Walter Brenner work?", BRENNER, "primaryAffiliation"), ("What is his ORCID?", BRENNER, "orcid"),
     ("Does he have a homepage?", BRENNER, "primaryHomepage")],
    [("Who wrote 'Constrained Expectation-Maximization Methods for Effective Reinforcement Learning'?", CONSTRAINED,
      "authoredBy"), ("When was it published?", CONSTRAINED, "yearOfPublication"),
     ("Where was it published?", CONSTRAINED, "publishedIn"),
     ("How many pages does it have?", CONSTRAINED, "pagination")],
    [("what is the doi of hybrid neural networks for gasoline blending system modeling", GASOLINE, "doi"),
     ("who are its authors?", GASOLINE, "authoredBy"), ("which journal?", GASOLINE, "publishedIn")],
])
def test_paraphrases_beyond_the_benchmark(dialogue) -> None:
    async def run():
        session, history, replies = KgSession(EmbeddedStore(KG / "kg.nt")), [], []
        for question, _, _ in dialogue:
            replies.append(await session.ask(question, history))
            history.append(replies[-1].turn)
        return replies
    for (question, subject, predicate), reply in zip(dialogue, asyncio.run(run()), strict=True):
        expected = objects(subject, predicate)
        if not expected:
            assert "nothing that fits" in reply.words, (question, reply.words)
        elif question.startswith("Does"):
            assert reply.answer.answers == ["true"], (question, reply.answer)
        else:
            assert reply.answer.answers[0] in expected, (question, reply.answer)


@pytest.mark.parametrize(("question", "predicate", "expected"), [
    ("Who wrote it?", "https://dblp.org/rdf/schema#authoredBy", 2.0 + 0.1),  # an everyday cue
    ("When was he born?", "http://example.org/birthDate", 2.0 + 2.0 + 0.1),  # cue and answer type
    ("Where was he born?", "http://example.org/birthDate", None),  # a date does not answer "where"
    ("What is his homepage?", "https://dblp.org/rdf/schema#otherHomepage", 2.0 + 1.0 - 1.0 + 0.1),
    ("What is his homepage?", "https://dblp.org/rdf/schema#primaryHomepage", 2.0 + 1.0 + 0.3 + 0.1),
    ("What is his height?", "https://dblp.org/rdf/schema#authoredBy", None),  # nothing points to it
])
def test_predicate_scores_add_up_from_the_question(question: str, predicate: str, expected: float | None) -> None:
    features = question_features(question)
    score = relevance(features, name_words(EntityPredicate(iri=predicate, outgoing=True, label="")))
    if expected is None:
        assert score is None
    else:
        assert score is not None and score + OUTGOING == pytest.approx(expected)
