"""What people say for the relations knowledge graphs commonly hold, and what kind of value they ask for.

`MEANINGS`: a phrase of the question → words that predicates giving that relation have in their names
("male or female" → gender, sex; "do for a living" → occupation, profession). Matched against a
predicate's split name, or inside a run-together one ("beganskating", "postcode"), so one entry serves
DBpedia's, YAGO's and Wikidata-like spellings.

`asked_kind`: the kind of value a question asks for — a date, a number or an entity — read from its
question words; `value_kind` says which kind a predicate gives, from a sample of its values. A predicate
of another kind does not answer ("When did it begin?" is not answered by a place, "Who founded it?" not
by a date).
"""

from __future__ import annotations

import re
from typing import Literal

ValueKind = Literal["date", "year", "number", "entity", "text"]
AskedKind = Literal["date", "number", "entity"]

MEANINGS: list[tuple[re.Pattern[str], frozenset[str]]] = [(re.compile(pattern, re.IGNORECASE), frozenset(words))
                                                          for pattern, words in [
    (r"\b(male|female|gender|sex|man or (a )?woman|boy or (a )?girl)\b", {"gender", "sex"}),
    (r"\b(last|family) name\b|\bsurname\b", {"surname", "family", "last"}),
    (r"\b(first|given) name\b", {"given", "first"}),
    (r"\bdo(es)? for a living\b|\bjob\b|\bprofession\b|\bwork(s|ed)? as\b|\boccupation\b|\bcareer\b",
     {"occupation", "profession"}),
    (r"\bcitizen|\bnationality\b|\bpassport\b", {"citizenship", "nationality"}),
    (r"\bhow tall\b|\bheight\b", {"height"}),
    (r"\bhow high\b|\belevation\b|\baltitude\b|\babove sea level\b", {"elevation", "altitude"}),
    (r"\bhow many (people|residents|inhabitants) (live|are there|does)|\bpopulat|\binhabitants\b|\bresidents\b",
     {"population"}),
    (r"\bhow many (people|persons|staff) work|\bemployees?\b|\bworkforce\b|\bstaff\b", {"employees", "employee"}),
    (r"\bmarr(y|ied)\b|\bwife\b|\bhusband\b|\bspouse\b|\bpartner\b", {"spouse", "partner"}),
    (r"\bteam\b|\bclub\b|\bplay(s|ed)? for\b", {"team", "club"}),
    (r"\bhow (big|large)\b|\barea\b|\bsize\b", {"area"}),
    (r"\btime ?zone\b", {"timezone", "zone"}),
    (r"\bpostal code\b|\bzip( code)?\b|\bpost ?code\b", {"postal", "postcode", "zip"}),
    (r"\bcountry\b", {"country"}),
    (r"\bmayor\b|\bleads?\b|\bleader\b|\bruns\b|\bgoverns?\b", {"leader", "mayor"}),
    (r"\bc[oa]me out\b|\breleased?\b|\bpremiered?\b", {"release", "released"}),
    (r"\bdirect(ed|or)\b|\bfilmmaker\b", {"director"}),
    (r"\bbased on\b|\badapt(ed|ation)\b", {"based", "source"}),
    (r"\bbased\b(?! on)|\bheadquarters?\b|\bhead office\b|\bhq\b", {"headquarter", "headquarters"}),
    (r"\bstar(s|red|ring)? in\b|\bacted\b|\bactors?\b|\bcast\b|\bwho'?s in\b", {"starring", "cast", "actor"}),
    (r"\bhow long\b|\brunning time\b|\bruntime\b|\bduration\b|\blength\b", {"runtime", "duration", "length"}),
    (r"\bfound(ed|er|ing)?\b|\bestablished\b|\bset up\b|\bstarted\b(?! skating)", {"founding", "founded", "founder"}),
    (r"\bbegin|\bbegan\b|\bstart|\bopen(ed)?\b|\bcommence", {"start", "begin", "began", "opening"}),
    (r"\bend(ed)?\b|\bover\b|\bfinish(ed)?\b|\bclos(e|ed)\b", {"end", "closing"}),
    (r"\bdie[sd]?\b|\bpass(ed)? away\b|\bdeath\b", {"death"}),
    (r"\bborn\b|\bbirth|\bcome from\b|\bcomes from\b|\bhometown\b", {"birth"}),
    (r"\bbirthplace\b|\bplace of birth\b|\bhometown\b|\bcomes? from\b", {"place"}),
    (r"\btake place\b|\btook place\b|\bheld\b|\bvenue\b|\bwhich city was\b", {"location", "venue", "place"}),
    (r"\btook part\b|\btake part\b|\bparticipa|\bcompet|\battend", {"participant", "participants"}),
]]

# Question words → the kind of value asked for.
ASKED = [(re.compile(r"\bwhen\b|\bwhat (year|date|day)\b|\bon what date\b|\bdate of\b|\bbirthday\b", re.I), "date"),
         (re.compile(r"\bhow (many|much|tall|high|long|big|large|far|old|populous)\b", re.I), "number"),
         (re.compile(r"^\W*(who|whom)\b|\bwho (is|was|are|were)\b|\bwhere\b|\b(which|what) (city|town|country|place"
                     r"|club|team|book|novel|actor|person)\b|\bin (which|what) (city|town|country)\b", re.I), "entity")]
NUMERIC = ("integer", "int", "decimal", "double", "float", "long", "short", "nonNegativeInteger", "positiveInteger")
DATES = ("date", "dateTime", "gYear", "gYearMonth")
FITS: dict[AskedKind, set[ValueKind]] = {"date": {"date", "year", "text"}, "number": {"number", "year", "text"},
                                         "entity": {"entity", "text"}}


def meant_words(question: str) -> set[str]:
    """The predicate words the question's phrases mean."""
    return {word for pattern, words in MEANINGS if pattern.search(question) for word in words}


def asked_kind(question: str) -> AskedKind | None:
    return next((kind for pattern, kind in ASKED if pattern.search(question)), None)  # type: ignore[misc]


def value_kind(is_iri: bool, datatype: str | None, value: str) -> ValueKind:
    if is_iri:
        return "entity"
    local = (datatype or "").rsplit("#", 1)[-1]
    if local in DATES:
        return "date"
    if local in NUMERIC:
        return "year" if re.fullmatch(r"1[0-9]{3}|20[0-9]{2}", value) else "number"
    return "text"


def fits(asked: AskedKind | None, kind: ValueKind | None) -> bool:
    return asked is None or kind is None or kind in FITS[asked]


def in_name(word: str, name: set[str]) -> bool:
    """A meant word is a word of the predicate's name, or part of a run-together one ("beganskating")."""
    return word in name or (len(word) >= 4 and any(word in n for n in name if len(n) > len(word) + 2))
