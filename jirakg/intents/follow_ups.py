"""Follow-up questions narrow the previous result set: the earlier conditions stay, the new ones add
to them or replace one of the same kind."""

from __future__ import annotations

import re
from collections.abc import Collection
from collections.abc import Set as AbstractSet
from dataclasses import replace
from datetime import datetime, timedelta
from typing import get_args

from jirakg.intents.conditions import FIX_VERSION_SAID, SOMEONE_ELSE, SOMEONE_ELSE_REPORTED
from jirakg.intents.jql_builder import CURRENT_USER, LIST_CLAUSES
from jirakg.intents.models import DateField, DateRange, EmptiableField, Slots, TextField, ValueFilters
from jirakg.intents.timewindows import COUNT, shift
from jirakg.jql.errors import JqlSyntaxError
from jirakg.jql.render import render
from jirakg.jql.syntax import And, Clause, Query, parse

REPORTER_WORDS = re.compile(r"\b(?:report(?:ed|s|er|ing)?|file|filed|fill?ed|raised?|logged|opened|wrote|created|"
                            r"proposed|suggested|requested)\b")
ASSIGNEE_WORDS = re.compile(r"\b(?:as+ign(?:ed|s|ee)?|working on|works on|owns?|fixing|handl(?:e|es|ed|ing)|doing|"
                            r"(?:asked|told|supposed|meant|expected) to|"
                            r"(?:she|he) (?:has|have)|(?:does|do|did) (?:she|he) have|on (?:his|her|their) plate)\b")
# A person pointed back to ("the ones she reported"); "them"/"they" point at the issues, not a person.
PERSON_PRONOUN = re.compile(r"\b(?:she|he|her|him|his|hers|herself|himself|"
                            r"(?:that|this|the same) (?:person|guy|user))\b")
POINTS_AT_PERSON = re.compile(PERSON_PRONOUN.pattern, re.IGNORECASE)  # in text as typed: what `with_person` replaces
# "her open bugs", "not his", "which aren't hers": the pronoun names the person's own issues without a role verb
POSSESSIVE = re.compile(r"\b(?:not|\w+n['’ ]t|isnt|arent|wasnt|werent|(?:is|are) (?:still)?) ?(?:his|hers)\b|"
                        r"\b(?:her|his) (?!(?:too|also|as|and|or|in|on|for|instead|either|"
                        r"last|this|since|please)\b)[a-z]")
# Words that keep the earlier set and add to it ("which of those are assigned to her too"); without them a
# role word asks the parallel question ("and the ones she reported?" moves the person to reporter)
NARROWS = re.compile(r"\b(?:of (?:those|these|them|that list|this list|the list)|out of|among|too|also|as well|"
                     r"only|just|keep|narrow|filter|restrict|limit|both)\b")
# Words that name a set of issues of their own: a question with one starts afresh ("WEB bugs").
ISSUE_NOUNS = re.compile(r"\b(?:issues?|tickets?|bugs?|stor(?:y|ies)|tasks?|epics?|risks?|features?|initiatives?|"
                         r"sub-?tasks?|items?|work|everything|anything|all)\b")
# Words that only say a value replaces the earlier one, point back at a person or acknowledge the last
# answer ("Okay. And in MOB instead?"); never words to search for in a follow-up.
NOT_SEARCHED = frozenset({"instead", "rather", "himself", "herself", "themselves", "okay", "ok", "thanks", "cheers",
                          "include", "add", "well", "left", "remaining"})  # "add … as well", "how many are left"
# "include the ones labelled performance too", "add Ana's as well": a value joins the earlier ones of its field
ADDS = re.compile(r"\b(?:include|add|throw in|bring in)\b.*\b(?:too|as well|also)\b|"
                  r"\b(?:also|as well as|plus) (?:include|add|the ones?|those|anything|whatever)\b|"
                  r"^\s*(?:\+|and also\b)|"  # "+ export", typed short
                  # "and critical too", "the bugs as well": a value or two said alone with "too"
                  r"^\W*(?:and )?(?:the )?[\w'-]+(?: [\w'-]+)? (?:ones? )?(?:too|as well)\W*$")
