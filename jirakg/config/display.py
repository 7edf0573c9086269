"""The effective configuration as plain data, with every secret masked."""

from __future__ import annotations

from typing import Any

from pydantic import AnyUrl, BaseModel, SecretStr

from jirakg.config.settings import Settings

MASK = "****"


def masked(settings: Settings) -> dict[str, Any]:
    return _plain(settings)


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return {name: _plain(getattr(value, name)) for name in type(value).model_fields}
    if isinstance(value, SecretStr):
        return MASK
    if isinstance(value, AnyUrl):
        # URLs such as DSNs may carry a password in their user-info part.
        if value.password:
            return str(value).replace(f":{value.password}@", f":{MASK}@", 1)
        return str(value)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
