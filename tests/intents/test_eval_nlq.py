"""`jirakg eval nlq`: the metrics are computed right, and the development sets meet the targets."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from click.testing import CliRunner

from jirakg.bots.cli import main
from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import create_app
from jirakg.intents.evaluation import Case, evaluate
from jirakg.intents.llm_routing import LlmRouting
from jirakg.intents.models import IntentCall, ParsedQuery

DATA = Path(__file__).resolve().parents[1] / "data" / "nlq"
ARCHIVE = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "fluid-jira" / "issues.jsonl.gz"
NOW = "2026-11-01T12:00:00+00:00"  # the demo organisation's "today"; its questions' relative dates count from it
DEV_DEMO_FLOOR, HELD_DEMO_FLOOR, DEV_FLUID_FLOOR, HELD_FLUID_FLOOR = 0.96, 0.80, 0.93, 0.84
# The afternoon round of 2026-11-23: tune4 was tuned on; held4 was written the same hour and only scored, never read
TUNE4_DEMO_FLOOR, TUNE4_FLUID_FLOOR, HELD4_DEMO_FLOOR, HELD4_FLUID_FLOOR = 0.96, 0.96, 0.85, 0.81
# The evening round of 2026-11-23: tune6 and held6, written blind as one pool and split by a coin; tune6 tuned on,
# held6 only scored
TUNE6_DEMO_FLOOR, TUNE6_FLUID_FLOOR, HELD6_DEMO_FLOOR, HELD6_FLUID_FLOOR = 0.94, 0.97, 0.92, 0.90
# 2026-11-28: tune7 and held7, written blind as one pool and split by a coin per meaning; tune7 tuned on, held7 only
# scored (0.824 / 0.703 before that day's rules, 0.838 / 0.797 after the second round's, 0.838 / 0.838 after the third,
# 0.878 / 0.865 after the fourth)
TUNE7_DEMO_FLOOR, TUNE7_FLUID_FLOOR, HELD7_DEMO_FLOOR, HELD7_FLUID_FLOOR = 0.94, 0.90, 0.85, 0.84
# 2026-11-28, second round: tune9 and held9, a fresh blind pool split the same way (held9 0.733 / 0.800 before that
# round's rules, tune9 0.720 / 0.645)
TUNE9_DEMO_FLOOR, TUNE9_FLUID_FLOOR, HELD9_DEMO_FLOOR, HELD9_FLUID_FLOOR = 0.91, 0.78, 0.73, 0.80
# 2026-11-28, third round: tune10/held10, a blind pool split the same way (held10 0.744 / 0.805 before that round's
# rules, tune10 0.826 / 0.686); held11, a second blind pool of paraphrases said as by people who never used Jira,
# kept whole as held (0.697 / 0.599 before)
TUNE10_DEMO_FLOOR, TUNE10_FLUID_FLOOR, HELD10_DEMO_FLOOR, HELD10_FLUID_FLOOR = 0.91, 0.82, 0.73, 0.79
HELD11_DEMO_FLOOR, HELD11_FLUID_FLOOR = 0.69, 0.60
# 2026-11-28, fourth round: tune12/held12, a blind pool split by a coin per meaning (held12 0.853 / 0.853 before that
# round's rules, 0.893 / 0.880 after; tune12 0.882 / 0.817 → 0.979 / 0.946); held13, a blind pool written after those
# rules and kept whole (0.809 / 0.888 with the rules before the round, 0.849 / 0.888 after)
TUNE12_DEMO_FLOOR, TUNE12_FLUID_FLOOR, HELD12_DEMO_FLOOR, HELD12_FLUID_FLOOR = 0.95, 0.92, 0.86, 0.85
HELD13_DEMO_FLOOR, HELD13_FLUID_FLOOR = 0.82, 0.86
# 2026-11-28, fifth round: tune14/held14, a blind pool split by a coin per meaning (seed 14; held14 0.821 / 0.810
# before that round's rules, 0.845 / 0.845 after); held15, a blind pool written after the tune14 rules and kept whole
# (0.792 / 0.810 before the round, 0.857 / 0.881 after); tune16, paraphrases only, by people who never used Jira
# (0.356 / 0.471 → 0.606 / 0.625)
TUNE14_DEMO_FLOOR, TUNE14_FLUID_FLOOR, HELD15_DEMO_FLOOR, HELD15_FLUID_FLOOR = 0.91, 0.90, 0.83, 0.86
TUNE16_DEMO_FLOOR, TUNE16_FLUID_FLOOR = 0.55, 0.60
HELD14_DEMO_FLOOR, HELD14_FLUID_FLOOR = 0.82, 0.82
# 2026-11-29, sixth round: pool17, blind, each need in five forms (JQL, keywords, chatty, two paraphrases), split by a
# coin per need (seed 17) into tune17 and held17 (held17 0.835 / 0.858 before the round's rules)
TUNE17_DEMO_FLOOR, TUNE17_FLUID_FLOOR, HELD17_DEMO_FLOOR, HELD17_FLUID_FLOOR = 0.86, 0.82, 0.84, 0.84
# held18, a blind pool written after most of that round's rules by two more helpers, paraphrases by people who never
# used Jira, kept whole (0.745 / 0.750 with the rules before the round, 0.797 / 0.788 after; 15 silent widenings → 6)
HELD18_DEMO_FLOOR, HELD18_FLUID_FLOOR = 0.78, 0.77
# tune19, a blind pool of the same kind written after held18, tuned on (0.783 / 0.807 before the round, 0.783 / 0.830
# with the rules before it was read, then tuned on)
TUNE19_DEMO_FLOOR, TUNE19_FLUID_FLOOR = 0.86, 0.84
# 2026-11-29, seventh round: held21, written before the round's rules, and held22, written after most of them, each
# kept whole (0.816 / 0.759 and 0.741 / 0.670 before the round); tune20/held20 are measured by `eval nlq` only, to
# keep the suite within its time
HELD21_DEMO_FLOOR, HELD21_FLUID_FLOOR, HELD22_DEMO_FLOOR, HELD22_FLUID_FLOOR = 0.85, 0.75, 0.76, 0.70
# 2026-11-29, eighth round: held23, the held part of pool23 (split by a coin per need, seed 23; 0.797 / 0.867 before
# the round), and held24, written after the round's first rules and kept whole (0.863 / 0.797 with the rules before
# the round); tune23 is measured by `eval nlq` only
HELD23_DEMO_FLOOR, HELD23_FLUID_FLOOR, HELD24_DEMO_FLOOR, HELD24_FLUID_FLOOR = 0.77, 0.85, 0.85, 0.78
# 2026-11-29, ninth round: held25, the held part of pool25 (split by a coin per need, seed 25; 0.879 / 0.895 before
# the round), held26, a whole pool written at the same time, before any of the round's rules (0.863 / 0.877), and
# held28, the held part of a paraphrase pool written after the round's first rules (seed 28; 0.857 / 0.736 then)
HELD25_DEMO_FLOOR, HELD25_FLUID_FLOOR, HELD26_DEMO_FLOOR, HELD26_FLUID_FLOOR = 0.89, 0.90, 0.88, 0.87
HELD28_DEMO_FLOOR, HELD28_FLUID_FLOOR = 0.84, 0.74
# 2026-11-29, tenth round: held29 and held30, the held parts of two paraphrase pools (seeds 29, 30), the first written
# before the round's rules, the second after its first third (0.730 / 0.794 and 0.738 / 0.675 then)
HELD29_DEMO_FLOOR, HELD29_FLUID_FLOOR, HELD30_DEMO_FLOOR, HELD30_FLUID_FLOOR = 0.75, 0.80, 0.74, 0.70
# 2026-11-29, eleventh round: held31, held32, held33, the held parts of three blind pools (seeds 31-33; held33 half
# conversations), written before the round's rules, after its first part and after its second (with the parser at the
# round's start 0.713 / 0.739, 0.690 / 0.605 and 0.732 / 0.623)
HELD31_DEMO_FLOOR, HELD31_FLUID_FLOOR, HELD32_DEMO_FLOOR, HELD32_FLUID_FLOOR = 0.73, 0.74, 0.70, 0.61
HELD33_DEMO_FLOOR, HELD33_FLUID_FLOOR = 0.80, 0.67
# 2026-11-29, twelfth round: held34, the held part of a blind pool (seed 34; a third of it conversations) written before
# the round's rules (0.829 / 0.735 with the parser at the round's start)
HELD34_DEMO_FLOOR, HELD34_FLUID_FLOOR = 0.83, 0.75
# ... and held35, the held part of a second such pool (seed 35) written after the round's first two parts (0.722 / 0.703
# with the parser then)
HELD35_DEMO_FLOOR, HELD35_FLUID_FLOOR = 0.73, 0.74
# 2026-11-29, thirteenth round: held36, the held part of a blind pool (seed 36) written before the round's rules
# (0.733 / 0.638 with the parser at the round's start), and held37, of a second one (seed 37) written after its first
# part (0.637 / 0.674 with the parser then)
HELD36_DEMO_FLOOR, HELD36_FLUID_FLOOR, HELD37_DEMO_FLOOR, HELD37_FLUID_FLOOR = 0.81, 0.72, 0.66, 0.72
# 2026-11-30, fourteenth round: held38, the held part of a blind pool (seed 38) written before the round's rules
# (0.800 / 0.836 with the parser at the round's start), and held39, of a second one (seed 39) written after its first
# part (0.758 / 0.858 with the parser then)
HELD38_DEMO_FLOOR, HELD38_FLUID_FLOOR, HELD39_DEMO_FLOOR, HELD39_FLUID_FLOOR = 0.85, 0.89, 0.76, 0.87
# 2026-11-30, fifteenth round: held40, the held part of a blind pool (seed 40) written before the round's rules
# (0.817 / 0.782 with the parser at the round's start), and held41, of a second one (seed 41) written after its first
# part (0.751 / 0.826 with the parser then)
HELD40_DEMO_FLOOR, HELD40_FLUID_FLOOR, HELD41_DEMO_FLOOR, HELD41_FLUID_FLOOR = 0.83, 0.80, 0.76, 0.82
# 2026-11-30, sixteenth round: held42, the held part of a blind pool (seed 42) written before the round's rules
# (0.867 / 0.878 with the parser at the round's start), and held43, of a second one (seed 43) written after its first
# part (0.810 / 0.800 with the parser then)
HELD42_DEMO_FLOOR, HELD42_FLUID_FLOOR, HELD43_DEMO_FLOOR, HELD43_FLUID_FLOOR = 0.87, 0.88, 0.80, 0.85
# 2026-11-30, seventeenth round: held44 and held45, the held parts of two blind pools (seeds 44, 45) both written
# before the round's rules (0.594 / 0.759 and 0.829 / 0.670 with the parser at the round's start)
HELD44_DEMO_FLOOR, HELD44_FLUID_FLOOR, HELD45_DEMO_FLOOR, HELD45_FLUID_FLOOR = 0.61, 0.77, 0.87, 0.69
# The held sets of the third round, and held18-demo, widen silently more often than WIDENED_CEILING allows; measured,
# not tuned (held10 demo 6, Fluid 2; held11 demo 4, Fluid 5, now 3 / 0 and 0 / 3; held18-demo 5): the ceiling each
# may not exceed
HELD_WIDENED = {"held10-demo.jsonl": 6, "held10-fluid.jsonl": 2, "held11-demo.jsonl": 4, "held11-fluid.jsonl": 5,
                "held18-demo.jsonl": 5, "held29-demo.jsonl": 4,  # the tenth round's: as found (held30-demo 6, now 2)
                "held33-fluid.jsonl": 4,  # the eleventh's (19 when first scored, 9 after it)
                "held34-demo.jsonl": 4, "held34-fluid.jsonl": 6,  # the twelfth's (9 and 5 when first scored)
                "held35-demo.jsonl": 6,
                # the thirteenth's (9 and 5 when first scored); held13-demo 3 → 4 since a resolution left out keeps
                # the unresolved issues, which a gold written as a bare `resolution != X` leaves out
                "held36-demo.jsonl": 4, "held37-fluid.jsonl": 5, "held13-demo.jsonl": 4,
                "held38-demo.jsonl": 5,  # the fourteenth's (5 when first scored)
                "held41-demo.jsonl": 5,  # the fifteenth's (5 when first scored)
                "held44-demo.jsonl": 10, "held45-fluid.jsonl": 6}  # the seventeenth's (13 and 5 when first scored)
FRESH2_DEMO_FLOOR = 0.77  # the second held-back search set (fresh-set2-demo.jsonl), scored, never read
RULES3_FLOOR = 0.90  # the day's rule families, written after the rules (fresh-rules3-demo.jsonl; 0.51 before them)
WORDS2_TUNE_FLOOR, WORDS2_SCORED_FLOOR = 0.89, 0.88  # the chatty/paraphrase sets of the search-words work
FOLLOW_UPS_FLOOR = 0.90  # the follow-up conversations (follow-ups.jsonl; 0.54 before the follow-up rules)
WIDENED_CEILING = 3
# Questions naming a value the demo instance lacks (and typos of real ones, which must ground): measured
# 0.983 single-intent F1 and none answered instead of asking (levels said beside "priority" must exist),
# baseline 0.633 and 21.
UNKNOWN_VALUES_F1_FLOOR, UNKNOWN_VALUES_ANSWERED_CEILING = 0.95, 0


def test_metrics_arithmetic() -> None:
    cases = [
        Case.model_validate({"query": "a", "intents": [{"name": "metadata", "issue_keys": ["P-1"]}]}),
        Case.model_validate({"query": "b", "intents": [{"name": "linked", "issue_keys": ["P-2"]}]}),
        Case.model_validate({"query": "c", "intents": [{"name": "metadata", "issue_keys": ["P-3"]},
                                                        {"name": "linked", "issue_keys": ["P-3"]}]}),
        Case.model_validate({"query": "d", "intents": [{"name": "search"}], "jql": "good", "variant": "short"}),
    ]
    answers = {
        "a": [IntentCall(name="metadata", issue_keys=["P-1"])],
        "b": [IntentCall(name="metadata", issue_keys=["P-2"])],  # wrong intent
        "c": [IntentCall(name="metadata", issue_keys=["P-3"])],  # one of two intents
        "d": [IntentCall(name="search", jql="bad")],  # right intent, wrong JQL
    }

    async def run_jql(jql: str, slots=None):
        return {"X-1"} if jql == "good" else {"X-2"}

    async def parse(case: Case, conversation: str | None) -> ParsedQuery:
        return ParsedQuery(text=case.query, intents=answers[case.query])

    report = asyncio.run(evaluate(cases, parse, run_jql))
    assert (report.single.p, report.single.r) == (0.6667, 0.6667)  # a and d right, b wrong (rounded to 4 places)
    assert (report.multi.p, report.multi.r) == (1.0, 0.5)
    assert report.issue_key_accuracy == 0.5  # of four keyed gold intents, b's and c's linked ones were missed
    assert report.jql_execution_accuracy == 0.0
    assert report.by_variant["short"].model_dump() == {"cases": 1, "accuracy": 0.0}
    assert [f["query"] for f in report.failures] == ["b", "c", "d"]


def assert_floor(name: str, floor: float, metrics: dict) -> None:
    """A set's JQL execution accuracy at or above its floor, and no more silent widenings than it may have."""
    assert metrics["jql_execution_accuracy"] >= floor, (name, metrics["jql_execution_accuracy"])
    assert metrics["widened_silently"] <= HELD_WIDENED.get(name, WIDENED_CEILING), (name, metrics["widened_silently"])


