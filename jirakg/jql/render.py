"""A JQL syntax tree back to JQL text, every value quoted: what a grounded, typed query runs as."""

from __future__ import annotations

import re

from jirakg.jql.syntax import And, Clause, Empty, Function, HistoryClause, Not, Operand, Or, Query, Value, ValueList

PLAIN_ARGUMENT = re.compile(r"^[A-Za-z0-9_.-]+$")


def literal(text: str) -> str:
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(query: Query) -> str:
    where = _node(query.where, top=True) if query.where is not None else ""
    order = ", ".join(f"{literal(k.field) if ' ' in k.field else k.field} {'ASC' if k.ascending else 'DESC'}"
                      for k in query.order_by)
    return " ".join(part for part in (where, f"ORDER BY {order}" if order else "") if part)


def _node(node: object, top: bool = False) -> str:
    if isinstance(node, And):
        return " AND ".join(_node(part) for part in node.parts)
    if isinstance(node, Or):
        text = " OR ".join(_node(part) for part in node.parts)
        return text if top else f"({text})"
    if isinstance(node, Not):
        return f"NOT ({_node(node.part, top=True)})"
    if isinstance(node, Clause):
        return f"{_field(node.field)} {node.operator.upper()} {operand(node.operand)}"
    if isinstance(node, HistoryClause):
        predicates = " ".join(f"{name.upper()} {operand(value)}" for name, value in node.predicates)
        value = f" {operand(node.operand)}" if node.operand is not None else ""
        return f"{_field(node.field)} {node.operator.upper()}{value} {predicates}".rstrip()
    raise TypeError(f"not a JQL node: {node!r}")


def _field(name: str) -> str:
    return literal(name) if not re.fullmatch(r"[A-Za-z][\w.\[\]]*", name) else name


def operand(value: Operand) -> str:
    if isinstance(value, Empty):
        return "EMPTY"
    if isinstance(value, Function):
        args = ", ".join(a if PLAIN_ARGUMENT.match(a) else literal(a) for a in value.args)
        return f"{value.name}({args})"
    if isinstance(value, ValueList):
        return "(" + ", ".join(operand(item) for item in value.items) + ")"
    if isinstance(value, Value):
        return literal(value.text)
    raise TypeError(f"not a JQL operand: {value!r}")
