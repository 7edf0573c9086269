"""The model's stages on the knowledge-graph path, over the wire-exact fake OpenAI server: a rewrite is
kept only when it asks what the question asked (answer type and relation), three rejections go to the
rules before the person is asked; the model picks the relation among the linker's best few, checked;
`eval kgqa --llm` reports the model's use, fallbacks and timings."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from pathlib import Path

import pyoxigraph
import pytest
from click.testing import CliRunner

from jirakg.answer.kg_session import KgReply, KgSession
from jirakg.answer.llm_kg_answerer import SYSTEM as WORDING
from jirakg.bots.cli import main
from jirakg.connectors.sparql import EmbeddedStore
from jirakg.llm import LlmClient
from jirakg.retrieval.kgqa.linking import KgEntity
from jirakg.retrieval.kgqa.reformulation import CLASSIFY, REWRITE, KgTurn
from jirakg.retrieval.kgqa.relation_choice import PICK, candidate_names
from jirakg.retrieval.kgqa.rewrite_check import answer_type, check_rewrite, same_answer_type
from tests.intents.openai_server import ScriptedModel
from tests.kg_env import EX, TTL, Recording, fact

ANTONY = KgEntity(iri=EX + "AntonyCheng", label="Antony Cheng")
MEIRA = KgEntity(iri=EX + "MeiraOkafor", label="Meira Okafor")
HISTORY = [KgTurn(question="Where was Antony Cheng born?", reformulated="Where was Antony Cheng born?",
                  entity=ANTONY, answer="Antony Cheng — birth place: Lisbon.")]
PRONOUN = re.compile(r"\b(he|his|him|she|her|it|its)\b", re.IGNORECASE)


def model(rewrite: Callable[[str], str] = lambda question: question,
          pick: Callable[[list[str]], object] = lambda candidates: candidates[0]) -> ScriptedModel:
    """A model per stage: a question is self-contained when it has no pronoun; `rewrite` maps the
    follow-up to its rewrite, `pick` the candidates to a relation (or an HTTP error); it words nothing
    usable, so the templated words stay."""
    def reply(messages: list[dict]) -> object:
        system, user = messages[0]["content"], messages[1]["content"]
        question = re.search(r"QUESTION: (.*)", user).group(1)  # type: ignore[union-attr]
        if system == CLASSIFY:
            return json.dumps({"self_contained": not PRONOUN.search(question)})
        if system == REWRITE:
            return json.dumps({"question": rewrite(question)})
        if system == PICK:
            picked = pick(json.loads(re.search(r"CANDIDATES: (.*)", user).group(1)))  # type: ignore[union-attr]
            return picked if isinstance(picked, tuple) else json.dumps({"relation": picked})
        assert system == WORDING
        return "not json"
    return ScriptedModel(reply)


def ask(scripted: ScriptedModel, question: str, history: list[KgTurn]) -> KgReply:
    with scripted.serve() as url:
        async def run() -> KgReply:
            llm = LlmClient(f"{url}/v1", "test-model", timeout_s=5)
            try:
                return await KgSession(EmbeddedStore(TTL), llm=llm).ask(question, history)
            finally:
                await llm.close()
        return asyncio.run(run())


def stage_requests(scripted: ScriptedModel, system: str) -> list[dict]:
    return [r for r in scripted.requests if r["messages"][0]["content"] == system]


@pytest.mark.parametrize("question, expected", [
    ("Is he married?", "yes/no"),
    ("Where was he born?", "place"),
    ("In which city was she born?", "place"),
    ("When was he born?", "date"),
    ("How tall is Antony Cheng?", "number"),
    ("Who is she married to?", "person"),
    ("Which club did he play for?", "entity"),
    ("What is his height?", None),
    ("Is he male or female?", None),  # a choice, not yes/no
])
def test_answer_type_of_a_question(question: str, expected: str | None) -> None:
    assert answer_type(question) == expected


def test_general_and_unknown_answer_types_match_the_specific_ones() -> None:
    assert same_answer_type("entity", "place") and same_answer_type("person", "entity")
    assert same_answer_type(None, "date") and same_answer_type("number", None)
    assert not same_answer_type("date", "place") and not same_answer_type("yes/no", "person")
    assert not same_answer_type("place", "person")


def test_a_rewrite_asking_another_relation_is_rejected_and_the_rules_answer() -> None:
    scripted = model(rewrite=lambda question: "Where was Antony Cheng born?")
    reply = ask(scripted, "What is his height?", HISTORY)
    found = reply.reformulation
    assert found.by == "embedded (llm rejected)" and found.entity == ANTONY
    assert reply.answer.answers == [fact("AntonyCheng", "height")]  # not the birth place the rewrite asked
    why = "another relation: it asks for birth place where the question asks for height"
    assert found.rejected == [f"'Where was Antony Cheng born?': {why}"] * 3
    assert f"llm rewrite rejected: 'Where was Antony Cheng born?': {why}" in reply.explain
    assert reply.fallback_reasons[0] == f"reformulation: llm rewrite rejected: {why}"
    rewrites = stage_requests(scripted, REWRITE)
    assert len(rewrites) == 3 and why in rewrites[2]["messages"][1]["content"]  # the model is told why


def test_a_rewrite_is_checked_with_one_query_for_the_entitys_relations() -> None:
    """Both the follow-up and its rewrite are ranked against the same entity: its relations are read once."""
    endpoint = Recording(EmbeddedStore(TTL))
    check = asyncio.run(check_rewrite(endpoint, "What is his height?", "Where was Antony Cheng born?", ANTONY))
    assert check.rejected == "another relation: it asks for birth place where the question asks for height"
    assert len(endpoint.queries) == 1


def test_a_rewrite_asking_another_answer_type_is_rejected() -> None:
    reply = ask(model(rewrite=lambda question: "Where was Antony Cheng born?"), "When was he born?", HISTORY)
    assert reply.reformulation.rejected[0].endswith("another answer type: it asks for a place where the question "
                                                    "asks for a date")
    assert reply.answer.answers == [fact("AntonyCheng", "birthDate")]


def test_a_rewrite_that_keeps_the_question_is_used() -> None:
    reply = ask(model(rewrite=lambda question: "How tall is Antony Cheng?"), "What is his height?", HISTORY)
    assert reply.reformulation.by == "llm" and reply.reformulation.question == "How tall is Antony Cheng?"
    assert reply.reformulation.rejected == [] and reply.answer.answers == [fact("AntonyCheng", "height")]
    assert "reformulation" in reply.llm_used


def test_a_rewrite_about_an_entity_without_the_relation_is_rejected() -> None:
    """"What is his height?" rewritten about a city: it links, but the city has no height."""
    reply = ask(model(rewrite=lambda question: "What is the height of Harbourton?"), "What is his height?", HISTORY)
    assert reply.reformulation.rejected[0].endswith("no relation fits: nothing Harbourton has fits the question")
    assert reply.answer.entity == ANTONY and reply.answer.answers == [fact("AntonyCheng", "height")]


def test_after_three_rejections_and_no_rule_fitting_the_person_is_asked() -> None:
    meira = [KgTurn(question="Where was Meira Okafor born?", entity=MEIRA)]
    reply = ask(model(rewrite=lambda question: "What is Meira Okafor's ISBN checksum?"), "What is its ISBN checksum?",
                meira)
    assert reply.reformulation.by == "embedded (llm rejected)" and len(reply.reformulation.rejected) == 3
    assert reply.answer.entity is None and reply.answer.answers == []
    assert "holds nothing that fits this about Meira Okafor" in reply.words


def test_the_model_picks_among_the_best_relations() -> None:
    """"Antony Cheng's birth" fits birth date and birth place equally; the linker puts the date first."""
    scripted = model(pick=lambda candidates: "birth place")
    reply = ask(scripted, "What about Antony Cheng's birth?", [])
    assert reply.answer.answers[0] == EX + "Harbourton" and "relation" in reply.llm_used
    assert f"relation (llm, among birth date, birth place): {EX}birthPlace" in reply.explain
    [request] = stage_requests(scripted, PICK)
    schema = request["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["relation"]["enum"] == ["birth date", "birth place"]
    assert 0 < request["max_tokens"] <= 40  # bounded by the longest candidate


@pytest.mark.parametrize("pick, reason", [
    (lambda candidates: "death place", "relation: llm pick rejected: not a candidate: 'death place'"),
    (lambda candidates: (500, {"message": "down"}), "relation: llm failed: InternalServerError"),
])
def test_a_pick_that_is_no_candidate_or_a_failure_keeps_the_linkers_order(pick, reason: str) -> None:
    reply = ask(model(pick=pick), "What about Antony Cheng's birth?", [])
    assert reply.answer.answers[0] == fact("AntonyCheng", "birthDate") and "relation" not in reply.llm_used
    assert any(r.startswith(reason) for r in reply.fallback_reasons)


def test_a_clear_winner_is_not_offered() -> None:
    """"Where … born" names birth place by its answer type and a word: more than a word ahead of the
    rest, so the model is not asked (one that would pick the last candidate cannot spoil it)."""
    scripted = model(pick=lambda candidates: candidates[-1])
    reply = ask(scripted, "Where was Antony Cheng born?", [])
    assert reply.answer.answers[0] == EX + "Harbourton" and stage_requests(scripted, PICK) == []


def test_one_candidate_is_not_offered() -> None:
    scripted = model()
    reply = ask(scripted, "When was Antony Cheng born?", [])
    assert reply.answer.answers == [fact("AntonyCheng", "birthDate")] and stage_requests(scripted, PICK) == []


def test_candidate_names_mark_direction_and_namespaces() -> None:
    assert candidate_names([(3.0, True, EX + "spouse"), (2.0, False, EX + "spouse"),
                            (1.0, True, "http://dbpedia.org/property/spouse")]) == [
        "spouse", "spouse (inverse)", "spouse #2"]


def kg_folder(tmp_path: Path) -> Path:
    """The demo graph as N-Triples and two dialogues about it, gold answers read from the graph."""
    store = pyoxigraph.Store()
    store.load(path=str(TTL), format=pyoxigraph.RdfFormat.TURTLE)
    store.dump(str(tmp_path / "kg.nt"), pyoxigraph.RdfFormat.N_TRIPLES, from_graph=pyoxigraph.DefaultGraph())
    dialogues = [
        {"id": "a", "turns": [
            {"question": "Where was Antony Cheng born?", "self_contained": "Where was Antony Cheng born?",
             "answers": [EX + "Harbourton"]},
            {"question": "What is his height?", "self_contained": "What is Antony Cheng's height?",
             "answers": [fact("AntonyCheng", "height")]}]},
        {"id": "b", "turns": [
            {"question": "When was Meira Okafor born?", "self_contained": "When was Meira Okafor born?",
             "answers": [fact("MeiraOkafor", "birthDate")]},
            {"question": "How tall is she?", "self_contained": "How tall is Meira Okafor?",
             "answers": [fact("MeiraOkafor", "height")]}]}]
    (tmp_path / "dialogues.jsonl").write_text("\n".join(json.dumps(d) for d in dialogues) + "\n")
    return tmp_path


def test_eval_kgqa_with_the_model_reports_its_use_and_fallbacks(tmp_path: Path) -> None:
    """The model rewrites "What is his height?" into a question about a birth place (rejected: the rules
    answer) and "How tall is she?" well (kept). It would pick the last of the linker's candidates, but no
    question here has two the linker cannot tell apart, so it is never asked to: every answer is right."""
    folder = kg_folder(tmp_path)
    scripted = model(rewrite=lambda question: "How tall is Meira Okafor?" if "she" in question else
                     "Where was Antony Cheng born?", pick=lambda candidates: candidates[-1])
    with scripted.serve() as url:
        env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_LLM__BASE_URL": f"{url}/v1", "JIRAKG_LLM__MODEL": "m"}
        result = CliRunner().invoke(main, ["eval", "kgqa", str(folder), "--llm", "--json"], env=env)
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.output.strip().splitlines()[-1])
    assert metrics["questions"] == 4 and metrics["dialogue"]["p_at_1"] == 1.0
    use = metrics["llm"]
    assert use["turns"] == 4 and use["by_stage"] == {"reformulation": 1} and use["used"] == 1
    assert "kg_relation" not in use["calls"] and use["calls"]["kg_answer"] == {"invalid": 4}
    assert use["fallback_reasons"]["reformulation: llm rewrite rejected: another relation"] == 1
    assert use["fallback_reasons"]["wording: llm failed: the model's reply does not fit"] == 4
    assert metrics["p50_ms"] <= metrics["p95_ms"]
    assert "llm output used in 1 of 4 turns (25%; reformulation 1)" in result.output
    assert "fallback reasons: wording: llm failed: the model's reply does not fit (4)" in result.output


def test_eval_kgqa_llm_needs_an_endpoint_and_a_served_model(tmp_path: Path) -> None:
    folder = kg_folder(tmp_path)
    result = CliRunner().invoke(main, ["eval", "kgqa", str(folder), "--llm"], env={"JIRAKG_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 1 and "--llm needs an endpoint: set llm.base_url" in result.output
    with model().serve() as url:
        env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_LLM__BASE_URL": f"{url}/v1", "JIRAKG_LLM__MODEL": "gpt-x"}
        result = CliRunner().invoke(main, ["eval", "kgqa", str(folder), "--llm"], env=env)
    assert result.exit_code == 1 and "does not serve the model 'gpt-x'" in result.output
