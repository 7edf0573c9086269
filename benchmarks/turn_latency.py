"""Latency of one conversation turn (parse → plan → fetch → answer → record) on the embedded path.

devjira serves a generated organisation (default 20,000 issues) from its own process with
--latency-ms (default 50); the engine uses the embedded defaults (SQLite store, templated
answers). Each question is asked once by the service account, missing the cache, then once by a
person outside the restricted project (their permission decisions fetched: Jira permission calls
per turn counted). Then both ask every question again `--rounds` times, alternating, from the cache:
each question's figure is its median over the rounds, and what the permission checks add is the
person's figure minus the service account's for the same question. For searches, the direct
alternative — the same JQL sent to Jira with atlassian-python-api, no parsing or answer — is timed
too. The last line is one JSON object.

    .venv/bin/python benchmarks/turn_latency.py [--issues 20000] [--latency-ms 50] [--deployment server|cloud]
                                                [--rounds 5]
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
from fetch import DevJira, percentile  # the same child-process devjira as the fetch benchmark


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


class CountedChecks:
    """The engine's permission API, counting the calls it makes to Jira."""

    def __init__(self, api: PermissionApi) -> None:
        self.api = api
        self.calls = 0

    async def browsable(self, person: Account, projects: list[Place], issues: list[Place]) -> Granted:
        self.calls += 1
        return await self.api.browsable(person, projects, issues)


async def measure(url: str, data_dir: Path, asked: list[str], person: Asker, rounds: int
                  ) -> tuple[dict[str, dict[str, list[float]]], dict[str, str], list[int]]:
    """Milliseconds per phase and question, each question's intent, and Jira permission calls per turn of
    the person's first round. The cached phases are repeated `rounds` times, the service account's and the
    person's alternating, so that whatever else the machine does weighs on both alike."""
    settings = load_settings(data_dir=data_dir, store={"sqlite_path": data_dir / "graph.sqlite3"},
                             jira={"url": url, "email": SERVICE_EMAIL, "token": api_token(SERVICE_ACCOUNT_ID)})
    timings: dict[str, dict[str, list[float]]] = {phase: defaultdict(list) for phase in PHASES}
    intents: dict[str, str] = {}
    checks_per_turn = []
    async with engine_session(url, settings) as engine:
        assert engine.access is not None
        counted = engine.access.api = CountedChecks(engine.access.api)
        await engine.ask(TurnContext(text="help", asker=OPERATOR))  # warm the lexicon and the session
        for phase in ("miss", "person_miss", *("hit", "person_hit") * rounds):
            for question in asked:
                before = counted.calls
                started = time.perf_counter()
                asker = person if phase.startswith("person") else OPERATOR
                result = await engine.ask(TurnContext(text=question, asker=asker))
                timings[phase][question].append((time.perf_counter() - started) * 1000)
                intents[question] = result.intents[0]
                if phase == "person_miss":
                    checks_per_turn.append(counted.calls - before)
    return timings, intents, checks_per_turn


PHASES = ("miss", "hit", "person_miss", "person_hit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--issues", type=int, default=20_000)
    parser.add_argument("--latency-ms", type=int, default=50)
    parser.add_argument("--deployment", choices=("server", "cloud"), default="server")
    parser.add_argument("--rounds", type=int, default=5, help="cached turns per question and asker (median taken)")
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
            timings, intents, checks = asyncio.run(measure(url, Path(folder), asked, person, args.rounds))
            client = Jira(url=url, username=SERVICE_EMAIL, password=api_token(SERVICE_ACCOUNT_ID))
            direct = []
            for jql in ('issuetype = Bug AND priority = High AND component = Checkout AND statusCategory != Done',
                        'project = MOB AND issuetype = Story AND status = Blocked'):
                started = time.perf_counter()
                client.jql(jql, fields="summary,status,assignee,priority", limit=100)
                direct.append((time.perf_counter() - started) * 1000)
    summary: dict = {"issues": args.issues, "latency_ms": args.latency_ms, "deployment": args.deployment,
                     "rounds": args.rounds, "turns": len(asked) * (2 + 2 * args.rounds)}
    # One figure per question: its median over the rounds (a cache miss happens once).
    typical = {phase: {q: statistics.median(v) for q, v in timings[phase].items()} for phase in PHASES}
    for phase in PHASES:
        every = list(typical[phase].values())
        by_intent = defaultdict(list)
        for question, ms in typical[phase].items():
            by_intent[intents[question]].append(ms)
        summary[phase] = {"p50_ms": round(statistics.median(every), 1), "p95_ms": round(percentile(every, 0.95), 1),
                          "by_intent_ms": {k: round(statistics.median(v), 1) for k, v in by_intent.items()}}
        print(f"{phase.replace('_', ' ')}: p50 {summary[phase]['p50_ms']} ms, p95 {summary[phase]['p95_ms']} ms, "
              f"by intent {summary[phase]['by_intent_ms']}")
    team = [ms for q, ms in typical["hit"].items() if intents[q] in TEAM_KINDS]
    summary["hit"]["team_p95_ms"] = round(percentile(team, 0.95), 1)
    print(f"cached breakdown and ranking turns: p95 {summary['hit']['team_p95_ms']} ms")
    # What the checks add to each question's cached turn, paired question by question.
    added = [typical["person_hit"][q] - typical["hit"][q] for q in asked]
    summary["permission_overhead_p95_ms"] = round(percentile(added, 0.95), 1)
    summary["permission_overhead_p50_ms"] = round(statistics.median(added), 1)
    summary["permission_overhead_by_question_ms"] = {q: round(ms, 1) for q, ms in zip(asked, added, strict=True)}
    summary["permission_calls_per_miss_turn"] = {"max": max(checks), "mean": round(statistics.mean(checks), 2)}
    print(f"a person already seen, cached: p50 {summary['permission_overhead_p50_ms']} ms, p95 "
          f"{summary['permission_overhead_p95_ms']} ms added to the service account's turn for the same question; "
          f"permission calls to Jira on a person's first turns: {summary['permission_calls_per_miss_turn']}")
    summary["direct_jql_ms"] = round(statistics.median(direct), 1)
    summary["hit_p50_vs_direct_jql"] = round(summary["direct_jql_ms"] / summary["hit"]["p50_ms"], 2)
    print(f"the same JQL straight to Jira with atlassian-python-api: {summary['direct_jql_ms']} ms")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
