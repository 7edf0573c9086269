"""Coreference before linking: a follow-up that refers back ("he", "there", "the event") is about the
dialogue's entity even when the question also contains some entity's label — unless that entity fits
the whole question better. Graph: the development graph plus common-noun distractors."""

from __future__ import annotations

import asyncio
from pathlib import Path

from jirakg.answer.kg_session import KgSession
from jirakg.connectors.sparql import EmbeddedStore

KG = Path(__file__).resolve().parent.parent / "data" / "kg" / "dev" / "kg.nt"
DBR, DBO = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/"
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"
DISTRACTORS = f"""
<{DBR}Born_(song)> {LABEL} "born" .
<{DBR}Born_(song)> <{DBO}releaseDate> "2001-01-01"^^<http://www.w3.org/2001/XMLSchema#date> .
<{DBR}The_Event> {LABEL} "The Event" .
<{DBR}The_Event> <{DBO}runtime> "60.0"^^<http://www.w3.org/2001/XMLSchema#double> .
"""


def dialogue(tmp_path: Path, questions: list[str]) -> list:
    extra = tmp_path / "distractors.nt"
    extra.write_text(DISTRACTORS, encoding="utf-8")

    async def run():
        session, history, replies = KgSession(EmbeddedStore(KG, extra)), [], []
        for question in questions:
            replies.append(await session.ask(question, history))
            history.append(replies[-1].turn)
        return replies
    return asyncio.run(run())


def test_a_pronoun_keeps_the_dialogue_entity_over_a_common_noun_label(tmp_path) -> None:
    first, second = dialogue(tmp_path, ["Who is Adele Forsyth married to?", "Where was he born?"])
    assert first.answer.answers == [DBR + "Marcus_Lindqvist"]
    assert second.answer.entity and second.answer.entity.iri == DBR + "Marcus_Lindqvist"
    assert second.answer.answers[0] == DBR + "Bergen"


def test_a_definite_description_refers_back_not_to_a_label(tmp_path) -> None:
    replies = dialogue(tmp_path, ["When did Bergen Film Week 2018 begin?", "How long did the event last?",
                                  "When did the event end?"])
    assert replies[2].answer.entity and replies[2].answer.entity.iri == DBR + "Bergen_Film_Week_2018"
    assert replies[2].answer.answers[0] == "2018-09-26"


def test_there_is_the_place_just_answered(tmp_path) -> None:
    replies = dialogue(tmp_path, ["Where was Leo Brandt born?", "How many people live there?"])
    assert replies[1].answer.answers == ["231000"]


def test_a_named_entity_that_fits_better_replaces_the_antecedent(tmp_path) -> None:
    replies = dialogue(tmp_path, ["Where was Adele Forsyth born?", "Who directed the film Winter Roads?"])
    assert replies[1].answer.entity and replies[1].answer.entity.iri == DBR + "Winter_Roads"
    assert replies[1].answer.answers == [DBR + "Leo_Brandt"]


def test_a_value_checked_about_a_pronoun_is_not_linked(tmp_path) -> None:
    """"Is he a citizen of Norway?": he is the dialogue's entity; Norway is only the value checked, so
    the question is not sent to the linker (on an endpoint, a search of up to four queries)."""
    from jirakg.retrieval.kgqa.linking import IndexLinker

    asked: list[str] = []

    class Recording(IndexLinker):
        async def link(self, text: str, fuzzy: bool = True):
            asked.append(text)
            return await super().link(text, fuzzy)

    async def run():
        store = EmbeddedStore(KG)
        session = KgSession(store, Recording(store))
        first = await session.ask("Where was Adele Forsyth born?", [])
        return await session.ask("Is she a citizen of Norway?", [first.turn])
    second = asyncio.run(run())
    assert asked == ["Where was Adele Forsyth born?"]
    assert second.answer.entity and second.answer.entity.iri == DBR + "Adele_Forsyth"
    assert second.answer.kind == "ask"