def metrics_of(output: str) -> dict:
    return json.loads(output.strip().splitlines()[-1])


def demo_eval(path: Path, tmp_path: Path, *extra: str, env: dict | None = None) -> dict:
    result = CliRunner().invoke(main, ["eval", "nlq", str(path), "--now", NOW, "--json", *extra],
                                env={"JIRAKG_DATA_DIR": str(tmp_path), **(env or {})})
    assert result.exit_code == 0, result.output
    return metrics_of(result.output)


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One data directory for the module's demo evaluations: the demo organisation is generated once, not per set."""
    return tmp_path_factory.mktemp("demo")


@pytest.fixture(scope="module")
def fluid_url() -> Iterator[str]:
    """devjira serving the archive, loaded once for every Fluid set of this module."""
    with BackgroundServer(create_app(load_dataset(ARCHIVE))) as url:
        yield url


EvalRun = tuple[list[Path], subprocess.Popen, IO[str]]


def eval_process(paths: list[Path], *options: str, env: dict | None = None) -> EvalRun:
    """One `jirakg eval nlq` run over all of `paths`, started in a child process so that the demo and the Fluid runs
    share the two cores (each is one Python thread); its output goes to a file, which no reader has to drain."""
    command = [sys.executable, "-m", "jirakg", "eval", "nlq", *map(str, paths), *options, "--json"]
    out = tempfile.TemporaryFile("w+")
    process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    return paths, process, out