INSTEAD_OF = re.compile(r"\b(?:rather than|instead of|in place of)\b")
# Words that only say the last set is narrowed ("can we cut it down to…"): used by being a follow-up
NARROWING_VERBS = frozenset({"cut", "down", "narrow", "trim", "whittle", "pare", "reduce", "keep", "limit", "restrict",
                             "filter", "confine", "scope", "broaden", "widen", "extend", "expand", "search"})
NOT_UNUSED = NARROWING_VERBS | NOT_SEARCHED  # a follow-up's words never named as not used
BEYOND_PLACE = re.compile(r"\b(?:not (?:just|only|merely)|beyond|besides|apart from|other than|outside(?: of)?|"
                          r"as well as|more than)(?: in| from)?(?: the| its| their)? (?:titles?|summary|summaries|"
                          r"headlines?|heading)\b")
PLACE_FILLER = frozenset({"it", "its", "it's", "is", "in", "the", "where", "only", "just", "there", "say", "says",
                          "mention", "mentions", "mentioned", "what", "about"})
# "only where it's in the headline", "summary only", "anywhere in the ticket": where the earlier words are searched
TEXT_PLACES: tuple[tuple[TextField, re.Pattern[str]], ...] = (
    ("summary", re.compile(r"\b(?:titles?|summary|summaries|headlines?|heading|subject line)\b")),
    ("description", re.compile(r"\b(?:descriptions?|write-?ups?)\b")),
    ("comment", re.compile(r"\b(?:comments?|discussion|replies)\b")),
    ("environment", re.compile(r"\benvironment\b")),
    ("text", re.compile(r"\b(?:anywhere|wherever|everywhere|whole ticket|any field)\b")))


# A field typed as JQL in a follow-up replaces what the earlier search said of it ("and project = DATA?" after WEB):
# the slots each JQL field fills (a state said either way replaces both), and its emptiness
STATE_SLOTS = ("statuses", "status_categories")
TYPED_FIELD_SLOTS = {field.lower(): STATE_SLOTS if slot in STATE_SLOTS else (slot,) for field, slot in LIST_CLAUSES}
TYPED_ALIASES = {"type": "issuetype", "label": "labels"}
REPLACING = re.compile(r"\b(?:make it|instead|change (?:it|that|this)|rather|switch|replace)\b")
DATE_FIELDS_TYPED: dict[DateField, tuple[str, ...]] = {  # as JQL names them
    "created": ("created", "createddate"), "updated": ("updated", "updateddate"), "due": ("duedate", "due"),
    "resolved": ("resolved", "resolutiondate")}
EMPTIED: dict[EmptiableField, str] = {"assignee": "assignees", "reporter": "reporters", "fixVersion": "fix_versions",
                                      "affectedVersion": "affected_versions", "component": "components",
                                      "labels": "labels", "sprint": "sprints", "parent": "parents"}
EMPTIABLE = {name.lower(): name for name in get_args(EmptiableField)}
TYPED_FIELD = re.compile(rf"(?<![\w-])({'|'.join([*TYPED_FIELD_SLOTS, *TYPED_ALIASES])})\s*"
                         r"(?:!?=|!?~|\bnot in\b|\bin\b|\bis\b)", re.IGNORECASE)


