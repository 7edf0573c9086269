"""Knowledge-graph answers worded by an OpenAI-compatible model from the label-resolved triples,
under the reference guideline (format dates and values, add nothing that is not in the triples).
A check compares typed values: each date the reply states must be a date value of the triples, each
number a number value (or a date value's year, or a number in a label); a reply stating none of the
values is rejected too. The templated words are used then, and whenever the model fails."""

from __future__ import annotations

import json
import re
from datetime import date

from jirakg.answer.claims import dates, numbers, numbers_in
from jirakg.answer.worded import WORDED_MAX_TOKENS, WORDED_SCHEMA, WordedAnswer
from jirakg.llm import LlmClient, LlmError
from jirakg.retrieval.kgqa.facts import LabelledTriple

SYSTEM = ("You answer a question about a knowledge graph using only the TRIPLES given ([entity, relation, value]). "
          "Answer in one or two plain sentences; format dates and values for a person; do not add information "
          "not present in the TRIPLES; to a yes/no question, begin with Yes or No. "
          "Reply with one JSON object: {\"answer\": \"...\"}")


class LlmKgAnswerer:
    def __init__(self, llm: LlmClient) -> None:
        self.llm = llm

    async def words(self, question: str, triples: list[LabelledTriple], templated: str) -> tuple[str, str | None]:
        """The model's words, or the templated ones and why the model's were not used."""
        rows = [[t.entity, t.relation, t.value] for t in triples]
        try:
            reply = await self.llm.complete("kg_answer", SYSTEM, f"QUESTION: {question}\nTRIPLES: "
                                            f"{json.dumps(rows, ensure_ascii=False)}", WordedAnswer, WORDED_SCHEMA,
                                            WORDED_MAX_TOKENS)
        except LlmError as exc:
            return templated, f"llm failed: {exc}"
        text = reply.answer
        if not text.strip():
            return templated, "llm answer missing"
        problem = ungrounded(text, rows)
        return (templated, f"llm answer rejected: {problem}") if problem else (text.strip(), None)


def ungrounded(text: str, rows: list[list[str]]) -> str | None:
    values = [row[2] for row in rows]
    typed_dates = {d for d in map(_date, values) if d is not None}
    typed_numbers = {float(d.year) for d in typed_dates}
    for row in rows:  # a date value holds its date and year, never its day or month as numbers
        typed_numbers |= numbers_in(row[0]) | numbers_in(row[1]) | (set() if _date(row[2]) else numbers_in(row[2]))
    for stated in dates(text):
        if stated.value not in typed_dates:
            return f"states the date {stated.value}, which the triples do not give"
    for stated in numbers(text):
        if stated.value not in typed_numbers:
            return f"states the number {text[stated.start:stated.end]}, which the triples do not give"
    if not any(_mentions(text, value) for value in values):
        return "states none of the values the triples give"
    return None


def _date(value: str) -> date | None:
    try:
        return date.fromisoformat(value[:10]) if re.fullmatch(r"-?\d{4}-\d\d-\d\d(?:T.*)?", value) else None
    except ValueError:
        return None


def _mentions(text: str, value: str) -> bool:
    """A value is mentioned as written, or, for yes/no, as the opening verdict; dates may be
    reformatted, so a date counts when its year is there."""
    lowered = text.lower()
    if value in ("yes", "no"):
        return re.match(rf"\W*{value}\b", lowered) is not None
    date = re.fullmatch(r"(\d{4})-\d\d-\d\d.*", value)
    return value.lower().rstrip(".") in lowered or bool(date and date.group(1) in text)
