"""Canonical JQL text for cache keys, and what a query depends on (for invalidation)."""

from __future__ import annotations

import json
from functools import lru_cache

from jirakg.jql.syntax import And, Clause, Function, HistoryClause, Not, Or, ValueList, parse, tokenize


@lru_cache(maxsize=4096)
def canonical_jql(jql: str) -> str:
    """Equal for queries Jira treats alike: case, spacing and quoting do not matter. Remembered: the
    same JQL comes back with every repeated question."""
    parts = []
    for token in tokenize(jql):
        if token.kind == "end":
            break
        if token.kind == "string":
            parts.append(json.dumps(token.text.lower()))
        elif token.kind == "word":
            parts.append(json.dumps(token.text.lower()) if token.keyword is None else token.text.lower())
        else:
            parts.append(token.text)
    return " ".join(parts)


def referenced_fields(jql: str) -> set[str]:
    """Lower-cased field names and function names a query's WHERE clause uses."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, (And, Or)):
            for part in node.parts:
                walk(part)
        elif isinstance(node, Not):
            walk(node.part)
        elif isinstance(node, (Clause, HistoryClause)):
            found.add(node.field.lower())
            items = node.operand.items if isinstance(node.operand, ValueList) else (node.operand,)
            found.update(item.name.lower() + "()" for item in items if isinstance(item, Function))

    where = parse(jql).where
    if where is not None:
        walk(where)
    return found