def many_evals(run: EvalRun) -> dict[str, dict]:
    """Each file's metrics, by its name under DATA, from the run `eval_process` started."""
    paths, process, out = run
    process.wait()
    out.seek(0)
    output = out.read()
    out.close()
    assert process.returncode == 0, output
    metrics, current = {}, None
    for line in output.splitlines():
        if line.endswith(":") and Path(line[:-1]) in paths:
            current = Path(line[:-1]).relative_to(DATA).as_posix()
        elif line.startswith("{") and current is not None:
            metrics[current] = json.loads(line)
    assert len(metrics) == len(paths), output
    return metrics


@pytest.mark.slow
def test_demo_intents(demo_set_metrics: dict[str, dict]) -> None:
    metrics = demo_set_metrics["intents-demo.jsonl"]
    assert metrics["single"]["f1"] >= 0.97 and metrics["multi"]["f1"] >= 0.97 and metrics["cases"] >= 150


@pytest.mark.fluid_archive
@pytest.mark.slow
@pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/datasets is absent")
def test_fluid_intents(fluid_set_metrics: dict[str, dict]) -> None:
    metrics = fluid_set_metrics["intents-fluid.jsonl"]
    assert metrics["single"]["f1"] >= 0.97 and metrics["multi"]["f1"] >= 0.97


