"""The LLM parser: an OpenAI-compatible model reads the question, prompted from the intent map,
the slot schema (generated from `Slots`) and the instance's vocabulary; its answer is validated,
grounded in values that exist, and turned into JQL by our own builder. On a timeout, an error or
an answer that does not fit, the embedded parser answers instead and the result says so.
"""

from __future__ import annotations

from pydantic import ValidationError

from jirakg.intents.embedded import NEEDS_KEY, ConversationState, EmbeddedParser, input_problem
from jirakg.intents.jql_builder import build_jql
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.llm_grounding import SlotGrounder
from jirakg.intents.llm_schema import LLM_SLOTS, VALUE_KINDS, LlmAnswer, LlmIntentBase, skeleton
from jirakg.intents.models import IntentCall, ParsedQuery, Slots
from jirakg.intents.registry import INTENTS
from jirakg.llm import LlmClient, LlmError

VOCABULARY_LIMIT = 60  # values per kind shown to the model
# The vocabulary the model's words are grounded in, by lexicon kind, in the order the prompt lists it.
VOCABULARY_TITLES = {"project": "Projects", "type": "Issue types", "status": "Statuses",
                     "category": "Status categories", "priority": "Priorities", "resolution": "Resolutions",
                     "link": "Link types (for link_type and links)", "component": "Components", "label": "Labels",
                     "version": "Versions", "sprint": "Sprints", "person": "People"}
# What each slot that is not a plain value list means; the value lists are explained together.
SLOT_HINTS = {
    "excluded": "the same value lists, for values the question rules out (\"not bugs\", \"except Done\")",
    "empty": "fields the question wants unset (\"unassigned\", \"no fix version\", \"unresolved\")",
    "filled": "fields the question wants set (\"has a due date\", \"resolved\")",
    "dates": "a time on a date field: the field and the words that give the time (\"created last week\")",
    "overdue": "due before today and not resolved",
    "sprint_state": "\"in the current sprint\" is open",
    "links": "issues linked to an issue key (key and link words), or with a kind of link (link words alone)",
    "parents": "issue keys whose children are wanted",
    "descendants_of": "issue keys whose whole subtree, at any depth, is wanted",
    "was_statuses": "statuses the issues had at some point (\"was blocked at some point\")",
    "version_state": "\"unreleased\" for work planned for releases not shipped yet, \"released\" for shipped ones",
    "numbers": "a number field compared with a value (\"8 story points or more\": the field's name, >=, 8)",
    "text": "words to search for in the issues, or the whole knowledge-graph question",
    "text_field": "\"summary\" when the words are to be found in the title only, else \"text\"",
    "order_by": "JQL sort fields, such as \"priority DESC\" or \"created ASC\"",
    "fields": "the fields asked about, in the question's words",
    "link_type": "the link words asked about, such as \"is blocked by\"",
    "window": "changelog: the words that say when the changes happened, such as \"last week\"",
    "measure": "team questions: how the issues are aggregated: group_by (status, issuetype, priority, assignee, "
               "reporter, components, fixVersions, labels, sprint, project, created_month), metric, direction, "
               "top, statistic, period, detail",
}


class LlmParser:
    def __init__(self, llm: LlmClient, embedded: EmbeddedParser) -> None:
        self.llm = llm
        self.embedded = embedded
        self.slots = SlotGrounder(embedded.grounder, embedded.lexicon, embedded.now)
        self.system_prompt = system_prompt(embedded.lexicon)

    async def understand(self, text: str, state: ConversationState | None = None,
                         issue_in_view: str | None = None) -> ParsedQuery:
        state = state or ConversationState()
        if input_problem(text):
            return self.embedded.parse(text, state, issue_in_view)  # never sent to the model
        try:
            raw = await self.llm.json_completion(self.system_prompt, user_prompt(text, state, issue_in_view))
            answer = LlmAnswer.model_validate(raw)
            calls = [self._ground(intent, state, issue_in_view, text) for intent in answer.intents]
        except (LlmError, ValidationError, ValueError):
            return self.embedded.parse(text, state, issue_in_view).model_copy(update={"fell_back": True})
        return ParsedQuery(text=text, intents=calls, parser="llm")

    def _ground(self, intent: LlmIntentBase, state: ConversationState, issue_in_view: str | None,
                text: str) -> IntentCall:
        keys = self.slots.keys(intent.issue_keys)
        if intent.name in NEEDS_KEY and not keys:
            keys = self.embedded.resolve_keys(text.lower(), state, issue_in_view, [])
            if not keys:
                return IntentCall(name="clarify", slots=Slots(reason="Which issue do you mean? Name it by its key."))
        slots = self.slots.slots(intent)
        call = IntentCall(name=intent.name, issue_keys=keys, slots=slots)
        if intent.name in ("search", "count"):
            call.jql = build_jql(slots, today=self.embedded.now().strftime("%Y/%m/%d"))
        return call


def system_prompt(lexicon: Lexicon) -> str:
    lines = ["You turn questions about a Jira instance into intents. Answer with one JSON object shaped like "
             "this, leaving out what the question does not say:",
             skeleton(LlmAnswer),
             "Split a question with several requests into several intents.",
             f"The value lists ({', '.join(VALUE_KINDS)}) hold the question's words for values of the kinds "
             "listed at the end; use only those values.",
             *(f"{name}: {hint}." for name, hint in SLOT_HINTS.items()),
             "", "Intents:"]
    for spec in INTENTS.values():
        uses = [slot for slot in spec.slots if slot in LLM_SLOTS]
        lines.append(f"- {spec.name}: {spec.description} Uses: {', '.join(uses) or 'nothing'}. "
                     f"Examples: {' | '.join(spec.examples)}")
    lines.append("")
    for kind, title in VOCABULARY_TITLES.items():
        terms = lexicon.of(kind)[:VOCABULARY_LIMIT]
        shown = [f"{t.value} ({t.label})" if kind == "project" else t.label for t in terms]
        lines.append(f"{title}: {', '.join(shown)}")
    return "\n".join(lines)


def user_prompt(text: str, state: ConversationState, issue_in_view: str | None) -> str:
    notes = []
    if state.active_keys:
        notes.append(f"Issues discussed so far, most recent first: {', '.join(state.active_keys[:5])}.")
    if state.last_results:
        notes.append(f"The last answer listed: {', '.join(state.last_results[:10])}.")
    if issue_in_view:
        notes.append(f"The user is looking at {issue_in_view}.")
    return "\n".join([*notes, f"Question: {text}"])
