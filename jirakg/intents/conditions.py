"""The conditions of a search in plain words → filters, with every word of the question accounted for.

Each reader takes the words it understands and marks them used: dates on the field they are about,
people in their role (assignee or reporter), negation ("not bugs", "other than Ana"), emptiness
("no fix version"), resolution apart from status, sprints, links, text mentions, then every value the
instance knows. What is left is checked: a word that looks like a condition (a field name, a date
word, a negation, a name after "project" or "assigned to") is never dropped quietly — an unknown
name becomes a question back with the closest values, anything else is reported as ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from difflib import get_close_matches

from jirakg.intents.grounding import Grounder, Match
from jirakg.intents.jql_builder import CURRENT_USER
from jirakg.intents.lexicon import Lexicon
from jirakg.text.words import unicode_words
from jirakg.intents.models import DateRange, LinkFilter, Slots, ValueFilters
from jirakg.intents.timewindows import find_windows

KEY = r"[a-z][a-z0-9_]*-[1-9]\d*"
USED = "_"  # stands in for a used word, so later readers cannot match across it
NEGATION = re.compile(r"\b(?:not|no|non|without|except|excluding|exclude|other than|besides|but not|isn t|aren t|"
                      r"never|nor|apart from|outside)$")
DATE_CUES = [  # the word before a time expression names the date field; the nearest cue wins
    ("created", r"created|opened|filed|raised|reported|logged|submitted|added|entered|came in|new|made|written"),
    ("updated", r"updated|changed|modified|touched|edited|active|activity|worked on|moved"),
    ("resolved", r"resolved|closed|fixed|completed|finished|done|shipped|solved|delivered"),
    ("due", r"due|deadline|deadlines"),
]
OVERDUE = re.compile(r"\b(?:overdue|past (?:their |its |the )?due(?: date)?s?|late|behind schedule|"
                     r"missed (?:their |its |the )?(?:due dates?|deadlines?))\b")
EMPTY_FIELDS: list[tuple[str, re.Pattern[str]]] = [
    ("assignee", re.compile(r"\b(?:unassigned|not assigned(?: to anyone| to anybody)?|(?:nobody|no one|noone) (?:is |has )?"
                            r"(?:assigned|owns?|picked (?:it |them )?up|working on|taken|took)|no assignee|no owner|"
                            r"without (?:an? |any )?(?:owner|assignee)|owned by (?:nobody|no one)|nobody s|"
                            r"not (?:yet )?(?:picked up|taken)|(?:un|not )owned|ownerless)\b")),
    ("fixVersion", re.compile(r"\b(?:(?:no|without (?:a |any )?|missing (?:a )?|lack(?:ing)? (?:a )?)"
                              r"(?:fix ?versions?|fixversions?|releases?|target (?:versions?|releases?))|unscheduled|"
                              r"not (?:scheduled|planned) (?:for|in) (?:a |any )?releases?|not scheduled)\b")),
    ("component", re.compile(r"\b(?:no|without (?:a |any )?|missing (?:a )?|lack(?:ing)? (?:a )?)components?\b")),
    ("labels", re.compile(r"\b(?:(?:no|without (?:a |any )?|missing (?:a )?)labels?|unlabell?ed|not labell?ed)\b")),
    ("duedate", re.compile(r"\b(?:no|without (?:a |any )?|missing (?:a )?)due ?dates?\b")),
    ("sprint", re.compile(r"\b(?:not in (?:a |any )?sprints?|no sprints?|without (?:a |any )?sprints?|in the backlog)\b")),
    ("resolution", re.compile(r"\b(?:unresolved|not (?:yet )?(?:been )?resolved(?: yet)?|(?:isn t|aren t|hasn t been|"
                              r"haven t been|hasnt been|havent been|isnt|arent|never|not been) (?:yet )?resolved(?: yet)?|"
                              r"no resolution|without (?:a )?resolution|unfixed|not (?:yet )?fixed(?: yet)?|"
                              r"(?:isn t|aren t|hasn t been|haven t been) fixed(?: yet)?|still open)\b")),
]
FILLED_FIELDS: list[tuple[str, re.Pattern[str]]] = [
    ("duedate", re.compile(r"\b(?:with|has|have|having) (?:a |an )?due ?dates?\b")),
    ("fixVersion", re.compile(r"\b(?:with|has|have|having) (?:a |an )?fix ?versions?\b")),
    ("assignee", re.compile(r"\b(?:(?:is|are) assigned(?: to (?:someone|somebody|anyone))?|has an? (?:owner|assignee)|"
                            r"have an? (?:owner|assignee))\b(?! to [a-z])")),
]
CATEGORIES: list[tuple[list[str], re.Pattern[str]]] = [
    (["new", "indeterminate"], re.compile(r"\b(?:not (?:yet )?(?:done|closed|finished|completed?|complete)|"
                                          r"(?:isn t|aren t) (?:yet )?(?:done|closed|finished|completed?)|open|opened|"
                                          r"unfinished|incomplete|outstanding|remaining|pending|active|live|unclosed|"
                                          r"undone|in flight|not complete)\b")),
    (["done"], re.compile(r"\b(?:closed|done|resolved|finished|completed?|fixed|solved|shipped)\b")),
    (["indeterminate"], re.compile(r"\b(?:in progress|ongoing|underway|being worked on|in flight|started)\b")),
    (["new"], re.compile(r"\b(?:to do|todo|not started|not yet started|untouched|not begun)\b")),
]
STATE_PHRASES = {"in progress", "to do", "todo", "open", "done", "closed", "resolved"}
SPRINT_STATES = [("open", re.compile(r"\b(?:the )?(?:current|this|active|open|ongoing|running|present) sprints?\b")),
                 ("closed", re.compile(r"\b(?:closed|previous|past|completed|finished|old|earlier) sprints\b")),
                 ("future", re.compile(r"\b(?:future|next|upcoming|planned|coming) sprints?\b"))]
ME_REPORTER = re.compile(r"\b(?:i (?:ve |have )?(?:reported|filed|raised|logged|opened|created|submitted|wrote)|"
                         r"(?:reported|filed|raised|logged|opened|created|submitted|written) by me)\b")
ME_ASSIGNEE = re.compile(r"\b(?:assigned to me|on my plate|i m working on|i am working on|i own|i m assigned|"
                         r"i am assigned|my|mine|owned by me)\b")
REPORTER_BEFORE = re.compile(r"\b(?:reported|filed|raised|logged|opened|created|submitted|written|entered|"
                             r"reported|authored) by$|\bfrom$|\breporter(?: is)?$|\breporter$")
REPORTER_AFTER = re.compile(r"^(?:has |have |had )?(?:reported|filed|raised|logged|opened|created|submitted|wrote|"
                            r"entered|authored)\b")
ASSIGNEE_BEFORE = re.compile(r"\b(?:assigned to|owned by|assignee(?: is)?|on|with|for|to|sitting with|belonging to|"
                             r"handled by|worked on by|being worked on by)$")
ASSIGNEE_AFTER = re.compile(r"^(?:is |are )?(?:working on|works on|owns|has|have|is handling|handles|assigned)\b|"
                            r"^s plate\b|^plate\b")
TEXT = re.compile(r"\b(?:mentioning|mentions?|mention of|containing|contain|contains|that (?:talk|talks|are|is) about|"
                  r"talking about|regarding|about|concerning|with the words?|matching|referring to|refers? to|"
                  r"that say|saying|with (?:the )?(?:text|phrase|word))\s+(?P<words>[a-z0-9][\w ]*?)"
                  r"(?=\s+(?:in|from|by|for|that|which|and|or|assigned|reported|filed|created|opened|since|before|after|"
                  r"with|without|where|sorted|ordered|last|this|not|raised|owned|closed|resolved|updated|due|"
                  r"during|between)\b|\s*$)")
ORDER = re.compile(r"\b(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?|arrange(?:d)?) (?:them |it |those |these |the list |"
                   r"the results )?by (?P<field>priority|created|creation date|date|age|updated|last update|key|status|"
                   r"due date|due|resolution date|resolved)(?: (?P<way>asc|desc|ascending|descending))?\b|"
                   r"\b(?P<first>oldest|newest|most recent|latest|highest priority|most urgent) first\b")
ORDER_FIELDS = {"priority": "priority DESC", "created": "created ASC", "creation date": "created ASC",
                "date": "created ASC", "age": "created ASC", "updated": "updated DESC", "last update": "updated DESC",
                "key": "key ASC", "status": "status ASC", "due date": "duedate ASC", "due": "duedate ASC",
                "resolution date": "resolutiondate DESC", "resolved": "resolutiondate DESC",
                "oldest": "created ASC", "newest": "created DESC", "most recent": "created DESC",
                "latest": "created DESC", "highest priority": "priority DESC", "most urgent": "priority DESC"}
LINK_ANY = [("blocks", re.compile(r"\b(?:that |which )?(?:block|blocks|are blocking|is blocking) (?:something|anything|"
                                  r"other (?:issues|tickets|work|stuff)|others|another (?:issue|ticket)|work|stuff)\b|"
                                  r"\bblocking (?:other |another )?(?:issues|tickets|work|something)\b")),
            ("is blocked by", re.compile(r"\b(?:that |which )?(?:are |is )?blocked(?: by (?:something|anything|"
                                         r"other (?:issues|tickets)|another (?:issue|ticket)))?(?! by)\b|"
                                         r"\b(?:have|has|with) (?:a |an |open |unresolved )?blockers?\b"))]
KEY_LINKS = [  # (pattern around an issue key, link type as it reads from the key, or None for any)
    (re.compile(rf"\b(?:linked|related|connected|tied|attached) (?:to|with) (?P<key>{KEY})\b", re.I), None),
    (re.compile(rf"\b(?:blocked by|waiting (?:on|for)|held up by|depend(?:s|ing|ent)? on) (?P<key>{KEY})\b", re.I), "blocks"),
    (re.compile(rf"\b(?:that |which )?(?:block|blocks|blocking|are blocking|is blocking|hold up|holds up) (?P<key>{KEY})\b",
                re.I), "is blocked by"),
    (re.compile(rf"\bduplicates? of (?P<key>{KEY})\b", re.I), "is duplicated by"),
]
PARENT = re.compile(rf"\b(?:under|in|within|inside|below|beneath|of|belonging to|part of) (?:the )?"
                    rf"(?:epic|initiative|feature|story|parent|issue)? ?(?P<key>{KEY})\b|"
                    rf"\b(?:children|child issues|sub-?tasks|subtasks|stories|tasks|bugs|issues) (?:of|under) (?P<key2>{KEY})\b",
                    re.I)
# Words that carry no condition: question scaffolding, politeness, and the nouns for "issues".
FILLER = frozenset("""
a about after again all also am an and any anything anyone are aren as ask at be been before being both but by can
could d did do does doing done each even every everything few find for from get gets getting give go going got had
has have having he her here hers him his how i if in into is isn it its just know kind let like list ll look looking
lot lots m may me might more most much must my need needs needed now of off on one only or other our ours out over
own please pls pull quick quickly re really right s see shall she should show so some something sort still such t
tell than thank thanks that the their them then there these they thing things this those through to too up us ve
very want wanted was we were what whats when where which while who whom whose why will with would yet you your
issue issues ticket tickets item items work stuff entries entry records record ones jira results result
count counting number numbers total how many much amount
currently current right now today also just same exactly basically actually maybe perhaps
meeting prepare preparing prep triage standup review report reporting notes note release-notes planning plan
help need needed trying try figure out check checking curious wondering wonder quick question team our we
pull up bring display fetch dig surface pull-up retrieve gimme lemme wanna gonna hey hi hello folks guys
""".split())
# Words that look like conditions: never dropped without saying so.
FIELD_WORDS = frozenset("""priority priorities status statuses state type types kind component components label labels
labelled labeled tag tags version versions release releases sprint sprints epic epics parent assignee assignees
assigned owner owners reporter reporters reported resolution resolved due deadline created updated modified changed
fixed closed opened filed raised logged severity severe urgent critical blocker blockers important overdue late stale old
older newer newest oldest recent recently lately week weeks month months year years day days today yesterday
tomorrow since before after between until during ago last past next""".split())
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
FOREIGN = frozenset("""cuántos cuantos cuáles cuales qué errores abiertos abiertas están estan tareas proyecto los las
del por para combien quels quelles sont ouverts ouvertes projet tâches bogues dans welche wieviele viele sind offene
offenen fehler aufgaben projekt quantos quais são abertos abertas tarefas projeto quanti quali sono aperti aperte
progetto compiti""".split())
ENGLISH_MARKERS = frozenset("what which how show list find the are is all any open bugs issues who".split())


@dataclass
class Words:
    """The question's normalised words, each used at most once."""
    tokens: list[str]
    used: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.used = [False] * len(self.tokens)

    def free(self) -> str:
        return " ".join(USED if used else token for token, used in zip(self.tokens, self.used))

    def take(self, start: int, end: int) -> None:
        for i in range(start, end):
            self.used[i] = True

    def span(self, match: re.Match, group: int | str = 0) -> tuple[int, int]:
        """Word positions of a match on `free()`."""
        text = self.free()
        start = text[:match.start(group)].count(" ")
        return start, start + text[match.start(group):match.end(group)].strip().count(" ") + 1

    def take_all(self, pattern: re.Pattern[str]) -> list[re.Match]:
        found = []
        while True:
            match = pattern.search(self.free())
            if not match or not match.group(0).strip():
                return found
            self.take(*self.span(match))
            found.append(match)

    def before(self, start: int, count: int = 3) -> str:
        return " ".join(t for t, u in zip(self.tokens[max(0, start - count):start], self.used[max(0, start - count):start])
                        if not u)

    def after(self, end: int, count: int = 3) -> str:
        return " ".join(t for t, u in zip(self.tokens[end:end + count], self.used[end:end + count]) if not u)

    def left(self) -> list[str]:
        return [t for t, u in zip(self.tokens, self.used) if not u]


