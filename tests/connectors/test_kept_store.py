"""The embedded store kept on disk: a load that was interrupted, or a source file that changed, is
loaded again; a complete store is only opened."""

from __future__ import annotations

import asyncio
import gc
import os
from pathlib import Path

import pyoxigraph

from jirakg.config.settings import SparqlSettings
from jirakg.connectors.sparql import kept_store
from jirakg.connectors.sparql.factory import endpoint_for

EX = "http://example.org/"
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"


def _graph(file: Path, towns: range) -> None:
    file.write_text("".join(f'<{EX}town{n}> {LABEL} "Town {n}" .\n' for n in towns), encoding="utf-8")


def _towns(store) -> int:
    rows = asyncio.run(store.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ ?s {LABEL} ?l }}")).rows
    return int(rows[0]["n"].value)


def test_an_interrupted_load_is_loaded_again(tmp_path: Path) -> None:
    source = tmp_path / "kg.nt"
    _graph(source, range(100))
    half = tmp_path / "half.nt"
    _graph(half, range(40))
    # A load stopped part-way: the directory holds some triples and no sign that the load finished.
    partial = pyoxigraph.Store(str(tmp_path / "store"))
    partial.bulk_load(path=str(half), format=pyoxigraph.RdfFormat.N_TRIPLES)
    del partial
    gc.collect()
    store = endpoint_for(SparqlSettings(kg_file=source, store_dir=tmp_path / "store"))
    assert _towns(store) == 100


def test_a_complete_store_is_opened_and_a_changed_source_is_loaded_again(tmp_path: Path) -> None:
    source, index = tmp_path / "kg.nt", tmp_path / "labels.idx"
    _graph(source, range(10))
    settings = SparqlSettings(kg_file=source, store_dir=tmp_path / "store", label_index=index)
    first = endpoint_for(settings)
    assert _towns(first) == 10
    del first
    gc.collect()
    index.write_text("built from the ten towns", encoding="utf-8")
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))  # touched, same content
    again = endpoint_for(settings)
    assert _towns(again) == 10 and index.exists()  # not loaded again: the label index still holds
    del again
    gc.collect()
    _graph(source, range(25))
    changed = endpoint_for(settings)
    assert _towns(changed) == 25  # the new file, not the old graph plus it
    assert not index.exists()  # built from the old graph: rebuilt on first use


def test_a_touched_source_is_hashed_once_not_at_every_start(tmp_path: Path, monkeypatch) -> None:
    source = tmp_path / "kg.nt"
    _graph(source, range(10))
    settings = SparqlSettings(kg_file=source, store_dir=tmp_path / "store")
    hashed: list[Path] = []
    real = kept_store._sha256
    monkeypatch.setattr(kept_store, "_sha256", lambda file: hashed.append(file) or real(file))
    assert [_opened_towns(settings) for _ in range(2)] == [10, 10]
    assert hashed == [source]  # the load fingerprints it; an unchanged start does not
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))  # a checkout touches it
    assert [_opened_towns(settings) for _ in range(3)] == [10, 10, 10]
    assert hashed == [source, source]  # the touch is hashed once, then its new date is known


def _opened_towns(settings: SparqlSettings) -> int:
    store = endpoint_for(settings)
    towns = _towns(store)
    del store
    gc.collect()  # the store's lock on its directory is released
    return towns
