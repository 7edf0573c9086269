"""Files of whole-answer cases scored as the README's commands score them (`jirakg eval answers`), on the demo
organisation or on devjira serving the Fluid archive."""

from __future__ import annotations

import json
from pathlib import Path

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


def fluid_score(path: Path, data_dir: Path) -> dict:
    """The Fluid cases of PATH, against devjira serving the archive."""
    with BackgroundServer(create_app(load_dataset(ARCHIVE))) as url:
        return score(path, "fluid", data_dir, url)
