"""`jirakg eval kgqa`: P@1, MRR and Hit@5 on a dialogue benchmark, in dialogue and self-contained mode;
with a model, how often its output was used, by stage, and why it was not."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel

from jirakg.llm import llm_turn
from jirakg.retrieval.kgqa.pipeline import KgAnswer
from jirakg.retrieval.kgqa.reformulation import KgTurn


class KgReplyLike(Protocol):
    @property
    def answer(self) -> KgAnswer: ...

    @property
    def turn(self) -> KgTurn: ...

    @property
    def llm_used(self) -> list[str]: ...

    @property
    def fallback_reasons(self) -> list[str]: ...


class KgAsker(Protocol):
    """A conversation's knowledge-graph side (`answer.kg_session.KgSession`): what a dialogue is replayed on."""
    async def ask(self, question: str, history: list[KgTurn]) -> KgReplyLike: ...


class Ranking(BaseModel):
    p_at_1: float
    mrr: float
    hit_at_5: float


class KgLlmUse(BaseModel):
    """The model's part in the dialogue turns."""
    turns: int
    used: int  # turns whose answer used some model output
    by_stage: dict[str, int]  # stage (reformulation, relation, wording) → turns that used its output
    calls: dict[str, dict[str, int]]  # call stage → outcome → calls
    fallback_reasons: dict[str, int]  # why the model's output was not used, by kind of reason


class KgReport(BaseModel):
    dialogue: Ranking
    self_contained: Ranking
    questions: int
    p50_ms: float
    p95_ms: float
    llm: KgLlmUse | None = None  # when a model was configured


def same(value: str, gold: str) -> bool:
    """IRIs compare as IRIs; literals by normalised value (case, spaces, a trailing period)."""
    if gold.startswith(("http://", "https://", "urn:")):
        return value == gold
    return value.strip().rstrip(".").lower() == gold.strip().rstrip(".").lower()


def rank_of(answers: list[str], gold: list[str]) -> int | None:
    return next((n for n, value in enumerate(answers, 1) if any(same(value, g) for g in gold)), None)


async def evaluate_kgqa(session: KgAsker, folder: Path, with_llm: bool = False) -> KgReport:
    """Each dialogue in order with its history, as a conversation would run; each rewrite alone. Each
    question is one turn of the model's budget, as in the engine."""
    dialogues = [json.loads(line) for line in (folder / "dialogues.jsonl").read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    ranks: dict[str, list[int | None]] = {"dialogue": [], "self_contained": []}
    timings: list[float] = []
    used, by_stage, reasons = 0, Counter[str](), Counter[str]()
    calls: dict[str, Counter[str]] = {}
    for dialogue in dialogues:
        history: list[KgTurn] = []
        for turn in dialogue["turns"]:
            with llm_turn() as budget:
                started = time.perf_counter()
                reply = await session.ask(turn["question"], history)
                timings.append((time.perf_counter() - started) * 1000)
            history.append(reply.turn)
            ranks["dialogue"].append(rank_of(reply.answer.answers, turn["answers"]))
            used += bool(reply.llm_used)
            by_stage.update(reply.llm_used)
            reasons.update(map(reason_kind, reply.fallback_reasons))
            for call in budget.calls:
                calls.setdefault(call.stage, Counter())[call.outcome] += 1
            with llm_turn():
                alone = await session.ask(turn["self_contained"], [])
            ranks["self_contained"].append(rank_of(alone.answer.answers, turn["answers"]))
    timings.sort()
    llm = KgLlmUse(turns=len(timings), used=used, by_stage=dict(by_stage.most_common()),
                   calls={stage: dict(outcomes.most_common()) for stage, outcomes in sorted(calls.items())},
                   fallback_reasons=dict(reasons.most_common())) if with_llm else None
    return KgReport(dialogue=_ranking(ranks["dialogue"]), self_contained=_ranking(ranks["self_contained"]),
                    questions=len(ranks["dialogue"]), p50_ms=_percentile(timings, 0.5),
                    p95_ms=_percentile(timings, 0.95), llm=llm)


def reason_kind(reason: str) -> str:
    """A fallback reason without its particulars, to count by: "stage: verdict: " and a few words of
    why, up to its next colon or comma ("relation: llm failed: the model did not finish")."""
    stage, _, rest = reason.partition(": ")
    verdict, _, why = rest.partition(": ")
    words = re.split(r"[:,]", re.sub(r"\d[\d.:-]*", "N", why), maxsplit=1)[0].split()[:6]
    return ": ".join(part for part in (stage, verdict, " ".join(words)) if part)


def _percentile(sorted_values: list[float], share: float) -> float:
    return round(sorted_values[int(share * (len(sorted_values) - 1))], 2) if sorted_values else 0.0


def _ranking(ranks: list[int | None]) -> Ranking:
    total = len(ranks) or 1
    return Ranking(p_at_1=round(sum(r == 1 for r in ranks) / total, 4),
                   mrr=round(sum(1 / r for r in ranks if r) / total, 4),
                   hit_at_5=round(sum(bool(r and r <= 5) for r in ranks) / total, 4))
