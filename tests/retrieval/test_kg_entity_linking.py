"""Entity linking against lookalikes: disambiguators and punctuation kept, case ignored, the label
written as in the question preferred, then the better-connected entity; the label index is read
from the graph once and then from its file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from jirakg.retrieval.kgqa.label_index import LabelIndex
from jirakg.retrieval.kgqa.linking import EntityIndex, IndexLinker, SearchLinker
from tests.kg_env import RecordingStore

KG = Path(__file__).resolve().parent.parent / "data" / "kg" / "dev" / "kg.nt"
DBR = "http://dbpedia.org/resource/"
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"
LOOKALIKES = f"""
<{DBR}Ron_Newman> {LABEL} "Ron Newman"@en .
<{DBR}Ron_Newman> <http://dbpedia.org/ontology/occupation> <{DBR}Footballer> .
<{DBR}Hallam> {LABEL} "Hallam"@en .
<{DBR}Live_(band)> {LABEL} "Live"@en .
"""


@pytest.fixture
def graph(tmp_path: Path) -> tuple[Path, Path]:
    extra = tmp_path / "lookalikes.nt"
    extra.write_text(LOOKALIKES, encoding="utf-8")
    return KG, extra


@pytest.mark.parametrize("linker", ["index", "search"])
@pytest.mark.parametrize(("question", "expected"), [
    ("Where was Ron Newman (footballer) born?", "Ron_Newman_(footballer)"),  # not the shorter "Ron Newman"
    ("where was ron newman (footballer) born", "Ron_Newman_(footballer)"),  # case ignored
    ("What's Ron Newman (musician)'s job?", "Ron_Newman_(musician)"),
    ("How many people live in Hallam, Victoria?", "Hallam,_Victoria"),  # not "Hallam"
    ("How many people live in Lyon?", "Lyon"),  # "Lyon" as written beats "live" for "Live"
    ("Where was Ron Newman born?", "Ron_Newman"),
    ("Where was Elodie Marchand born?", "Elodie_Marchand"),  # typed without the accent of "Élodie"
    ("How many people live in Tromso?", "Tromsø"),
])
def test_the_whole_label_wins_over_a_lookalike(graph, linker: str, question: str, expected: str) -> None:
    store = RecordingStore(*graph)
    found = asyncio.run((IndexLinker(store) if linker == "index" else SearchLinker(store)).link(question))
    assert found is not None and found.iri == DBR + expected


def test_equal_labels_go_to_the_better_connected_entity() -> None:
    index = EntityIndex({"urn:a": "Ron Newman", "urn:b": "Ron Newman"}, {"urn:a": 3, "urn:b": 40})
    assert index.link("Who is Ron Newman?").iri == "urn:b"


def test_the_label_index_is_read_from_the_graph_once_then_from_its_file(graph, tmp_path) -> None:
    file = tmp_path / "labels.idx"
    first = RecordingStore(*graph)
    assert asyncio.run(IndexLinker(first, index_file=file).link("Where was Leo Brandt born?")).iri == DBR + "Leo_Brandt"
    assert first.queries and file.exists()
    again = RecordingStore(*graph)
    assert asyncio.run(IndexLinker(again, index_file=file).link("Where was Leo Brandt born?")).iri == DBR + "Leo_Brandt"
    assert again.queries == []  # the file answered
    loaded = LabelIndex.load(file)
    assert loaded.labels[DBR + "Elodie_Marchand"] == "Élodie Marchand"  # English, not the German copy
    assert loaded.degrees[DBR + "Lyon"] > loaded.degrees[DBR + "Hallam"]
    assert "http://dbpedia.org/datatype/Area" not in loaded.labels  # datatypes are not entities


def test_the_label_index_is_built_read_and_indexed_off_the_event_loop(graph, tmp_path, monkeypatch) -> None:
    """Seconds at a million labels: on the loop, the first question would hold up every other turn."""
    import threading

    from jirakg.retrieval.kgqa import label_index, linking
    file = tmp_path / "labels.idx"
    threads: dict[str, int] = {}
    gather = label_index._labels
    monkeypatch.setattr(label_index, "_labels", lambda rows: threads.setdefault("build", threading.get_ident()) and
                        gather(rows))
    asyncio.run(IndexLinker(RecordingStore(*graph), index_file=file).index())
    load, index = LabelIndex.load, linking.EntityIndex
    monkeypatch.setattr(LabelIndex, "load", lambda f: threads.setdefault("load", threading.get_ident()) and load(f))
    monkeypatch.setattr(linking, "EntityIndex", lambda *a: threads.setdefault("index", threading.get_ident()) and
                        index(*a))

    async def run() -> int:
        linker = IndexLinker(RecordingStore(*graph), index_file=file)
        assert (await linker.link("Where was Leo Brandt born?")).iri == DBR + "Leo_Brandt"
        return threading.get_ident()
    loop_thread = asyncio.run(run())
    assert set(threads) == {"build", "load", "index"} and loop_thread not in threads.values()


def test_a_damaged_label_index_is_one_sentence(tmp_path) -> None:
    file = tmp_path / "labels.idx"
    file.write_text("{not json", encoding="utf-8")
    from jirakg.connectors.sparql.errors import SparqlError
    with pytest.raises(SparqlError, match="delete it to rebuild it"):
        LabelIndex.load(file)


def test_settings_keep_the_store_and_the_label_index_across_starts(tmp_path) -> None:
    from jirakg.answer.kg_session import KgSession
    from jirakg.config.settings import SparqlSettings
    settings = SparqlSettings(kg_file=KG, store_dir=tmp_path / "store", label_index=tmp_path / "labels.idx")

    async def ask(session):
        return await session.ask("How many people live in Bergen?", [])
    assert asyncio.run(ask(KgSession.from_settings(settings))).answer.answers == ["286000"]
    assert (tmp_path / "labels.idx").exists()
    # A second start opens both: nothing loaded again (a changed kg_file would need the directory emptied).
    missing = tmp_path / "gone.nt"
    later = SparqlSettings(kg_file=missing, store_dir=tmp_path / "store", label_index=tmp_path / "labels.idx")
    assert asyncio.run(ask(KgSession.from_settings(later))).answer.answers == ["286000"]


LOOKALIKE_KG = KG.parent.parent / "lookalikes" / "kg.nt"


@pytest.mark.parametrize("linker", ["index", "search"])
@pytest.mark.parametrize(("question", "expected"), [
    ("Who directed Bergen?", "Bergen_(2021_film)"),  # the film has a director; the city is the better connected
    ("How many people live in Bergen?", "Bergen"),  # the city has a population; the film more triples
    ("When was Lyon born?", "Lyon_(footballer)"),  # a birth date: the footballer, not the city
    ("Who stars in Glass Orchard?", "Glass_Orchard"),  # the film, not the company
    ("Who founded Glass Orchard?", "Glass_Orchard_(company)"),
    ("When was the album Northern Static released?", "Northern_Static_(album)"),  # both have a release date:
    ("When was the film Northern Static released?", "Northern_Static"),  # the kind named decides
])
def test_of_lookalikes_sharing_a_label_the_one_the_question_fits_wins(linker: str, question: str,
                                                                      expected: str) -> None:
    store = RecordingStore(LOOKALIKE_KG)
    found = asyncio.run((IndexLinker(store) if linker == "index" else SearchLinker(store)).link(question))
    assert found is not None and found.iri == DBR + expected
