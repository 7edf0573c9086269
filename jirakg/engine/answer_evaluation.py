"""`jirakg eval answers`: score whole answers (not parses) on cases whose expectations were computed from
the raw data: what the first line must say, label and number pairs that must share a line, strings the
answer must mention and strings it must not contain.

Made for the team questions (breakdowns, rankings, statistics, workload, sprint and release progress,
risk, activity, comments, reasoning), whose right answer is a figure or a name rather than a set of issues.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path

from pydantic import BaseModel, Field

from jirakg.engine.turn import TurnResult
from jirakg.intents.evaluation import Tally, p95, tally


class Expect(BaseModel):
    lead: list[str] = Field(default_factory=list)  # all in the answer's first line
    pairs: list[tuple[str, int | float | str]] = Field(default_factory=list)  # label and number on one line
    mentions: list[str] = Field(default_factory=list)  # anywhere in the answer
    absent: list[str] = Field(default_factory=list)  # nowhere in the answer


class AnswerCase(BaseModel):
    id: str
    query: str
    history: list[str] = Field(default_factory=list)
    intent: str
    dataset: str = ""
    form: str = ""
    category: str = ""
    expect: Expect


class AnswerReport(BaseModel):
    cases: int
    accuracy: float
    intent_accuracy: float  # the gold intent among the answered intents
    by_intent: dict[str, Tally]
    by_form: dict[str, Tally]
    p95_ms: float
    failures: list[dict] = Field(default_factory=list)


def load_answer_cases(path: Path, dataset: str | None = None) -> list[AnswerCase]:
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                case = AnswerCase.model_validate_json(line)
            except ValueError as exc:
                raise ValueError(f"{path}: line {number} is not a valid case ({exc}).") from exc
            if dataset is None or case.dataset == dataset:
                cases.append(case)
    return cases


def problems(answer: str, expect: Expect) -> list[str]:
    """What the answer misses of the expectations; empty when it meets them all."""
    lines = answer.lower().splitlines() or [""]
    text = answer.lower()
    found = [f"first line lacks {s!r}" for s in expect.lead if s.lower() not in lines[0]]
    for label, number in expect.pairs:
        figure = re.compile(rf"(?<![\w.]){re.escape(str(number))}(?![\w]|\.\d)")
        if not any(str(label).lower() in line and figure.search(line) for line in lines):
            found.append(f"no line with {label!r} and {number}")
    found += [f"does not mention {s!r}" for s in expect.mentions if s.lower() not in text]
    found += [f"says {s!r}" for s in expect.absent if s.lower() in text]
    return found


async def evaluate_answers(cases: list[AnswerCase], ask: Callable[[str, str | None], Awaitable[TurnResult]]
                           ) -> AnswerReport:
    """Each case in a fresh conversation: its history asked first, then the question, timed."""
    by_intent: dict[str, list[bool]] = defaultdict(list)
    by_form: dict[str, list[bool]] = defaultdict(list)
    timings, failures, right, intents_right = [], [], 0, 0
    for case in cases:
        conversation = None
        for earlier in case.history:
            conversation = (await ask(earlier, conversation)).conversation_id
        started = time.perf_counter()
        result = await ask(case.query, conversation)
        timings.append((time.perf_counter() - started) * 1000)
        missed = problems(result.answer, case.expect)
        ok = not missed
        right += ok
        intents_right += case.intent in result.intents
        by_intent[case.intent].append(ok)
        by_form[case.form or "other"].append(ok)
        if not ok:
            failures.append({"id": case.id, "query": case.query, "intent": case.intent, "got": result.intents,
                             "problems": missed, "answer": result.answer.splitlines()[:3]})
    timings.sort()
    return AnswerReport(cases=len(cases), accuracy=round(right / len(cases), 3) if cases else 0.0,
                        intent_accuracy=round(intents_right / len(cases), 3) if cases else 0.0,
                        by_intent={k: tally(v) for k, v in sorted(by_intent.items())},
                        by_form={k: tally(v) for k, v in sorted(by_form.items())}, p95_ms=p95(timings),
                        failures=failures)
