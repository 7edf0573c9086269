"""`jirakg eval nlq`: score a parser on a JSONL file of questions with gold intents, keys and JQL.

Intent precision/recall/F1 are micro-averaged over intent names, separately for single- and
multi-intent cases; issue-key accuracy is the share of gold intents whose keys the parser
found for the same intent; JQL execution accuracy runs the predicted and the gold JQL on the
instance and compares the issue sets (an answer listing an issue's links or children without JQL is
judged by the issues its handler lists).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

from pydantic import BaseModel, Field

from jirakg.answer.notes import reading_notes
from jirakg.connectors.jira import JiraError
from jirakg.graph import GraphManager
from jirakg.intents.models import IntentCall, ParsedQuery
from jirakg.llm import llm_turn


class GoldIntent(BaseModel):
    name: str
    issue_keys: list[str] = Field(default_factory=list)


class Case(BaseModel):
    query: str
    history: list[str] = Field(default_factory=list)
    intents: list[GoldIntent]
    jql: str | None = None
    variant: str | None = None  # the form: jql, keywords, chatty, paraphrase, other
    category: str | None = None
    id: str | None = None


class Score(BaseModel):
    p: float
    r: float
    f1: float


class Tally(BaseModel):
    cases: int
    accuracy: float


def p95(timings: list[float]) -> float:
    """The 95th percentile of sorted timings, in the unit given."""
    return round(timings[int(0.95 * (len(timings) - 1))], 2) if timings else 0.0


def tally(right: list[bool]) -> Tally:
    return Tally(cases=len(right), accuracy=round(sum(right) / len(right), 4) if right else 0.0)


class Report(BaseModel):
    single: Score
    multi: Score
    issue_key_accuracy: float
    jql_execution_accuracy: float | None
    by_variant: dict[str, Tally]
    by_category: dict[str, Tally] = Field(default_factory=dict)
    by_intent: dict[str, Tally] = Field(default_factory=dict)  # single-intent cases, by their gold intent
    # The same, counting a case right only when the parser's own reading was used (a fallback is wrong).
    by_intent_own: dict[str, Tally] = Field(default_factory=dict)
    widened_silently: int = 0  # answers over a wider set than asked whose text says no reading nor unused word
    answered_instead_of_asking: int = 0  # a list or count where the question had to be refused or clarified
    p50_ms: float = 0.0
    p95_ms: float
    cases: int
    fallbacks: int = 0  # LLM parses that fell back to the embedded parser
    fallback_reasons: dict[str, int] = Field(default_factory=dict)  # why, by kind of reason
    parser_by_intent: dict[str, dict[str, int]] = Field(default_factory=dict)  # gold intent → parser → cases
    llm_calls: dict[str, dict[str, int]] = Field(default_factory=dict)  # stage → outcome → calls
    failures: list[dict] = Field(default_factory=list)


class _Outcome(BaseModel):
    correct: bool
    keys: tuple[int, int]  # gold intents with keys, of which found
    jql: bool | None  # None: no gold JQL
    widened_silently: bool = False
    answered_instead_of_asking: bool = False
    own: bool = True  # the parser's own reading, not a fallback


def load_cases(path: Path) -> list[Case]:
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                cases.append(Case.model_validate_json(line))
            except ValueError as exc:
                raise ValueError(f"{path}: line {number} is not a valid case ({exc}).") from exc
    return cases


async def _no_history(history: list[str]) -> str | None:
    return None


async def _nothing() -> set[str] | None:
    return None


async def evaluate(cases: list[Case], parse: Callable[[Case, str | None], Awaitable[ParsedQuery]],
                   run: Run,
                   replay: Callable[[list[str]], Awaitable[str | None]] = _no_history) -> Report:
    """`replay` asks a case's earlier questions and returns the conversation; only `parse` is timed."""
    counts: dict[str, Counter[str]] = {"single": Counter(), "multi": Counter()}
    timings: list[float] = []
    outcomes: list[tuple[Case, _Outcome]] = []
    failures: list[dict] = []
    reasons: Counter[str] = Counter()
    used: dict[str, Counter[str]] = {}
    calls: dict[str, Counter[str]] = {}
    for case in cases:
        conversation = await replay(case.history) if case.history else None
        started = time.perf_counter()
        with llm_turn() as turn:
            parsed = await parse(case, conversation)
        timings.append((time.perf_counter() - started) * 1000)
        for call in turn.calls:
            calls.setdefault(call.stage, Counter())[call.outcome] += 1
        if parsed.fallback_reason:
            reasons[_kind(parsed.fallback_reason)] += 1
        for intent in case.intents:
            used.setdefault(intent.name, Counter())[parsed.parser] += 1
        _count_intents(counts["multi" if len(case.intents) > 1 else "single"], case, parsed)
        outcome = (await _judge(case, parsed, run)).model_copy(update={"own": not parsed.fell_back})
        outcomes.append((case, outcome))
        if not outcome.correct:
            failures.append({"id": case.id, "query": case.query, "history": case.history,
                             "widened_silently": outcome.widened_silently, "parser": parsed.parser,
                             "fallback_reason": parsed.fallback_reason,
                             "gold": [i.model_dump() for i in case.intents], "gold_jql": case.jql,
                             "got": [{"name": c.name, "issue_keys": c.issue_keys, "jql": c.jql,
                                      "ignored": c.slots.ignored, "assumed": c.slots.assumed,
                                      "reason": c.slots.reason} for c in parsed.intents]})
    timings.sort()
    keyed = sum(o.keys[0] for _, o in outcomes)
    judged = [o.jql for _, o in outcomes if o.jql is not None]
    return Report(
        single=_score(counts["single"]), multi=_score(counts["multi"]),
        issue_key_accuracy=round(sum(o.keys[1] for _, o in outcomes) / keyed, 4) if keyed else 1.0,
        jql_execution_accuracy=round(sum(judged) / len(judged), 4) if judged else None,
        by_variant=_tallies(outcomes, lambda c: c.variant), by_category=_tallies(outcomes, lambda c: c.category),
        by_intent=_tallies(outcomes, _single),
        by_intent_own=_tallies([(c, o.model_copy(update={"correct": o.correct and o.own})) for c, o in outcomes],
                               _single),
        widened_silently=sum(o.widened_silently for _, o in outcomes),
        answered_instead_of_asking=sum(o.answered_instead_of_asking for _, o in outcomes),
        p50_ms=round(statistics.median(timings), 2) if timings else 0.0, p95_ms=p95(timings),
        cases=len(cases), fallbacks=sum(reasons.values()), fallback_reasons=dict(reasons.most_common()),
        parser_by_intent={name: dict(c) for name, c in sorted(used.items())},
        llm_calls={stage: dict(c) for stage, c in sorted(calls.items())}, failures=failures)


