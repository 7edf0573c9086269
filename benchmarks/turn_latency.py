"""Latency of one conversation turn (parse → plan → fetch → answer → record) on the embedded path.

devjira serves a generated organisation (default 20,000 issues) from its own process with
--latency-ms (default 50); the engine uses the embedded defaults (SQLite store, templated
answers). Each question is asked twice in fresh conversations: the first turn misses the cache,
the second hits it. Then a person outside the restricted project asks them all twice more: the first
time their permission decisions are fetched (counted: Jira permission calls per turn), the second
time they are cached, which is the overhead a person already seen pays over the service account's
own cached turn. For searches, the direct alternative — the same JQL sent to Jira with
atlassian-python-api, no parsing or answer — is timed too. The last line is one JSON object.

    .venv/bin/python benchmarks/turn_latency.py [--issues 20000] [--latency-ms 50] [--deployment server|cloud]
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

from jirakg.access.people import Account
from jirakg.access.permissions import Granted, PermissionApi, Place
from jirakg.config import load_settings
from jirakg.devjira.demo.access import (
    RESTRICTED_PROJECT,
    SECURITY,
    SERVICE_ACCOUNT_ID,
    api_token,
    service_account,
    team_group,
)
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import metadata_path, organisation_metadata
from jirakg.devjira.jsonl import read_issues, write_issues
from jirakg.engine.session import engine_session
from jirakg.engine.turn import OPERATOR, Asker, TurnContext

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
SERVICE_EMAIL = service_account()["emailAddress"]


def outsider(metadata: dict) -> Asker:
    """A person outside the restricted project and the security group."""
    groups = {g["name"]: set(g["members"]) for g in metadata["groups"]}
    user = next(u for u in metadata["users"] if u["accountId"] != SERVICE_ACCOUNT_ID
                and u["accountId"] not in groups[team_group(RESTRICTED_PROJECT)] | groups[SECURITY])
    return Asker(surface_user_id=user["accountId"], email=user["emailAddress"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class CountedChecks:
    """The engine's permission API, counting the calls it makes to Jira."""

    def __init__(self, api: PermissionApi) -> None:
        self.api = api
        self.calls = 0

    async def browsable(self, person: Account, projects: list[Place], issues: list[Place]) -> Granted:
        self.calls += 1
        return await self.api.browsable(person, projects, issues)


async def measure(url: str, data_dir: Path, asked: list[str], person: Asker
                  ) -> tuple[dict[str, dict[str, list[float]]], list[int]]:
    settings = load_settings(data_dir=data_dir, store={"sqlite_path": data_dir / "graph.sqlite3"},
                             jira={"url": url, "email": SERVICE_EMAIL, "token": api_token(SERVICE_ACCOUNT_ID)})
    phases = ("miss", "hit", "person_miss", "person_hit")
    timings: dict[str, dict[str, list[float]]] = {phase: defaultdict(list) for phase in phases}
    checks_per_turn = []
    async with engine_session(url, settings) as engine:
        assert engine.access is not None
        counted = engine.access.api = CountedChecks(engine.access.api)
        await engine.ask(TurnContext(text="help", asker=OPERATOR))  # warm the lexicon and the session
        for phase in phases:
            for question in asked:
                before = counted.calls
                started = time.perf_counter()
                asker = person if phase.startswith("person") else OPERATOR
                result = await engine.ask(TurnContext(text=question, asker=asker))
                timings[phase][result.intents[0]].append((time.perf_counter() - started) * 1000)
                if phase == "person_miss":
                    checks_per_turn.append(counted.calls - before)
    return timings, checks_per_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=20_000)
    parser.add_argument("--latency-ms", type=int, default=50)
    parser.add_argument("--deployment", choices=("server", "cloud"), default="server")
    args = parser.parse_args()
    import fetch

    fetch.LATENCY_MS = args.latency_ms
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "org.jsonl.gz"
        org, stream = generate(seed=1, issues=args.issues)
        write_issues(data, stream)
        metadata = organisation_metadata(org)
        metadata_path(data).write_text(json.dumps(metadata), encoding="utf-8")
        person = outsider(metadata)
        asked = questions(list(read_issues(data)))
        with DevJira(data, args.deployment) as url:
            timings, checks = asyncio.run(measure(url, Path(folder), asked, person))
            client = Jira(url=url, username=SERVICE_EMAIL, password=api_token(SERVICE_ACCOUNT_ID))
            direct = []
            for jql in ('issuetype = Bug AND priority = High AND component = Checkout AND statusCategory != Done',
                        'project = MOB AND issuetype = Story AND status = Blocked'):
                started = time.perf_counter()
                client.jql(jql, fields="summary,status,assignee,priority", limit=100)
                direct.append((time.perf_counter() - started) * 1000)
    summary: dict = {"issues": args.issues, "latency_ms": args.latency_ms, "deployment": args.deployment,
                     "turns": len(asked) * 4}
    for phase in ("miss", "hit", "person_miss", "person_hit"):
        every = [t for values in timings[phase].values() for t in values]
        summary[phase] = {"p50_ms": round(statistics.median(every), 1), "p95_ms": round(percentile(every, 0.95), 1),
                          "by_intent_ms": {k: round(statistics.median(v), 1) for k, v in timings[phase].items()}}
        print(f"{phase.replace('_', ' ')}: p50 {summary[phase]['p50_ms']} ms, p95 {summary[phase]['p95_ms']} ms, "
              f"by intent {summary[phase]['by_intent_ms']}")
    team = [t for kind in TEAM_KINDS for t in timings["hit"].get(kind, [])]
    summary["hit"]["team_p95_ms"] = round(percentile(team, 0.95), 1)
    print(f"cached breakdown and ranking turns: p95 {summary['hit']['team_p95_ms']} ms")
    summary["permission_overhead_p95_ms"] = round(summary["person_hit"]["p95_ms"] - summary["hit"]["p95_ms"], 1)
    summary["permission_calls_per_miss_turn"] = {"max": max(checks), "mean": round(statistics.mean(checks), 2)}
    print(f"a person already seen, cached: p95 {summary['permission_overhead_p95_ms']} ms over the service "
          f"account's; permission calls to Jira on a person's first turns: {summary['permission_calls_per_miss_turn']}")
    summary["direct_jql_ms"] = round(statistics.median(direct), 1)
    summary["hit_p50_vs_direct_jql"] = round(summary["direct_jql_ms"] / summary["hit"]["p50_ms"], 2)
    print(f"the same JQL straight to Jira with atlassian-python-api: {summary['direct_jql_ms']} ms")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
