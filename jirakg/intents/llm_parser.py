"""The LLM parser: an OpenAI-compatible model reads the question, prompted from the intent map
and the instance's vocabulary; its answer is validated, grounded in values that exist, and
turned into JQL by our own builder. On a timeout, an error or an answer that does not fit, the
embedded parser answers instead and the result says so.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, ValidationError

from jirakg.intents.embedded import NEEDS_KEY, ConversationState, EmbeddedParser, input_problem
from jirakg.intents.jql_builder import build_jql, valid_key
from jirakg.intents.models import DateRange, IntentCall, IntentName, ParsedQuery, Slots
from jirakg.intents.registry import INTENTS
from jirakg.intents.timewindows import parse_window
from jirakg.llm import LlmClient, LlmError

VOCABULARY_LIMIT = 60  # values per kind shown to the model


class LlmIntent(BaseModel):
    name: IntentName  # an unknown name fails validation, and the embedded parser answers
    issue_keys: list[str] = Field(default_factory=list)
    fields: list[str] = Field(default_factory=list)
    issue_type: str | None = None
    statuses: list[str] = Field(default_factory=list)
    priorities: list[str] = Field(default_factory=list)
    assignees: list[str] = Field(default_factory=list)
    components: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)
    projects: list[str] = Field(default_factory=list)
    link_type: str | None = None
    time_window: str | None = None
    group_by: str | None = None


class LlmAnswer(BaseModel):
    intents: list[LlmIntent] = Field(min_length=1)


class LlmParser:
    def __init__(self, llm: LlmClient, embedded: EmbeddedParser) -> None:
        self.llm = llm
        self.embedded = embedded
        self.system_prompt = self._system_prompt()

    async def understand(self, text: str, state: ConversationState | None = None,
                         issue_in_view: str | None = None) -> ParsedQuery:
        state = state or ConversationState()
        if input_problem(text):
            return self.embedded.parse(text, state, issue_in_view)  # never sent to the model
        try:
            raw = await self.llm.json_completion(self.system_prompt, self._user_prompt(text, state, issue_in_view))
            answer = LlmAnswer.model_validate(raw)
            calls = [self._ground(intent, state, issue_in_view, text) for intent in answer.intents]
        except (LlmError, ValidationError, ValueError):
            return self.embedded.parse(text, state, issue_in_view).model_copy(update={"fell_back": True})
        return ParsedQuery(text=text, intents=calls, parser="llm")

    # --- prompts -------------------------------------------------------------------------

    def _system_prompt(self) -> str:
        lexicon = self.embedded.lexicon
        lines = ["You turn questions about a Jira instance into intents. Answer with one JSON object:",
                 '{"intents": [{"name": ..., "issue_keys": [...], "fields": [...], "issue_type": ..., '
                 '"statuses": [...], "priorities": [...], "assignees": [...], "components": [...], "labels": [...], '
                 '"projects": [...], "link_type": ..., "time_window": ..., "group_by": ...}]}',
                 "Split a question with several requests into several intents. Use only the values listed below.",
                 "", "Intents:"]
        for spec in INTENTS.values():
            lines.append(f"- {spec.name}: {spec.description} Uses: {', '.join(spec.slots) or 'nothing'}. "
                         f"Examples: {' | '.join(spec.examples)}")
        lines += ["", f"Project keys: {', '.join(lexicon.project_keys)}"]
        for kind, title in (("type", "Issue types"), ("status", "Statuses"), ("priority", "Priorities"),
                            ("link", "Link types (use these words for link_type)"), ("component", "Components"),
                            ("label", "Labels"), ("person", "People")):
            values = [t.label for t in lexicon.of(kind)][:VOCABULARY_LIMIT]
            lines.append(f"{title}: {', '.join(values)}")
        lines.append("time_window: the words of the question that give a time, e.g. 'last week'.")
        return "\n".join(lines)

    @staticmethod
    def _user_prompt(text: str, state: ConversationState, issue_in_view: str | None) -> str:
        notes = []
        if state.active_keys:
            notes.append(f"Issues discussed so far, most recent first: {', '.join(state.active_keys[:5])}.")
        if state.last_results:
            notes.append(f"The last answer listed: {', '.join(state.last_results[:10])}.")
        if issue_in_view:
            notes.append(f"The user is looking at {issue_in_view}.")
        return "\n".join([*notes, f"Question: {text}"])

    # --- grounding -------------------------------------------------------------------------

    def _ground(self, intent: LlmIntent, state: ConversationState, issue_in_view: str | None, text: str) -> IntentCall:
        projects = set(self.embedded.lexicon.project_keys)
        keys = [k.upper() for k in intent.issue_keys if valid_key(k.upper(), projects)]
        if intent.name in NEEDS_KEY and not keys:
            keys = self.embedded.resolve_keys(text.lower(), state, issue_in_view, [])
            if not keys:
                return IntentCall(name="clarify", slots=Slots(reason="Which issue do you mean? Name it by its key."))
        slots = Slots(
            fields=[f for f in (self._one("field", v) for v in intent.fields) if f],
            issue_types=[t for t in [self._one("type", intent.issue_type)] if t],
            statuses=self._many("status", intent.statuses), priorities=self._many("priority", intent.priorities),
            assignees=self._many("person", intent.assignees), components=self._many("component", intent.components),
            labels=self._many("label", intent.labels),
            projects=[p.upper() for p in intent.projects if p.upper() in projects],
            link_type=self._one("link", intent.link_type),
            **self._window(intent),
            group_by=intent.group_by if intent.group_by in ("status", "assignee", "priority", "issuetype",
                                                            "components", "project", "labels") else None)
        call = IntentCall(name=intent.name, issue_keys=keys, slots=slots)
        if intent.name in ("search", "count"):
            call.jql = build_jql(slots)
        return call

    def _window(self, intent: LlmIntent) -> dict:
        """A changelog's window, or a search's date range (on `updated`, as "lately" means)."""
        window = (parse_window(intent.time_window, self.embedded.now(), self.embedded.lexicon.sprints)
                  if intent.time_window else None)
        if window is None:
            return {}
        if intent.name == "changelog":
            return {"window": window}
        return {"dates": [DateRange(field="updated", **window.model_dump())]}

    def _one(self, kind: str, value: str | None) -> str | None:
        if not value:
            return None
        matches = self.embedded.grounder.find(kind, value)
        return matches[0].term.value if matches else None

    def _many(self, kind: str, values: list[str]) -> list[str]:
        grounded = [self._one(kind, value) for value in values]
        return list(dict.fromkeys(v for v in grounded if v))
