"""SPARQL results in one shape for every endpoint: RDF terms, rows of bindings, ASK booleans."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

TermKind = Literal["iri", "literal", "bnode"]
# SPARQL JSON results' term types; "typed-literal" is the older spelling some endpoints still send.
TERM_KINDS: dict[str, TermKind] = {"uri": "iri", "literal": "literal", "typed-literal": "literal", "bnode": "bnode"}


class RdfTerm(BaseModel):
    kind: TermKind
    value: str
    lang: str | None = None
    datatype: str | None = None


class Results(BaseModel):
    variables: list[str] = Field(default_factory=list)
    rows: list[dict[str, RdfTerm]] = Field(default_factory=list)
    boolean: bool | None = None  # ASK


def from_json(data: dict) -> Results:
    """The W3C SPARQL 1.1 JSON results format → Results; malformed input raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if "boolean" in data:
        return Results(boolean=bool(data["boolean"]))
    head, body = data.get("head"), data.get("results")
    if not isinstance(head, dict) or not isinstance(body, dict) or not isinstance(body.get("bindings"), list):
        raise ValueError("missing head/results.bindings")
    rows = []
    for binding in body["bindings"]:
        row = {}
        for name, term in binding.items():
            row[name] = RdfTerm(kind=TERM_KINDS[term["type"]], value=term["value"], lang=term.get("xml:lang"),
                                datatype=term.get("datatype"))
        rows.append(row)
    return Results(variables=list(head.get("vars", [])), rows=rows)
