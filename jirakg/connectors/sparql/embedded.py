"""The embedded knowledge-graph store: pyoxigraph in memory, loaded from .nt, .ttl or .nq files."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pyoxigraph

from jirakg.connectors.sparql.errors import QueryRejected, SparqlError
from jirakg.connectors.sparql.results import RdfTerm, Results

FORMATS = {".nt": pyoxigraph.RdfFormat.N_TRIPLES, ".ttl": pyoxigraph.RdfFormat.TURTLE,
           ".nq": pyoxigraph.RdfFormat.N_QUADS}


class EmbeddedStore:
    def __init__(self, *files: Path) -> None:
        self.store = pyoxigraph.Store()
        for file in files:
            self.load(Path(file))

    @classmethod
    def open(cls, directory: Path) -> EmbeddedStore:
        """A store kept on disk (created if absent): loaded once, opened in a moment at every start, and
        read from disk rather than held in memory."""
        store = cls()
        try:
            store.store = pyoxigraph.Store(str(directory))
        except OSError as exc:
            raise SparqlError(f"Could not open the knowledge-graph store at {directory}: {exc}") from exc
        return store

    def load(self, file: Path) -> None:
        fmt = FORMATS.get(file.suffix)
        if fmt is None:
            raise SparqlError(f"{file} is not an .nt, .ttl or .nq file.")
        try:
            self.store.bulk_load(path=str(file), format=fmt)
        except (SyntaxError, OSError, ValueError) as exc:
            raise SparqlError(f"Could not load {file}: {exc}") from exc

    async def values(self, sparql: str) -> list[tuple[str, ...]]:
        """A SELECT's rows as plain strings ("" for an unbound variable), in the order of its variables:
        for reading a whole index, where a `Results` row per solution would cost ten times the memory."""
        return await asyncio.to_thread(self._values, sparql)

    def _run(self, sparql: str):
        try:
            return self.store.query(sparql)
        except SyntaxError as exc:
            raise QueryRejected(f"The knowledge graph rejected the query: {exc}") from exc

    def _values(self, sparql: str) -> list[tuple[str, ...]]:
        answer = self._run(sparql)
        if not isinstance(answer, pyoxigraph.QuerySolutions):
            del answer  # dropped on this thread, as `_query` does
            raise QueryRejected("Only a SELECT query gives rows of values.")
        count = len(answer.variables)
        return [tuple(term.value if term is not None else "" for term in (row[i] for i in range(count)))
                for row in answer]

    async def query(self, sparql: str) -> Results:
        return await asyncio.to_thread(self._query, sparql)

    def _query(self, sparql: str) -> Results:
        answer = self._run(sparql)
        if isinstance(answer, bool | pyoxigraph.QueryBoolean):
            return Results(boolean=bool(answer))
        if isinstance(answer, pyoxigraph.QueryTriples):
            del answer  # pyoxigraph results must be dropped on the thread that made them, not via the traceback
            raise QueryRejected("The knowledge graph answers SELECT and ASK queries, not CONSTRUCT or DESCRIBE.")
        variables = [v.value for v in answer.variables]
        rows = [{name: _term(solution[name]) for name in variables if solution[name] is not None}
                for solution in answer]
        return Results(variables=variables, rows=rows)


def _term(term) -> RdfTerm:
    if isinstance(term, pyoxigraph.NamedNode):
        return RdfTerm(kind="iri", value=term.value)
    if isinstance(term, pyoxigraph.BlankNode):
        return RdfTerm(kind="bnode", value=term.value)
    return RdfTerm(kind="literal", value=term.value, lang=term.language,
                   datatype=term.datatype.value if term.datatype and not term.language else None)