# Floors a little under what was measured (see the README): a change that loses understanding fails here.
# The held-out files were written by someone who never saw the parser and are not read while writing rules.
DEMO_SETS = [("dev-demo.jsonl", DEV_DEMO_FLOOR),
                                             ("heldout/demo.jsonl", HELD_DEMO_FLOOR),
                                             ("words2-demo-tune.jsonl", WORDS2_TUNE_FLOOR),
                                             ("words2-demo-scored.jsonl", WORDS2_SCORED_FLOOR),
                                             ("follow-ups.jsonl", FOLLOW_UPS_FLOOR),
                                             ("fresh-set2-demo.jsonl", FRESH2_DEMO_FLOOR),
                                             ("fresh-rules3-demo.jsonl", RULES3_FLOOR),
                                             ("tune4-demo.jsonl", TUNE4_DEMO_FLOOR),
                                             ("held4-demo.jsonl", HELD4_DEMO_FLOOR),
                                             ("tune6-demo.jsonl", TUNE6_DEMO_FLOOR),
                                             ("held6-demo.jsonl", HELD6_DEMO_FLOOR),
                                             ("tune7-demo.jsonl", TUNE7_DEMO_FLOOR),
                                             ("held7-demo.jsonl", HELD7_DEMO_FLOOR),
                                             ("tune9-demo.jsonl", TUNE9_DEMO_FLOOR),
                                             ("held9-demo.jsonl", HELD9_DEMO_FLOOR),
                                             ("tune10-demo.jsonl", TUNE10_DEMO_FLOOR),
                                             ("held10-demo.jsonl", HELD10_DEMO_FLOOR),
                                             ("held11-demo.jsonl", HELD11_DEMO_FLOOR),
                                             ("tune12-demo.jsonl", TUNE12_DEMO_FLOOR),
                                             ("held12-demo.jsonl", HELD12_DEMO_FLOOR),
                                             ("held13-demo.jsonl", HELD13_DEMO_FLOOR),
                                             ("tune14-demo.jsonl", TUNE14_DEMO_FLOOR),
                                             ("held14-demo.jsonl", HELD14_DEMO_FLOOR),
                                             ("held15-demo.jsonl", HELD15_DEMO_FLOOR),
                                             ("tune16-demo.jsonl", TUNE16_DEMO_FLOOR),
                                             ("tune17-demo.jsonl", TUNE17_DEMO_FLOOR),
                                             ("held17-demo.jsonl", HELD17_DEMO_FLOOR),
                                             ("held18-demo.jsonl", HELD18_DEMO_FLOOR),
                                             ("tune19-demo.jsonl", TUNE19_DEMO_FLOOR),
                                             ("held21-demo.jsonl", HELD21_DEMO_FLOOR),
                                             ("held22-demo.jsonl", HELD22_DEMO_FLOOR),
                                             ("held23-demo.jsonl", HELD23_DEMO_FLOOR),
                                             ("held24-demo.jsonl", HELD24_DEMO_FLOOR),
                                             ("held25-demo.jsonl", HELD25_DEMO_FLOOR),
                                             ("held26-demo.jsonl", HELD26_DEMO_FLOOR),
                                             ("held28-demo.jsonl", HELD28_DEMO_FLOOR),
                                             ("held29-demo.jsonl", HELD29_DEMO_FLOOR),
                                             ("held30-demo.jsonl", HELD30_DEMO_FLOOR),
                                             ("held31-demo.jsonl", HELD31_DEMO_FLOOR),
                                             ("held32-demo.jsonl", HELD32_DEMO_FLOOR),
                                             ("held33-demo.jsonl", HELD33_DEMO_FLOOR),
                                             ("held34-demo.jsonl", HELD34_DEMO_FLOOR),
                                             ("held35-demo.jsonl", HELD35_DEMO_FLOOR),
                                             ("held36-demo.jsonl", HELD36_DEMO_FLOOR),
                                             ("held37-demo.jsonl", HELD37_DEMO_FLOOR),
                                             ("held38-demo.jsonl", HELD38_DEMO_FLOOR),
                                             ("held39-demo.jsonl", HELD39_DEMO_FLOOR),
                                             ("held40-demo.jsonl", HELD40_DEMO_FLOOR),
                                             ("held41-demo.jsonl", HELD41_DEMO_FLOOR),
                                             ("held42-demo.jsonl", HELD42_DEMO_FLOOR),
                                             ("held43-demo.jsonl", HELD43_DEMO_FLOOR),
                                             ("held44-demo.jsonl", HELD44_DEMO_FLOOR),
                                             ("held45-demo.jsonl", HELD45_DEMO_FLOOR)]


