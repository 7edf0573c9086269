"""The Forge app's manifest passes Atlassian's own validator (@forge/manifest, what `forge lint` and
`forge deploy` run) after the app's real build, and a broken manifest does not."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.integrations.forge_app import PANEL, built_app, validate

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Path:
    return built_app(tmp_path_factory.mktemp("forge"))


def test_the_real_manifest_is_valid_and_the_sidebar_is_its_main_module(app: Path) -> None:
    checked = validate(app)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    manifest = yaml.safe_load((app / "manifest.yml").read_text())
    (sidebar,) = manifest["modules"]["jira:issueContext"]
    assert sidebar["resource"] == "panel" and sidebar["resolver"] == {"endpoint": "jirakg-endpoint"}
    (action,) = manifest["modules"]["action"]
    (route,) = [e for e in manifest["modules"]["endpoint"] if e["key"] == action["endpoint"]]
    assert route["remote"] == "jirakg-service" and route["route"]["path"] == "/forge/rovo/ask"
    assert manifest["modules"]["rovo:agent"][0]["actions"] == [action["key"]]
    bundle = (app / PANEL / "build" / "panel.js").read_text()
    assert "enableTheming" in bundle and "navigate" in bundle  # the bridge's theme and router are in the bundle
    assert (app / PANEL / "build" / "index.html").is_file()


def broken(manifest: dict, change: str) -> dict:
    modules = manifest["modules"]
    if change == "sidebar without a label":
        del modules["jira:issueContext"][0]["label"]
    elif change == "unknown module":
        modules["jira:issueSidebar"] = modules.pop("jira:issueContext")
    elif change == "action with no description":
        del modules["action"][0]["description"]
    elif change == "resource that was not built":
        manifest["resources"][0]["path"] = "static/panel/dist"
    return manifest


@pytest.mark.parametrize("change, reason", [
    ("sidebar without a label", "jira:issueContext required properties are"),
    ("unknown module", "invalid value 'jira:issueSidebar' in modules"),
    ("action with no description", "action required properties are"),
    ("resource that was not built", "missing resource 'static/panel/dist'"),
])
def test_a_broken_manifest_fails_the_validator(app: Path, change: str, reason: str) -> None:
    manifest = yaml.safe_load((app / "manifest.yml").read_text())
    (app / "broken.yml").write_text(yaml.safe_dump(broken(manifest, change)))
    checked = validate(app, "broken.yml")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"error: {reason}" in checked.stdout
