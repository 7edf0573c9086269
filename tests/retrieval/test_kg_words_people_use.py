"""Relations asked in people's own words, on jirakg's own DBpedia/YAGO-shaped development graph
(tests/data/kg/dev, written by benchmarks/kg_devset.py): the answer is the graph's value, read here
with pyoxigraph directly, not through the pipeline."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pyoxigraph
import pytest

from jirakg.answer.kg_session import KgSession
from jirakg.connectors.sparql import EmbeddedStore
from jirakg.retrieval.kgqa.relations import entity_predicates

KG = Path(__file__).resolve().parent.parent / "data" / "kg" / "dev" / "kg.nt"
DBR, DBO, FOAF = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/", "http://xmlns.com/foaf/0.1/"


def values(subject: str, predicate: str) -> set[str]:
    store = pyoxigraph.Store()
    store.load(path=str(KG), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return {q.object.value for q in store.quads_for_pattern(pyoxigraph.NamedNode(DBR + subject),
                                                            pyoxigraph.NamedNode(predicate), None)}


@pytest.mark.parametrize(("question", "subject", "predicate"), [
    ("Is Adele Forsyth male or female?", "Adele_Forsyth", FOAF + "gender"),  # a choice, not yes/no
    ("What does Leo Brandt do for a living?", "Leo_Brandt", DBO + "occupation"),
    ("What's Leo Brandt's family name?", "Leo_Brandt", FOAF + "surname"),
    ("How many people live in Bergen?", "Bergen", DBO + "populationTotal"),  # the value, not a count of it
    ("How high is Bergen?", "Bergen", DBO + "elevation"),
    ("What time zone is Bergen in?", "Bergen", DBO + "timeZone"),
    ("What's the zip code of Lyon?", "Lyon", DBO + "postalCode"),
    ("When did Bergen Film Week 2018 begin?", "Bergen_Film_Week_2018", "http://schema.org/startDate"),
    ("When did Jonas Becker pass away?", "Jonas_Becker", DBO + "deathDate"),  # not the birth date
    ("When did Élodie Marchand begin skating?", "Elodie_Marchand", "http://dbpedia.org/property/beganskating"),
    ("Which city was Marcus Lindqvist born in?", "Marcus_Lindqvist", DBO + "birthPlace"),  # a place, not a date
    ("Who founded Kestrel Works?", "Kestrel_Works", DBO + "foundedBy"),  # a person, not the founding date
    ("When was Kestrel Works founded?", "Kestrel_Works", DBO + "foundingDate"),
    ("Where is Kestrel Works based?", "Kestrel_Works", DBO + "headquarter"),
    ("What is Winter Roads based on?", "Winter_Roads", DBO + "basedOn"),
])
def test_a_paraphrase_reaches_the_relation_it_means(question: str, subject: str, predicate: str) -> None:
    reply = asyncio.run(KgSession(EmbeddedStore(KG)).ask(question, []))
    assert reply.answer.answers and reply.answer.answers[0] in values(subject, predicate), (question, reply.answer)


def test_a_predicate_is_one_candidate_whatever_the_languages_of_its_labels() -> None:
    # Every entity of the graph has an English and a German label; properties one English label.
    found = asyncio.run(entity_predicates(EmbeddedStore(KG), DBR + "Lyon"))
    pairs = [(p.iri, p.outgoing) for p in found]
    assert len(pairs) == len(set(pairs))
    assert {p.iri for p in found if p.outgoing} >= {DBO + "populationTotal", DBO + "timeZone"}
    kinds = {p.iri: p.kind for p in found if p.outgoing}
    assert kinds[DBO + "populationTotal"] == "number" and kinds[DBO + "timeZone"] == "entity"


@pytest.mark.parametrize(("question", "subject", "predicate", "value"), [
    ("Is Élodie Marchand a figure skater?", "Elodie_Marchand", DBO + "occupation", "Figure_skater"),  # by label
    ("Is Élodie Marchand a footballer?", "Elodie_Marchand", DBO + "occupation", "Footballer"),
    ("Does Grace Whitfield work as a footballer?", "Grace_Whitfield", DBO + "occupation", "Footballer"),
    ("Is Lyon in France?", "Lyon", DBO + "country", "France"),  # the subject is named first
    ("Is Bergen in United Kingdom?", "Bergen", DBO + "country", "United_Kingdom"),
    ("Is Adele Forsyth a citizen of Norway?", "Adele_Forsyth", DBO + "citizenship", "Norway"),
])
def test_a_yes_no_question_checks_the_value_it_names(question: str, subject: str, predicate: str,
                                                     value: str) -> None:
    reply = asyncio.run(KgSession(EmbeddedStore(KG)).ask(question, []))
    expected = DBR + value in values(subject, predicate)
    assert reply.answer.kind == "ask" and reply.answer.answers == [str(expected).lower()], (question, reply.answer)
