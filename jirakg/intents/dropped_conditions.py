"""A follow-up that changes an earlier condition rather than adding one: it takes it away ("drop the assignee", "never
mind who reported them", "regardless of status", "take the sprint filter off", "nvm the in progress bit"), moves its
person to the other role ("assignee rather than reporter"), or says a value in its place ("switch to Ana", "swap the
project to WEB")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from jirakg.intents.follow_ups import DATE_FIELDS_TYPED, TYPED_FIELD_SLOTS, without_clauses_on
from jirakg.intents.models import EmptiableField, Slots

Kind = Literal["reporter", "assignee", "status", "resolution", "priority", "type", "project", "component", "label",
               "version", "sprint", "date", "due", "text", "parent", "link", "order"]

# What people call each condition, by its field (checked in this order: "due date" before "date")
FIELD_WORDS: tuple[tuple[Kind, str], ...] = (
    ("reporter", r"report(?:er|ers|ed|s)?|raiser|who (?:reported|raised|filed|opened|logged|created|wrote)"),
    ("assignee", r"assign(?:ee|ees|ed|ment)?|owner|who (?:owns|has|is working on|works on|is on)"),
    ("due", r"due(?: dates?)?|deadlines?|overdue"),
    ("status", r"status(?:es)?|states?|workflow"),
    ("resolution", r"resolutions?|resolved"),
    ("priority", r"priority|priorities|urgency|severity|how (?:urgent|important|critical|severe|serious)"
                 r"(?: (?:they|it) (?:are|is))?"),
    ("type", r"(?:issue ?)?types?"),
    ("project", r"projects?"),
    ("component", r"components?"),
    ("label", r"labels?|tags?"),
    ("version", r"(?:fix |affects? )?versions?|fixversion|releases?"),
    ("sprint", r"sprints?"),
    ("date", r"dates?|time ?(?:frame|window|limit|range|period)?|period|when (?:they were |it was )?(?:created|made|"
             r"opened|filed)|created|age|how old"),
    ("text", r"(?:search |key)?words?|keywords?|text(?: search)?|mentions?"),
    ("parent", r"epics?|parents?"),
    ("link", r"links?|blockers?"),
    ("order", r"sort(?:ing)?|order(?:ing)?"),
)
FIELD = re.compile(r"\b(?:" + "|".join(f"(?P<{kind}>{words})" for kind, words in FIELD_WORDS) + r")\b")
FIELD_ALONE = re.compile(rf"(?:{FIELD.pattern})(?: (?:level|value|field|setting)s?)?")
# what names a condition rather than issues: "the in progress bit", "the 'being worked on' condition"
CONDITION_NOUN = (r"(?:bit|part|piece|condition|filter|restriction|requirement|criteri(?:on|a)|clause|constraint|"
                  r"limit)s?")
BOUNDARY = r"(?=\s*(?:[,.;:!?—]|\s-\s|\band\b|\bbut\b|\bthen\b|\bjust\b|\bshow\b|\binstead\b|\bplease\b|\bso\b|$))"
OBJECT = rf"(?P<object>(?:the |that |this |their |its |any |about )*['\"‘“]?[\w'’ =\".-]*?['\"’”]?){BOUNDARY}"
# verbs that take a condition away; "without", "skip" and "no need for" only with a word naming the condition
# ("without a sprint" is the issues in none)
DROP = re.compile(rf"\b(?:drop|remove|(?P<forget>forget(?: about)?|ignore|never ?mind|nvm|(?:don'?t|do not) "
                  rf"(?:care|worry)(?: about)?)|lose|scrap|ditch|clear|get rid of|leave off|lift|undo|cancel)\s+"
                  rf"{OBJECT}|"
                  rf"\b(?:replace|swap(?: out)?|exchange) (?P<replaced>(?:the |that |this )?[\w'’ -]*?) "
                  rf"(?:with|for|by)\b|"
                  # "Instead of unassigned ones, I want Antranig's": what is said in place of the earlier condition
                  rf"^\W*(?:(?:ok(?:ay)?|so|actually|now),? )?(?:instead of|rather than) (?P<instead>[^,;.]{{1,40}}?)"
                  rf"\s*[,;]|"
                  rf"\btake (?P<taken>(?:the |that |this )?[\w'’ -]*?) (?:off|away|out)\b|"
                  rf"\b(?:without|skip|no need for|no more|no) (?P<named>(?:the |that |this |any )?[\w'’ -]*?"
                  rf"{CONDITION_NOUN}){BOUNDARY}", re.IGNORECASE)
# a condition said not to matter: "regardless of status", "whatever their priority", "no matter who reported them",
# "any reporter", "in a sprint or not"
ANY = re.compile(r"\bwho ?ever (?P<whoever>owns|has|holds|is assigned|is working on|works on|reported|raised|filed|"
                 r"opened|logged|created)\b(?: (?:it|them|those|these))?|"
                 # "everyone, not just Farid", "all assignees, not only Ana": the person no longer a condition
                 r"\bnot (?:just|only) (?P<person>[\w'-]+(?: [\w'-]+)?)(?=\s*[,.;!?]|\s*$)|"
                 # "all of them, not just the urgent ones": the value no longer a condition
                 r"\bnot (?:just|only) (?:the )?(?P<value>[\w'-]+(?: [\w'-]+)?) (?:ones|issues|tickets|bugs|items)\b|"
                 r"\b(?:regardless of|irrespective of|no matter|whatever|whichever|any|all|every|"
                 r"(?:doesn'?t|does not|don'?t|do not) matter)\s+(?:the |their |its |of )?"
                 r"(?P<any>(?:who|what|which|when|how)\b[\w' ]*?|[\w-]+(?: (?:level|value|field|setting)s?)?)"
                 rf"{BOUNDARY}|"
                 r"\b(?:whether |if )?(?:they'?re |they are |it'?s |it is )?(?P<either>in a sprint|assigned|labell?ed|"
                 r"tagged|in an epic|blocked|resolved|overdue)(?:,)? or not\b", re.IGNORECASE)
NEGATED_BEFORE = re.compile(r"\b(?:never|not|no|without|isn'?t|aren'?t|wasn'?t|weren'?t|haven'?t|hasn'?t)\b"
                            r"(?:\W+\w+){0,6}\W*$", re.IGNORECASE)
EITHER: dict[str, Kind] = {"in a sprint": "sprint", "assigned": "assignee", "labeled": "label", "labelled": "label",
                           "tagged": "label", "in an epic": "parent", "blocked": "link", "resolved": "resolution",
                           "overdue": "due"}
# "whether they're in progress": the words after it are the condition's value
WHETHER = re.compile(r"^(?:whether|if) (?:they'?re|they are|it'?s|it is|they) ")
ISSUES_THEMSELVES = re.compile(r"^(?:the |those |these |any )?(?:ones?|issues?|tickets?|bugs?|stories|items?|"
                               r"anything|everything|them|those|these)\b|"
                               r"\b(?:ones?|issues?|tickets?|bugs?|stories|tasks?|items?|epics?)$")

PEOPLE: set[Kind] = {"assignee", "reporter"}
# The slots each condition fills: values (said and excluded), emptiness, and what else it set
VALUES: dict[Kind, tuple[str, ...]] = {
    "reporter": ("reporters",), "assignee": ("assignees",), "status": ("statuses", "status_categories"),
    "resolution": ("resolutions",), "priority": ("priorities",), "type": ("issue_types",), "project": ("projects",),
    "component": ("components",), "label": ("labels",), "version": ("fix_versions", "affected_versions"),
    "sprint": ("sprints",)}
EMPTIES: dict[Kind, tuple[EmptiableField, ...]] = {
    "assignee": ("assignee",), "reporter": ("reporter",), "status": ("resolution",), "resolution": ("resolution",),
    "component": ("component",), "label": ("labels",), "version": ("fixVersion", "affectedVersion"),
    "sprint": ("sprint",), "due": ("duedate",), "parent": ("parent",), "link": ("issueLinkType",)}
# The JQL fields each condition is typed on: a list field's from the follow-up merge's own table, by the slots it fills
JQL_FIELDS: dict[Kind, set[str]] = {
    **{kind: {field for field, names in TYPED_FIELD_SLOTS.items() if set(names) & set(slots)}
       for kind, slots in VALUES.items()},
    "due": set(DATE_FIELDS_TYPED["due"]),
    "date": {name for field, names in DATE_FIELDS_TYPED.items() if field != "due" for name in names},
    "parent": {"parent"}, "text": {"text", "summary", "description", "comment"}}
HISTORY: dict[Kind, str] = {"assignee": "assignee", "status": "status", "priority": "priority", "version": "fixVersion"}


def dropped(words: str, value_kinds: Callable[[str], set[Kind]]) -> tuple[str, set[Kind]]:
    """The follow-up's words without those that take conditions away, and the conditions they take; `value_kinds`
    tells which conditions a value names ("in progress": the status). Words that leave issues out ("drop the ones
    assigned to Ana", "remove the bugs") take no condition away."""
    kinds: set[Kind] = set()

    def taken(match: re.Match[str]) -> str:
        if match.groupdict().get("any") is not None and NEGATED_BEFORE.search(match.string[:match.start()]):
            return match.group(0)  # "never planned for a fix in any release": in none, not in whichever
        said = _kinds(match, value_kinds)
        kinds.update(said)
        return " " if said else match.group(0)

    rest = ANY.sub(taken, DROP.sub(taken, words))
    return (" ".join(rest.split()) if kinds else words), kinds


def _kinds(match: re.Match[str], value_kinds: Callable[[str], set[Kind]]) -> set[Kind]:
    groups = match.groupdict()
    if groups.get("either"):
        return {EITHER[groups["either"].lower()]}
    if groups.get("whoever"):
        return {kind for kind, _ in FIELD_WORDS for m in FIELD.finditer(f"who {groups['whoever'].lower()}")
                if m.group(kind)}
    if groups.get("person"):
        return value_kinds(groups["person"]) & PEOPLE
    if groups.get("value"):
        return value_kinds(groups["value"])
    said = next(g for g in ("object", "taken", "named", "replaced", "instead", "any") if groups.get(g) is not None)
    obj = re.sub(r"['\"‘’“”]", " ", groups[said].lower()).strip()
    obj = " ".join(re.sub(r"^(?:(?:the|that|this|their|its|any|about)\s+)+", "", obj).split())
    if said == "instead":
        return value_kinds(obj)
    if not obj or ISSUES_THEMSELVES.search(obj):
        return set()
    value = re.sub(rf"\s*\b{CONDITION_NOUN}$", "", obj)
    if value != obj and (kinds := value_kinds(value) - {"text"}):  # "the blocker part": the level, not the links
        return kinds
    fields = {kind for kind, _ in FIELD_WORDS for m in FIELD.finditer(obj) if m.group(kind)}
    if said == "any":  # "any reporter", "whatever their priority level": the field alone ("all high priority" sets one)
        return fields if re.match(r"(?:who|what|which|when|how)\b", obj) or FIELD_ALONE.fullmatch(obj) else set()
    if fields:
        return fields
    if value != obj or WHETHER.match(obj):  # "the in progress bit", "whether they're in progress"
        return value_kinds(WHETHER.sub("", value))
    if groups.get("forget") and (people := value_kinds(obj)) and people <= PEOPLE:
        return people  # "never mind Farid": the person's condition, in the role they had
    return set()


def without(previous: Slots, kinds: set[Kind]) -> Slots:
    """The earlier conditions without those of `kinds`."""
    slots = previous.model_copy(deep=True)
    for kind in kinds:
        for name in VALUES.get(kind, ()):
            setattr(slots, name, [])
            setattr(slots.excluded, name, [])
        gone = EMPTIES.get(kind, ())
        slots.empty = [f for f in slots.empty if f not in gone]
        slots.filled = [f for f in slots.filled if f not in gone]
        slots.history = [h for h in slots.history if h.field != HISTORY.get(kind)]
        if slots.typed_jql and kind in JQL_FIELDS:
            slots.typed_jql = without_clauses_on(slots.typed_jql, JQL_FIELDS[kind])
    if "status" in kinds:
        slots.was_statuses = []
    if "label" in kinds:
        slots.every_label = False
    if "version" in kinds:
        slots.version_state = None
    if "sprint" in kinds:
        slots.sprint_state, slots.sprint_state_excluded, slots.carried_over = None, False, False
        slots.every_sprint = False
    if "due" in kinds:
        slots.overdue = False
        slots.dates = [d for d in slots.dates if d.field != "due"]
    if "date" in kinds:
        undue = [d for d in slots.dates if d.field != "due"]
        slots.dates = [d for d in slots.dates if d.field == "due"] if undue else []
    if "text" in kinds:
        slots.text, slots.text_field = None, "text"
    if "parent" in kinds:
        slots.parents, slots.descendants_of = [], []
    if "link" in kinds:
        slots.links = []
    if "order" in kinds:
        slots.order_by = None
    # a reading said of a condition taken away ("I read 'urgent' as priority Highest.") no longer describes the answer
    slots.assumed = [note for note in slots.assumed
                     if not {k for m in FIELD.finditer(note.lower()) for k, v in m.groupdict().items() if v} & kinds]
    return slots


def kinds_in(slots: Slots) -> set[Kind]:
    """The conditions `slots` states: what a value said in a drop ("the in progress bit") is a condition on."""
    kinds: set[Kind] = {kind for kind, names in VALUES.items()
                        if any(getattr(slots, n) or getattr(slots.excluded, n) for n in names)}
    kinds |= {kind for kind, fields in EMPTIES.items() if kind != "status" and set(fields) & {*slots.empty,
                                                                                             *slots.filled}}
    kinds |= {"due" if d.field == "due" else "date" for d in slots.dates}
    kinds |= {"text"} if slots.text else set()
    kinds |= {"sprint"} if slots.sprint_state else set()
    kinds |= {"status"} if slots.was_statuses else set()
    kinds |= {"due"} if slots.overdue else set()
    if "resolution" in kinds and not slots.resolutions and not slots.excluded.resolutions:
        kinds = (kinds - {"resolution"}) | {"status"}  # "the open bit", "the unresolved part": the state
    return kinds


ROLE = r"(?:assign(?:ee|ed|s)?|report(?:er|ed|s)?|raised|filed|logged|owns?|owner)"
# "assignee rather than reporter", "I meant assigned to her, not reported by her", "switch that to reporter", "no,
# assigned to her"
ROLE_MOVED = re.compile(rf"\b(?P<to>{ROLE})\b[^.;!?]*?\b(?:rather than|instead of|in place of|not)\b[^.;!?]*?"
                        rf"\b(?P<away>{ROLE})\b|"
                        rf"\b(?:switch|change|swap|make|flip|move)(?: (?:it|that|this|them|her|him|the role))?"
                        rf"(?: over)? (?:to|into) (?:the |being |an? )?(?P<to2>{ROLE})\b|"
                        rf"^\W*no\W+(?:(?:i )?meant\W+)?(?:the ones )?(?P<to3>{ROLE}) (?:to|by) (?:her|him|them)\W*$")
ROLE_FILLER = frozenset("""i i'm meant mean sorry no oops actually wait so ok okay the ones one a an as is are be being
    not rather than instead of in place by to her him them she he they his hers their person who which that it this
    switch change swap make flip move over into role please show me just and ones instead""".split())


def _role(word: str) -> str:
    return "reporters" if re.match(r"report|raised|filed|logged", word) else "assignees"


def role_moved(words: str, previous: Slots, names: set[str]) -> Slots | None:
    """The earlier conditions with the person moved to the role the follow-up says instead, when it says nothing
    else (`names`: the words of the earlier people's names, which it may repeat); None otherwise."""
    match = ROLE_MOVED.search(words)
    if match is None:
        return None
    to = _role(match.group("to") or match.group("to2") or match.group("to3"))
    away = "assignees" if to == "reporters" else "reporters"
    fields = {"assignees": "assignee", "reporters": "reporter"}
    typed = previous.typed_jql or ""
    moved_typed = without_clauses_on(typed, {fields[away]}, moved_to=fields[to]) if typed else None
    if (match.group("away") and _role(match.group("away")) != away) or getattr(previous, to) \
            or not (getattr(previous, away) or moved_typed != typed):
        return None
    said = set(re.findall(r"[\w']+", words)) - ROLE_FILLER - names
    if any(not re.fullmatch(ROLE, w) for w in said):
        return None
    slots = previous.model_copy(deep=True)
    setattr(slots, to, getattr(previous, away))
    setattr(slots, away, [])
    slots.typed_jql = moved_typed
    return slots


# "switch to Ana", "swap the project to WEB", "change it to project = DATA": the value said in place of the earlier one
SWITCH = re.compile(r"^\W*(?:(?:ok(?:ay)?|now|then|and|so|actually)\W+)?(?:switch|swap|change)"
                    r"(?: (?:it|that|this|them|the list|the search|over))*(?: (?:the )?(?P<field>[\w ]+?))?"
                    r" (?:to|for)\b\W*", re.IGNORECASE)


def switched(text: str) -> str:
    """A follow-up that says a value in place of the earlier one, as the value alone ("the project to WEB": "project
    WEB"), so that it replaces it as any value said alone does."""
    match = SWITCH.match(text)
    if match is None:
        return text
    field = match.group("field")
    return f"{field + ' ' if field else ''}{text[match.end():]}"


# "in that component", "issues like that", "the same text search": the earlier condition, kept as any follow-up keeps it
SAID_BEFORE = re.compile(r"\b(?:in |with |for |under |of )?(?:that|this|(?:the )?same|those|these) "
                         r"(?:component|label|tag|"
                         r"version|release|sprint|status|priority|type|text(?: search)?|search(?: words)?|query|filter|"
                         r"words?|phrase|keywords?|conditions?|criteria|period|dates?|"
                         r"time(?: frame)?)s?\b|\blike (?:that|this|those|these)\b|\bthe same(?: thing)?\b",
                         re.IGNORECASE)


def said_before(text: str) -> str:
    """A follow-up's words pointing back at an earlier condition, as "of those" (which keeps it)."""
    return SAID_BEFORE.sub(" of those ", text)
