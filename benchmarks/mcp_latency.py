"""MCP `ask` against the REST API's `/api/v1/ask`: the same questions to the same `jirakg serve`.

devjira serves a generated organisation (default 5,000 issues, 50 ms simulated latency) from a child
process; `jirakg serve` runs in another (memory graph store, SQLite feedback). Each question is asked
once to warm the cache, then `--rounds` times over each surface, alternating: REST with one keep-alive
aiohttp session, MCP with the SDK's own client over streamable HTTP (one connection, each call its own
POST). Every turn is a fresh conversation, parsed, answered and recorded. The table gives each
surface's median and p95 per question and MCP ÷ REST; the last line is one JSON object.

    .venv/bin/python benchmarks/mcp_latency.py [--issues 5000] [--latency-ms 50] [--rounds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from mcp import Client

from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import metadata_path, organisation_metadata
from jirakg.devjira.jsonl import write_issues

sys.path.insert(0, str(Path(__file__).parent))
from fetch import ChildServer, DevJira, percentile  # the same child-process servers and p95

QUESTIONS = ["Who is the assignee of PROJ-12?", "What blocks PROJ-40?", "open high priority bugs in Checkout",
             "How many bugs per status in WEB?", "blocked stories in MOB", "Who has the most open issues in DATA?"]


class Serve(ChildServer):
    """`jirakg serve` configured only through the environment, MCP at /mcp beside the REST API."""

    def __init__(self, jira: str, workdir: Path) -> None:
        super().__init__(["serve"], "/healthz")
        self.env = {**os.environ, "JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__AUTH": "anonymous",
                    "JIRAKG_STORE__BACKEND": "memory", "JIRAKG_FEEDBACK__SQLITE_PATH": str(workdir / "feedback.db"),
                    "JIRAKG_WEB__RATE_LIMIT_PER_MINUTE": "100000", "JIRAKG_WEB__PORT": str(self.port)}


async def measure(url: str, rounds: int) -> dict[str, dict[str, list[float]]]:
    timings: dict[str, dict[str, list[float]]] = {q: {"rest": [], "mcp": []} for q in QUESTIONS}
    async with aiohttp.ClientSession() as session, Client(f"{url}/mcp") as mcp:
        async def rest(question: str) -> str:
            async with session.post(f"{url}/api/v1/ask", json={"text": question}) as response:
                assert response.status == 200, await response.text()
                return (await response.json())["answer"]

        async def over_mcp(question: str) -> str:
            result = await mcp.call_tool("ask", {"question": question})
            assert not result.is_error, result.content
            return result.structured_content["answer"]

        for question in QUESTIONS:  # warm: both surfaces answer from the same cache afterwards
            assert await rest(question) == await over_mcp(question)
        for _ in range(rounds):
            for question in QUESTIONS:
                for surface, ask in (("rest", rest), ("mcp", over_mcp)):
                    started = time.perf_counter()
                    await ask(question)
                    timings[question][surface].append((time.perf_counter() - started) * 1000)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=5_000)
    parser.add_argument("--latency-ms", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    import fetch

    fetch.LATENCY_MS = args.latency_ms
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "org.jsonl.gz"
        org, stream = generate(seed=1, issues=args.issues)
        write_issues(data, stream)
        metadata_path(data).write_text(json.dumps(organisation_metadata(org)), encoding="utf-8")
        with DevJira(data, "server") as jira, Serve(jira, Path(folder)) as url:
            timings = asyncio.run(measure(url, args.rounds))
    print(f"{'question':42} {'REST p50':>9} {'MCP p50':>8} {'REST p95':>9} {'MCP p95':>8} {'MCP/REST':>9}")
    summary = {}
    for question, by in timings.items():
        rest, mcp = statistics.median(by["rest"]), statistics.median(by["mcp"])
        summary[question] = {"rest_p50_ms": round(rest, 1), "mcp_p50_ms": round(mcp, 1),
                             "rest_p95_ms": round(percentile(by["rest"], 0.95), 1),
                             "mcp_p95_ms": round(percentile(by["mcp"], 0.95), 1), "ratio": round(mcp / rest, 2)}
        s = summary[question]
        print(f"{question:42} {s['rest_p50_ms']:9.1f} {s['mcp_p50_ms']:8.1f} {s['rest_p95_ms']:9.1f} "
              f"{s['mcp_p95_ms']:8.1f} {s['ratio']:9.2f}")
    every_rest = [t for by in timings.values() for t in by["rest"]]
    every_mcp = [t for by in timings.values() for t in by["mcp"]]
    overall = {"rest_p50_ms": round(statistics.median(every_rest), 1),
               "mcp_p50_ms": round(statistics.median(every_mcp), 1),
               "rest_p95_ms": round(percentile(every_rest, 0.95), 1),
               "mcp_p95_ms": round(percentile(every_mcp, 0.95), 1),
               "ratio_p50": round(statistics.median(every_mcp) / statistics.median(every_rest), 2)}
    print(f"{'all':42} {overall['rest_p50_ms']:9.1f} {overall['mcp_p50_ms']:8.1f} {overall['rest_p95_ms']:9.1f} "
          f"{overall['mcp_p95_ms']:8.1f} {overall['ratio_p50']:9.2f}")
    print(json.dumps({"issues": args.issues, "latency_ms": args.latency_ms, "rounds": args.rounds,
                      "questions": summary, "all": overall}))


if __name__ == "__main__":
    main()
