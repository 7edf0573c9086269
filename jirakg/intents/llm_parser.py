"""The LLM parser: an OpenAI-compatible model reads the question, held to a JSON schema generated
from `Slots` (one branch per intent), prompted from the intent map and the instance's values closest
to the question; its answer is grounded in values that exist and turned into JQL by our own builder.
The embedded parse is used instead, with the reason recorded, when the model fails or times out,
when its parse would widen the question (its values all dropped, an issue key the question names
lost, a search without the conditions the question has), and for intents the routing keeps embedded.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import ValidationError

from jirakg.intents.embedded import NEEDS_KEY, EmbeddedParser, input_problem
from jirakg.intents.jql_builder import MINUTE, build_jql
from jirakg.intents.llm_grounding import Grounded, SlotGrounder
from jirakg.intents.llm_routing import LlmRouting
from jirakg.intents.llm_schema import (
    LLM_SLOTS,
    VALUE_KINDS,
    LlmAnswer,
    LlmIntentBase,
    reply_max_tokens,
    reply_schema,
    skeleton,
)
from jirakg.intents.llm_vocabulary import Vocabulary
from jirakg.intents.models import ConversationState, IntentCall, ParsedQuery, Slots
from jirakg.intents.registry import INTENTS
from jirakg.jql.keys import ISSUE_KEY_IN_QUESTION
from jirakg.llm import LlmClient, LlmError

# What each slot that is not a plain value list means; the value lists are explained together.
SLOT_HINTS = {
    "excluded": "the same value lists, for values the question rules out (\"not bugs\", \"except Done\")",
    "empty": "fields the question wants unset (\"unassigned\", \"no fix version\", \"unresolved\")",
    "filled": "fields the question wants set (\"has a due date\", \"resolved\")",
    "dates": "a time on a date field: the field and the words that give the time (\"created last week\")",
    "overdue": "due before today and not resolved",
    "every_label": "the labels named each describe the issues, all of them (\"customer-reported regressions\")",
    "every_sprint": "true when the issues were in each sprint named, not any (\"in both Sprint 51 and Sprint 52\")",
    "sprint_state": "\"in the current sprint\" is open",
    "sprint_state_excluded": "true when the issues are outside that sprint state (\"not in the current sprint\")",
    "carried_over": "true for work carried over: in a running sprint and in a closed one (\"rolled over\")",
    "links": "issues linked to an issue key (key and link words), or with a kind of link (link words alone)",
    "parents": "issue keys whose children are wanted",
    "descendants_of": "issue keys whose whole subtree, at any depth, is wanted",
    "was_statuses": "statuses the issues had at some point (\"was blocked at some point\")",
    "version_state": "\"unreleased\" for work planned for releases not shipped yet, \"released\" for shipped ones",
    "numbers": "a number field compared with a value (\"8 story points or more\": the field's name, >=, 8)",
    "text": "words to search for in the issues, or the whole knowledge-graph question",
    "text_field": "\"summary\" when the words are to be found in the title only, \"description\" in the "
                  "description only, \"environment\" in the environment field only, \"comment\" in the comments only, "
                  "else \"text\"",
    "order_by": "JQL sort fields, such as \"priority DESC\" or \"created ASC\"",
    "fields": "the fields asked about, in the question's words",
    "link_type": "the link words asked about, such as \"is blocked by\"",
    "window": "changelog: the words that say when the changes happened, such as \"last week\"",
    "measure": "team questions: how the issues are aggregated: group_by (status, issuetype, priority, assignee, "
               "reporter, components, fixVersions, labels, sprint, project, created_month), metric, direction, "
               "top, statistic, period, detail",
}


class Reading(NamedTuple):
    call: IntentCall
    grounded: Grounded | None  # None: the intent was turned into a question back


class LlmParser:
    def __init__(self, llm: LlmClient, embedded: EmbeddedParser, routing: LlmRouting | None = None) -> None:
        self.llm = llm
        self.embedded = embedded
        self.routing = routing
        self.slots = SlotGrounder(embedded.grounder, embedded.lexicon, embedded.now)
        self.vocabulary = Vocabulary(embedded.lexicon, embedded.grounder)
        self.system_prompt = system_prompt()
        slots = {name: [s for s in spec.slots if s in LLM_SLOTS] for name, spec in INTENTS.items()}
        self.schema, self.lean_schema = reply_schema(slots), reply_schema(slots, lean=True)
        self.max_tokens = reply_max_tokens(self.schema)

    async def understand(self, text: str, state: ConversationState | None = None,
                         issue_in_view: str | None = None) -> ParsedQuery:
        state = state or ConversationState()
        embedded = self.embedded.parse(text, state, issue_in_view)  # milliseconds: the fallback and the yardstick
        if input_problem(text):
            return embedded  # never sent to the model
        kept = [c.name for c in embedded.intents if self.routing is not None and not self.routing.uses_llm(c.name)]
        if kept:
            return _instead(embedded, f"llm routing keeps the embedded parse for {', '.join(dict.fromkeys(kept))}")
        user = user_prompt(text, state, issue_in_view, self.vocabulary.for_question(text))
        try:
            answer = await self.llm.complete("parse", self.system_prompt, user, LlmAnswer, self.schema,
                                             self.max_tokens, lean=self.lean_schema)
            readings = [self._ground(intent, state, issue_in_view, text) for intent in answer.intents]
        except LlmError as exc:
            return _instead(embedded, f"llm failed: {exc}")
        except (ValidationError, ValueError) as exc:
            return _instead(embedded, f"llm parse does not fit: {exc}")
        problem = self._widens(text, readings, embedded)
        if problem:
            return _instead(embedded, f"llm parse not used: {problem}")
        return ParsedQuery(text=text, intents=[r.call for r in readings], parser="llm")

    def _ground(self, intent: LlmIntentBase, state: ConversationState, issue_in_view: str | None,
                text: str) -> Reading:
        keys = self.slots.keys(intent.issue_keys)
        if intent.name in NEEDS_KEY and not keys:
            keys = self.embedded.resolve_keys(text.lower(), state, issue_in_view, [])
            if not keys:
                return Reading(IntentCall(name="clarify", slots=Slots(
                    reason="Which issue do you mean? Name it by its key.")), None)
        grounded = self.slots.grounded(intent)
        call = IntentCall(name=intent.name, issue_keys=keys, slots=grounded.slots)
        if intent.name in ("search", "count"):
            call.jql = build_jql(grounded.slots, now=self.embedded.now().strftime(MINUTE))
        return Reading(call, grounded)

    def _widens(self, text: str, readings: list[Reading], embedded: ParsedQuery) -> str | None:
        """Why the model's parse would answer over more than the question asks, or None."""
        named = self.slots.keys(match.group(0) for match in ISSUE_KEY_IN_QUESTION.finditer(text))
        used = {key for r in readings for key in _keys_of(r.call)}
        lost = [key for key in named if key not in used]
        if lost:
            return f"it lost {', '.join(lost)}, which the question names"
        for call, grounded in readings:
            if grounded is not None and grounded.given and len(grounded.dropped) == grounded.given:
                return f"none of the values it named exist ({', '.join(grounded.dropped)})"
            theirs = next((c.jql for c in embedded.intents if c.name == call.name and _conditions(c.jql)), None)
            if call.name in ("search", "count") and not _conditions(call.jql) and theirs:
                return f"its {call.name} has no conditions where the question has some ({theirs})"
        return None


