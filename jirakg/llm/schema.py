"""JSON schemas a model is held to, generated from pydantic models in the strict-compatible form
(every property required, no other properties, no defaults) that OpenAI's strict mode, llama.cpp's
grammar converter and vLLM's guided decoding all accept; and the tokens a reply of a schema needs."""

from __future__ import annotations

import json
import math
from typing import Any

from pydantic import BaseModel

# Keywords strict mode rejects or that only describe; dropped from the schema sent.
DROPPED = {"default", "title", "minItems", "maxItems", "minLength", "maxLength", "pattern", "format"}
CHARS_PER_TOKEN = 3  # JSON keys and punctuation tokenise short: a cautious average


def strict_schema(model: type[BaseModel]) -> dict:
    return strict(model.model_json_schema())


def lean_schema(model: type[BaseModel]) -> dict:
    """The same, requiring only what has no default, and bounded. A grammar-constrained server (llama.cpp)
    makes the model write every required property: a small model on a CPU then spends its deadline writing
    empty slots. The grammar also holds lists and words to a size no question needs, where a small model
    otherwise runs on until `max_tokens` cuts its JSON short. Strict mode (OpenAI's json_schema) needs every
    property required and takes no bounds, so it keeps `strict_schema`."""
    return bounded(strict(model.model_json_schema(), every_property=False))


LEAN_ITEMS, LEAN_CHARS = 8, 80  # values of one kind in a question; characters in one value


def bounded(schema: Any) -> Any:
    """Every list and free string of `schema` held to `LEAN_ITEMS` items and `LEAN_CHARS` characters."""
    if isinstance(schema, list):
        return [bounded(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: ({name: bounded(sub) for name, sub in value.items()} if key in ("properties", "$defs")
                 else bounded(value)) for key, value in schema.items()}
    if out.get("type") == "array":
        out["maxItems"] = LEAN_ITEMS
    elif out.get("type") == "string" and "enum" not in out and "const" not in out:
        out["maxLength"] = LEAN_CHARS
    return out


def strict(schema: Any, every_property: bool = True) -> Any:
    """`schema` with every object closed and all its properties required (or only those it requires)."""
    if isinstance(schema, list):
        return [strict(item, every_property) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("properties", "$defs"):  # names, not keywords: keep them all
            out[key] = {name: strict(sub, every_property) for name, sub in value.items()}
        elif key not in DROPPED:
            out[key] = strict(value, every_property)
    if "properties" in out:
        out["required"] = list(out["properties"]) if every_property else out.get("required", [])
        out["additionalProperties"] = False
    return out


def max_tokens_for(schema: dict, repeats: int = 1, values: int = 0) -> int:
    """Tokens for `repeats` replies of `schema` with every property present and empty, plus `values`
    tokens for what the model writes into them: enough for a full reply, too few to run on."""
    chars = len(json.dumps(_empty(schema, schema.get("$defs", {}))))
    return math.ceil(repeats * chars / CHARS_PER_TOKEN) + values


def _empty(schema: dict, defs: dict) -> Any:
    """The largest reply of `schema` with nothing written into it (a union: its largest branch)."""
    if "$ref" in schema:
        return _empty(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in schema:
        return max((_empty(branch, defs) for branch in schema["anyOf"]), key=lambda v: len(json.dumps(v)))
    if "enum" in schema:
        return max(schema["enum"], key=lambda v: len(json.dumps(v)))
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if kind == "object":
        return {name: _empty(sub, defs) for name, sub in schema.get("properties", {}).items()}
    return {"array": [], "string": "", "boolean": False, "integer": 0, "number": 0, "null": None}.get(str(kind))
