"""Reformulation of follow-ups (embedded rules and an OpenAI-compatible model over the wire), entity
search suited to remote engines, label caching in the node graph and LLM wording of KG answers;
on the demo graph jirakg ships, whose facts are read with pyoxigraph directly."""

from __future__ import annotations

import asyncio
import json

import pytest

from jirakg.answer.kg_session import KgSession
from jirakg.answer.llm_kg_answerer import LlmKgAnswerer
from jirakg.connectors.sparql import EmbeddedStore, resolve_labels
from jirakg.graph.entities import EntityLabelCache
from jirakg.graph.stores import MemoryStore, SqliteStore
from jirakg.llm import LlmClient
from jirakg.retrieval.kgqa.facts import LabelledTriple
from jirakg.retrieval.kgqa.linking import EntityIndex, KgEntity, SearchLinker, linker_for
from jirakg.retrieval.kgqa.reformulation import EmbeddedReformulator, KgTurn, rewrite
from tests.intents.openai_server import ScriptedModel
from tests.kg_env import EX, TTL, RecordingStore, fact

ANTONY = KgEntity(iri=EX + "AntonyCheng", label="Antony Cheng")
MEIRA = KgEntity(iri=EX + "MeiraOkafor", label="Meira Okafor")


@pytest.mark.parametrize("question, expected", [
    ("What is his height?", "What is Antony Cheng's height?"),
    ("Where was he born?", "Where was 'Antony Cheng' born?"),
    ("In which year was 'it' published?", "In which year was 'Antony Cheng' published?"),
    ("Whose work is this?", "Whose work is 'Antony Cheng'?"),
])
def test_rewrite_replaces_the_referring_word(question: str, expected: str) -> None:
    assert rewrite(question, ANTONY) == expected


def test_embedded_reformulation_classifies_rewrites_and_picks_the_answer_for_she() -> None:
    store = EmbeddedStore(TTL)
    reformulator = EmbeddedReformulator(store, SearchLinker(store))
    spouse = KgEntity(iri=EX + "AntonyCheng", label="Antony Cheng")  # Meira's spouse in the demo graph
    assert fact("MeiraOkafor", "spouse") == spouse.label
    history = [KgTurn(question="Who is Meira Okafor married to?", entity=MEIRA, answer_entity=spouse)]

    async def run(question: str):
        return await reformulator.reformulate(question, history)
    alone = asyncio.run(run("Where was Meira Okafor born?"))
    assert alone.self_contained and alone.entity == MEIRA and alone.attempts == 0
    born = asyncio.run(run("Where was he born?"))
    assert not born.self_contained and born.entity == spouse and born.question == "Where was 'Antony Cheng' born?"
    ellipsis = asyncio.run(run("And the height?"))
    assert ellipsis.entity == MEIRA  # no pronoun: the entity the dialogue is about


def test_embedded_reformulation_asks_when_no_candidate_fits() -> None:
    store = EmbeddedStore(TTL)
    reformulator = EmbeddedReformulator(store, SearchLinker(store))
    found = asyncio.run(reformulator.reformulate("What is its ISBN checksum?", [KgTurn(question="q", entity=MEIRA)]))
    assert found.entity is None and found.attempts == 1
    assert found.clarify == ("The knowledge graph holds nothing that fits this about Meira Okafor; if you mean another "
                             "entity, name it as the knowledge graph does.")
    first = asyncio.run(reformulator.reformulate("What is its height?", []))
    assert first.entity is None and first.clarify


def test_search_linker_finds_labels_exactly_then_by_text_search() -> None:
    store = RecordingStore(TTL)
    linker = SearchLinker(store)
    assert asyncio.run(linker.link("Where was Antony Cheng born?")) == ANTONY
    assert len(store.queries) == 1 and "VALUES ?label" in store.queries[0]  # exact phrase lookup sufficed
    store.queries.clear()
    # Case differs: found exactly, and the text search (which would find "Tromsø" for "tromso") agrees.
    assert asyncio.run(linker.link("where was antony cheng born")) == ANTONY
    assert "VALUES ?label" in store.queries[0] and len(store.queries) == 2
    store.queries.clear()
    assert asyncio.run(linker.link("where was antony chengg born")) == ANTONY  # misspelt: text search
    assert any("CONTAINS(LCASE(STR(?label)), \"antony\")" in q for q in store.queries)
    assert asyncio.run(linker.link("Where was Nobody Atall born?")) is None


def test_virtuoso_search_uses_its_full_text_index() -> None:
    fragment = SearchLinker(None, "virtuoso")._text_search(["cheng", "antony"])
    assert fragment.strip() == "?label bif:contains \"'cheng' AND 'antony'\""


def test_index_ranks_the_longest_label_first() -> None:
    index = EntityIndex({"urn:a": "Logic", "urn:b": "Systems of Logic Based on Ordinals."})
    assert index.link("who wrote systems of logic based on ordinals").iri == "urn:b"