def _instead(embedded: ParsedQuery, reason: str) -> ParsedQuery:
    return embedded.model_copy(update={"fallback_reason": reason})


def _keys_of(call: IntentCall) -> list[str]:
    slots = call.slots
    return [*call.issue_keys, *slots.parents, *slots.descendants_of, *(link.key for link in slots.links if link.key)]


def _conditions(jql: str | None) -> str:
    """The JQL without its ORDER BY: empty when it selects every issue."""
    return (jql or "").split(" ORDER BY ")[0].strip()


def system_prompt() -> str:
    """The same for every question (a server can reuse its computation); the vocabulary goes with the question."""
    lines = ["You turn questions about a Jira instance into intents. Answer with one JSON object shaped like "
             "this; a slot the question does not fill stays empty:",
             skeleton(LlmAnswer),
             "Split a question with several requests into several intents.",
             f"The value lists ({', '.join(VALUE_KINDS)}) hold the question's words for values of the kinds "
             "the question lists with it (the values closest to its words); write a value as listed, or the "
             "question's own words when none is listed.",
             *(f"{name}: {hint}." for name, hint in SLOT_HINTS.items()),
             "", "Intents:"]
    for spec in INTENTS.values():
        uses = [slot for slot in spec.slots if slot in LLM_SLOTS]
        lines.append(f"- {spec.name}: {spec.description} Uses: {', '.join(uses) or 'nothing'}. "
                     f"Examples: {' | '.join(spec.examples)}")
    return "\n".join(lines)


def user_prompt(text: str, state: ConversationState, issue_in_view: str | None, vocabulary: str) -> str:
    notes = [vocabulary, ""]
    if state.active_keys:
        notes.append(f"Issues discussed so far, most recent first: {', '.join(state.active_keys[:5])}.")
    if state.last_results:
        notes.append(f"The last answer listed: {', '.join(state.last_results[:10])}.")
    if issue_in_view:
        notes.append(f"The user is looking at {issue_in_view}.")
    return "\n".join([*notes, f"Question: {text}"])