def _typed_fields_replaced(merged: Slots, typed: str, words: str) -> None:
    """The earlier values of each field the follow-up types as JQL go: the typed clause says it now. A date typed
    after a word of replacing ("make it resolved >= -30d"), or bounded on both sides, replaces the earlier period;
    one bound alone bounds it ("created < 2026-06-01" after "created >= 2026-01-01": the months between)."""
    unquoted = re.sub(r'"[^"]*"', '""', typed)
    if re.search(r"(?<![\w-])text\s*!?~", unquoted, re.IGNORECASE):
        merged.text = None
    fields = {TYPED_ALIASES.get(m.group(1).lower(), m.group(1).lower()) for m in TYPED_FIELD.finditer(unquoted)}
    bounds = {field: said & {"<", ">"} for field, said in _typed_dates(typed).items()}
    dated = {field for field, said in bounds.items() if said and (REPLACING.search(words) or said == {"<", ">"})}
    merged.dates = [d for d in merged.dates if d.field not in dated]
    # 'Severity = "S2 - Major" instead' after S1: a select field holds one value, the one typed now (a list field's
    # values are replaced above; a date set equal to one day is no select field)
    selected = _equal_to_one(typed) - {name for names in DATE_FIELDS_TYPED.values() for name in names}
    merged.options = [o for o in merged.options if o.field.lower() not in selected]
    if merged.typed_jql:  # "assignee = Carla" after "assignee = Ana AND resolution IS EMPTY" typed: Carla's
        merged.typed_jql = without_clauses_on(merged.typed_jql, fields | selected | {
            name for field in dated for name in DATE_FIELDS_TYPED[field]})
    for field in fields:
        for name in TYPED_FIELD_SLOTS[field]:
            setattr(merged, name, [])
            setattr(merged.excluded, name, [])
        emptiable = EMPTIABLE.get(field)
        merged.empty = [f for f in merged.empty if f != emptiable]
        merged.filled = [f for f in merged.filled if f != emptiable]


def _typed_dates(typed: str) -> dict[DateField, set[str]]:
    """Each date field typed JQL compares, with the comparisons' first characters ("created >= …": {">"})."""
    unquoted = re.sub(r'"[^"]*"', '""', typed)
    found = {field: {m.group(1) for m in re.finditer(rf"(?<![\w-])(?:{'|'.join(names)})\s*([<>=])", unquoted,
                                                      re.IGNORECASE)}
             for field, names in DATE_FIELDS_TYPED.items()}
    return {field: said for field, said in found.items() if said}


def _equal_to_one(typed: str) -> set[str]:
    """The fields (lower case) typed JQL sets to one value at its top level ("Severity = S2")."""
    try:
        where = parse(typed).where
    except JqlSyntaxError:
        return set()
    parts = where.parts if isinstance(where, And) else (where,)
    return {part.field.lower() for part in parts if isinstance(part, Clause) and part.operator == "="}


def without_clauses_on(typed: str, fields: AbstractSet[str], moved_to: str | None = None) -> str | None:
    """Typed JQL without its top-level AND clauses on `fields`, or with them on the field `moved_to` ("assignee
    instead of reporter"); as it was where it is no plain conjunction."""
    try:
        query = parse(typed)
    except JqlSyntaxError:
        return typed
    parts = query.where.parts if isinstance(query.where, And) else (query.where,)

    def on_fields(part: object) -> bool:
        return isinstance(part, Clause) and TYPED_ALIASES.get(part.field.lower(), part.field.lower()) in fields

    kept = tuple(replace(p, field=moved_to) if moved_to and on_fields(p) else p
                 for p in parts if moved_to or not on_fields(p))
    if not any(on_fields(p) for p in parts) or query.order_by:
        return typed
    return render(Query(where=And(kept) if len(kept) > 1 else kept[0])) if kept else None