class Unknown(ValueError):
    """A value the question names that the instance does not have; the message says so with the closest."""


class ConditionReader:
    def __init__(self, lexicon: Lexicon, grounder: Grounder, now: Callable[[], datetime]) -> None:
        self.lexicon = lexicon
        self.grounder = grounder
        self.now = now
        self.known = {alias for term in lexicon.terms for alias in term.aliases}

    def read(self, text: str, slots: Slots, *, people: bool = True) -> Slots:
        """Fill `slots` with the conditions of `text` (a question part, issue keys included); raises
        Unknown for a name the instance does not have."""
        raw = " ".join(text.lower().replace("’", "'").replace("‘", "'").split())
        raw = self._raw_conditions(raw, slots)
        words = Words(unicode_words(raw).split())
        self._empties(words, slots)
        self._resolutions(words, slots)
        self._sprint_state(words, slots)
        self._links_without_key(words, slots)
        self._order(words, slots)
        self._text(words, slots)
        if people:
            self._me(words, slots)
            self._people(words, slots)
        self._values(words, slots, people)
        self._categories(words, slots)
        self._unknown_names(words)
        slots.ignored = self._leftovers(words)
        return slots

    # --- on the lower-cased text, before punctuation goes ---------------------------------------

    def _raw_conditions(self, raw: str, slots: Slots) -> str:
        def blank(start: int, end: int) -> None:
            nonlocal raw
            raw = raw[:start] + " " * (end - start) + raw[end:]

        for match in re.finditer(r'"([^"]{1,100})"|(?<![\w])\'([^\']{2,100})\'(?![\w])', raw):
            slots.text = " ".join(filter(None, [slots.text, match.group(1) or match.group(2)]))
            blank(match.start(), match.end())
        for pattern, link_type in KEY_LINKS:
            for match in list(pattern.finditer(raw)):
                slots.links.append(LinkFilter(key=match.group("key").upper(), link_type=link_type))
                blank(match.start(), match.end())
        for match in list(PARENT.finditer(raw)):
            slots.parents.append((match.group("key") or match.group("key2")).upper())
            blank(match.start(), match.end())
        raw = re.sub(rf"\b{KEY}\b", USED, raw)  # a key left is not a filter: "PROJ" and "9" of PROJ-9
        for start, end, window in find_windows(raw, self.now(), self.lexicon.sprints):
            field_name, cue = self._date_field(raw[:start])
            if "sprint" in window.phrase and not cue:
                continue  # "in the current sprint" is sprint membership, not a time window
            slots.dates.append(DateRange(field=field_name, start=window.start, end=window.end, phrase=window.phrase))
            blank(start - cue, end)
        overdue = OVERDUE.search(raw)
        if overdue:
            slots.overdue = True
            blank(overdue.start(), overdue.end())
        return raw

    @staticmethod
    def _date_field(before: str) -> tuple[str, int]:
        """The date field the words before a time expression name, and how many characters the cue
        takes (a cue right before it is used up with it); "created" when nothing names one."""
        best: tuple[int, str, int] = (-1, "created", 0)
        tail = before[-40:]
        for name, cue in DATE_CUES:
            for match in re.finditer(rf"\b(?:{cue})\b", tail):
                if match.start() > best[0]:
                    adjacent = not tail[match.end():].strip()
                    best = (match.start(), name, len(tail) - match.start() if adjacent else 0)
        return best[1], best[2]

    # --- on the words ----------------------------------------------------------------------------

    @staticmethod
    def _empties(words: Words, slots: Slots) -> None:
        for name, pattern in EMPTY_FIELDS:
            if words.take_all(pattern) and name not in slots.empty:
                slots.empty.append(name)  # type: ignore[arg-type]
        for name, pattern in FILLED_FIELDS:
            if words.take_all(pattern) and name not in slots.filled:
                slots.filled.append(name)  # type: ignore[arg-type]

    def _resolutions(self, words: Words, slots: Slots) -> None:
        """"resolved as Duplicate", "closed as won't fix", "Won't Fix resolution": a resolution needs a cue
        or a name of two words, as single words ("fixed", "done") are also plain verbs."""
        for match in self.grounder.scan(words.free(), {"resolution"}):
            before = words.before(match.start, 3)
            cue = re.search(r"\b(?:as|resolution|resolved|closed|marked|with|flagged)$", before)
            after = words.after(match.end, 1)
            if (cue or match.end - match.start > 1 or after == "resolution") and match.score >= 0.9:
                negated = bool(re.search(r"\b(?:not|except|other than|excluding)\b", before))
                target = slots.excluded.resolutions if negated else slots.resolutions
                if match.term.value not in target:
                    target.append(match.term.value)
                words.take(match.start, match.end)
                words.take_all(re.compile(r"\b(?:resolved|closed|marked|flagged) as\b|\bresolution\b"))

    @staticmethod
    def _sprint_state(words: Words, slots: Slots) -> None:
        for state, pattern in SPRINT_STATES:
            if words.take_all(pattern):
                slots.sprint_state = state  # type: ignore[assignment]

    def _links_without_key(self, words: Words, slots: Slots) -> None:
        blocked_status = any(t.value.lower() == "blocked" for t in self.lexicon.of("status"))
        for link_type, pattern in LINK_ANY:
            if link_type == "is blocked by" and blocked_status and re.search(r"\b(?:status|state)\b", words.free()):
                continue  # "in status Blocked" names the workflow state
            if words.take_all(pattern):
                slots.links.append(LinkFilter(link_type=link_type))

    @staticmethod
    def _order(words: Words, slots: Slots) -> None:
        for match in words.take_all(ORDER):
            chosen = match.group("field") or match.group("first")
            order = ORDER_FIELDS[chosen]
            way = match.group("way")
            if way:
                order = order.split()[0] + (" ASC" if way.startswith("asc") else " DESC")
            slots.order_by = order

    def _text(self, words: Words, slots: Slots) -> None:
        match = TEXT.search(words.free())
        if not match:
            return
        phrase = [w for w in match.group("words").split() if w != USED]
        meaningful = [w for w in phrase if w not in FILLER]
        if not meaningful or " ".join(phrase) in self.known and self._value_kind(" ".join(phrase)):
            return  # "what about in FLOE", "about the Uploader component": not text
        while phrase and phrase[0] in FILLER:
            phrase.pop(0)
        slots.text = " ".join(filter(None, [slots.text, " ".join(phrase)]))
        words.take(*words.span(match))

    def _value_kind(self, phrase: str) -> str | None:
        matches = self.grounder.find("component", phrase) + self.grounder.find("label", phrase)
        return matches[0].term.kind if matches and matches[0].score == 1.0 else None

    @staticmethod
    def _me(words: Words, slots: Slots) -> None:
        if words.take_all(ME_REPORTER):
            slots.reporters.append(CURRENT_USER)
        if words.take_all(ME_ASSIGNEE):
            slots.assignees.append(CURRENT_USER)

    def _people(self, words: Words, slots: Slots) -> None:
        for group in _by_span(self.grounder.scan(words.free(), {"person"})):
            match = group[0]
            before, after = words.before(match.start), words.after(match.end, 4)
            role = "reporters" if (REPORTER_BEFORE.search(before) or REPORTER_AFTER.search(after)) else "assignees"
            if len(group) > 1 and match.score == 1.0 and len({m.term.value for m in group}) > 1:
                names = ", ".join(sorted({m.term.label for m in group}))
                raise Unknown(f"'{' '.join(words.tokens[match.start:match.end])}' could be {names}; "
                              "which one do you mean?")
            negated = NEGATION.search(before) is not None
            target = getattr(slots.excluded if negated else slots, role)
            if match.term.value not in target:
                target.append(match.term.value)
            words.take(match.start, match.end)
            cue_before = re.search(r"(?:(?:reported|filed|raised|logged|opened|created|submitted|written|assigned|"
                                    r"owned|handled|worked on) (?:by|to)|other than|except|excluding|not|from|for|on|"
                                    r"with|to|sitting with|by)$", before)
            if cue_before:
                taken = cue_before.group(0).count(" ") + 1
                words.take(max(0, match.start - taken), match.start)
            cue_after = REPORTER_AFTER.search(after) or ASSIGNEE_AFTER.search(after)
            if cue_after:
                words.take(match.end, match.end + cue_after.group(0).count(" ") + 1)

    def _values(self, words: Words, slots: Slots, people: bool) -> None:
        kinds = {"type", "status", "priority", "component", "label", "project", "version", "sprint"}
        statuses = {alias for term in self.lexicon.of("status") for alias in term.aliases}
        matches = _prefer_hinted(self.grounder.scan(words.free(), kinds), words.free())
        for match in matches:
            phrase = " ".join(words.tokens[match.start:match.end])
            if match.term.kind == "status" and phrase in STATE_PHRASES - statuses:
                continue
            if match.term.kind == "status" and phrase in ("open", "closed", "done", "resolved") and not re.search(
                    r"\b(?:status|state)\b", words.before(match.start, 2) + " " + words.after(match.end, 1)):
                continue  # "open bugs", "closed issues": the status category, not one workflow state
            before = words.before(match.start)
            negated = NEGATION.search(before) is not None
            target = getattr(slots.excluded if negated else slots, _ATTRIBUTE[match.term.kind])
            if match.term.value not in target:
                target.append(match.term.value)
            words.take(match.start, match.end)
            if negated:
                words.take(max(0, match.start - NEGATION.search(before).group(0).count(" ") - 1), match.start)
            hint = re.search(r"\b(?:project|component|sprint|release|version|fix version|label|type|priority|status|"
                             r"state)$", words.before(match.start, 2))
            if hint:
                words.take(max(0, match.start - hint.group(0).count(" ") - 1), match.start)
            if re.match(r"(?:project|component|sprint|release|priority|status|label|type)s?\b", words.after(match.end, 1)):
                words.take(match.end, match.end + 1)
        if slots.statuses:
            slots.status_categories = []

    def _categories(self, words: Words, slots: Slots) -> None:
        if slots.statuses:
            return
        for categories, pattern in CATEGORIES:
            found = words.take_all(pattern)
            if found and not slots.status_categories:
                negated = any(NEGATION.search(words.before(words.span(m)[0])) for m in found)
                if negated:
                    slots.excluded.status_categories = categories
                else:
                    slots.status_categories = categories

    def _unknown_names(self, words: Words) -> None:
        """A name after a word that says what it is ("project Atlas", "assigned to Zed") must exist."""
        free = words.free()
        named = re.search(r"\b(?:project|component|sprint|release|version|label|epic) (?!_)([a-z0-9][\w]*)\b|"
                          r"\b(?:the |in )(?!_)([a-z][\w]*) (project|component|sprint|release)\b", free)
        if named:
            value = named.group(1) or named.group(2)
            kind = (named.group(3) or named.group(0).split()[0]).replace("release", "version")
            if value not in FILLER and value not in FIELD_WORDS:
                raise Unknown(self._no_such(kind, value))
        person = re.search(r"\b(?:assigned to|reported by|filed by|raised by|owned by|created by|opened by|logged by|"
                           r"submitted by) (?!_)([a-z][a-z'.-]+)(?: (?!_)([a-z][a-z'.-]+))?\b", free)
        if person and person.group(1) not in FILLER:
            surname = person.group(2) if person.group(2) and person.group(2) not in FILLER | FIELD_WORDS else None
            raise Unknown(self._no_such("person", " ".join(filter(None, [person.group(1), surname])).title()))

    def _no_such(self, kind: str, value: str) -> str:
        kind = "project" if kind == "epic" else kind
        names = {t.label.lower(): t.label for t in self.lexicon.of(kind)}
        names.update({t.value.lower(): t.value for t in self.lexicon.of(kind) if kind == "project"})
        close = [names[c] for c in get_close_matches(value, names, n=3, cutoff=0.5)]
        what = "nobody called" if kind == "person" else f"no {'release or version' if kind == 'version' else kind} called"
        hint = f" The closest are {', '.join(close)}." if close else ""
        return f"There is {what} '{value}' in this Jira.{hint}"

    def _leftovers(self, words: Words) -> list[str]:
        """Words left that look like conditions, in the order asked."""
        ignored = []
        for word in words.left():
            if word in FILLER or word == USED or word.isdigit() and len(word) <= 2:
                continue
            condition_like = (word in FIELD_WORDS or word in WEEKDAYS or re.fullmatch(r"\d{4}|\d+[a-z]*", word)
                              or NEGATION.search(word) or word in self.known
                              or bool(get_close_matches(word, self.known, n=1, cutoff=0.8)))
            if condition_like and word not in ignored:
                ignored.append(word)
        return ignored


