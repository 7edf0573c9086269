"""Load on `jirakg serve`: concurrent clients asking cached questions over the REST API.

A generated organisation (default 5,000 issues) is served by devjira in a child process (150 ms
simulated latency, as in the fetch benchmark); `jirakg serve` runs in another child process on the
embedded defaults (memory graph store, SQLite feedback) with `--workers` processes (default 1).
Every question is asked once to warm the
cache; then `--clients` clients (default 200) ask them in fresh conversations for `--seconds`
(default 30). The alternative a user would otherwise pick — sending each search's JQL to Jira's REST
search directly — is loaded the same way. The last line is one JSON object.

    .venv/bin/python benchmarks/web_load.py [--clients 200] [--seconds 30] [--issues 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from jirakg.devjira.demo.generator import generate
from jirakg.devjira.jsonl import write_issues

sys.path.insert(0, str(Path(__file__).parent))
from fetch import ChildServer, DevJira  # the same child-process servers

QUESTIONS = [("open high priority bugs in Checkout", "project = WEB AND type = Bug AND statusCategory != Done "
              "AND priority in (High, Highest) AND component = Checkout"),
             ("blocked stories in MOB", "project = MOB AND type = Story AND status = Blocked"),
             ("open security issues in OPS", "project = OPS AND statusCategory != Done AND labels = security")]


class Serve(ChildServer):
    """`jirakg serve` configured only through the environment."""

    def __init__(self, jira: str, workdir: Path, workers: int) -> None:
        super().__init__([], "/healthz")
        self.command += ["serve", "--workers", str(workers)]
        self.env = {**os.environ, "JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__AUTH": "anonymous",
                    "JIRAKG_STORE__BACKEND": "memory", "JIRAKG_FEEDBACK__SQLITE_PATH": str(workdir / "feedback.db"),
                    "JIRAKG_WEB__RATE_LIMIT_PER_MINUTE": "100000", "JIRAKG_WEB__PORT": str(self.port)}


async def load(request, clients: int, seconds: float) -> dict:
    """`request(session)` → True on success; `clients` loops for `seconds`."""
    latencies: list[float] = []
    errors = 0
    deadline = time.monotonic() + seconds
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30)) as session:
        async def client() -> None:
            nonlocal errors
            while time.monotonic() < deadline:
                started = time.perf_counter()
                try:
                    ok = await request(session)
                except (TimeoutError, aiohttp.ClientError):
                    ok = False
                if ok:
                    latencies.append(time.perf_counter() - started)
                else:
                    errors += 1
        await asyncio.gather(*(client() for _ in range(clients)))
    latencies.sort()
    return {"requests": len(latencies) + errors, "errors": errors, "per_second": round(len(latencies) / seconds, 1),
            "p50_ms": round(latencies[len(latencies) // 2] * 1000, 1) if latencies else None,
            "p95_ms": round(latencies[int(0.95 * (len(latencies) - 1))] * 1000, 1) if latencies else None}


def cpu_seconds(pid: int) -> float:
    """CPU time a process and its worker processes have used so far (Linux /proc), to tell a busy
    server from a busy client."""
    total = 0.0
    for stat in [Path(f"/proc/{pid}/stat")] + [Path(f"/proc/{child}/stat") for child in _children(pid)]:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _children(pid: int) -> list[str]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += (task / "children").read_text().split()
    return found


async def measure(jirakg: str, jira: str, clients: int, seconds: float, server_pid: int, workers: int) -> dict:
    async with aiohttp.ClientSession() as session:
        for question, _ in QUESTIONS:  # warm the cache: the load asks cached questions
            async with session.post(f"{jirakg}/api/v1/ask", json={"text": question}) as response:
                assert response.status == 200, await response.text()

    async def ask(session: aiohttp.ClientSession) -> bool:
        async with session.post(f"{jirakg}/api/v1/ask", json={"text": random.choice(QUESTIONS)[0]}) as response:
            body = await response.json()
            return response.status == 200 and bool(body.get("answer"))

    async def search(session: aiohttp.ClientSession) -> bool:
        params = {"jql": random.choice(QUESTIONS)[1], "fields": "summary,status,assignee,priority", "maxResults": "50"}
        async with session.get(f"{jira}/rest/api/2/search", params=params) as response:
            await response.read()
            return response.status == 200

    before = cpu_seconds(server_pid)
    served = await load(ask, clients, seconds)
    served["server_cpu_share"] = round((cpu_seconds(server_pid) - before) / seconds, 2)  # of one core
    direct = await load(search, clients, seconds)
    return {"clients": clients, "workers": workers, "seconds": seconds, "jirakg": served, "jira_search": direct,
            "throughput_ratio": round(served["per_second"] / direct["per_second"], 2) if direct["per_second"] else None,
            "p95_ratio": (round(direct["p95_ms"] / served["p95_ms"], 2)
                          if served["p95_ms"] and direct["p95_ms"] else None)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--issues", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=1, help="jirakg serve --workers (default 1, as jirakg serve)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "org.jsonl.gz"
        _, stream = generate(seed=3, issues=args.issues)
        write_issues(data, stream)
        with DevJira(data, "server") as jira:
            serve = Serve(jira, Path(tmp), args.workers)
            with serve as jirakg:
                report = asyncio.run(measure(jirakg, jira, args.clients, args.seconds, serve.process.pid,
                                             args.workers))
    print(f"jirakg: {report['jirakg']['per_second']}/s, p95 {report['jirakg']['p95_ms']} ms, "
          f"{report['jirakg']['errors']} errors; Jira search directly: {report['jira_search']['per_second']}/s, "
          f"p95 {report['jira_search']['p95_ms']} ms ({args.clients} clients, {args.seconds:.0f} s each)")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