def narrowed(previous: Slots, new: Slots, words: str = "", done: Collection[str] = ()) -> Slots:
    """A follow-up keeps the earlier conditions and adds or replaces what it states ("and in FLOE?",
    "how many of those are bugs?", "only the open ones", "sort them by priority"). `words`, the
    follow-up's own lower-cased text, tells a role it restates from one it leaves out; `done`, the instance's
    workflow states in the Done category."""
    new, moved_from = _in_earlier_roles(previous, new, words)
    if INSTEAD_OF.search(words):  # "1.5 rather than 1.4": the earlier value replaced, not excluded
        new = new.model_copy(deep=True)
        for name in ValueFilters.model_fields:
            replaced = {*getattr(previous, name), *(previous.affected_versions if name == "fix_versions" else [])}
            setattr(new.excluded, name, [v for v in getattr(new.excluded, name) if v not in replaced])
    if new.fix_versions and previous.affected_versions and not previous.fix_versions and not new.affected_versions \
            and not FIX_VERSION_SAID.search(words):  # "same for 1.5" after bugs affecting 1.4: the version they affect
        new = new.model_copy(update={"affected_versions": new.fix_versions, "fix_versions": []})
    merged = previous.model_copy(deep=True)
    if moved_from:
        setattr(merged, moved_from, [])
    adds = ADDS.search(words) is not None
    for name in ValueFilters.model_fields:
        if getattr(new, name):
            setattr(merged, name, list(dict.fromkeys((getattr(merged, name) if adds else []) + getattr(new, name))))
        if getattr(new.excluded, name):
            both = getattr(merged.excluded, name) + getattr(new.excluded, name)
            setattr(merged.excluded, name, list(dict.fromkeys(both)))
    # a settled state said now replaces an unsettled one said before, and the other way round ("what about the closed
    # ones?" after "open bugs", "only the open ones" after "bugs resolved as Duplicate"); "which of those are blocked"
    # narrows
    if new.resolutions or "resolution" in new.filled or "done" in new.status_categories \
            or set(new.statuses) & set(done):
        merged.empty = [f for f in merged.empty if f != "resolution"]
    if "resolution" in new.empty:
        merged.resolutions, merged.status_categories = [], [c for c in merged.status_categories if c != "done"]
        merged.statuses = [s for s in merged.statuses if s not in done]  # "… done and how many are left?"
        merged.filled = [f for f in merged.filled if f != "resolution"]
    if not adds:  # a field said empty replaces its values said before, and a value its emptiness ("no labels at all
        # instead" after tech-debt, "and Elena's?" after the unassigned ones)
        for field, name in EMPTIED.items():
            if field in new.empty:
                setattr(merged, name, [])
            if getattr(new, name):
                merged.empty = [f for f in merged.empty if f != field]
    merged.empty = list(dict.fromkeys(merged.empty + new.empty))
    merged.filled = list(dict.fromkeys(merged.filled + new.filled))
    merged.dates = [d for d in merged.dates if d.field not in {n.field for n in new.dates}] + new.dates
    untyped = [link for link in merged.links if link.key and not link.link_type]
    for link in new.links:
        if not link.key and link.link_type and len(untyped) == 1:  # "link type has risk" after what is linked to X:
            untyped[0].link_type = link.link_type  # the links to X of that type
        elif link not in merged.links:
            merged.links.append(link)
    merged.parents = list(dict.fromkeys(merged.parents + new.parents))
    merged.descendants_of = list(dict.fromkeys(merged.descendants_of + new.descendants_of))
    merged.was_statuses = new.was_statuses or merged.was_statuses
    merged.history += [condition for condition in new.history if condition not in merged.history]
    # a named sprint or version replaces an earlier "current sprint" / "unreleased" and the other way round
    merged.version_state = new.version_state or (None if new.fix_versions else merged.version_state)
    if new.version_state and not new.fix_versions:
        merged.fix_versions = []
    merged.numbers = [n for n in merged.numbers if n.field not in {m.field for m in new.numbers}] + new.numbers
    merged.overdue = merged.overdue or new.overdue
    merged.sprint_state = new.sprint_state or (None if new.sprints else merged.sprint_state)
    merged.sprint_state_excluded = new.sprint_state_excluded if new.sprint_state else merged.sprint_state_excluded
    merged.carried_over = new.carried_over if new.sprint_state else merged.carried_over
    if new.sprint_state and not new.sprints:
        merged.sprints = []
    place = _text_place(words) if previous.text else None
    beyond = BEYOND_PLACE.search(words)
    said = PLACE_FILLER | set(beyond.group(0).split() if beyond else ())
    if place and new.text and all(_text_place(w) or w in said for w in new.text.split()):
        new.text = None  # "just where its in the title": the place said, no new words
    if searched := _searched_words(new.text):  # the words and the field they are searched in, said anew
        merged.text, merged.text_field = searched, new.text_field
    if place and merged.text == previous.text:
        merged.text_field = place
        new.ignored = [w for w in new.ignored if not _text_place(w) and w not in said]
    earlier = (previous.text or "").lower()
    swapped = earlier and re.search(rf"\b(?P<word>[\w.-]+) (?:instead of|rather than|in place of) "
                                    rf"{re.escape(earlier)}\b", words)
    if swapped:  # "the same search but for NVDA instead of VoiceOver": the words searched for, replaced
        merged.text = swapped.group("word")
        new.ignored = [w for w in new.ignored if w not in (swapped.group("word"), *earlier.split())]
    if new.typed_jql:
        _typed_fields_replaced(merged, new.typed_jql, words)
    # a value or a period said anew replaces the typed clause on its field ("same in DATA" after typed
    # "project = WEB AND …", "and 2010?" after typed created clauses)
    anew = {field for field, names in TYPED_FIELD_SLOTS.items() if any(getattr(new, n) for n in names)}
    anew |= {name for d in new.dates for name in DATE_FIELDS_TYPED.get(d.field, (d.field,))}
    if merged.typed_jql and anew and not adds:
        merged.typed_jql = without_clauses_on(merged.typed_jql, anew)
    merged.typed_jql = " AND ".join(  # ("AND (resolution != Duplicate OR resolution is EMPTY)": kept together)
        f"({typed})" if re.search(r"\bOR\b", typed, re.IGNORECASE) else typed
        for typed in (merged.typed_jql, new.typed_jql) if typed) or None
    merged.order_by = new.order_by or merged.order_by
    merged.measure = new.measure  # "bugs only" after how a release goes: a list of its issues, no report
    merged.ignored = [w for w in new.ignored if w not in NOT_UNUSED]
    merged.assumed = list(dict.fromkeys(previous.assumed + new.assumed))  # how the whole set was read
    if new.statuses:
        merged.status_categories = []
    return merged


