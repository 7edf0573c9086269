"""The embedded parser: deterministic rules over the instance lexicon, no network, no LLM.

One question may hold several intents ("Who owns PROJ-12 and what blocks it?"); each part is
classified by ordered rules, its slots are grounded in values that exist in the instance, and
issue keys missing from a part come from the part before, the conversation, or the issue
open in the Jira sidebar.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime, timezone
from difflib import get_close_matches

from pydantic import BaseModel, Field

from jirakg.intents.grounding import Grounder
from jirakg.intents.jql_builder import CURRENT_USER, build_jql
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.models import IntentCall, ParsedQuery, Slots
from jirakg.intents.timewindows import parse_window
from jirakg.jql.keys import ISSUE_KEY_IN_QUESTION
from jirakg.text.words import unicode_words

MAX_CHARS = 2000
KEY_WORD = "issuekeyref"  # stands in for an issue key inside the text the rules read
NEEDS_KEY = {"metadata", "children", "linked", "dependencies", "changelog", "summary"}
SPLIT = re.compile(r"\?\s+(?=\S)|;\s+|\s+(?:and also|and then|also|and|then)\s+(?=(?:what|who|which|how|when|where|"
                   r"does|did|list|show|summari[sz]e|give|tell|find|count)\b)", re.IGNORECASE)
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
            "fifth": 5, "5th": 5, "last": -1}
SINGULAR = re.compile(r"\b(it|its|it's|the same)\b|\b(?:this|that)\s*[?.!]*$|\b(?:this|that|the) (?:issue|ticket|"
                      r"epic|story|task|bug|feature|initiative|one|sub-?task|risk)\b")
PLURAL = re.compile(r"\b(those|they|them|these|their|all of them)\b")
ORDINAL = re.compile(rf"\b(?:the )?({'|'.join(ORDINALS)}) (?:one|issue|ticket|item)\b|#(\d+)\b")

RULES: list[tuple[str, re.Pattern[str]]] = [
    ("help", re.compile(r"^\s*((can you )?help|what can you do|what do you do|how (do|can|should) i (use|ask)|commands)\b"
                        r"|\bwhat (kinds? of |sorts? of )?questions can i ask\b")),
    ("count", re.compile(r"\b(how many|number of|count)\b")),
    ("dependencies", re.compile(r"\b(transitive(ly)?|chain|deadlocks?|cycles?|circular|critical path|all (the )?"
                                r"blockers|everything (that )?(blocks|is blocking)|dependency (tree|graph)|"
                                r"recursive(ly)?|indirectly)\b")),
    ("changelog", re.compile(r"\b(history|changelog|change log|what (has |have )?changed|what's changed|who changed|"
                             r"when (was|did|were) .{0,40}\b(moved|changed|closed|resolved|reopened|assigned|"
                             r"reassigned|set|updated|transitioned|marked|put)|last changed|changes? (to|on|in)|"
                             r"who (moved|set|updated|resolved|closed|reopened|assigned|reassigned|edited)|"
                             r"transition(ed|s)?|moved to)\b")),
    ("summary", re.compile(r"\b(summari[sz]e|summary|overview|(?<!in )progress|status report|how far|how is .+ going|"
                           r"where does .+ stand|overall|"
                           r"how's .+ going|tl;?dr|brief me|catch me up|state of)\b")),
    ("linked", re.compile(r"\b(block(s|ed|ing|ers?)?|depends? on|dependent|duplicat\w*|relates? to|related|linked|"
                          r"links?|risks?)\b")),
    ("children", re.compile(r"\b(children|child|sub[- ]?tasks?|under|beneath|below|belong(s|ing)? to|contained in|"
                            r"inside|part of)\b")),
]
INTENT_WORDS = ["blocks", "blocked", "blocking", "blockers", "summarize", "summarise", "summary", "history",
                "changelog", "changed", "children", "subtasks", "sub-tasks", "depends", "duplicates", "duplicated",
                "deadlock", "transitively", "overview", "progress", "related", "linked", "assignee", "priority",
                "status", "reporter", "labels", "components"]
POINTS = re.compile(r"\b(story points?|points|estimate)\b")
SEARCH_WORDS = re.compile(r"\b(list|show|find|search|which|what|any|all|open|closed|unresolved|issues|bugs|tickets|"
                          r"stories|tasks|epics|items)\b")
KG_WORDS = re.compile(r"\b(born|birth|died|death|height|tall|married|spouse|wife|husband|wrote|written|author\w*|"
                      r"publish\w*|papers?|publications?|articles?|affiliat\w*|nationality|capital|population|"
                      r"founded|member of|co-?authors?|venue|journal|conference|homepage|orcid|university)\b")
JIRA_WORDS = re.compile(r"\b(issues?|tickets?|bugs?|epics?|stor(y|ies)|tasks?|sprints?|jira|assignee|blockers?|"
                        r"priority|status|backlog|release)\b")
FIELD_WORDS = [
    (re.compile(r"\b(who owns|owner|owns|assignee|assigned|who is working|working on it)\b"), "assignee"),
    (re.compile(r"\b(reporter|reported|who (raised|filed|opened|created))\b"), "reporter"),
    (re.compile(r"\b(due|deadline)\b"), "duedate"),
    (re.compile(r"\b(status|state)\b"), "status"),
    (re.compile(r"\bpriority\b"), "priority"),
    (re.compile(r"\b(labels?|tags?)\b"), "labels"),
    (re.compile(r"\bcomponents?\b"), "components"),
    (re.compile(r"\b(fix version|release|version)\b"), "fixVersions"),
    (re.compile(r"\b(resolution|resolved)\b"), "resolution"),
    (re.compile(r"\b(created|opened)\b"), "created"),
    (re.compile(r"\b(title|summary)\b"), "summary"),
    (re.compile(r"\bdescription\b"), "description"),
    (re.compile(r"\b(type|kind)\b"), "issuetype"),
]
CATEGORY_WORDS = [
    (re.compile(r"\b(open|unresolved|not done|not finished|unfinished|incomplete|outstanding|remaining|active|"
                r"pending|(?:nobody|no one) has (?:finished|closed|resolved|done))\b"), ["new", "indeterminate"]),
    (re.compile(r"\b(closed|done|resolved|finished|completed?)\b"), ["done"]),
    (re.compile(r"\b(in progress|ongoing|underway|being worked on)\b"), ["indeterminate"]),
    (re.compile(r"\b(to do|todo|not started)\b"), ["new"]),
]
STATE_PHRASES = {"in progress", "to do", "todo", "being worked on", "underway", "ongoing"}
GROUP_BY = re.compile(r"\b(?:per|by|for each|grouped by|broken down by) (status|assignee|person|priority|type|"
                      r"component|project|label)\b")
GROUP_FIELDS = {"status": "status", "assignee": "assignee", "person": "assignee", "priority": "priority",
                "type": "issuetype", "component": "components", "project": "project", "label": "labels"}
SEARCH_KINDS = {"type", "status", "priority", "person", "component", "label", "project", "version", "sprint"}
CURRENT_SPRINT = re.compile(r"\b(?:current|this|active|open) sprints?\b")
ME = re.compile(r"\b(my|mine|assigned to me|for me|i am|i'm|i have)\b")
ASSIGNED_TO = re.compile(r"\b(?:assigned to|owned by) ([a-z][a-z'.-]+(?: [a-z][a-z'.-]+)?)"
                         r"(?= (?:has|have|is|owns|works?)\b| in\b|$|[?.!])")
UNASSIGNED = re.compile(r"\b(unassigned|not assigned|nobody owns|no one owns|owned by (nobody|no one)|"
                        r"without an? (owner|assignee))\b")


PARSE_CACHE = 4096


class ConversationState(BaseModel):
    """What the parser needs from earlier turns."""

    active_keys: list[str] = Field(default_factory=list)  # most recent first
    last_results: list[str] = Field(default_factory=list)  # keys listed in the last answer, in order
    last_intent: str | None = None


class EmbeddedParser:
    def __init__(self, lexicon: Lexicon, *, now: Callable[[], datetime] = lambda: datetime.now(timezone.utc)) -> None:
        self.lexicon = lexicon
        self.grounder = Grounder(lexicon)
        self.projects = set(lexicon.project_keys)
        self.now = now
        self.known_words = {word for term in lexicon.terms for alias in term.aliases for word in alias.split()}
        self.points_field = next((t.value for t in lexicon.of("field") if "story point" in t.label.lower()), None)
        self._parsed: OrderedDict[tuple, ParsedQuery] = OrderedDict()

    def parse(self, text: str, history: ConversationState | None = None, context: dict | None = None) -> ParsedQuery:
        """Parses are remembered for the same text, history and context within the same minute (time
        windows are relative to now): people ask the same questions again, and parsing costs most of
        a cached turn."""
        state = history or ConversationState()
        key = (text, state.model_dump_json(), json.dumps(context, sort_keys=True, default=str),
               self.now().strftime("%Y%m%d%H%M"))
        if key in self._parsed:
            self._parsed.move_to_end(key)
            return self._parsed[key].model_copy(deep=True)
        parsed = self._parse(text, state, context)
        self._parsed[key] = parsed.model_copy(deep=True)
        if len(self._parsed) > PARSE_CACHE:
            self._parsed.popitem(last=False)
        return parsed

    def _parse(self, text: str, state: ConversationState, context: dict | None) -> ParsedQuery:
        problem = input_problem(text)
        if problem:
            return ParsedQuery(text=text, intents=[_call_clarify(problem)])
        stripped = text.strip()
        calls: list[IntentCall] = []
        carried: list[str] = []
        for part in [p for p in SPLIT.split(stripped) if p and p.strip()]:
            call = self._part(part.strip(), state, context or {}, carried)
            previous = calls[-1] if calls else None
            if (previous and previous.name == call.name == "metadata" and previous.issue_keys == call.issue_keys):
                # "When is MOB-3 due and what is its priority": one question about two fields.
                previous.slots.fields = list(dict.fromkeys(previous.slots.fields + call.slots.fields))
            else:
                calls.append(call)
            carried = call.issue_keys or carried
        return ParsedQuery(text=text, intents=calls)

    # --- one part ------------------------------------------------------------------------

    def _part(self, part: str, state: ConversationState, context: dict, carried: list[str]) -> IntentCall:
        keys, unknown = self._keys(part)
        # Keys become a placeholder so that their project part is not read as a filter ("PROJ" in PROJ-12).
        lowered = " ".join(ISSUE_KEY_IN_QUESTION.sub(f" {KEY_WORD} ", part).lower().split())
        if unknown and not keys:
            return _call_clarify(f"There is no project {unknown[0].split('-')[0]} in this Jira; "
                                 f"known projects are {', '.join(sorted(self.projects))}.")
        refers = SINGULAR.search(lowered) or PLURAL.search(lowered) or ORDINAL.search(lowered)
        # In the Jira sidebar a question without filters is about the open issue ("what is the priority?").
        in_sidebar = bool(context.get("issue_key")) and not self._filters_present(lowered)
        name = self._classify(lowered, bool(keys or refers or in_sidebar), state)
        if name in NEEDS_KEY and not keys:
            keys = self.resolve_keys(lowered, state, context, carried)
            if not keys:
                return _call_clarify("Which issue do you mean? Name it by its key, for example "
                                     f"{sorted(self.projects)[0] if self.projects else 'PROJ'}-12.")
        slots = self._slots(name, lowered)
        person = ASSIGNED_TO.search(lowered)
        if name in ("search", "count") and person and not slots.assignees and not slots.unassigned:
            return _call_clarify(f"I do not know anyone called {person.group(1).strip().title()} in this Jira; "
                                 "use the name as Jira shows it.")
        call = IntentCall(name=name, issue_keys=keys, slots=slots)
        if name in ("search", "count"):
            call.jql = build_jql(slots)
            if name == "search" and not call.jql and not re.search(r"\ball (the )?(issues|tickets)\b", lowered):
                return _call_clarify("Which issues do you mean? Name a project, type, status, person or component.")
        return call

    def _keys(self, part: str) -> tuple[list[str], list[str]]:
        found, unknown = [], []
        for project, number in ISSUE_KEY_IN_QUESTION.findall(part):
            key = f"{project.upper()}-{number}"
            if project.upper() in self.projects:
                if key not in found:
                    found.append(key)
            elif project.isupper() or project.upper() != project:
                unknown.append(key)
        # Words such as "covid-19" are not keys; only keys whose project exists count.
        return found, [k for k in unknown if k.split("-")[0].isupper() and len(k.split("-")[0]) >= 2]

    def _classify(self, lowered: str, about_an_issue: bool, state: ConversationState) -> str:
        lowered = self._corrected(lowered)
        if (not about_an_issue and KG_WORDS.search(lowered) and not JIRA_WORDS.search(lowered)
                and not self._filters_present(lowered)):
            return "kg_question"  # "how many papers has X published?" is about the knowledge graph
        if about_an_issue and POINTS.search(lowered):
            return "metadata"  # "how many story points is WEB-4?" asks a field, not a count
        for name, pattern in RULES:
            if pattern.search(lowered):
                if name in ("linked", "children") and not about_an_issue:
                    continue  # "open blocker bugs" is a search, not a link question
                return name
        if about_an_issue and any(m.score == 1.0 for m in self.grounder.scan(lowered, {"link"})):
            return "linked"  # the instance's own link verbs ("supersedes", "is risk for")
        if about_an_issue and not self._filters_present(lowered, kinds=SEARCH_KINDS - {"status"}, with_categories=False):
            return "metadata"  # "is it done?" asks for a status, not for a search
        if not JIRA_WORDS.search(lowered) and (KG_WORDS.search(lowered) or state.last_intent == "kg_question"):
            return "kg_question"
        if self._filters_present(lowered) or SEARCH_WORDS.search(lowered):
            return "search"
        if about_an_issue:
            return "metadata"
        return "clarify"

    def _corrected(self, lowered: str) -> str:
        """Fix misspelt intent words ("blokcs", "sumarize") so the rules can see them; the
        instance's own words ("supersedes") are never "corrected"."""
        words = lowered.split()
        for n, word in enumerate(words):
            bare = word.strip("?.!,;:")
            if len(bare) >= 5 and bare not in INTENT_WORDS and bare not in self.known_words:
                # Same first letter, as misspellings keep it: "story" must not become "history".
                close = [w for w in get_close_matches(bare, INTENT_WORDS, n=3, cutoff=0.8) if w[0] == bare[0]]
                if close:
                    words[n] = close[0]
        return " ".join(words)

    def _filters_present(self, lowered: str, kinds: set[str] = SEARCH_KINDS, with_categories: bool = True) -> bool:
        return bool(self.grounder.scan(lowered, kinds)
                    or (with_categories and any(p.search(lowered) for p, _ in CATEGORY_WORDS))
                    or parse_window(lowered, self.now(), self.lexicon.sprints))

    def resolve_keys(self, lowered: str, state: ConversationState, context: dict, carried: list[str]) -> list[str]:
        """The issues a question without keys refers to: an ordinal or pronoun over the conversation,
        the part before it, or the issue open in the sidebar."""
        ordinal = ORDINAL.search(lowered)
        # "The second one" counts in the last answer's list, else in the order issues were mentioned.
        listed = state.last_results or list(reversed(state.active_keys))
        if ordinal and listed:
            position = ORDINALS.get(ordinal.group(1) or "", 0) or int(ordinal.group(2) or 0)
            index = position - 1 if position > 0 else len(listed) + position
            if 0 <= index < len(listed):
                return [listed[index]]
        if PLURAL.search(lowered) and state.last_results:
            return list(state.last_results)
        if carried:
            return list(carried)
        if state.active_keys and (SINGULAR.search(lowered) or not context.get("issue_key")):
            return state.active_keys[:1]
        if context.get("issue_key"):
            return [str(context["issue_key"]).upper()]
        return []

    # --- slots -----------------------------------------------------------------------------

    def _slots(self, name: str, lowered: str) -> Slots:
        slots = Slots()
        if name in ("metadata", "changelog"):
            slots.fields = self._fields(lowered, default=name == "metadata")
        if name == "changelog":
            slots.window = parse_window(lowered, self.now(), self.lexicon.sprints)
        if name in ("search", "count"):
            # In a search, "the current sprint" is sprint membership, not a time window.
            slots.window = parse_window(CURRENT_SPRINT.sub(" ", lowered), self.now(), self.lexicon.sprints)
        if name in ("linked", "dependencies"):
            slots.link_type = self._link_type(lowered, transitive=name == "dependencies")
        if name in ("children", "search", "count"):
            self._filters(lowered, slots, with_people=name != "children")
        if name == "count":
            group = GROUP_BY.search(lowered)
            slots.group_by = GROUP_FIELDS[group.group(1)] if group else None
        if name == "kg_question":
            slots.text = lowered
        return slots

    def _fields(self, lowered: str, default: bool) -> list[str]:
        fields = [field for pattern, field in FIELD_WORDS if pattern.search(lowered)]
        if self.points_field and POINTS.search(lowered):
            fields.append(self.points_field)
        for match in self.grounder.scan(lowered, {"field"}):
            if match.score == 1.0 and match.term.value.startswith("customfield_") and match.term.value not in fields:
                fields.append(match.term.value)
        if not fields and default:
            fields = ["summary", "status", "assignee", "priority"]
        return list(dict.fromkeys(fields))

    def _link_type(self, lowered: str, transitive: bool) -> str | None:
        named = [m for m in self.grounder.scan(lowered, {"link"}) if m.score >= 0.9]
        if named and named[0].term.value not in ("blocks", "is blocked by"):
            return named[0].term.value  # the instance's own verbs: "depends on", "supersedes"
        if re.search(rf"\bblocked by (it|this|that|{KEY_WORD})\b|\bdoes .+ block\b|\bdepends on (it|this|that|{KEY_WORD})\b"
                     r"|\bwhat depends on\b", lowered):
            return "blocks"
        if re.search(r"\bblock|\bdepend|\bdeadlock|\bcritical path|\bchain|\bcycle", lowered):
            return "is blocked by"
        if re.search(rf"\bduplicates of\b|\bduplicated by\b|\bduplicates? (of )?(it|this|that|{KEY_WORD})", lowered):
            return "is duplicated by"
        if re.search(r"\bduplicat", lowered):
            return "duplicates"
        if re.search(r"\brisks?\b", lowered):
            return next((t.value for t in self.lexicon.of("link") if t.value.startswith("has risk")), None)
        if re.search(r"\brelate", lowered):
            return "relates to"
        matches = self.grounder.scan(lowered, {"link"})
        return matches[0].term.value if matches else ("is blocked by" if transitive else None)

    def _filters(self, lowered: str, slots: Slots, with_people: bool) -> None:
        statuses = {alias for term in self.lexicon.of("status") for alias in term.aliases}
        for pattern, categories in CATEGORY_WORDS:
            match = pattern.search(lowered)
            # A workflow state the instance names exactly ("In Progress") is more precise than its
            # category; "open" or "closed" still mean the category, whatever the statuses are called.
            if match and not (match.group(0) in STATE_PHRASES and unicode_words(match.group(0)) in statuses):
                slots.status_categories = categories
                # The category words are used up: "not done" must not also name the status Done.
                lowered = lowered[:match.start()] + " " + lowered[match.end():]
                break
        if with_people and UNASSIGNED.search(lowered):
            slots.unassigned = True
            lowered = UNASSIGNED.sub(" ", lowered)
        if CURRENT_SPRINT.search(lowered):
            slots.open_sprints = True
            lowered = CURRENT_SPRINT.sub(" ", lowered)
        kinds = SEARCH_KINDS - ({"person"} if not with_people else set())
        for match in self._prefer_hinted(self.grounder.scan(lowered, kinds), lowered):
            value = match.term.value
            target = {"type": None, "status": slots.statuses, "priority": slots.priorities,
                      "component": slots.components, "label": slots.labels, "project": slots.projects,
                      "person": slots.assignees, "version": slots.fix_versions, "sprint": slots.sprints}[match.term.kind]
            if match.term.kind == "type":
                slots.issue_type = slots.issue_type or value
            elif value not in target:
                target.append(value)
        if slots.statuses:
            slots.status_categories = []  # a named status is more precise than a category word
        if with_people and ME.search(lowered) and not slots.assignees:
            slots.assignees = [CURRENT_USER]
        about = re.search(r"\b(?:about|mentioning|containing|regarding|with the words?|matching)\s+(.+)$", lowered)
        if about:
            slots.text = unicode_words(about.group(1))

    @staticmethod
    def _prefer_hinted(matches: list, lowered: str) -> list:
        """The same words may name a label and a component ("security"): a hint decides, else the label."""
        by_span: dict[tuple[int, int], list] = {}
        for match in matches:
            by_span.setdefault((match.start, match.end), []).append(match)
        kept = []
        for group in by_span.values():
            kinds = {m.term.kind for m in group}
            if {"label", "component"} <= kinds:
                wanted = "component" if re.search(r"\bcomponents?\b", lowered) else "label"
                group = [m for m in group if m.term.kind not in ({"label", "component"} - {wanted})]
            kept += group
        return kept


def _call_clarify(reason: str) -> IntentCall:
    return IntentCall(name="clarify", slots=Slots(reason=reason))


def input_problem(text: str) -> str | None:
    """Why a text cannot be a question at all, or None."""
    stripped = text.strip()
    if not stripped:
        return "The question is empty; ask about an issue, for example 'What blocks PROJ-12?'."
    if len(stripped) > MAX_CHARS:
        return f"The question is longer than {MAX_CHARS} characters; ask one thing at a time."
    if not re.search(r"[A-Za-z0-9]", stripped):
        return "There are no words in the question to understand."
    return None
