"""The grounding check of a model's wording of Jira data, fact by fact: every issue key it cites
was retrieved; every person, status, priority and issue type it names is that field's value on the
issue it is stated about (the nearest key in the sentence, else any retrieved issue); a field it
calls unset is unset there; every date is one of the data's dates; every number (digits or words,
never a key's digits) is a count, a field's value or a number the data holds."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from jirakg.answer.claims import Stated, dates, keys, numbers, numbers_in
from jirakg.answer.templated import shown
from jirakg.graph.node import Node
from jirakg.intents.lexicon import Lexicon
from jirakg.retrieval.facts import ChainFacts, ChangeFacts, FactsBase

# The lexicon kinds checked, and the Jira fields whose value each is.
KINDS = {"person": ("assignee", "reporter", "creator"), "status": ("status",), "priority": ("priority",),
         "type": ("issuetype",)}
# Words just before a person that say which of the person fields the sentence is about.
ROLES = [(re.compile(r"\b(?:assigned to|owned by|assignee(?: is)?|owner(?: is)?|with)\W*$", re.IGNORECASE),
          "assignee"),
         (re.compile(r"\b(?:reported by|reporter(?: is)?|raised by|filed by)\W*$", re.IGNORECASE), "reporter")]
ROLE_AFTER = [(re.compile(r"^\W*(?:owns|is assigned|is working on|works on)\b", re.IGNORECASE), "assignee"),
              (re.compile(r"^\W*(?:reported|raised|filed)\b", re.IGNORECASE), "reporter")]
DATE_FIELDS = ("created", "updated", "duedate", "resolutiondate")
# Words that say a field is empty, and the field they are about.
UNSET = [(re.compile(r"\b(?:unassigned|not assigned|no assignee|nobody|no one)\b", re.IGNORECASE), "assignee"),
         (re.compile(r"\b(?:assignee|owner)\b[^.;]{0,20}?\b(?:not set|empty|none)\b", re.IGNORECASE), "assignee"),
         (re.compile(r"\bno due date\b|\bdue date\b[^.;]{0,20}?\b(?:not set|empty|none)\b", re.IGNORECASE),
          "duedate"),
         (re.compile(r"\bno priority\b|\bpriority\b[^.;]{0,20}?\b(?:not set|empty|none)\b", re.IGNORECASE),
          "priority")]
# Words just before a date that say which date field it is.
DATE_CUES = [(re.compile(r"\bdue\b[^.;,]{0,12}$", re.IGNORECASE), "duedate"),
             (re.compile(r"\b(?:created|opened|raised)\b[^.;,]{0,12}$", re.IGNORECASE), "created"),
             (re.compile(r"\bresolved\b[^.;,]{0,12}$", re.IGNORECASE), "resolutiondate")]
SENTENCE = re.compile(r"[^.!?;\n]+(?:[.!?;]+|$)")


@dataclass
class IssueValues:
    values: dict[str, set[str]] = field(default_factory=dict)  # lexicon kind or person field → lower-cased names
    unset: set[str] = field(default_factory=set)  # Jira fields without a value


@dataclass
class Evidence:
    issues: dict[str, IssueValues]
    anywhere: dict[str, set[str]]  # kind → names the data holds outside issue fields (changelog)
    dates: set[date]
    numbers: set[float]


class FactChecker:
    def __init__(self, lexicon: Lexicon) -> None:
        # Longest names first, so "In Progress" is read before "Progress" could be.
        self.names = sorted(((t.label, kind) for kind in KINDS for t in lexicon.of(kind) if t.label),
                            key=lambda pair: -len(pair[0]))

    def first_wrong(self, text: str, evidence: Evidence) -> str | None:
        """The first fact `text` states that the evidence contradicts or does not hold, or None."""
        for key in keys(text):
            if key.value not in evidence.issues:
                return f"cites {key.value}, which is not in the retrieved data"
        for sentence in SENTENCE.finditer(text):
            problem = self._sentence(sentence.group(0), evidence)
            if problem:
                return problem
        for stated in dates(text):
            if stated.value not in evidence.dates:
                return f"states the date {stated.value}, which the data does not give"
        for stated in numbers(text):
            if stated.value not in evidence.numbers:
                return f"states the number {text[stated.start:stated.end]}, which the data does not give"
        return None

    def _sentence(self, sentence: str, evidence: Evidence) -> str | None:
        cited = keys(sentence)
        for name, kind, start, end in self._mentions(sentence):
            about = _about(cited, start, evidence)
            role = _role(sentence[:start], sentence[end:]) if kind == "person" else None
            held = set().union(*(evidence.issues[k].values.get(role or kind, set()) for k in about))
            if not role:
                held |= evidence.anywhere.get(kind, set())
            if name.lower() not in held:
                where = f" of {', '.join(about)}" if len(about) <= 3 else ""
                return f"names {name!r} as the {role or kind}{where}, which the retrieved data does not say"
        for stated in dates(sentence):
            field_id = next((f for pattern, f in DATE_CUES if pattern.search(sentence[:stated.start])), None)
            about = _about(cited, stated.start, evidence)
            if field_id and about and not any(str(stated.value) in evidence.issues[k].values.get(field_id, set())
                                              for k in about):
                return f"states {stated.value} as the {field_id} of {', '.join(about[:3])}, which it is not"
        for pattern, field_id in UNSET:
            for match in pattern.finditer(sentence):
                about = _about(cited, match.start(), evidence)
                if about and not any(field_id in evidence.issues[k].unset for k in about):
                    return f"says the {field_id} of {', '.join(about[:3])} is not set, but it is"
        return None

    def _mentions(self, sentence: str) -> list[tuple[str, str, int, int]]:
        """(name, kind, start, end) of each vocabulary name in the sentence, longest first, no overlaps."""
        found: list[tuple[str, str, int, int]] = []
        taken: list[tuple[int, int]] = []
        for name, kind in self.names:
            # As written: "done", "high" and "story points" are everyday words, "Done" and "Story" values.
            for match in re.finditer(rf"(?<![\w-]){re.escape(name)}s?(?![\w-])", sentence):
                if not any(s < match.end() and match.start() < e for s, e in taken):
                    taken.append((match.start(), match.end()))
                    found.append((name, kind, match.start(), match.end()))
        return found


def _role(before: str, after: str) -> str | None:
    """The person field the words around a name point at ("assigned to X", "X reported it"), or None."""
    return next((role for pattern, role in ROLES if pattern.search(before)), None) or next(
        (role for pattern, role in ROLE_AFTER if pattern.search(after)), None)


def _about(cited: list[Stated], position: int, evidence: Evidence) -> list[str]:
    """The issues a fact at `position` is stated about: the nearest key before it in the sentence,
    else the first after it, else every retrieved issue."""
    before = [k for k in cited if k.start < position and k.value in evidence.issues]
    after = [k for k in cited if k.start > position and k.value in evidence.issues]
    if before or after:
        return [str((before[-1] if before else after[0]).value)]
    return list(evidence.issues)


def evidence_of(retrieved: FactsBase, also: str = "") -> Evidence:
    """What the retrieved facts hold, typed; `also`: text the answer may repeat (the templated answer)."""
    subject = getattr(retrieved, "subject", None)
    nodes = [*([subject] if subject is not None else []), *retrieved.nodes]
    issues = {node.key: _values(node) for node in nodes}
    anywhere: dict[str, set[str]] = {}
    found_dates = {d for node in nodes for d in _node_dates(node)}
    found_numbers = {float(len(retrieved.nodes))} | {n for node in nodes for n in _node_numbers(node)}
    if isinstance(retrieved, ChangeFacts):
        for entry in retrieved.changes:
            found_dates.add(entry.created.date())
            anywhere.setdefault("person", set()).add((entry.author or "").lower())
            for item in entry.items:
                for value in (item.from_string, item.to_string):
                    for kind in ("person", "status", "priority", "type"):
                        anywhere.setdefault(kind, set()).add((value or "").lower())
                    found_numbers |= numbers_in(value)
        found_numbers.add(float(len(retrieved.changes)))
    if isinstance(retrieved, ChainFacts):
        issues |= {key: IssueValues() for layer in retrieved.layers for key in layer if key not in issues}
        found_numbers |= {float(len(retrieved.layers)), float(len(retrieved.cycles)),
                          float(sum(len(layer) for layer in retrieved.layers))}
        found_numbers |= {float(len(layer)) for layer in retrieved.layers}
    found_numbers |= numbers_in(also) | numbers_in(retrieved.plan.jql or "")
    found_dates |= {s.value for s in dates(also) if isinstance(s.value, date)}
    return Evidence(issues=issues, anywhere=anywhere, dates=found_dates, numbers=found_numbers)


def _values(node: Node) -> IssueValues:
    values: dict[str, set[str]] = {}
    unset = {name for name in ("assignee", "duedate", "priority") if not node.fields.get(name)}
    for name in DATE_FIELDS:
        value = node.fields.get(name)
        if isinstance(value, str) and len(value) >= 10:
            values[name] = {value[:10]}
    for kind, fields in KINDS.items():
        for name in fields:
            value = {"status": node.status, "issuetype": node.type}.get(name) or node.fields.get(name)
            if isinstance(value, dict):
                value = value.get("displayName") or value.get("name")
            if value:
                values.setdefault(kind, set()).add(str(value).lower())
                values.setdefault(name, set()).add(str(value).lower())  # by field too: "assigned to X"
    return IssueValues(values=values, unset=unset)


def _node_dates(node: Node) -> set[date]:
    found = {node.updated.date()} if node.updated is not None else set()
    for name in DATE_FIELDS:
        value = node.fields.get(name)
        if isinstance(value, str) and len(value) >= 10:
            try:  # the date part: Jira writes offsets as "+0000", which fromisoformat does not read
                found.add(date.fromisoformat(value[:10]))
            except ValueError:
                continue
    return found


def _node_numbers(node: Node) -> set[float]:
    found = numbers_in(node.summary) | ({float(len(node.children))} if node.children else set())
    for name, value in node.fields.items():
        if name not in DATE_FIELDS:
            found |= numbers_in(value) | numbers_in(shown(value))
            if isinstance(value, list):
                found.add(float(len(value)))
    return found