def pronoun_in_role(words: str) -> str | None:
    """The pronoun of a follow-up that points at a person in a role it states ("assigned to her", "she
    reported", "her open bugs", "not his"). None without a role: "which of those did she close" keeps the
    person where she was."""
    pronoun = PERSON_PRONOUN.search(words)
    if pronoun is None or not (REPORTER_WORDS.search(words) or ASSIGNEE_WORDS.search(words)
                               or POSSESSIVE.search(words) or re.search(r"\b(?:by|to|with|on) (?:her|him)\b", words)):
        return None
    return pronoun.group()


def people_pointed_back(words: str, previous: Slots) -> list[str]:
    """The people (account ids) a follow-up's pronoun in a role may point back to: those the previous
    search named, the asker aside."""
    if pronoun_in_role(words) is None:
        return []
    named = previous.assignees + previous.reporters + previous.excluded.assignees + previous.excluded.reporters
    return [p for p in dict.fromkeys(named) if p != CURRENT_USER]


def with_person(text: str, name: str) -> str:
    """`text` with the pronouns that point at a person replaced by the person's name, so the condition reader
    reads the role the words give it ("assigned to her" → "assigned to Carla Kim"); "herself" only stresses."""
    text = re.sub(r"\b(?:herself|himself)\b", " ", text, flags=re.IGNORECASE)
    # "in his hands": the person's own ("in Antranig's hands"), which the role readers know as such
    text = re.sub(r"\b(?:in|on|off|from) his\b", lambda m: f"{m.group(0)[:-4]} {name}'s", text, flags=re.IGNORECASE)
    return POINTS_AT_PERSON.sub(lambda _: name, text)  # the name as it is, never read as a template


# not "may", "jan" or "mar", words and names too
MONTH_NAMES = ("january|february|march|april|june|july|august|september|october|november|december|feb|apr|jun|jul|aug|"
               "sept|sep|oct|nov|dec")
MONTH_ALONE = re.compile(rf"(?<!\bin )(?<!\bduring )(?<!\bfrom )(?<!\bsince )(?<!\bof )(?<!\bbefore )(?<!\bafter )"
                         rf"(?<!\buntil )(?<!\btill )(?<!\bto )(?<!\bthrough )(?<!\bbetween )(?<!\bby )(?<!\bin early )"
                         rf"(?<!\bin late )\b(?:for |the month of )?({MONTH_NAMES})\b(?!\s*\d)", re.IGNORECASE)