@pytest.fixture(scope="module")
def set_metrics(demo_dir: Path, request: pytest.FixtureRequest) -> dict[str, dict[str, dict]]:
    """Every demo set scored in one `eval nlq` run and every Fluid set in another, at the same time: each instance's
    vocabulary is read once, not once per set."""
    demo = ["intents-demo.jsonl", "unknown-values.jsonl", *(name for name, _ in DEMO_SETS)]
    runs = {"demo": eval_process([DATA / name for name in demo], "--now", NOW, env={"JIRAKG_DATA_DIR": str(demo_dir)})}
    if ARCHIVE.is_file():
        fluid = ["intents-fluid.jsonl", *(name for name, _ in FLUID_SETS)]
        url = request.getfixturevalue("fluid_url")
        runs["fluid"] = eval_process([DATA / name for name in fluid], "--jira-url", url)
    return {side: many_evals(run) for side, run in runs.items()}


@pytest.fixture(scope="module")
def demo_set_metrics(set_metrics: dict[str, dict[str, dict]]) -> dict[str, dict]:
    return set_metrics["demo"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "floor"), DEMO_SETS)
def test_demo_searches(name: str, floor: float, demo_set_metrics: dict[str, dict]) -> None:
    assert_floor(name, floor, demo_set_metrics[name])


