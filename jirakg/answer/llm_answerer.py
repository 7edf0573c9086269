"""The LLM answerer: an OpenAI-compatible model words the answer from the retrieved data under the
intent's guideline; a grounding check rejects any answer that names an issue, person, status or
number the data does not hold, and the templated answer is used instead."""

from __future__ import annotations

import json
import re

from jirakg.answer.templated import Answer, shown
from jirakg.answer.worded import WORDED_MAX_TOKENS, WORDED_SCHEMA, WordedAnswer
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.registry import INTENTS
from jirakg.jql.keys import ISSUE_KEY_IN_ANSWER
from jirakg.llm import LlmClient, LlmError
from jirakg.retrieval.facts import ChainFacts, ChangeFacts, FactsBase

NUMBER = re.compile(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w-])")
SYSTEM = ("You answer questions about Jira issues using only the DATA given. Follow the GUIDELINE. Be concise. "
          "Cite issues by their keys. Do not add anything that is not in the DATA; if nothing matched, say so "
          'explicitly. Reply with one JSON object: {"answer": "..."}')


class LlmAnswerer:
    def __init__(self, llm: LlmClient, lexicon: Lexicon) -> None:
        self.llm = llm
        self.statuses = {t.label for t in lexicon.of("status")}
        self.people = {t.label for t in lexicon.of("person")}

    async def answer(self, question: str, retrieved: FactsBase, templated: Answer) -> tuple[Answer, str | None]:
        """The model's answer, or the templated one and why the model's was not used."""
        data = facts(retrieved)
        user = (f"QUESTION: {question}\nGUIDELINE: {INTENTS[retrieved.plan.intent.name].guideline}\n"
                f"DATA: {json.dumps(data, ensure_ascii=False)}")
        try:
            reply = await self.llm.complete("answer", SYSTEM, user, WordedAnswer, WORDED_SCHEMA, WORDED_MAX_TOKENS)
        except LlmError as exc:
            return templated, f"llm failed: {exc}"
        text = reply.answer
        if not text.strip():
            return templated, "llm answer missing"
        problem = self.ungrounded(text, json.dumps(data, ensure_ascii=False) + "\n" + templated.text)
        if problem:
            return templated, f"llm answer rejected: {problem}"
        keys = [k for k in dict.fromkeys(ISSUE_KEY_IN_ANSWER.findall(text)) if k in templated.urls]
        return Answer(text=text.strip(), citations=keys or templated.citations, urls=templated.urls), None

    def ungrounded(self, text: str, evidence: str) -> str | None:
        """The first thing the answer states that the evidence does not hold, or None."""
        for key in ISSUE_KEY_IN_ANSWER.findall(text):
            if key not in evidence:
                return f"cites {key}, which is not in the retrieved data"
        for name in self.people | self.statuses:
            if name and re.search(rf"\b{re.escape(name)}\b", text) and name not in evidence:
                return f"names {name!r}, which is not in the retrieved data"
        for number in NUMBER.findall(text):
            if not re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", evidence):
                return f"states the number {number}, which the data does not give"
        return None


def facts(retrieved: FactsBase) -> dict:
    """The retrieved data as compact JSON for the prompt: only what the answer may use."""
    def issue(node) -> dict:
        asked = retrieved.plan.intent.slots.fields or ["assignee", "priority"]
        return {"key": node.key, "summary": node.summary, "type": node.type, "status": node.status,
                **{f: shown(node.fields.get(f)) for f in asked if f in node.fields}}

    data: dict = {"intent": retrieved.plan.intent.name}
    if retrieved.plan.jql is not None:
        data["jql"] = retrieved.plan.jql
    subject = getattr(retrieved, "subject", None)
    if subject is not None:
        data["issue"] = issue(subject)
    if retrieved.nodes:
        data["issues"] = [issue(n) for n in retrieved.nodes[:50]]
        data["count"] = len(retrieved.nodes)
    if isinstance(retrieved, ChainFacts):
        data["chain_by_level"] = retrieved.layers
        data["cycles"] = retrieved.cycles
    if isinstance(retrieved, ChangeFacts):
        data["changes"] = [{"when": e.created.isoformat(timespec="minutes"), "who": e.author,
                            "items": [{"field": i.field, "from": i.from_string, "to": i.to_string} for i in e.items]}
                           for e in retrieved.changes[:30]]
    return data