def with_month_window(text: str, previous: Slots | None = None) -> str:
    """A month said alone in a follow-up ("and August?", "the same for October instead") is the time window
    the earlier question's date takes, in the year of the earlier window where that lay within one year ("what
    about april" after "in March 2012"); a month after its own preposition or beside a day is left as said."""
    if len(re.findall(rf"\b(?:{MONTH_NAMES}|in may)\b", text, re.IGNORECASE)) != 1:
        return text
    text = MONTH_ALONE.sub(lambda m: f"in {m.group(1)}", text)
    bounded = [d for d in previous.dates if d.start and d.end] if previous else []
    if len(bounded) == 1:
        start, end = (datetime.fromisoformat(t) for t in (bounded[0].start or "", bounded[0].end or ""))
        if start.year == (end - timedelta(seconds=1)).year:
            text = re.sub(rf"\b(?:in|during|for) ({MONTH_NAMES}|may)\b(?!\s*\d)", rf"\g<0> {start.year}", text,
                          flags=re.IGNORECASE)
    return text


# "make it 30 days", "going back a whole 60 days", "extend that to two weeks": a span said alone after a window that
# reaches back from today ("in the last 14 days") is that window, as long ("for 30 days", "in 30 days" say their own)
SPAN_ALONE = re.compile(rf"(?:\b(?:make it|extend (?:that|it|this)(?: to)?|change (?:that|it) to|go(?:ing)? back|"
                        rf"reach(?:ing)? back|back)\s+)?(?<!\blast )(?<!\bpast )(?<!\bnext )(?<!\bfor )(?<!\bin )"
                        rf"\b(?:(?:a|the) (?:whole |full )?)?(?P<span>{COUNT} (?:days?|weeks?|months?))\b"
                        rf"(?! (?:ago|old|from|before|after|late|overdue|past)\b)", re.IGNORECASE)


def with_span_window(text: str, previous: Slots | None) -> str:
    back = [d for d in previous.dates if d.start and not d.end and re.search(r"\b(?:last|past)\b", d.phrase)] \
        if previous else []
    if len(back) != 1 or len(SPAN_ALONE.findall(text)) != 1:
        return text
    return SPAN_ALONE.sub(lambda m: f" in the last {m.group('span')} instead", text)  # ("instead": a follow-up's word)


# "same for OPS-541", "now ops 541", "and the ones that belong to OPS-541?": after the issues under one parent, the
# issues under another; nothing else may be said but the words that point back and how the new parent is described
OTHER_PARENT_WORDS = frozenset("""now do the same for and what about how instead ones that which belong belonging to
under of children kids child issues tickets items parent please then also too""".split())
DESCRIBED_PARENT = re.compile(r",\s*(?:the|its|our)\b[^,.?!]*$|\s*\([^)]*\)")  # ", the Cluster upgrades v1 epic"


def other_parent(text: str, previous: Slots | None, projects: AbstractSet[str]) -> str | None:
    """The issue whose children a follow-up asks for in place of the one parent the earlier set was under."""
    if previous is None:
        return None
    typed = re.findall(r'(?i)\bparent\s*=\s*"?([A-Z][A-Z0-9]*-\d+)"?', previous.typed_jql or "")
    parents = list(dict.fromkeys(previous.parents + previous.descendants_of + [k.upper() for k in typed]))
    said = DESCRIBED_PARENT.sub(" ", text.strip().rstrip("?.! "))
    keys = [f"{p.upper()}-{n}" for p, n in re.findall(r"\b([A-Za-z][A-Za-z0-9]*)[- ](\d+)\b", said)
            if p.upper() in projects]
    if len(parents) != 1 or len(keys) != 1 or keys[0] == parents[0]:
        return None
    rest = re.sub(r"\b[A-Za-z][A-Za-z0-9]*[- ]\d+\b|[^\w\s]|\bparent\s*=", " ", said).lower().split()
    return keys[0] if set(rest) <= OTHER_PARENT_WORDS else None


# "and the week after?", "the month before that", "the following week": the earlier window moved by one unit
# ("next week" alone counts from today, and is the time reader's)
ADJACENT = re.compile(r"\b(?:the )?(?:(?P<unit>day|week|fortnight|month|quarter|year)(?: right)? (?P<way>after|before)"
                      r"(?: that| it| this)?|(?P<way2>following|previous|preceding|prior) (?P<unit2>day|week|fortnight|"
                      r"month|quarter|year))\b", re.IGNORECASE)


