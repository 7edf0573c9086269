"""Configuration: one `Settings` object from JIRAKG_* variables and an optional YAML file."""

from jirakg.config.display import masked
from jirakg.config.loading import CONFIG_ENV, ConfigError, load_settings
from jirakg.config.settings import Settings

__all__ = ["CONFIG_ENV", "ConfigError", "Settings", "load_settings", "masked"]
