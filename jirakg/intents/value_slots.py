"""Values named by the shape of their slot ("the X component", "X's tickets", "status X", "labelled X").

A value in such a slot that the instance does not have must be asked about: dropping it (or reading it as
free text) would answer over a wider set. A near miss of a real value is left to grounding, which corrects
it ("Chekout" is Checkout). Slots are read on the question as typed: capitals tell a name from a word.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from difflib import get_close_matches

from jirakg.intents.lexicon import SYNONYMS, Lexicon

NAME = r"[A-Z][\w'/&-]*"
NAMES = rf"{NAME}(?: {NAME}){{0,2}}"
JOINED_NAMES = rf"{NAME}(?: (?:for |to |of )?{NAME}){{0,3}}"  # a workflow's names: "Ready for QA", "Out of Scope"
# Words a slot may hold that name no value: "labelled either performance or regression".
NO_VALUE = frozenset("either both neither any all one not none no the a an or and with as by".split())
ISSUE_NOUNS = (r"(?:open |unresolved |current |recent |assigned )?"
               r"(?:issues|tickets|bugs|stories|tasks|work|backlog|items)")

# After a field word, words that say what the field does or which part of it, no value's name ("whose status falls
# in …", "the status category", "project counts")
NO_NAME_AFTER_FIELD = r"falls?|sits?|lands?|belongs?|counts?|categor(?:y|ies)|changed|changes|moved"
KINDS = ("project", "component", "type", "status", "priority", "label", "version", "sprint", "person", "resolution")
# Jira's usual resolution names: after "resolved as" they name a resolution in lower case too ("closed as invalid")
USUAL_RESOLUTIONS = (r"duplicates?|invalid|obsolete|incomplete|cannot reproduce|won'?t fix|won'?t do|not a bug|"
                     r"works as (?:designed|intended)|answered|migrated|escalated|out of scope|rejected|cancell?ed")

# kind, slot pattern with a `value` group; cue words match in any case, values as the pattern says.
SLOTS: list[tuple[str, re.Pattern[str]]] = [
    ("component", re.compile(rf"(?P<value>{NAMES}) (?i:component|module)s?\b")),
    ("component", re.compile(rf"\b(?i:the|in|on|against) (?P<value>{NAMES}) (?i:area)\b")),
    ("component", re.compile(rf"\b(?i:component) (?P<value>{NAMES})")),
    ("person", re.compile(rf"(?<![\w-])(?![A-Z][A-Z0-9_]*-\d+\b)(?P<value>{NAME}(?: {NAME})?)'s {ISSUE_NOUNS}\b")),
    ("person", re.compile(rf"\b(?i:is|was|has|did|does) (?P<value>{NAME}(?: {NAME})?) "
                          r"(?i:working|work|been|report|raise|file|own|handle|fix)")),
    ("status", re.compile(rf"\b(?i:status|state)(?: (?i:of|is|=))? \"?(?!(?i:{NO_NAME_AFTER_FIELD})\b)"
                          rf"(?P<value>{NAMES})")),
    # "in the Awaiting QA status", "sitting in the Triage column" (an issue key before the word is no status)
    ("status", re.compile(rf"\b(?i:in|into|to) (?i:the )?(?![A-Z][A-Z0-9]+-\d)"
                          rf"(?P<value>{JOINED_NAMES}) (?i:status|state|column)\b")),
    ("resolution", re.compile(rf"\b(?i:resolved|closed|marked|flagged) as (?:an? )?(?P<value>{JOINED_NAMES}|"
                              rf"(?:{USUAL_RESOLUTIONS})\b)(?! of\b)")),  # "marked as duplicates of them": a link
    ("resolution", re.compile(rf"\b(?i:resolution)(?: (?i:of|is|=))? \"?(?P<value>{JOINED_NAMES})")),
    # ("summary IE8 resolution Won't Fix": the words searched for in a field said before them, no resolution)
    ("resolution", re.compile(rf"(?<!(?i:summary) )(?<!(?i:title) )(?<!(?i:description) )(?<!\w)"
                              rf"(?P<value>{JOINED_NAMES}) (?i:resolution)\b")),
    ("version", re.compile(r"\b(?i:release|version|fix ?version)s? \"?(?P<value>[A-Z0-9][\w.-]*)")),
    # a dotted number before the noun: "the 2028.Q2 release", "the 1.4 version"
    ("version", re.compile(r"(?<![\w.])(?P<value>[A-Za-z]*\d[\w-]*(?:\.[\w-]+)+) (?i:release|version)\b")),
    ("sprint", re.compile(r"(?P<value>(?:\b[A-Z][A-Za-z]* )?(?i:sprint) \d+)\b")),
    ("sprint", re.compile(rf"\b(?i:sprint) \"?(?P<value>{NAME}(?: \d+)?)")),
    ("project", re.compile(rf"(?P<value>{NAMES}) (?i:project)\b")),
    ("project", re.compile(rf"\b(?i:project) (?P<value>{NAME})")),
    ("label", re.compile(r"\b(?i:labell?ed|tagged)(?: (?i:as|with))? \"?(?P<value>\w[\w-]*)")),
    # after the noun, a word is a label's name only when shaped like one: "label legacy-migration"
    ("label", re.compile(r"\b(?i:labels?|tags?) \"?(?P<value>[A-Z][\w-]*|\w+-[\w-]+|\w*\d\w*)")),
    ("type", re.compile(rf"(?<!(?i:the) )\b(?i:of type|issue ?type|type) \"?(?P<value>{NAME}(?: {NAME})?)")),
    ("type", re.compile(rf"(?P<value>{NAME}(?: {NAME})?) (?i:issue type)\b")),
    # a level named beside the field word must be one the instance has: "priority P0", "Blocker priority"
    # ("top priority Core Platform work": the level is said before the field word, the name after is no level)
    ("priority", re.compile(r"(?<!(?i:top)[ -])(?<!(?i:high)[ -])(?<!(?i:low)[ -])(?<!(?i:highest)[ -])"
                            r"(?<!(?i:lowest)[ -])(?<!(?i:medium)[ -])\b(?i:priority)(?: (?i:of|is|=))? "
                            r"\"?(?P<value>[A-Z0-9][\w-]*)")),
    # ("environment Production priority High": the word is the text field's, said as keywords)
    ("priority", re.compile(r"(?<!(?i:environment) )(?<!(?i:summary) )(?<!(?i:title) )(?<!(?i:description) )"
                            r"(?P<value>\b[A-Z0-9][\w-]*) (?i:priority)\b")),
    # in lower case too when the word is a level of Jira's usual schemes ("trivial priority" where the levels run
    # Highest to Lowest) or a made-up grade ("urgent-plus priority"); "top priority" describes, it names nothing
    # ("low priority" is an everyday word read everywhere: the bottom levels where the scheme has no Low)
    ("priority", re.compile(r"\b(?P<value>(?:blocker|critical|major|minor|trivial|high|medium|p[0-5])|"
                            r"(?![a-z]+-level\b)[a-z]+-[a-z]+) priority\b")),  # ("blocker-level priority": the level)
]
# Everyday words for issue types ("defect" for Bug): no type's name where the type is named as one ("Defect issue
# type" asks which type is meant), though a question may use them ("open defects").
EVERYDAY_TYPES = frozenset(word for (kind, _), words in SYNONYMS.items() if kind == "type" for word in words)


def value_names(lexicon: Lexicon) -> dict[str, set[str]]:
    """Each kind's names as a slot may hold them, lower-cased: computed once per lexicon."""
    names: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for kind in KINDS:
        for term in lexicon.of(kind):  # a level's synonyms ("critical") are no level's name beside the field word
            aliases = [] if kind == "priority" else [a for a in term.aliases
                                                     if not (kind == "type" and a in EVERYDAY_TYPES)]
            names[kind].update(a.lower() for a in (term.label, term.value, *aliases) if a)
            if kind == "person" and term.label:
                names[kind].update(term.label.lower().split())  # a first name or a surname alone
    return names


