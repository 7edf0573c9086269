"""Fetch every issue of a JQL query from a slow Jira: jirakg's connector against the libraries
a user would otherwise pick.

devjira runs in its own process with --latency-ms 150 on a generated organisation (default
20,000 issues). For each deployment (server, cloud) the same query is fetched by
(a) jirakg's connector, (b) atlassian-python-api's jql(start=…, limit=…) in a loop and
(c) the jira package's search_issues(maxResults=False); then jirakg again against a server
with --rate-limit and --error-rate 0.05. Finally, the peak RSS of a process holding 100,000
issues in an IssueGraph. The last line is one JSON object.

    .venv/bin/python benchmarks/fetch.py [--issues 20000] [--concurrency 16] [--skip-libraries]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from atlassian import Jira
from jira import JIRA

from jirakg.connectors.jira import JiraConnector, JiraHttp, RetryPolicy
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.jsonl import write_issues

LATENCY_MS = 150
PAGE = 100
JQL = "project is not EMPTY ORDER BY key ASC"
FIELDS = ["summary", "status", "assignee", "priority", "issuetype", "project", "parent", "subtasks",
          "issuelinks", "updated"]


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ChildServer:
    """A `jirakg` server in a child process, so it does not share our CPU time slice; ready once
    `ready_path` answers."""

    def __init__(self, arguments: list[str], ready_path: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.command = [sys.executable, "-m", "jirakg", *arguments]
        self.ready_path = ready_path
        self.env = env

    def __enter__(self) -> str:
        self.process = subprocess.Popen(self.command, env=self.env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + self.ready_path, timeout=1).read()
                return self.url
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{' '.join(self.command[2:4])} did not start")

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        self.process.wait(30)


class DevJira(ChildServer):
    """`jirakg devjira serve` with the benchmark's simulated latency."""

    def __init__(self, data: Path, deployment: str, *extra: str) -> None:
        super().__init__([], "/rest/api/2/serverInfo")
        self.command += ["devjira", "serve", "--data", str(data), "--port", str(self.port), "--deployment",
                         deployment, "--latency-ms", str(LATENCY_MS), "--seed", "7", *extra]


async def with_jirakg(url: str, concurrency: int, deployment: str = "auto") -> list[str]:
    """A fresh connector; with deployment "auto" its first request asks serverInfo."""
    retry = RetryPolicy(attempts=12, base_s=0.1, cap_s=2.0)
    async with JiraHttp(url, concurrency=concurrency, retry=retry, timeout_s=60) as http:
        issues = await JiraConnector(http, page_size=PAGE, deployment=deployment).search(JQL, FIELDS)
    return [issue["key"] for issue in issues]


def with_atlassian(url: str) -> list[str]:
    client = Jira(url=url)
    keys, start = [], 0
    while True:
        page = client.jql(JQL, fields=",".join(FIELDS), start=start, limit=PAGE)
        keys += [issue["key"] for issue in page["issues"]]
        start += len(page["issues"])
        if not page["issues"] or start >= page["total"]:
            return keys


def with_jira_package(url: str) -> list[str]:
    return [issue.key for issue in JIRA(server=url).search_issues(JQL, maxResults=False, fields=FIELDS)]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile the latency benchmarks report (p95 with share=0.95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(function, *args) -> tuple[float, list[str]]:
    started = time.perf_counter()
    keys = function(*args)
    return time.perf_counter() - started, keys


def peak_rss_with_graph(issues: int, changelog: bool) -> float:
    """In a fresh process: stream generated issues, cut to the fields a sync stores, into an
    IssueGraph; the peak RSS in MB (the generator's own working set included)."""
    code = (
        "import resource\n"
        "from jirakg.devjira.demo.generator import generate\n"
        "from jirakg.graph import IssueGraph, node_from_issue\n"
        f"fields, keep_changelog = set({FIELDS!r}), {changelog}\n"
        "def as_fetched(issue):\n"
        "    shown = {**issue, 'fields': {k: v for k, v in issue['fields'].items() if k in fields}}\n"
        "    return shown if keep_changelog else {k: v for k, v in shown.items() if k != 'changelog'}\n"
        f"_, stream = generate(seed=1, issues={issues})\n"
        "graph = IssueGraph(node_from_issue(as_fetched(i)) for i in stream)\n"
        f"assert len(graph) == {issues}\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=20_000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--rate-limit", default="100/s")
    parser.add_argument("--skip-libraries", action="store_true", help="time jirakg only")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "org.jsonl.gz"
        _, stream = generate(seed=1, issues=args.issues)
        write_issues(data, stream)
        pages = math.ceil(args.issues / PAGE)
        ideal = math.ceil(pages / args.concurrency) * LATENCY_MS / 1000
        results: dict[str, dict] = {}
        for deployment in ("server", "cloud"):
            row: dict = {"ideal_s": round(ideal, 2)}
            with DevJira(data, deployment) as url:
                row["jirakg_s"], keys = timed(lambda: asyncio.run(with_jirakg(url, args.concurrency)))
                row["jirakg_configured_s"], configured_keys = timed(
                    lambda deployment=deployment: asyncio.run(with_jirakg(url, args.concurrency, deployment)))
                assert configured_keys == keys
                if not args.skip_libraries:
                    row["atlassian_python_api_s"], atlassian_keys = timed(with_atlassian, url)
                    row["jira_pkg_s"], package_keys = timed(with_jira_package, url)
                    assert atlassian_keys == keys and package_keys == keys, "the libraries disagree with jirakg"
            row["lost"] = args.issues - len(set(keys))
            row["duplicated"] = len(keys) - len(set(keys))
            with DevJira(data, deployment, "--rate-limit", args.rate_limit, "--error-rate", "0.05") as url:
                row["faulty_run_s"], faulty = timed(lambda: asyncio.run(with_jirakg(url, args.concurrency)))
            row["faulty_run_lost"] = len(set(keys) - set(faulty))
            row["faulty_run_duplicated"] = len(faulty) - len(set(faulty))
            row["ratio_vs_ideal"] = round(row["jirakg_s"] / ideal, 2)
            row["ratio_vs_ideal_configured"] = round(row["jirakg_configured_s"] / ideal, 2)
            if not args.skip_libraries:
                row["ratio_vs_atlassian"] = round(row["atlassian_python_api_s"] / row["jirakg_s"], 1)
                row["ratio_vs_jira_pkg"] = round(row["jira_pkg_s"] / row["jirakg_s"], 1)
            results[deployment] = {k: round(v, 2) if isinstance(v, float) else v for k, v in row.items()}
            print(deployment, json.dumps(results[deployment]))
    rss = peak_rss_with_graph(100_000, changelog=False)
    rss_with_history = peak_rss_with_graph(100_000, changelog=True)
    print(f"peak RSS with 100,000 issues in an IssueGraph: {rss:.0f} MB as synced, "
          f"{rss_with_history:.0f} MB with every changelog")
    summary = {"issues": args.issues, "concurrency": args.concurrency, "latency_ms": LATENCY_MS,
               **results["server"], "cloud": results["cloud"], "peak_rss_mb_100k_graph": round(rss),
               "peak_rss_mb_100k_graph_with_changelogs": round(rss_with_history)}
    print(json.dumps(summary))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