@pytest.mark.slow
def test_unknown_values_are_asked_about(demo_set_metrics: dict[str, dict]) -> None:
    metrics = demo_set_metrics["unknown-values.jsonl"]
    assert metrics["single"]["f1"] >= UNKNOWN_VALUES_F1_FLOOR and metrics["cases"] >= 60
    assert metrics["answered_instead_of_asking"] <= UNKNOWN_VALUES_ANSWERED_CEILING
    assert metrics["widened_silently"] == 0


FLUID_SETS = [("dev-fluid.jsonl", DEV_FLUID_FLOOR),
                                             ("heldout/fluid.jsonl", HELD_FLUID_FLOOR),
                                             ("tune4-fluid.jsonl", TUNE4_FLUID_FLOOR),
                                             ("held4-fluid.jsonl", HELD4_FLUID_FLOOR),
                                             ("tune6-fluid.jsonl", TUNE6_FLUID_FLOOR),
                                             ("held6-fluid.jsonl", HELD6_FLUID_FLOOR),
                                             ("tune7-fluid.jsonl", TUNE7_FLUID_FLOOR),
                                             ("held7-fluid.jsonl", HELD7_FLUID_FLOOR),
                                             ("tune9-fluid.jsonl", TUNE9_FLUID_FLOOR),
                                             ("held9-fluid.jsonl", HELD9_FLUID_FLOOR),
                                             ("tune10-fluid.jsonl", TUNE10_FLUID_FLOOR),
                                             ("held10-fluid.jsonl", HELD10_FLUID_FLOOR),
                                             ("held11-fluid.jsonl", HELD11_FLUID_FLOOR),
                                             ("tune12-fluid.jsonl", TUNE12_FLUID_FLOOR),
                                             ("held12-fluid.jsonl", HELD12_FLUID_FLOOR),
                                             ("held13-fluid.jsonl", HELD13_FLUID_FLOOR),
                                             ("tune14-fluid.jsonl", TUNE14_FLUID_FLOOR),
                                             ("held14-fluid.jsonl", HELD14_FLUID_FLOOR),
                                             ("held15-fluid.jsonl", HELD15_FLUID_FLOOR),
                                             ("tune16-fluid.jsonl", TUNE16_FLUID_FLOOR),
                                             ("tune17-fluid.jsonl", TUNE17_FLUID_FLOOR),
                                             ("held17-fluid.jsonl", HELD17_FLUID_FLOOR),
                                             ("held18-fluid.jsonl", HELD18_FLUID_FLOOR),
                                             ("tune19-fluid.jsonl", TUNE19_FLUID_FLOOR),
                                             ("held21-fluid.jsonl", HELD21_FLUID_FLOOR),
                                             ("held22-fluid.jsonl", HELD22_FLUID_FLOOR),
                                             ("held23-fluid.jsonl", HELD23_FLUID_FLOOR),
                                             ("held24-fluid.jsonl", HELD24_FLUID_FLOOR),
                                             ("held25-fluid.jsonl", HELD25_FLUID_FLOOR),
                                             ("held26-fluid.jsonl", HELD26_FLUID_FLOOR),
                                             ("held28-fluid.jsonl", HELD28_FLUID_FLOOR),
                                             ("held29-fluid.jsonl", HELD29_FLUID_FLOOR),
                                             ("held30-fluid.jsonl", HELD30_FLUID_FLOOR),
                                             ("held31-fluid.jsonl", HELD31_FLUID_FLOOR),
                                             ("held32-fluid.jsonl", HELD32_FLUID_FLOOR),
                                             ("held33-fluid.jsonl", HELD33_FLUID_FLOOR),
                                             ("held34-fluid.jsonl", HELD34_FLUID_FLOOR),
                                             ("held35-fluid.jsonl", HELD35_FLUID_FLOOR),
                                             ("held36-fluid.jsonl", HELD36_FLUID_FLOOR),
                                             ("held37-fluid.jsonl", HELD37_FLUID_FLOOR),
                                             ("held38-fluid.jsonl", HELD38_FLUID_FLOOR),
                                             ("held39-fluid.jsonl", HELD39_FLUID_FLOOR),
                                             ("held40-fluid.jsonl", HELD40_FLUID_FLOOR),
                                             ("held41-fluid.jsonl", HELD41_FLUID_FLOOR),
                                             ("held42-fluid.jsonl", HELD42_FLUID_FLOOR),
                                             ("held43-fluid.jsonl", HELD43_FLUID_FLOOR),
                                             ("held44-fluid.jsonl", HELD44_FLUID_FLOOR),
                                             ("held45-fluid.jsonl", HELD45_FLUID_FLOOR)]


