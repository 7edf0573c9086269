"""Relation linking reads what the graph says a predicate means (rdfs:comment) where its name does
not say it: "Where is he buried?" is the resting place, "the place where the person is buried"."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from jirakg.connectors.sparql import EmbeddedStore
from jirakg.retrieval.kgqa.relations import described_stems, scored_predicates

KG = Path(__file__).resolve().parent.parent / "data" / "kg" / "lookalikes" / "kg.nt"
DBR, DBO = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/"


@pytest.fixture(scope="module")
def store() -> EmbeddedStore:
    return EmbeddedStore(KG)


@pytest.mark.parametrize(("entity", "question", "expected"), [
    ("Jonas_Becker", "Where is Jonas Becker buried?", "restingPlace"),  # not the birth place "where" points to
    ("Adele_Forsyth", "Where did Adele Forsyth study?", "almaMater"),  # "studied at": by stem
    ("Adele_Forsyth", "What prizes has Adele Forsyth won?", "award"),
    ("Priya_Raman", "Who inspired Priya Raman?", "influencedBy"),
    ("Bergen", "What is Bergen's dialling code?", "areaCode"),  # not the postal code, whose label has "code"
    ("Glass_Orchard_(company)", "What does Glass Orchard sell?", "product"),
    ("Bergen_(2021_film)", "How much money did Bergen earn?", "gross"),  # the film's money made, not its budget
    ("Bergen_(2021_film)", "How much did Bergen cost to make?", "budget"),
])
def test_a_described_relation_is_found_by_its_description(store, entity: str, question: str, expected: str) -> None:
    scored = asyncio.run(scored_predicates(store, DBR + entity, question))
    assert scored and scored[0][2] == DBO + expected


def test_the_name_counts_more_than_a_description(store) -> None:
    # "leads" is in the key person's description; the founder's name says "founded".
    scored = asyncio.run(scored_predicates(store, DBR + "Glass_Orchard_(company)", "Who founded Glass Orchard?"))
    assert scored[0][2] == DBO + "foundedBy"


def test_only_the_first_sentence_of_a_description_counts_without_its_remarks() -> None:
    stems = described_stems("The school where the thesis (typically a dissertation) has been accepted. "
                            "(Remark: this property gives literal values.) Publishers are not entities.")
    assert {"school", "been", "accept"} <= stems
    assert not stems & {"dissertation", "remark", "literal", "valu", "publisher"}
