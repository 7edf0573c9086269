"""The LLM answerer: an OpenAI-compatible model words the answer from the retrieved data under the
intent's guideline; a grounding check compares each fact it states with the data (`fact_check`) and
rejects the wording at the first that does not match; the templated answer is used instead."""

from __future__ import annotations

import json

from jirakg.answer.fact_check import FactChecker, evidence_of
from jirakg.answer.templated import Answer, shown
from jirakg.answer.worded import WORDED_MAX_TOKENS, WORDED_SCHEMA, WordedAnswer
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.registry import INTENTS
from jirakg.jql.keys import ISSUE_KEY_IN_ANSWER
from jirakg.llm import LlmClient, LlmError
from jirakg.retrieval.facts import ChainFacts, ChangeFacts, FactsBase

SYSTEM = ("You answer questions about Jira issues using only the DATA given. Follow the GUIDELINE. Be concise. "
          "Cite issues by their keys. Do not add anything that is not in the DATA; if nothing matched, say so "
          'explicitly. Reply with one JSON object: {"answer": "..."}')


class LlmAnswerer:
    def __init__(self, llm: LlmClient, lexicon: Lexicon) -> None:
        self.llm = llm
        self.checker = FactChecker(lexicon)

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
        problem = self.checker.first_wrong(text, evidence_of(retrieved, templated.text))
        if problem:
            return templated, f"llm answer rejected: {problem}"
        keys = [k for k in dict.fromkeys(ISSUE_KEY_IN_ANSWER.findall(text)) if k in templated.citations]
        return Answer(text=text.strip(), citations=keys or templated.citations), None


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
