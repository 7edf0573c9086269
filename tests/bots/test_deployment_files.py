"""The Dockerfile and docker-compose.yml configure jirakg only through environment variables: every
variable they set must be a setting jirakg accepts, with the intended backends. (No Docker engine
runs here, so the images themselves are not built by the suite.)"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from jirakg.config import load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_compose_environment_is_valid_configuration(monkeypatch) -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    environment = compose["services"]["jirakg"]["environment"]
    for name, value in environment.items():
        monkeypatch.setenv(name, str(value))
    settings = load_settings(None)
    assert settings.store.backend == "redis" and settings.feedback.backend == "postgres"
    assert str(settings.sparql.endpoint) == "http://oxigraph:7878/query"
    assert {"redis", "postgres", "oxigraph"} <= set(compose["services"])
    assert compose["services"]["jirakg"]["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_dockerfile_runs_serve_as_a_non_root_user_with_a_healthcheck(monkeypatch) -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert text.count("FROM ") == 2  # multi-stage
    assert re.search(r"^USER jirakg$", text, re.MULTILINE) and "HEALTHCHECK" in text and "/healthz" in text
    assert 'ENTRYPOINT ["jirakg"]' in text and 'CMD ["serve"]' in text
    block = re.search(r"^ENV (.+?)(?=^\S)", text, re.MULTILINE | re.DOTALL).group(1)
    for name, value in re.findall(r"(JIRAKG_\w+)=(\S+)", block):
        monkeypatch.setenv(name, value)
    settings = load_settings(None)
    assert settings.web.host == "0.0.0.0" and settings.web.port == 8080