def unknown_slot_value(original: str, names: dict[str, set[str]],
                       ignore: frozenset[str] | set[str]) -> tuple[str, str] | None:
    """The first (kind, value) in a slot of that kind whose value the instance has nothing like; `names`: from
    `value_names`; `ignore`: words that are no value (filler, field names, any real value's words)."""
    asked = _asking_sentence(original)
    for kind, pattern in SLOTS:
        for match in pattern.finditer(asked):
            value = re.sub(r"'s$", "", match.group("value")).strip("\"'")  # "is MOB's work": MOB
            words = value.lower().split()
            said = asked[match.start("value"):match.end()]  # "status is Won't Fix": the value runs on past the slot
            # "tagged as needing design": the value may run on past the one word the slot took
            longer = " ".join(asked[match.start("value"):].lower().split()[:2])
            if not words or words[0] in NO_VALUE or _known(kind, value, names[kind]) or any(
                    _known(k, value, names[k], exact=True) or _known(k, said, names[k], exact=True) for k in KINDS) \
                    or (kind == "label" and _known(kind, longer, names[kind])):
                continue  # a value the instance has, as any kind: "priority Operations issues", "MOB's work"
            # a slot whose kind names values plainly ("type X", "Sprint 97") is asked about even when its
            # words occur elsewhere; in the others a value made of known words may be a phrase, not a name
            numbered = kind in ("sprint", "version") and any(c.isdigit() for c in value)
            usual = kind == "resolution" and re.fullmatch(USUAL_RESOLUTIONS, value.lower())  # "closed as duplicates"
            plain = numbered or usual or kind in ("priority", "type")
            if not plain and all(w in ignore or w.isdigit() for w in words):
                continue
            return kind, value
    return None