def _single(case: Case) -> str | None:
    return case.intents[0].name if len(case.intents) == 1 else None


def _kind(reason: str) -> str:
    """A fallback reason without its details: "llm failed: the model did not finish within 5.0 s" →
    "llm failed: the model did not finish"; enough to count by."""
    head, _, detail = reason.partition(": ")
    return f"{head}: {' '.join(detail.split()[:5])}" if detail else head


def _count_intents(bucket: Counter, case: Case, parsed: ParsedQuery) -> None:
    gold = Counter(i.name for i in case.intents)
    got = Counter(str(c.name) for c in parsed.intents)
    bucket["tp"] += sum((gold & got).values())
    bucket["gold"] += sum(gold.values())
    bucket["got"] += sum(got.values())


# The issue keys a gold JQL (a string) or an answer (an intent call) selects; None when Jira rejects it
Run = Callable[[str | IntentCall], Awaitable[set[str] | None]]
LISTS_RELATIVES = ("linked", "children")  # answers that list issues through the graph, not through JQL


def _keys_found(case: Case, parsed: ParsedQuery) -> tuple[int, int]:
    """Gold intents with issue keys, and how many of them the parse has with the same keys."""
    keyed = [i for i in case.intents if i.issue_keys]
    found = sum(any(c.name == i.name and sorted(c.issue_keys) == sorted(i.issue_keys) for c in parsed.intents)
                for i in keyed)
    return len(keyed), found


async def _judge(case: Case, parsed: ParsedQuery, run: Run) -> _Outcome:
    gold_names = Counter(i.name for i in case.intents)
    keyed, found = _keys_found(case, parsed)
    correct = gold_names == Counter(c.name for c in parsed.intents) and found == keyed
    answer = next((c for c in parsed.intents
                   if c.jql is not None or (c.name in LISTS_RELATIVES and c.issue_keys)), None)
    if case.jql is None:
        asked = "clarify" in gold_names and answer is not None
        return _Outcome(correct=correct, keys=(keyed, found), jql=None, answered_instead_of_asking=asked)
    # The answer's keys and the gold's, side by side: neither waits for the other
    got, expected = await asyncio.gather(
        run(answer) if answer is not None else _nothing(), run(case.jql))
    same = got is not None and got == expected
    wider = got is not None and expected is not None and got > expected
    # Stated only when the answer's own text says how it read the question: the lines the handlers write
    # (a reading chosen, words not used), not a slot the answer never shows.
    stated = answer is not None and bool(reading_notes(answer))
    return _Outcome(correct=correct and same, keys=(keyed, found), jql=same, widened_silently=wider and not stated)


def _tallies(outcomes: list[tuple[Case, _Outcome]], group: Callable[[Case], str | None]) -> dict[str, Tally]:
    grouped: dict[str, list[bool]] = {}
    for case, outcome in outcomes:
        name = group(case)
        if name:
            grouped.setdefault(name, []).append(outcome.correct)
    return {name: tally(right) for name, right in sorted(grouped.items())}


def _score(counter: Counter) -> Score:
    p = counter["tp"] / counter["got"] if counter["got"] else 1.0
    r = counter["tp"] / counter["gold"] if counter["gold"] else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return Score(p=round(p, 4), r=round(r, 4), f1=round(f1, 4))


def summary_line(report: Report) -> str:
    return json.dumps(report.model_dump(exclude={"failures"}))


async def keys_for(manager: GraphManager, jql: str) -> set[str] | None:
    """The issue keys a JQL selects, or None when Jira rejects it (a wrong prediction)."""
    try:
        return {node.key for node in (await manager.get(jql, ["summary"])).nodes}
    except JiraError:
        return None
