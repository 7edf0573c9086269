"""Latency of one conversation turn (parse → plan → fetch → answer → record) on the embedded path.

devjira serves a generated organisation (default 20,000 issues) from its own process with
--latency-ms (default 50); the engine uses the embedded defaults (SQLite store, templated
answers). Each question is asked twice in fresh conversations: the first turn misses the cache,
the second hits it. For searches, the direct alternative — the same JQL sent to Jira with
atlassian-python-api, no parsing or answer — is timed too. The last line is one JSON object.

    .venv/bin/python benchmarks/turn_latency.py [--issues 20000] [--latency-ms 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from atlassian import Jira

from jirakg.config import load_settings
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.jsonl import read_issues, write_issues
from jirakg.engine.session import engine_session
from jirakg.engine.turn import TurnContext

sys.path.insert(0, str(Path(__file__).parent))
from fetch import DevJira  # the same child-process devjira as the fetch benchmark


def questions(issues: list[dict]) -> list[str]:
    by_type = defaultdict(list)
    for issue in issues:
        by_type[issue["fields"]["issuetype"]["name"]].append(issue)
    epic = next(i for i in by_type["Epic"] if i["fields"]["status"]["name"] != "Done")["key"]
    initiative = by_type["Initiative"][0]["key"]
    story = by_type["Story"][10]["key"]
    blocked = next(i for i in issues if any(link["type"]["name"] == "Blocks" and "inwardIssue" in link
                                            for link in i["fields"]["issuelinks"]))["key"]
    return [
        f"Who is the assignee of {story}?", f"What is the priority and due date of {epic}?",
        f"Status of all features under {initiative}?", f"List the children of {epic}",
        f"What blocks {blocked}?", f"What transitively blocks {blocked}?", f"What changed on {story} last week?",
        f"Summarize {epic}", "open high priority bugs in Checkout", "blocked stories in MOB",
        "How many bugs per status in WEB?", "open security issues in OPS",
        *TEAM_QUESTIONS,
    ]


# Breakdowns and rankings read every issue they select: the cached turn must stay fast at 20,000 issues.
TEAM_QUESTIONS = ["Break down WEB issues by status", "open bugs per priority per component",
                  "Who has the most open issues in DATA?", "Which component has the most unresolved bugs?",
                  "oldest unresolved bug in MOB", "Who is overloaded?"]
TEAM_KINDS = ("breakdown", "ranking")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(url: str, data_dir: Path, asked: list[str]) -> dict[str, dict[str, list[float]]]:
    settings = load_settings(data_dir=data_dir, store={"sqlite_path": data_dir / "graph.sqlite3"})
    timings: dict[str, dict[str, list[float]]] = {"miss": defaultdict(list), "hit": defaultdict(list)}
    async with engine_session(url, settings) as engine:
        await engine.ask(TurnContext(text="help"))  # warm the lexicon and the session
        for phase in ("miss", "hit"):
            for question in asked:
                started = time.perf_counter()
                result = await engine.ask(TurnContext(text=question))
                timings[phase][result.intents[0]].append((time.perf_counter() - started) * 1000)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=20_000)
    parser.add_argument("--latency-ms", type=int, default=50)
    args = parser.parse_args()
    import fetch

    fetch.LATENCY_MS = args.latency_ms
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "org.jsonl.gz"
        _, stream = generate(seed=1, issues=args.issues)
        write_issues(data, stream)
        asked = questions(list(read_issues(data)))
        with DevJira(data, "server") as url:
            timings = asyncio.run(measure(url, Path(folder), asked))
            client = Jira(url=url)
            direct = []
            for jql in ('issuetype = Bug AND priority = High AND component = Checkout AND statusCategory != Done',
                        'project = MOB AND issuetype = Story AND status = Blocked'):
                started = time.perf_counter()
                client.jql(jql, fields="summary,status,assignee,priority", limit=100)
                direct.append((time.perf_counter() - started) * 1000)
    summary: dict = {"issues": args.issues, "latency_ms": args.latency_ms, "turns": len(asked) * 2}
    for phase in ("miss", "hit"):
        every = [t for values in timings[phase].values() for t in values]
        summary[phase] = {"p50_ms": round(statistics.median(every), 1), "p95_ms": round(percentile(every, 0.95), 1),
                          "by_intent_ms": {k: round(statistics.median(v), 1) for k, v in timings[phase].items()}}
        print(f"cache {phase}: p50 {summary[phase]['p50_ms']} ms, p95 {summary[phase]['p95_ms']} ms, "
              f"by intent {summary[phase]['by_intent_ms']}")
    team = [t for kind in TEAM_KINDS for t in timings["hit"].get(kind, [])]
    summary["hit"]["team_p95_ms"] = round(percentile(team, 0.95), 1)
    print(f"cached breakdown and ranking turns: p95 {summary['hit']['team_p95_ms']} ms")
    summary["direct_jql_ms"] = round(statistics.median(direct), 1)
    summary["hit_p50_vs_direct_jql"] = round(summary["direct_jql_ms"] / summary["hit"]["p50_ms"], 2)
    print(f"the same JQL straight to Jira with atlassian-python-api: {summary['direct_jql_ms']} ms")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
