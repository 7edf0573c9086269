"""Whole answers to the questions people ask of issues and teams (tests/data/answers: an issue's fields, children,
links, chains, history, summaries, team questions, pronoun follow-ups, refusals), written from the raw data by a
helper who never read the parser and split by a coin: tune8 was tuned on, held8 only scored, never read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.devjira.demo.generator import DEFAULT_END
from tests.engine.answer_sets import ARCHIVE, score

ANSWERS = Path(__file__).resolve().parents[1] / "data" / "answers"
# Floors a little under what was measured (README): a change that loses understanding fails here.
# Measured 2026-11-28: tune8 0.811 demo / 0.907 Fluid (0.468 / 0.674 before that day's rules; 0.910 demo after the
# second round's), held8 0.718 / 0.762 (0.612 / 0.619 before).
FLOORS = {("tune8.jsonl", "demo"): 0.88, ("tune8.jsonl", "fluid"): 0.88,
          ("held8.jsonl", "demo"): 0.69, ("held8.jsonl", "fluid"): 0.71}


@pytest.mark.fluid_archive
@pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/datasets is absent")
def test_expectations_follow_from_the_raw_data(tmp_path: Path) -> None:
    """gold8.py (standard library only, no jirakg) writes both files again, byte for byte, from the raw data."""
    demo = tmp_path / "demo.jsonl.gz"
    write_demo(demo, seed=1, issues=3000, end=DEFAULT_END)
    run = subprocess.run([sys.executable, str(ANSWERS / "gold8.py"), str(demo), str(ARCHIVE), "--out", str(tmp_path),
                          "--pool", str(tmp_path / "pool.jsonl")], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    for name in ("tune8.jsonl", "held8.jsonl"):
        assert (tmp_path / name).read_bytes() == (ANSWERS / name).read_bytes(), name


@pytest.mark.slow
@pytest.mark.parametrize("name", ["tune8.jsonl", "held8.jsonl"])
def test_demo_answers(name: str, demo_dir: Path) -> None:
    report = score(ANSWERS / name, "demo", demo_dir)
    assert report["cases"] >= 80 and report["accuracy"] >= FLOORS[(name, "demo")]


@pytest.mark.fluid_archive
@pytest.mark.slow
@pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/datasets is absent")
@pytest.mark.parametrize("name", ["tune8.jsonl", "held8.jsonl"])
def test_fluid_answers(name: str, tmp_path: Path, fluid_url: str) -> None:
    report = score(ANSWERS / name, "fluid", tmp_path, fluid_url)
    assert report["cases"] >= 20 and report["accuracy"] >= FLOORS[(name, "fluid")]
