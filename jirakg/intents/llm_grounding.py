"""A model's words for an intent's slots → `Slots` holding only values that exist: each value list
grounded in the lexicon kind it holds, issue keys checked against the instance's projects, times
read from their phrases by our own parser, and ORDER BY rebuilt from the fields it names."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, NamedTuple

from jirakg.intents.grounding import Grounder
from jirakg.intents.jql_builder import CURRENT_USER, valid_key
from jirakg.intents.lexicon import Lexicon
from jirakg.intents.llm_schema import VALUE_KINDS, LlmIntentBase
from jirakg.intents.models import DateRange, LinkFilter, Measure, NumberFilter, Slots, TimeWindow, ValueFilters
from jirakg.intents.team_questions import GROUP_WORDS, SPRINT
from jirakg.intents.timewindows import parse_window

ASKER_WORDS = {"me", "myself", "i", "currentuser()", "current user"}  # "assigned to me"
GROUP_FIELDS = set(GROUP_WORDS.values()) - {SPRINT}
ORDERABLE_FIELDS = {"priority", "created", "updated", "key", "status", "duedate", "resolutiondate", "assignee",
                    "reporter", "issuetype", "project", "resolution"}
SORT_KEY = re.compile(r"\s*([a-z]+)(?:\s+(asc|desc))?\s*", re.IGNORECASE)


class Grounded(NamedTuple):
    slots: Slots
    given: int  # the values the model named (words for values, keys, fields)
    dropped: list[str]  # the ones that exist nowhere in the instance


class SlotGrounder:
    def __init__(self, grounder: Grounder, lexicon: Lexicon, now: Callable[[], datetime]) -> None:
        self.grounder = grounder
        self.lexicon = lexicon
        self.now = now

    def slots(self, intent: LlmIntentBase) -> Slots:
        return self.grounded(intent).slots

    def grounded(self, intent: LlmIntentBase) -> Grounded:
        """The slots, and what of the model's values did not exist: kept in `Slots.ignored` so that
        the answer says they were not used, never silently widening the search."""
        given = dict(intent)  # the slot fields are generated from `Slots`, so they are read by name
        named = _Named()
        window = self._window(given["window"])
        dates = [date for date in map(self._date, given["dates"]) if date is not None]
        if window is not None and intent.name != "changelog":
            dates.append(DateRange(field="updated", **window.model_dump()))  # a search's "lately"
            window = None
        slots = Slots(
            **self._values(given, named), excluded=ValueFilters(**self._values(dict(given["excluded"]), named)),
            empty=_unique(given["empty"]), filled=_unique(given["filled"]), dates=dates,
            overdue=given["overdue"], every_label=given["every_label"], every_sprint=given["every_sprint"],
            sprint_state=given["sprint_state"],
            sprint_state_excluded=given["sprint_state_excluded"], carried_over=given["carried_over"],
            links=self._links(given["links"], named),
            parents=self._keys(given["parents"], named), text=(given["text"] or "").strip() or None,
            text_field=given["text_field"],
            order_by=order_by(given["order_by"]), fields=self._many("field", given["fields"], named),
            link_type=self._link(given["link_type"], named), window=window,
            measure=self._measure(given["measure"]),
            was_statuses=self._many("status", given["was_statuses"], named), version_state=given["version_state"],
            numbers=self._numbers(given["numbers"], named), descendants_of=self._keys(given["descendants_of"], named))
        slots.ignored = _unique(named.dropped)
        return Grounded(slots, named.given, slots.ignored)

    def _measure(self, measure: Measure | None) -> Measure | None:
        """Group fields the instance has; a subset the model wrote as JQL is not trusted (the embedded
        parser's share is used instead), and the points and sprint fields are the instance's own."""
        if measure is None:
            return None
        fields = {t.label.lower(): t.value for t in self.lexicon.of("field")}
        grouped = [GROUP_WORDS.get(f.lower(), f) for f in measure.group_by]
        return measure.model_copy(update={
            "group_by": [fields.get("sprint") if f == SPRINT else f for f in grouped
                         if f in GROUP_FIELDS or (f == SPRINT and "sprint" in fields)][:2],
            "subset_jql": None, "actor": None,
            "points_field": points.value if (points := self.lexicon.points_field()) else None,
            "sprint_field": fields.get("sprint")})

    def _numbers(self, numbers: list[Any], named: _Named) -> list[NumberFilter]:
        """Comparisons on number fields the instance has, named as JQL takes them."""
        grounded = []
        for number in numbers:
            field_id = self._one("field", number.field)
            points = field_id is None and "point" in number.field.lower()  # "story points": the instance's points field
            field = next((t.label for t in self.lexicon.of("field")
                          if t.value == field_id or (points and "story point" in t.label.lower())), None)
            # an unknown field would break the query, not narrow it
            if named.kept(number.field, field is not None) and field is not None:
                grounded.append(NumberFilter(field=field, operator=number.operator, value=number.value))
        return grounded

    def keys(self, words: Iterable[str]) -> list[str]:
        """The words that are issue keys of the instance's projects, upper-cased."""
        projects = set(self.lexicon.project_keys)
        return _unique(word.upper() for word in words if valid_key(word.upper(), projects))

    def _keys(self, words: list[str], named: _Named) -> list[str]:
        found: list[str] = []
        for word in words:
            keys = self.keys([word])
            if named.kept(word, bool(keys)):
                found += keys
        return _unique(found)

    def _values(self, given: dict[str, Any], named: _Named) -> dict[str, Any]:
        values = {name: self._many(kind, given[name], named,
                                   skip=ASKER_WORDS if name in ("assignees", "reporters") else set())
                  for name, kind in VALUE_KINDS.items()}
        for role in ("assignees", "reporters"):
            if any(word.strip().lower() in ASKER_WORDS for word in given[role]):
                values[role] = _unique([CURRENT_USER, *values[role]])
        return values

    def _links(self, links: list[LinkFilter], named: _Named) -> list[LinkFilter]:
        grounded = []
        for link in links:
            keys = self.keys([link.key] if link.key else [])
            link_type = self._link(link.link_type)
            # an unknown issue or link type would widen the search, not narrow it
            if named.kept(f"{link.key or ''} {link.link_type or ''}".strip(),
                          not ((link.key and not keys) or (link.link_type and not link_type))
                          and bool(keys or link_type)):
                grounded.append(LinkFilter(key=keys[0] if keys else None, link_type=link_type))
        return grounded

    def _window(self, phrase: str | None) -> TimeWindow | None:
        return parse_window(phrase, self.now(), self.lexicon.sprints) if phrase else None

    def _date(self, date: Any) -> DateRange | None:
        given = dict(date)
        window = self._window(given["phrase"])
        return DateRange(field=given["field"], **window.model_dump()) if window else None

    def _one(self, kind: str, words: str | None, named: _Named | None = None) -> str | None:
        if not words:
            return None
        matches = self.grounder.find(kind, words)
        value = matches[0].term.value if matches else None
        if named is not None:
            named.kept(words, value is not None)
        return value

    def _link(self, said: str | None, named: _Named | None = None) -> str | None:
        """A link type the model named, as the instance says it ("is blocked by": Fluid's "depends on")."""
        own = self.lexicon.link_said(said.strip().lower()) if said else None
        return self._one("link", own, named)

    def _many(self, kind: str, phrases: list[str], named: _Named, skip: set[str] | frozenset[str] = frozenset()
              ) -> list[str]:
        return _unique(value for value in (self._one(kind, phrase, named) for phrase in phrases
                                           if phrase.strip().lower() not in skip) if value)


class _Named:
    """A tally of the values a model named and which of them exist."""

    def __init__(self) -> None:
        self.given = 0
        self.dropped: list[str] = []

    def kept(self, words: str, exists: bool) -> bool:
        self.given += 1
        if not exists:
            self.dropped.append(words)
        return exists


def order_by(text: str | None) -> str | None:
    """A JQL ORDER BY list of fields we know sort, written by us; None for anything else."""
    if not text:
        return None
    keys = [SORT_KEY.fullmatch(part) for part in re.sub(r"(?i)^\s*order\s+by\b", "", text).split(",")]
    if not all(key and key.group(1).lower() in ORDERABLE_FIELDS for key in keys):
        return None
    return ", ".join(f"{key.group(1).lower()}{' ' + key.group(2).upper() if key.group(2) else ''}"
                     for key in keys if key)


def _unique(values: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(values))