def adjacent_window(text: str, previous: Slots | None) -> tuple[str, DateRange | None]:
    """`text` without a window said next to the earlier one ("and the week after?" after "due next week"), and
    that window on the earlier date field; the text as it is when the earlier search had no one bounded window."""
    match = ADJACENT.search(text)
    bounded = [d for d in previous.dates if d.start and d.end] if previous else []
    if match is None or len(bounded) != 1:
        return text, None
    earlier = bounded[0]
    unit = match.group("unit") or match.group("unit2")
    count, unit = (3, "month") if unit == "quarter" else (1, unit)
    if (match.group("way") or match.group("way2")) in ("before", "previous", "preceding", "prior"):
        count = -count
    start, end = (shift(datetime.fromisoformat(t), count, unit).isoformat()
                  for t in (earlier.start or "", earlier.end or ""))  # both set: `bounded`
    window = DateRange(start=start, end=end, phrase=match.group(), field=earlier.field)
    return text[:match.start()] + " " + text[match.end():], window


def refines_alone(words: str) -> bool:
    """A few words that name no issues of their own only refine the last set ("tagged regression",
    "medium priority", "how many still open?"); read alone they would answer over every issue."""
    return len(re.findall(r"[\w.'-]+", words)) <= 4 and not ISSUE_NOUNS.search(words)


def _in_earlier_roles(previous: Slots, new: Slots, words: str) -> tuple[Slots, str | None]:
    """A follow-up's person put where the earlier question had it, and the role the person moved out of:
    "the ones she reported" after "assigned to Carla" moves Carla to reporter; "what about Wen?" after "what
    did Ana report" asks what Wen reported. (Its date is read on the earlier field: `earlier_date_field`.)"""
    new = new.model_copy(deep=True)
    moved_from = None
    reporter_word, assignee_word = REPORTER_WORDS.search(words), ASSIGNEE_WORDS.search(words)
    if PERSON_PRONOUN.search(words):  # the pronoun was read as the person it points at (`with_person`)
        if not (NARROWS.search(words) or refines_alone(words)):
            for role, other in (("assignees", "reporters"), ("reporters", "assignees")):
                if not getattr(new, other) and set(getattr(new, role)) & set(getattr(previous, other)):
                    moved_from = other
    elif new.assignees and not new.reporters and not (reporter_word or assignee_word) \
            and previous.reporters and not previous.assignees:
        new.reporters, new.assignees = new.assignees, []
    named = set(previous.assignees + previous.reporters) - {CURRENT_USER}
    # ("someone else" read alone is other than the asker: the words the condition reader reads so)
    if len(named) == 1 and (SOMEONE_ELSE.search(words) or SOMEONE_ELSE_REPORTED.search(words)) \
            and not re.search(r"\b(?:me|i|my)\b", words):
        (person,) = named  # "which are assigned to someone else" after Farid's: anyone but Farid, not the asker
        for role in ("assignees", "reporters"):
            setattr(new.excluded, role, [person if p == CURRENT_USER else p for p in getattr(new.excluded, role)])
    return new, moved_from


def earlier_date_field(previous: Slots | None) -> DateField | None:
    """The one date field the last search's times are on: a follow-up's time said without a date word is on
    it ("and this week?" after "resolved last week"), one said with one on its own ("the ones that came in this
    week"). None when the last search had no time or several."""
    fields = {d.field for d in previous.dates} if previous else set()
    fields |= set(_typed_dates(previous.typed_jql or "")) if previous else set()  # "same for August" after typed ones
    return fields.pop() if len(fields) == 1 else None


def _text_place(words: str) -> TextField | None:
    """The one field a follow-up names for the earlier words to be searched in; none when it names several."""
    if BEYOND_PLACE.search(words):
        return "text"  # "not just in the title": anywhere
    places = [place for place, pattern in TEXT_PLACES if pattern.search(words)]
    return places[0] if len(places) == 1 else None


def _searched_words(text: str | None) -> str | None:
    """The follow-up's words to search for, without those that only say "instead of the earlier value" or that the
    set is narrowed ("filter to unresolved")."""
    kept = [w for w in (text or "").split() if w.lower() not in NOT_UNUSED]
    return " ".join(kept) or None
