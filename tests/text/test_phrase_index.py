"""The phrase index both fuzzy matchers build on: exact look-ups keep the items' order, misspelling
candidates come only from the asked buckets, and similarity has a floor."""

from __future__ import annotations

from jirakg.retrieval.kgqa.linking import EntityIndex
from jirakg.text.phrase_index import PhraseIndex, similarity


def by_initial(phrase: str) -> list[str]:
    return [phrase[0]]


def test_exact_look_ups_keep_the_order_items_were_given() -> None:
    index = PhraseIndex([("in progress", "status"), ("bug", "type"), ("in progress", "category")], by_initial)
    assert index.named("in progress") == ["status", "category"] and index.named("story") == []
    assert "bug" in index and "bugs" not in index


def test_candidates_come_from_the_asked_buckets_each_once() -> None:
    words = PhraseIndex([("antony cheng", 1), ("meira okafor", 2), ("anna chen", 3)],
                        lambda phrase: [w[:4] for w in phrase.split()])
    assert words.candidates(["anto"]) == ["antony cheng"]
    assert words.candidates(["chen", "anna"]) == ["antony cheng", "anna chen"]
    assert words.candidates(["zzzz"]) == []


def test_similarity_has_a_floor() -> None:
    assert similarity("in progres", "in progress", 0.84) > 0.9
    assert similarity("blocked", "backlog", 0.84) is None
    assert similarity("abc", "abc", 1.0) == 1.0


def test_entity_ties_go_to_the_first_given() -> None:
    index = EntityIndex({"urn:a": "Networks Okafor.", "urn:b": "Networks Okafor.", "urn:c": "Okafor"})
    assert index.link("who wrote networks okafor?").iri == "urn:a"  # exact: the longest label, then the first
    misspelt = EntityIndex({"urn:a": "Networks Okafor.", "urn:b": "Networks Okafor.", "urn:c": "Neural Networks"})
    assert misspelt.link("who wrote netwroks okafor?").iri == "urn:a"
