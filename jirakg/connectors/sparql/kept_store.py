"""The embedded store kept on disk (`sparql.store_dir`): the source file is loaded into it once, and a
completion marker written after the load says which file, of what size, date and content, is in it.

A store without the marker was interrupted while loading (or made before markers existed): it is
cleared and loaded again, never answered from half a graph. A changed source file (another size, date
and hash) is loaded again too. The marker is checked by size and date first; the hash is read only
when the date differs (and the new date is then kept), so a start that finds the store complete does
not read the whole file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, ValidationError

from jirakg.connectors.sparql.embedded import EmbeddedStore
from jirakg.connectors.sparql.errors import SparqlError

MARKER = "jirakg-loaded.json"  # inside the store's directory: deleting the directory resets both


class LoadedSource(BaseModel):
    path: str
    size: int
    mtime_ns: int
    sha256: str


def open_kept_store(directory: Path, source: Path, derived: Path | None = None) -> EmbeddedStore:
    """The store at `directory` holding all of `source`; loaded (again) when it does not. `derived`: a
    file built from the store (the label index), deleted when the store is loaded again."""
    store = EmbeddedStore.open(directory)
    marker = directory / MARKER
    loaded = _read(marker)
    if loaded is not None and not source.exists():
        return store  # complete; a source file gone since leaves the graph that was loaded
    if loaded is not None and _same(loaded, source):
        mtime_ns = source.stat().st_mtime_ns
        if loaded.mtime_ns != mtime_ns:  # touched, not changed: its new date kept, so it is hashed only once
            _write(marker, loaded.model_copy(update={"mtime_ns": mtime_ns}))
        return store
    if not source.exists():
        raise SparqlError(f"The knowledge-graph store at {directory} was not completely loaded and {source} "
                          "is not there to load it again.")
    marker.unlink(missing_ok=True)  # an interruption from here on leaves no marker: the next start reloads
    store.store.clear()
    store.load(source)
    store.store.flush()
    if derived is not None:
        derived.unlink(missing_ok=True)  # built from the old contents
    _write(marker, _fingerprint(source))
    return store


def _write(marker: Path, loaded: LoadedSource) -> None:
    temporary = marker.with_suffix(".tmp")
    temporary.write_text(loaded.model_dump_json(), encoding="utf-8")
    temporary.replace(marker)


def _read(marker: Path) -> LoadedSource | None:
    try:
        return LoadedSource.model_validate(json.loads(marker.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError):
        return None  # absent or damaged: as if the load had not finished


def _same(loaded: LoadedSource, source: Path) -> bool:
    stat = source.stat()
    if loaded.path != str(source.resolve()) or loaded.size != stat.st_size:
        return False
    return loaded.mtime_ns == stat.st_mtime_ns or loaded.sha256 == _sha256(source)  # touched, not changed


def _fingerprint(source: Path) -> LoadedSource:
    stat = source.stat()
    return LoadedSource(path=str(source.resolve()), size=stat.st_size, mtime_ns=stat.st_mtime_ns,
                        sha256=_sha256(source))


def _sha256(file: Path) -> str:
    digest = hashlib.sha256()
    with file.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