def foreign_language(text: str) -> bool:
    """Questions in another language get a sentence, not an English answer over a dropped condition."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    return sum(w in FOREIGN for w in words) >= 2 and not any(w in ENGLISH_MARKERS for w in words) or (
        sum(w in FOREIGN for w in words) >= 3)


_ATTRIBUTE = {"type": "issue_types", "status": "statuses", "priority": "priorities", "component": "components",
              "label": "labels", "project": "projects", "person": "assignees", "version": "fix_versions",
              "sprint": "sprints"}


def _by_span(matches: list[Match]) -> list[list[Match]]:
    groups: dict[tuple[int, int], list[Match]] = {}
    for match in matches:
        groups.setdefault((match.start, match.end), []).append(match)
    return [sorted(g, key=lambda m: -m.score) for g in groups.values()]


def _prefer_hinted(matches: list[Match], text: str) -> list[Match]:
    """The same words may name a label and a component ("security"): a hint decides, else the label."""
    kept = []
    for group in _by_span(matches):
        kinds = {m.term.kind for m in group}
        if {"label", "component"} <= kinds:
            wanted = "component" if re.search(r"\bcomponents?\b", text) else "label"
            group = [m for m in group if m.term.kind not in ({"label", "component"} - {wanted})]
        kept += group
    return kept


def narrows(slots: Slots) -> bool:
    """Whether the slots hold anything that narrows a set of issues."""
    return bool(any(getattr(slots, name) for name in ValueFilters.model_fields) or not slots.excluded.is_empty()
                or slots.empty or slots.filled or slots.dates or slots.overdue or slots.sprint_state or slots.links
                or slots.parents or slots.text or slots.typed_jql)
