"""What the LLM parser asks a model for, generated from `Slots` so the two cannot drift apart.

The model writes words, not values: each value list holds the question's words for values of
one lexicon kind (grounded afterwards), a time window is the phrase that gives it (read by our
own time parser), and the fields only the parsers set are left out.
"""

from __future__ import annotations

import json
from functools import reduce
from operator import or_
from types import GenericAlias, NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.fields import FieldInfo

from jirakg.intents.models import DateRange, IntentName, Slots, TimeWindow, ValueFilters
from jirakg.llm.schema import lean_schema, max_tokens_for, strict_schema

# The lexicon kind each value list holds: the model's words are grounded in values of that kind.
VALUE_KINDS: dict[str, str] = {
    "projects": "project", "issue_types": "type", "statuses": "status", "status_categories": "category",
    "priorities": "priority", "assignees": "person", "reporters": "person", "components": "component",
    "labels": "label", "fix_versions": "version", "affected_versions": "version", "sprints": "sprint",
    "resolutions": "resolution",
}
# set by the parsers themselves, never by a model (select-field options and history conditions: the embedded
# parser's readings only)
INTERNAL_SLOTS = {"reason", "ignored", "assumed", "typed_jql", "options", "history"}
COMPUTED_BOUNDS = {"start", "end"}  # a time window's bounds come from its phrase, not from the model
LENIENT = ConfigDict(extra="ignore")  # a field the model invents is dropped, not a failure


class LlmIntentBase(BaseModel):
    """An intent as the model names it; `LlmIntent` adds the slots."""

    model_config = LENIENT

    name: IntentName
    issue_keys: list[str] = Field(default_factory=list)


def _field_like(info: FieldInfo, annotation: Any) -> Any:
    """A field defaulting as `info` does, with a factory that makes `annotation`'s empty value."""
    if info.default_factory is None:
        return Field(default=info.default)
    return Field(default_factory=list if get_origin(annotation) is list else annotation)


def _as_words(model: type[BaseModel], name: str) -> type[BaseModel]:
    """`model` with every field a model may fill a list of words."""
    fields: dict[str, Any] = {field: (list[str], Field(default_factory=list)) for field in model.model_fields
                              if field not in INTERNAL_SLOTS}
    return create_model(name, __config__=LENIENT, **fields)


def _as_phrase(model: type[TimeWindow], name: str) -> type[BaseModel]:
    """A time window as the phrase that gives it, with its other fields (such as the date field)."""
    fields: dict[str, Any] = {field: (info.annotation, _field_like(info, info.annotation))
                              for field, info in model.model_fields.items() if field not in COMPUTED_BOUNDS}
    return create_model(name, __config__=LENIENT, **fields)


LlmValueFilters = _as_words(ValueFilters, "LlmValueFilters")
LlmDateRange = _as_phrase(DateRange, "LlmDateRange")
# Typed parts of `Slots` the model cannot fill as they are, and what it fills instead.
REPLACEMENTS: dict[Any, Any] = {ValueFilters: LlmValueFilters, DateRange: LlmDateRange, TimeWindow: str}


def _for_model(annotation: Any) -> Any:
    if annotation in REPLACEMENTS:
        return REPLACEMENTS[annotation]
    origin = get_origin(annotation)
    if origin is list:
        return GenericAlias(list, (_for_model(get_args(annotation)[0]),))
    if origin in (Union, UnionType):
        return reduce(or_, [_for_model(arg) for arg in get_args(annotation)])
    return annotation


def _slot_fields() -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name, info in Slots.model_fields.items():
        if name not in INTERNAL_SLOTS:
            annotation = list[str] if name in VALUE_KINDS else _for_model(info.annotation)
            fields[name] = (annotation, _field_like(info, annotation))
    return fields


LlmIntent = create_model("LlmIntent", __base__=LlmIntentBase, **_slot_fields())
LLM_SLOTS = [name for name in LlmIntent.model_fields if name not in LlmIntentBase.model_fields]


class LlmAnswer(BaseModel):
    intents: list[LlmIntent] = Field(min_length=1)


def skeleton(model: type[BaseModel]) -> str:
    """A JSON outline of `model` for a prompt: each field with the shape of its value."""
    return "{" + ", ".join(f"{json.dumps(name)}: {_outline(info.annotation)}"
                           for name, info in model.model_fields.items()) + "}"


def _outline(annotation: Any) -> str:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return skeleton(annotation)
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return " | ".join(json.dumps(arg) for arg in args)
    if origin in (Union, UnionType):
        return " | ".join(_outline(arg) for arg in args)
    if origin is list:
        return f"[{_outline(args[0])}, ...]"
    return {str: '"..."', bool: "true | false", NoneType: "null"}.get(annotation, "...")


MAX_INTENTS = 3  # requests one question holds, at most, for the reply's token budget
VALUE_TOKENS = 96  # the question's words a reply carries, beyond its empty outline


def reply_schema(intents: dict[str, list[str]], lean: bool = False) -> dict:
    """The strict-compatible JSON schema of the reply: one branch per intent, each with only the
    slots that intent uses (`intents`: name → its slots), so a model writes no slot it cannot use.
    `lean`: only the intent's name required (see `lean_schema`)."""
    full = (lean_schema if lean else strict_schema)(LlmIntent)
    base = [name for name in LlmIntentBase.model_fields if name != "name"]
    branches = []
    for name, slots in intents.items():
        properties = {"name": {"type": "string", "enum": [name]},
                      **{slot: full["properties"][slot] for slot in [*base, *slots] if slot in full["properties"]}}
        branches.append({"type": "object", "properties": properties,
                         "required": ["name"] if lean else list(properties), "additionalProperties": False})
    listed: dict[str, Any] = {"type": "array", "items": {"anyOf": branches}}
    if lean:  # one request at least, as `LlmAnswer` needs, and no more than a question holds
        listed.update(minItems=1, maxItems=MAX_INTENTS)
    return {"type": "object", "properties": {"intents": listed},
            "required": ["intents"], "additionalProperties": False, "$defs": full.get("$defs", {})}


def reply_max_tokens(schema: dict) -> int:
    """Enough for `MAX_INTENTS` of the largest intent with every slot written."""
    items = {**schema["properties"]["intents"]["items"], "$defs": schema["$defs"]}
    return max_tokens_for(items, repeats=MAX_INTENTS, values=VALUE_TOKENS)
