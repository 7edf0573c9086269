"""`jirakg eval kgqa`: P@1, MRR and Hit@5 on a dialogue benchmark, in dialogue and self-contained mode."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel

from jirakg.retrieval.kgqa.pipeline import KgAnswer
from jirakg.retrieval.kgqa.reformulation import KgTurn


class KgReplyLike(Protocol):
    @property
    def answer(self) -> KgAnswer: ...

    @property
    def turn(self) -> KgTurn: ...


class KgAsker(Protocol):
    """A conversation's knowledge-graph side (`answer.kg_session.KgSession`): what a dialogue is replayed on."""
    async def ask(self, question: str, history: list[KgTurn]) -> KgReplyLike: ...


class Ranking(BaseModel):
    p_at_1: float
    mrr: float
    hit_at_5: float


class KgReport(BaseModel):
    dialogue: Ranking
    self_contained: Ranking
    questions: int
    p95_ms: float


def same(value: str, gold: str) -> bool:
    """IRIs compare as IRIs; literals by normalised value (case, spaces, a trailing period)."""
    if gold.startswith(("http://", "https://", "urn:")):
        return value == gold
    return value.strip().rstrip(".").lower() == gold.strip().rstrip(".").lower()


def rank_of(answers: list[str], gold: list[str]) -> int | None:
    return next((n for n, value in enumerate(answers, 1) if any(same(value, g) for g in gold)), None)


async def evaluate_kgqa(session: KgAsker, folder: Path) -> KgReport:
    """Each dialogue in order with its history, as a conversation would run; each rewrite alone."""
    dialogues = [json.loads(line) for line in (folder / "dialogues.jsonl").read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    ranks: dict[str, list[int | None]] = {"dialogue": [], "self_contained": []}
    timings: list[float] = []
    for dialogue in dialogues:
        history: list[KgTurn] = []
        for turn in dialogue["turns"]:
            started = time.perf_counter()
            reply = await session.ask(turn["question"], history)
            timings.append((time.perf_counter() - started) * 1000)
            history.append(reply.turn)
            ranks["dialogue"].append(rank_of(reply.answer.answers, turn["answers"]))
            alone = await session.ask(turn["self_contained"], [])
            ranks["self_contained"].append(rank_of(alone.answer.answers, turn["answers"]))
    timings.sort()
    return KgReport(dialogue=_ranking(ranks["dialogue"]), self_contained=_ranking(ranks["self_contained"]),
                    questions=len(ranks["dialogue"]), p95_ms=round(timings[int(0.95 * (len(timings) - 1))], 2))


def _ranking(ranks: list[int | None]) -> Ranking:
    total = len(ranks) or 1
    return Ranking(p_at_1=round(sum(r == 1 for r in ranks) / total, 4),
                   mrr=round(sum(1 / r for r in ranks if r) / total, 4),
                   hit_at_5=round(sum(bool(r and r <= 5) for r in ranks) / total, 4))