@pytest.mark.parametrize("make_store", [lambda tmp: MemoryStore(), lambda tmp: SqliteStore(tmp / "graph.sqlite")])
def test_labels_are_cached_in_the_graph_store(make_store, tmp_path) -> None:
    async def run():
        store = RecordingStore(TTL)
        graph = make_store(tmp_path)
        cache = EntityLabelCache(graph)
        first = await resolve_labels(store, [EX + "AntonyCheng", EX + "NoLabelHere"], cache)
        asked = len(store.queries)
        again = await resolve_labels(store, [EX + "AntonyCheng", EX + "NoLabelHere"], cache)
        kept = await graph.get_entity_labels([EX + "AntonyCheng"]), await graph.get_nodes([EX + "AntonyCheng"])
        await graph.close()
        return first, again, asked, len(store.queries), kept
    first, again, asked, total, (labels, nodes) = asyncio.run(run())
    assert first == again == {EX + "AntonyCheng": "Antony Cheng", EX + "NoLabelHere": "No Label Here"}
    assert asked == 1 and total == 1  # the second call was answered by the graph store
    assert labels[EX + "AntonyCheng"].label == "Antony Cheng" and nodes == {}  # a label, not a fake issue


def scripted(*replies: object):
    """Replies given in order, one per request; a tuple is an HTTP error."""
    queue = list(replies)
    return lambda messages: queue.pop(0)


def llm_session(model: ScriptedModel, url: str) -> tuple[KgSession, LlmClient]:
    llm = LlmClient(f"{url}/v1", "test-model", timeout_s=30)  # a scripted model: no timing under test
    return KgSession(EmbeddedStore(TTL), llm=llm), llm


def run_with_model(replies: list, question: str, history: list[KgTurn]):
    model = ScriptedModel(scripted(*replies))
    with model.serve() as url:
        async def run():
            session, llm = llm_session(model, url)
            try:
                return await session.ask(question, history)
            finally:
                await llm.close()
        return asyncio.run(run()), model


HISTORY = [KgTurn(question="Where was Antony Cheng born?", reformulated="Where was Antony Cheng born?",
                  entity=ANTONY, answer="Antony Cheng — birth place: Lisbon.")]


def test_llm_reformulator_classifies_rewrites_and_verifies() -> None:
    reply, model = run_with_model([
        json.dumps({"self_contained": False}),
        json.dumps({"question": "What is Antony Cheng's height?"}),
        json.dumps({"self_contained": True}),
        json.dumps({"answer": f"Antony Cheng is {fact('AntonyCheng', 'height')} tall."}),
    ], "What is his height?", HISTORY)
    assert reply.reformulation.by == "llm" and reply.reformulation.question == "What is Antony Cheng's height?"
    assert reply.answer.entity == ANTONY and fact("AntonyCheng", "height") in reply.words
    rewrite_prompt = model.requests[1]["messages"][1]["content"]
    assert "Where was Antony Cheng born?" in rewrite_prompt  # the full history reaches the rewriter
    assert "worded by the llm" in reply.explain


def test_llm_reformulator_retries_three_times_then_tries_the_rules() -> None:
    replies = [json.dumps({"self_contained": False})]
    for _ in range(3):
        replies += [json.dumps({"question": "What is his height?"}), json.dumps({"self_contained": False})]
    replies.append(json.dumps({"answer": f"Antony Cheng is {fact('AntonyCheng', 'height')} tall."}))
    reply, model = run_with_model(replies, "What is his height?", HISTORY)
    assert reply.reformulation.by == "embedded (llm rejected)" and reply.answer.entity == ANTONY
    assert reply.reformulation.rejected == ["'What is his height?': not self-contained"] * 3
    assert fact("AntonyCheng", "height") in reply.words
    assert "REJECTED REWRITES" in model.requests[-3]["messages"][1]["content"]  # earlier tries are shown


def test_llm_failure_falls_back_to_the_embedded_reformulator() -> None:
    reply, _ = run_with_model([(500, {"message": "down"}), (500, {"message": "down"})], "What is his height?", HISTORY)
    assert reply.reformulation.by == "embedded (llm failed)" and reply.answer.entity == ANTONY
    assert fact("AntonyCheng", "height") in reply.words and not reply.words.startswith("down")


@pytest.mark.parametrize("worded, accepted", [
    ("Antony Cheng is {height} tall.", True),
    ("Antony Cheng is {height} tall and was born in 1950.", False),  # a number the triples do not give
    ("He is quite tall.", False),  # states none of the values
])
def test_llm_kg_wording_is_checked_against_the_triples(worded: str, accepted: bool) -> None:
    height = fact("AntonyCheng", "height")
    model = ScriptedModel(lambda messages: json.dumps({"answer": worded.format(height=height)}))
    with model.serve() as url:
        async def run():
            llm = LlmClient(f"{url}/v1", "test-model", timeout_s=30)  # a scripted model: no timing under test
            try:
                triples = [LabelledTriple(entity="Antony Cheng", relation="height", value=height)]
                return await LlmKgAnswerer(llm).words("What is Antony Cheng's height?", triples, "templated")
            finally:
                await llm.close()
        words, rejected = asyncio.run(run())
    assert (words != "templated") == accepted and (rejected is None) == accepted
    assert json.loads(model.requests[0]["messages"][1]["content"].split("TRIPLES: ")[1]) == [
        ["Antony Cheng", "height", height]]


@pytest.mark.parametrize("search", ["index", "filter"])
@pytest.mark.parametrize("question, expected", [
    ("Where was Antoni Chen born?", ANTONY),  # misspelt
    ("where was MEIRA OKAFOR born", MEIRA),  # case
    ("Who is 'Meira Okafor.' married to?", MEIRA),  # quotes and a trailing period
    ("Where was Antonia Chan born?", None),  # too far from any name
    ("What is the capital of France?", None),
])
def test_linking_is_exact_normalised_then_fuzzy(search: str, question: str, expected) -> None:
    store = EmbeddedStore(TTL)
    assert asyncio.run(linker_for(store, search, embedded=True).link(question)) == expected
