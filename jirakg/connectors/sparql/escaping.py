"""Values put into SPARQL: IRIs are validated, literals escaped, so no input changes a query's shape."""

from __future__ import annotations

import re

# Characters SPARQL forbids inside <...> (and whitespace, which would end the IRI).
IRI_FORBIDDEN = re.compile(r'[\s<>"{}|^`\\]')
ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def iri(value: str) -> str:
    if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", value) or IRI_FORBIDDEN.search(value):
        raise ValueError(f"{value!r} is not a valid IRI")
    return f"<{value}>"


def literal(value: str, lang: str | None = None) -> str:
    escaped = "".join(ESCAPES.get(ch, ch) for ch in value)
    if lang:
        if not re.fullmatch(r"[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*", lang):
            raise ValueError(f"{lang!r} is not a language tag")
        return f'"{escaped}"@{lang}'
    return f'"{escaped}"'
