"""JQL as a person reads it in an answer: names instead of account and sprint ids, status categories in
Jira's own words (`statusCategory != Done` for "open"). The JQL that ran stays in the explain steps."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.render import render
from jirakg.jql.syntax import And, Clause, Not, Operand, Or, Value, ValueList, parse

CATEGORIES = {"new": "To Do", "indeterminate": "In Progress", "done": "Done"}  # Jira's names for the keys
PERSON_FIELDS = frozenset({"assignee", "reporter", "creator", "watcher", "voter"})
PLAIN = "\u27e6"  # brackets a one-word category name rendered without quotes, as Jira's own JQL editor writes it
PLAIN_END = "\u27e7"


@dataclass(frozen=True)
class JqlNames:
    """Display names by id, from the instance's vocabulary."""
    people: Mapping[str, str] = field(default_factory=dict)  # account id (or user key) → display name
    sprints: Mapping[str, str] = field(default_factory=dict)  # sprint id → name
    fields: Mapping[str, str] = field(default_factory=dict)  # custom field id → name ("customfield_10020" → "Sprint")


def readable_jql(jql: str, names: JqlNames) -> str:
    """`jql` for reading; unchanged when it does not parse (Jira's own refusal is worded elsewhere)."""
    try:
        query = parse(jql)
    except JqlSyntaxError:
        return jql
    if query.where is None:
        return jql
    text = render(dataclasses.replace(query, where=_node(query.where, names)))
    return text.replace(f'"{PLAIN}', "").replace(f'{PLAIN_END}"', "")


def _node(node: object, names: JqlNames) -> object:
    if isinstance(node, And | Or):
        return dataclasses.replace(node, parts=tuple(_node(p, names) for p in node.parts))
    if isinstance(node, Not):
        return dataclasses.replace(node, part=_node(node.part, names))
    if isinstance(node, Clause):
        name = node.field.lower()
        if name == "statuscategory":
            return _category(node)
        if name in PERSON_FIELDS:
            return dataclasses.replace(node, operand=_named(node.operand, names.people))
        if name == "sprint":
            return dataclasses.replace(node, operand=_named(node.operand, names.sprints))
    return node


def _named(operand: Operand, by_id: Mapping[str, str]) -> Operand:
    if isinstance(operand, Value):
        return Value(by_id.get(operand.text, operand.text), quoted=True)
    if isinstance(operand, ValueList):
        return ValueList(tuple(_named(item, by_id) for item in operand.items))
    return operand


def _category(clause: Clause) -> Clause:
    """The categories a clause selects, said the shortest way: one category, or not the other one."""
    items = clause.operand.items if isinstance(clause.operand, ValueList) else (clause.operand,)
    keys = {i.text.lower() for i in items if isinstance(i, Value)}
    if len(keys) != len(items) or not keys <= set(CATEGORIES) or clause.operator not in ("=", "!=", "in", "not in"):
        return clause
    chosen = keys if clause.operator in ("=", "in") else set(CATEGORIES) - keys
    if len(chosen) == 1:
        return Clause(clause.field, "=", _word(CATEGORIES[chosen.pop()]))
    if len(chosen) == 2:
        left_out = (set(CATEGORIES) - chosen).pop()
        return Clause(clause.field, "!=", _word(CATEGORIES[left_out]))
    return clause


def _word(name: str) -> Value:
    return Value(PLAIN + name + PLAIN_END if " " not in name else name)
