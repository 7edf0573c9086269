"""Files of whole-answer cases scored as the README's commands score them (`jirakg eval answers`), on the demo
organisation or on devjira serving the Fluid archive."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import create_app

ARCHIVE = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "fluid-jira" / "issues.jsonl.gz"
NOW = "2026-11-01T12:00:00+00:00"


def score(path: Path, dataset: str, data_dir: Path, jira_url: str | None = None) -> dict:
    """The metrics line of `jirakg eval answers PATH --dataset DATASET --json`."""
    extra = ["--jira-url", jira_url] if jira_url else []
    result = CliRunner().invoke(main, ["eval", "answers", str(path), "--dataset", dataset, "--now", NOW, "--json",
                                       *extra], env={"JIRAKG_DATA_DIR": str(data_dir)})
    assert result.exit_code == 0, result.output
    return json.loads(result.output.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One data directory for a module's demo sets: the demo organisation is generated once, not per set."""
    return tmp_path_factory.mktemp("demo")


@pytest.fixture(scope="module")
def fluid_url() -> Iterator[str]:
    """devjira serving the archive, loaded once for a module's Fluid sets."""
    with BackgroundServer(create_app(load_dataset(ARCHIVE))) as url:
        yield url
