"""JQL latency on a generated organisation (default 200,000 issues).

For each query kind it times devjira's indexed engine and the alternative a user would
otherwise write: a Python scan that tests every issue's JSON. Prints one line per query,
then a JSON summary as the last line.

    .venv/bin/python benchmarks/jql_engine.py [--issues 200000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from datetime import UTC, datetime

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.jql.text import index_terms


def created(fields: dict) -> datetime:
    return datetime.strptime(fields["created"], "%Y-%m-%dT%H:%M:%S.%f%z")


def linked_to(key: str):
    def predicate(fields: dict) -> bool:
        return any((link.get("outwardIssue") or link.get("inwardIssue"))["key"] == key for link in fields["issuelinks"])
    return predicate


def timed(function, repeat: int) -> tuple[float, object]:
    samples, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    started = time.perf_counter()
    org, stream = generate(seed=1, issues=args.issues)
    issues = list(stream)
    generated = time.perf_counter() - started
    started = time.perf_counter()
    dataset = build_dataset(issues, organisation_metadata(org))
    indexed = time.perf_counter() - started
    print(f"{len(issues)} issues: generated in {generated:.1f}s, indexed in {indexed:.1f}s")

    hub = max(issues, key=lambda i: len(i["fields"]["issuelinks"]))["key"]
    cutoff = datetime(2026, 1, 1, tzinfo=UTC)
    queries = [
        ("equality", "project = PROJ", lambda f: f["project"]["key"] == "PROJ"),
        ("equality+and", 'status = "In Progress" AND priority = High',
         lambda f: f["status"]["name"] == "In Progress" and f["priority"]["name"] == "High"),
        ("in", "status in (Blocked, \"In Review\") AND type in (Story, Task)",
         lambda f: f["status"]["name"] in ("Blocked", "In Review") and f["issuetype"]["name"] in ("Story", "Task")),
        ("range", 'created >= "2026-01-01"', lambda f: created(f) >= cutoff),
        ("text", "summary ~ checkout", lambda f: "checkout" in index_terms(f["summary"])),
        ("negation", "status != Done AND labels != ux AND assignee is not EMPTY",
         lambda f: f["status"]["name"] != "Done" and bool(f["labels"]) and "ux" not in f["labels"]
         and f["assignee"] is not None),
        ("linkedIssues", f"issue in linkedIssues({hub})", linked_to(hub)),
    ]
    ratios, latencies = {}, {}
    for name, jql, predicate in queries:
        # A fresh engine cache per run: measure evaluation, not the result cache.
        engine_ms, found = timed(lambda jql=jql: (dataset.engine._cache.clear(), dataset.engine.search(jql, 0))[1],
                                 args.repeat)
        scan_ms, scanned = timed(lambda predicate=predicate: [i["key"] for i in issues if predicate(i["fields"])],
                                 max(1, args.repeat // 2))
        assert {dataset.issues[p]["key"] for p in found} == set(scanned), name
        ratios[name] = scan_ms / engine_ms
        latencies[name] = engine_ms
        print(f"{name:14s} {len(found):7d} hits  engine {engine_ms:8.2f} ms  scan {scan_ms:9.1f} ms  "
              f"x{ratios[name]:.0f}   {jql}")
    print(json.dumps({"issues": len(issues), "index_s": round(indexed, 1),
                      "engine_ms": {n: round(v, 2) for n, v in latencies.items()},
                      "speedup_vs_scan": {n: round(r, 1) for n, r in ratios.items()}}))


if __name__ == "__main__":
    main()