def _known(kind: str, value: str, names: set[str], exact: bool = False) -> bool:
    """The instance has this value (`names`: its kind's), or one close enough that grounding will read it as
    that one."""
    wanted = value.lower()
    if kind == "sprint" and re.fullmatch(r"sprint \d+", wanted):
        return any(n.endswith(wanted) for n in names)  # "in sprint 52": the team is told elsewhere
    if kind == "version" and any(n.endswith(f" {wanted}") for n in names):
        return True  # "the Coding Env 0.9 release": the number ends a name said in full
    if wanted in names or exact:
        return wanted in names
    digits = re.findall(r"\d+", wanted)  # "Sprint 97" is no near miss of "Sprint 9": numbers must agree
    return any(re.findall(r"\d+", n) == digits for n in get_close_matches(wanted, names, n=3, cutoff=0.75))


# "sitting in Quarantine": a capitalised word after a place word, that no reader used, names a value of
# some kind the instance does not have; asked about, since dropping it would widen the answer.
PLACE = re.compile(r"(?<=\w )(?i:in|on|under|inside|within|into) (?P<value>[A-Z][a-z][\w-]*)\b")
# Capitalised words that are times or the tool itself, never a value: "what changed in October".
NOT_PLACES = frozenset("""january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday jira slack english""".split())
PLACE_KINDS = ("project", "component", "status", "sprint", "version", "label")