@pytest.fixture(scope="module")
def fluid_set_metrics(set_metrics: dict[str, dict[str, dict]]) -> dict[str, dict]:
    return set_metrics["fluid"]


@pytest.mark.fluid_archive
@pytest.mark.slow
@pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/datasets is absent")
@pytest.mark.parametrize(("name", "floor"), FLUID_SETS)
def test_fluid_searches(name: str, floor: float, fluid_set_metrics: dict[str, dict]) -> None:
    assert_floor(name, floor, fluid_set_metrics[name])


def test_bad_case_file(tmp_path: Path) -> None:
    bad = tmp_path / "cases.jsonl"
    bad.write_text('{"query": "x"}\n')
    result = CliRunner().invoke(main, ["eval", "nlq", str(bad)], env={"JIRAKG_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 1 and "line 1 is not a valid case" in result.output


@pytest.mark.slow
def test_llm_parser_evaluation_counts_fallbacks(tmp_path: Path, demo_dir: Path) -> None:
    from tests.intents.openai_server import ScriptedModel

    cases = tmp_path / "cases.jsonl"  # the first 60 of the intent set: enough to count by, at a third of the time
    cases.write_text("\n".join((DATA / "intents-demo.jsonl").read_text().splitlines()[:60]) + "\n")
    model = ScriptedModel(lambda messages: "not json at all")
    with model.serve() as url:
        # Deadlines far above the scripted model's answer time: this counts outcomes, and a call stalled past the
        # default 5 s by the rest of the suite on 2 cores is counted a timeout, not invalid (deadlines: test_client)
        env = {"JIRAKG_LLM__BASE_URL": f"{url}/v1", "JIRAKG_LLM__MODEL": "m",
               "JIRAKG_LLM__TIMEOUT_S": "25", "JIRAKG_LLM__TURN_TIMEOUT_S": "25"}
        metrics = demo_eval(cases, demo_dir, "--parser", "llm", env=env)
    # every question fell back, so the embedded figures hold
    assert metrics["fallbacks"] == metrics["cases"] and metrics["single"]["f1"] >= 0.97
    # and each parse's model call is counted by its outcome: one per question, none schema-valid
    assert metrics["llm_calls"] == {"parse": {"invalid": metrics["cases"]}}
    assert 0 < metrics["p50_ms"] <= metrics["p95_ms"]


def test_llm_parser_needs_an_endpoint(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["eval", "nlq", str(DATA / "intents-demo.jsonl"), "--parser", "llm"],
                                env={"JIRAKG_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 1 and "set llm.base_url" in result.output


def test_both_parsers_write_one_routing_from_one_file(tmp_path: Path) -> None:
    env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_LLM__BASE_URL": "http://127.0.0.1:9/v1", "JIRAKG_LLM__MODEL": "m"}
    files = [str(DATA / "intents-demo.jsonl"), str(DATA / "dev-demo.jsonl")]
    result = CliRunner().invoke(main, ["eval", "nlq", *files, "--parser", "both"], env=env)
    assert result.exit_code == 1 and "--parser both writes one routing: give it one file." in result.output


def test_both_parsers_compared_per_intent_and_the_routing_written(tmp_path: Path) -> None:
    """A model that reads every question as a request for help does worse on every intent but help."""
    from tests.intents.openai_server import ScriptedModel

    cases = tmp_path / "cases.jsonl"
    lines = [line for line in (DATA / "intents-demo.jsonl").read_text().splitlines() if line.strip()]
    picked = {}
    for line in lines:  # two single-intent cases of each of a few intents
        case = json.loads(line)
        name = case["intents"][0]["name"]
        if len(case["intents"]) == 1 and not case.get("history") and name in ("metadata", "help", "linked"):
            picked.setdefault(name, []).append(line)
    cases.write_text("\n".join(line for group in picked.values() for line in group[:2]) + "\n")
    model = ScriptedModel(lambda messages: json.dumps({"intents": [{"name": "help"}]}))
    with model.serve() as url:
        env = {"JIRAKG_DATA_DIR": str(tmp_path), "JIRAKG_LLM__BASE_URL": f"{url}/v1", "JIRAKG_LLM__MODEL": "m"}
        result = CliRunner().invoke(main, ["eval", "nlq", str(cases), "--now", NOW, "--parser", "both"], env=env)
    assert result.exit_code == 0, result.output
    assert "embedded parser:" in result.output and "llm parser:" in result.output
    assert "fallback reasons: llm parse not used: it lost" in result.output
    routing = LlmRouting.model_validate_json((tmp_path / "llm_routing.json").read_text())
    assert routing.llm_intents == ["help"] and routing.scores["metadata"].embedded == 1.0
    assert "metadata: embedded 1.00, llm 0.00 over 2 cases → embedded" in result.output
