"""Load `Settings` from the environment and an optional YAML file; turn errors into one sentence."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails
from pydantic_settings import SettingsConfigDict

from jirakg.config.settings import Settings
from jirakg.errors import JirakgError

CONFIG_ENV = "JIRAKG_CONFIG"


class ConfigError(JirakgError):
    """A configuration value is missing or wrong; the message is one sentence for a person."""


def load_settings(config_file: Path | str | None = None, **overrides: Any) -> Settings:
    """Build the effective settings; `config_file` falls back to $JIRAKG_CONFIG."""
    path = config_file or os.environ.get(CONFIG_ENV) or None
    settings_cls: type[Settings] = Settings
    if path is not None:
        path = Path(path)
        _check_yaml_file(path)

        class FileSettings(Settings):
            model_config = SettingsConfigDict(yaml_file=path)

        settings_cls = FileSettings
    try:
        return settings_cls(**overrides)
    except ValidationError as exc:
        # Not chained: the validation error quotes every input, secrets (tokens, passwords) included.
        raise ConfigError(explain(exc)) from None


def _check_yaml_file(path: Path) -> None:
    if not path.is_file():
        raise ConfigError(f"The configuration file {path} does not exist.")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        # Not chained: the YAML error quotes the offending line, which may hold a secret.
        raise ConfigError(f"The configuration file {path} is not valid YAML{where}.") from None
    if data is not None and not isinstance(data, dict):
        raise ConfigError(
            f"The configuration file {path} must hold a mapping of sections (jira:, store:, ...)."
        )


def explain(exc: ValidationError) -> str:
    """One sentence naming the first bad setting and what it expects."""
    errors = exc.errors()
    sentence = _sentence(errors[0])
    if len(errors) > 1:
        sentence += f" ({len(errors) - 1} more setting(s) are also invalid.)"
    return sentence


def _sentence(error: ErrorDetails) -> str:
    loc = [str(part) for part in error["loc"] if not isinstance(part, int)]
    dotted = ".".join(loc) or "configuration"
    env = "JIRAKG_" + "__".join(part.upper() for part in loc)
    if error["type"] == "value_error":
        # Our own validators name the setting and say what it needs.
        return "Setting " + error["msg"].removeprefix("Value error, ") + "."
    if error["type"] == "extra_forbidden":
        return f"Unknown setting {dotted}; check its spelling against `jirakg config show`."
    expected = _description(loc) or error["msg"].lower()
    got = error.get("input")
    shown = "nothing" if got is None else repr(_mask_if_secret(loc, got))
    return f"Setting {dotted} ({env}) must be {expected}; got {shown}."


def _description(loc: list[str]) -> str | None:
    model: type[BaseModel] | None = Settings
    info = None
    for part in loc:
        if model is None or part not in model.model_fields:
            return None
        info = model.model_fields[part]
        annotation = info.annotation
        model = annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
    return info.description if info is not None else None


def _mask_if_secret(loc: list[str], value: Any) -> Any:
    secret_words = ("token", "secret", "password", "api_key", "dsn")
    return "****" if any(word in loc[-1] for word in secret_words) else value
