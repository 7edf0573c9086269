"""`jirakg eval nlq`: score a parser on a JSONL file of questions with gold intents, keys and JQL.

Intent precision/recall/F1 are micro-averaged over intent names, separately for single- and
multi-intent cases; issue-key accuracy is the share of gold intents whose keys the parser
found for the same intent; JQL execution accuracy runs the predicted and the gold JQL on the
instance and compares the issue sets.
"""

from __future__ import annotations

import inspect
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

from pydantic import BaseModel, Field

from jirakg.connectors.jira import JiraError
from jirakg.intents.embedded import ConversationState, EmbeddedParser
from jirakg.intents.models import ParsedQuery


class GoldIntent(BaseModel):
    name: str
    issue_keys: list[str] = Field(default_factory=list)


class Case(BaseModel):
    query: str
    history: list[str] = Field(default_factory=list)
    intents: list[GoldIntent]
    jql: str | None = None
    variant: str | None = None


class Score(BaseModel):
    p: float
    r: float
    f1: float


class Report(BaseModel):
    single: Score
    multi: Score
    issue_key_accuracy: float
    jql_execution_accuracy: float | None
    by_variant: dict[str, dict[str, float]]
    p95_ms: float
    cases: int
    fallbacks: int = 0  # LLM parses that fell back to the embedded parser
    failures: list[dict] = Field(default_factory=list)


def load_cases(path: Path) -> list[Case]:
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                cases.append(Case.model_validate_json(line))
            except ValueError as exc:
                raise ValueError(f"{path}: line {number} is not a valid case ({exc}).") from exc
    return cases


def replay_history(parser: EmbeddedParser, turns: list[str]) -> ConversationState:
    """Earlier user turns, parsed in order, leave the issue keys they named as context."""
    state = ConversationState()
    for turn in turns:
        parsed = parser.parse(turn, state)
        keys = [k for call in parsed.intents for k in call.issue_keys]
        if keys:
            state.active_keys = list(dict.fromkeys(keys + state.active_keys))
        state.last_intent = parsed.intents[-1].name if parsed.intents else None
    return state


async def evaluate(cases: list[Case], parse: Callable[[Case], ParsedQuery | Awaitable[ParsedQuery]],
                   run_jql: Callable[[str], Awaitable[set[str] | None]]) -> Report:
    counts = {"single": Counter(), "multi": Counter()}
    variants: dict[str, Counter] = {}
    key_hits = key_total = 0
    jql_hits = jql_total = 0
    timings: list[float] = []
    failures: list[dict] = []
    fallbacks = 0
    for case in cases:
        started = time.perf_counter()
        parsed = parse(case)
        if inspect.isawaitable(parsed):
            parsed = await parsed
        timings.append((time.perf_counter() - started) * 1000)
        fallbacks += parsed.fell_back
        gold = Counter(i.name for i in case.intents)
        got = Counter(c.name for c in parsed.intents)
        bucket = counts["multi" if len(case.intents) > 1 else "single"]
        bucket["tp"] += sum((gold & got).values())
        bucket["gold"] += sum(gold.values())
        bucket["got"] += sum(got.values())
        correct = gold == got
        for intent in case.intents:
            if intent.issue_keys:
                key_total += 1
                if any(c.name == intent.name and sorted(c.issue_keys) == sorted(intent.issue_keys)
                       for c in parsed.intents):
                    key_hits += 1
                else:
                    correct = False
        if case.jql is not None:
            jql_total += 1
            predicted = next((c.jql for c in parsed.intents if c.jql is not None), None)
            same = predicted is not None and await _same_result(run_jql, predicted, case.jql)
            jql_hits += same
            correct = correct and same
        if case.variant:
            tally = variants.setdefault(case.variant, Counter())
            tally["cases"] += 1
            tally["correct"] += correct
        if not correct:
            failures.append({"query": case.query, "gold": [i.model_dump() for i in case.intents], "gold_jql": case.jql,
                             "got": [{"name": c.name, "issue_keys": c.issue_keys, "jql": c.jql} for c in parsed.intents]})
    timings.sort()
    return Report(
        single=_score(counts["single"]), multi=_score(counts["multi"]),
        issue_key_accuracy=round(key_hits / key_total, 4) if key_total else 1.0,
        jql_execution_accuracy=round(jql_hits / jql_total, 4) if jql_total else None,
        by_variant={v: {"cases": t["cases"], "accuracy": round(t["correct"] / t["cases"], 4)} for v, t in variants.items()},
        p95_ms=round(timings[int(0.95 * (len(timings) - 1))], 2) if timings else 0.0,
        cases=len(cases), fallbacks=fallbacks, failures=failures)


async def _same_result(run_jql, predicted: str, gold: str) -> bool:
    got, expected = await run_jql(predicted), await run_jql(gold)
    return got is not None and expected is not None and got == expected


def _score(counter: Counter) -> Score:
    p = counter["tp"] / counter["got"] if counter["got"] else 1.0
    r = counter["tp"] / counter["gold"] if counter["gold"] else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return Score(p=round(p, 4), r=round(r, 4), f1=round(f1, 4))


def summary_line(report: Report) -> str:
    return json.dumps(report.model_dump(exclude={"failures"}))


async def keys_for(connector, jql: str) -> set[str] | None:
    """The issue keys a JQL selects, or None when Jira rejects it (a wrong prediction)."""
    try:
        return {issue["key"] for issue in await connector.search(jql, ["summary"])}
    except JiraError:
        return None
