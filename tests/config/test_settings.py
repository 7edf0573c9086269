"""Settings: validation of every section, precedence of sources, masking of secrets."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.config import ConfigError, load_settings, masked


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in list(os.environ):
        if name.startswith("JIRAKG_"):
            monkeypatch.delenv(name)


def test_defaults_are_the_embedded_setup() -> None:
    settings = load_settings()
    assert settings.jira.url is None
    assert settings.store.backend == "sqlite"
    assert settings.feedback.backend == "sqlite"
    assert settings.llm.enabled is False
    assert settings.slack.enabled is False


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"jira": {"url": "not a url"}}, "jira.url (JIRAKG_JIRA__URL) must be the base URL of Jira"),
        ({"jira": {"url": "https://acme.atlassian.net"}}, "jira.token (JIRAKG_JIRA__TOKEN) is required"),
        ({"jira": {"url": "https://acme.atlassian.net", "token": "t"}}, "jira.email (JIRAKG_JIRA__EMAIL) is required"),
        ({"jira": {"auth": "kerberos"}}, "jira.auth (JIRAKG_JIRA__AUTH) must be one of basic"),
        ({"jira": {"concurrency": 0}}, "jira.concurrency (JIRAKG_JIRA__CONCURRENCY) must be a whole number"),
        ({"sparql": {"endpoint": "ftp://kg"}}, "sparql.endpoint (JIRAKG_SPARQL__ENDPOINT) must be a SPARQL 1.1"),
        ({"sparql": {"kg_file": "kg.csv"}}, "sparql.kg_file must end in .nt, .ttl or .nq"),
        ({"llm": {"base_url": "http://localhost:8000/v1"}}, "llm.model (JIRAKG_LLM__MODEL) is required"),
        ({"llm": {"timeout_s": -1}}, "llm.timeout_s (JIRAKG_LLM__TIMEOUT_S) must be a timeout"),
        ({"store": {"backend": "mongo"}}, "store.backend (JIRAKG_STORE__BACKEND) must be one of memory, sqlite, redis"),
        ({"store": {"redis_url": "http://cache:6379"}}, "store.redis_url (JIRAKG_STORE__REDIS_URL) must be a redis://"),
        ({"slack": {"bot_token": "abc"}}, "slack.bot_token must be a bot token starting with xoxb-"),
        ({"slack": {"bot_token": "xoxb-1"}}, "slack.signing_secret (JIRAKG_SLACK__SIGNING_SECRET) is required"),
        ({"slack": {"bot_token": "xoxb-1", "mode": "socket"}}, "slack.app_token (JIRAKG_SLACK__APP_TOKEN) is required"),
        ({"web": {"port": 70000}}, "web.port (JIRAKG_WEB__PORT) must be a TCP port"),
        ({"feedback": {"backend": "postgres"}}, "feedback.postgres_dsn (JIRAKG_FEEDBACK__POSTGRES_DSN) is required"),
        ({"feedback": {"postgres_dsn": "mysql://u@h/db"}},
         "feedback.postgres_dsn (JIRAKG_FEEDBACK__POSTGRES_DSN) must be a postgresql://"),
    ],
)
def test_bad_values_stop_with_one_sentence_naming_the_setting(overrides: dict, expected: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(**overrides)
    message = str(caught.value)
    assert expected in message
    assert message.startswith("Setting ") and message.endswith(".")
    assert "\n" not in message and "pydantic" not in message.lower()


def test_bad_secret_value_is_not_echoed() -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(slack={"bot_token": "hunter2-secret"})
    assert "hunter2" not in str(caught.value)
    assert caught.value.__cause__ is None and caught.value.__suppress_context__  # nor in a logged traceback


def test_environment_overrides_yaml_which_overrides_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "jirakg.yaml"
    config.write_text(yaml.safe_dump({"jira": {"concurrency": 4, "page_size": 50}, "web": {"port": 9000}}))
    monkeypatch.setenv("JIRAKG_JIRA__CONCURRENCY", "16")
    settings = load_settings(config)
    assert settings.jira.concurrency == 16  # environment wins
    assert settings.jira.page_size == 50  # from the file
    assert settings.web.port == 9000  # from the file
    assert settings.jira.timeout_s == 30.0  # default


def test_config_file_from_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("store:\n  backend: memory\n")
    monkeypatch.setenv("JIRAKG_CONFIG", str(config))
    assert load_settings().store.backend == "memory"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("jira: [unclosed", "is not valid YAML at line"),
        ("- a\n- b\n", "must hold a mapping of sections"),
        ("jira:\n  tokn: x\n", "Unknown setting jira.tokn"),
        ("stor:\n  backend: memory\n", "Unknown setting stor"),
        ("llm:\n  base_url: http://127.0.0.1:8000/v1\n  model: m\n  turn_timeout_s: 60\n",
         r"llm.turn_timeout_s \(60 s\) must be below turn_timeout_s \(30 s\)"),
    ],
)
def test_bad_yaml_files(tmp_path: Path, content: str, expected: str) -> None:
    config = tmp_path / "c.yaml"
    config.write_text(content)
    with pytest.raises(ConfigError, match=expected):
        load_settings(config)


def test_missing_config_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "absent.yaml")


def test_secrets_are_masked_everywhere() -> None:
    settings = load_settings(
        jira={"url": "https://acme.atlassian.net", "email": "a@b.c", "token": "jira-secret"},
        llm={"base_url": "http://llm/v1", "model": "m", "api_key": "llm-secret"},
        slack={"bot_token": "xoxb-slack-secret", "signing_secret": "sign-secret"},
        sparql={"password": "kg-secret"},
        web={"api_tokens": ["web-secret"]},
        feedback={"backend": "postgres", "postgres_dsn": "postgresql://bot:pg-secret@db:5432/jirakg"},
    )
    shown = yaml.safe_dump(masked(settings))
    for secret in ("jira-secret", "llm-secret", "slack-secret", "sign-secret", "kg-secret", "web-secret", "pg-secret"):
        assert secret not in shown
    data = masked(settings)
    assert data["jira"]["token"] == "****"
    assert data["feedback"]["postgres_dsn"] == "postgresql://bot:****@db:5432/jirakg"
    assert data["jira"]["email"] == "a@b.c"  # not a secret


def test_config_show_command(tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("jira:\n  url: https://acme.atlassian.net\n  auth: bearer\n  token: pat-secret\n")
    result = CliRunner().invoke(main, ["--config", str(config), "config", "show"], env={"JIRAKG_WEB__PORT": "8181"})
    assert result.exit_code == 0, result.output
    shown = yaml.safe_load(result.output)
    assert shown["jira"]["url"] == "https://acme.atlassian.net/"
    assert shown["jira"]["token"] == "****"
    assert shown["web"]["port"] == 8181
    assert "pat-secret" not in result.output


def test_config_show_reports_errors_without_traceback() -> None:
    result = CliRunner().invoke(main, ["config", "show"], env={"JIRAKG_STORE__BACKEND": "mongo"})
    assert result.exit_code == 1
    assert "Configuration error: Setting store.backend" in result.output
    assert "Traceback" not in result.output


def test_sqlite_files_follow_data_dir_unless_named(tmp_path) -> None:
    from jirakg.config import Settings

    moved = Settings(data_dir=tmp_path)
    assert moved.store.sqlite_path == tmp_path / "graph.sqlite3"
    assert moved.feedback.sqlite_path == tmp_path / "feedback.sqlite3"
    named = Settings(data_dir=tmp_path, feedback={"sqlite_path": tmp_path / "elsewhere.db"})
    assert named.feedback.sqlite_path == tmp_path / "elsewhere.db" and named.store.sqlite_path.parent == tmp_path
