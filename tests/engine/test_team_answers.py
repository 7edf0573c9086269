"""Team questions end to end: the answer checker, the gold computed from the raw data, and the answer
accuracy on the development and held-out sets (written by someone who never saw the parser; the
held-out questions are not read while writing rules)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jirakg.bots.cli.demo_data_commands import write_demo
from jirakg.devjira.demo.generator import DEFAULT_END
from jirakg.engine.answer_evaluation import Expect, problems
from tests.engine.answer_sets import ARCHIVE, score

TEAM = Path(__file__).resolve().parents[1] / "data" / "team"
# Floors a little under what was measured (README): a change that loses understanding fails here.
FLOORS = {("dev.jsonl", "demo"): 0.99, ("dev.jsonl", "fluid"): 0.99,
          ("heldout.jsonl", "demo"): 0.84, ("heldout.jsonl", "fluid"): 0.76,
          ("words-tune.jsonl", "demo"): 0.94, ("words-scored.jsonl", "demo"): 0.93, ("words-fresh.jsonl", "demo"): 0.90,
          ("fresh2.jsonl", "demo"): 0.70}  # fresh2: the second held-back set, scored, never read
CASES = {"dev.jsonl": 90, "heldout.jsonl": 90, "words-tune.jsonl": 45, "words-scored.jsonl": 40,
         "words-fresh.jsonl": 25, "fresh2.jsonl": 140}


def test_answer_checker() -> None:
    answer = "Ana Silva has the most open issues: 12 (median 4).\n- Bug: 23 (40%)\n- Task: 9 (15%)\nSee PROJ-1."
    assert problems(answer, Expect(lead=["Ana Silva", "12"], pairs=[("Bug", 23)], mentions=["PROJ-1"])) == []
    assert problems(answer, Expect(lead=["Task"])) == ["first line lacks 'Task'"]  # only the first line leads
    assert problems(answer, Expect(pairs=[("Bug", 9)])) == ["no line with 'Bug' and 9"]  # not on the same line
    assert problems(answer, Expect(pairs=[("Task", 1)])) == ["no line with 'Task' and 1"]  # a whole number only
    assert problems(answer, Expect(absent=["median"])) == ["says 'median'"]


def test_gold_expectations_follow_from_the_raw_data(tmp_path: Path) -> None:
    """gold.py (standard library only, no jirakg) recomputes every expectation from the demo and the archive."""
    if not ARCHIVE.is_file():
        pytest.skip("../shared/datasets is absent")
    demo = tmp_path / "demo.jsonl"
    write_demo(demo, seed=1, issues=3000, end=DEFAULT_END)
    run = subprocess.run([sys.executable, str(TEAM / "gold.py"), "--demo", str(demo), "--fluid", str(ARCHIVE),
                          "--check"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    # The fresh capabilities set (held back: written without reading the parser) by its own script.
    run = subprocess.run([sys.executable, str(TEAM / "gold_fresh.py"), "--demo", str(demo), "--check"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    # The second fresh set (held back: written from the raw data without reading the parser) by its own script.
    run = subprocess.run([sys.executable, str(TEAM / "gold_fresh2.py"), "--demo", str(demo), "--fluid", str(ARCHIVE),
                          "--check"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dev.jsonl", "heldout.jsonl", "words-tune.jsonl", "words-scored.jsonl",
                                  "words-fresh.jsonl", "fresh2.jsonl"])
def test_demo_team_answers(name: str, demo_dir: Path) -> None:
    report = score(TEAM / name, "demo", demo_dir)
    assert report["cases"] >= CASES[name] and report["accuracy"] >= FLOORS[(name, "demo")]


@pytest.mark.fluid_archive
@pytest.mark.slow
@pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/datasets is absent")
@pytest.mark.parametrize("name", ["dev.jsonl", "heldout.jsonl"])
def test_fluid_team_answers(name: str, tmp_path: Path, fluid_url: str) -> None:
    report = score(TEAM / name, "fluid", tmp_path, fluid_url)
    assert report["cases"] >= 40 and report["accuracy"] >= FLOORS[(name, "fluid")]