def unplaced_name(original: str, unused: list[str], lexicon: Lexicon) -> str | None:
    """The sentence for a name in a place no reader could use, or None."""
    for match in PLACE.finditer(_asking_sentence(original)):
        value = match.group("value")
        if value.lower() in unused and value.lower() not in NOT_PLACES:
            if any(value.lower() in t.label.lower().split() for t in lexicon.of("person")):
                continue  # "in Antranig's hands": a person's, which the role readers judge
            names = {t.label.lower(): t.label for kind in PLACE_KINDS for t in lexicon.of(kind) if t.label}
            words = {w for name in names for w in name.split()}
            if get_close_matches(value.lower(), words, n=1, cutoff=0.85):
                continue  # a real value's word ("Resolved") the readers left for a reason of their own
            close = [names[c] for c in get_close_matches(value.lower(), names, n=3, cutoff=0.5)]
            hint = f" The closest are {', '.join(close)}." if close else ""
            return (f"There is no project, component, status, sprint, release or label called '{value}' "
                    f"in this Jira.{hint}")
    return None


def _asking_sentence(original: str) -> str:
    """The last sentence, which asks: a context sentence before it ("tested in Firefox", "our Release
    Manager asked") names things that are no value; its words left unused are named as such instead."""
    return re.split(r"(?<=[.!?])\s+", original.strip())[-1]


# "Priya Raman said…", "covering for Yusuf Demir", "what has Priya Raman done": a person's full name, capitalised,
# where a person stands: after a word that takes a person ("by", "for") when no noun follows ("New Relic integration"),
# or at the start or after a verb when a verb, a possessive or the end follows
FULL_NAME = re.compile(r"(?:(?P<cue>\b(?:by|to|for|with|from|of|on|about|ask|thank)\s+)|"
                       r"(?:^|[.!?]\s+|\b(?:did|has|does|is|was|have|had)\s+))"
                       r"(?P<first>[A-Z][a-z]+) (?P<last>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b"
                       r"(?(cue)(?=(?:'s|’s)\b|\W*$|[?,.!;:]|\s+(?:in|on|at|from|since|during|this|last|and|or|who|"
                       r"that|which|with|for|to|while|over|across)\b)|"
                       r"(?=(?:'s|’s)\b|\s+(?:said|says|is|was|has|had|did|does|closed|changed|fixed|filed|"
                       r"reported|raised|owns|worked|working|been|done|do|used|left|moved|went|wants|asked|told|"
                       r"mentioned|needs|while|and|or|changes|activity|tickets|issues|bugs|work)\b|\W*$|[?,]))")
# "bugs Hiroshi reported", "assigned to Hiroshi": one capitalised name inside a sentence, in a person's place
FIRST_NAME = re.compile(r"(?<=[a-z,] )(?P<first>[A-Z][a-z]{2,})(?=\s+(?:has |have |had |just )?(?:reported|filed|"
                        r"raised|logged|opened|created|submitted|wrote|owns|is working|was working|asked for|"
                        r"requested)\b)|"
                        r"\b(?:reported|filed|raised|logged|opened|created|submitted|assigned|owned|handled) (?:by|to) "
                        r"(?P<after>[A-Z][a-z]{2,})\b(?!\s+[A-Z])")
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday today tomorrow".split())


def unknown_person(original: str, lexicon: Lexicon, known_words: AbstractSet[str], english: AbstractSet[str]
                   ) -> str | None:
    """The name of a person the instance does not have (a full name, or a first name right beside a verb of a
    person's role), said where a person stands, or None: answered without them, a question about their work would
    be answered over everyone's."""
    people = {t.label.lower() for t in lexicon.of("person")}
    for match in FULL_NAME.finditer(original):
        first, last = match.group("first").lower(), match.group("last").lower()
        if get_close_matches(f"{first} {last}", people, n=1, cutoff=0.85) or {first, last} & (english | WEEKDAYS) \
                or {first, last} <= known_words:
            continue  # a person (or a near miss, left to grounding), an everyday word, or the instance's own names
        return f"{match.group('first')} {match.group('last')}"
    first_names = {w for person in people for w in person.split()}
    for match in FIRST_NAME.finditer(original):
        name = match.group("first") or match.group("after")
        said = name.lower()
        if not (said in known_words or said in english or said in WEEKDAYS
                or get_close_matches(said, first_names, n=1, cutoff=0.85)):
            return name
    return None
