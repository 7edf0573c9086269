"""Relation linking: the entity's actual predicates, both directions, ranked by the question's
words against each predicate's local name and label, plus everyday cues ("who wrote" → author)
and the answer type a question word asks for ("where … born" is a place, "when … born" a date).
Where the graph describes a predicate (`rdfs:comment`), the words of its description count too, less
than its name's, and by stem ("Where is he buried?" → resting place, "the place where the person is
buried"; "Where did she study?" → alma mater, "the university … the person studied at")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from jirakg.connectors.sparql.escaping import iri
from jirakg.connectors.sparql.labels import LABEL_PROPERTIES, local_name
from jirakg.retrieval.kgqa.lexicon import AskedKind, ValueKind, asked_kind, fits, in_name, meant_words, value_kind
from jirakg.retrieval.kgqa.stop_words import STOP
from jirakg.text.words import ASCII_WORD

# Everyday words → words of the predicates they point to.
CUES: dict[str, set[str]] = {
    "wrote": {"authored"}, "written": {"authored"}, "author": {"authored"}, "authors": {"authored"},
    "authored": {"authored"}, "when": {"year"}, "year": {"year"}, "published": {"published"}, "type": {"type"},
    "kind": {"type"}, "bibtex": {"type"}, "school": {"school"}, "university": {"school", "affiliation"},
    "accepted": {"school"}, "homepage": {"homepage"}, "website": {"homepage", "webpage"}, "page": {"page"},
    "pages": {"pagination"}, "affiliation": {"affiliation"}, "affiliations": {"affiliation"},
    "affiliated": {"affiliation"}, "journal": {"journal", "published"}, "venue": {"published"},
    "where": {"published"}, "publisher": {"published"}, "creators": {"creators"}, "creator": {"creator"},
    "toc": {"toc"}, "contents": {"toc"}, "listed": {"listed"}, "edition": {"edition"}, "electronic": {"electronic"},
    "event": {"event"}, "born": {"birth"}, "birthday": {"birth"}, "tall": {"height"}, "married": {"spouse"},
    "wife": {"spouse"}, "husband": {"spouse"},
    "works": {"employer", "affiliation"}, "work": {"employer", "affiliation"},
    "organisations": {"affiliation"}, "organizations": {"affiliation"},
}
# The answer type a question word asks for, and the predicate words that give it.
ANSWER_TYPES = {"where": {"place", "location", "city", "country", "venue", "address", "published", "employer",
                          "affiliation"},
                "when": {"date", "year", "time", "day"}}

# Weights: what points from the question to a predicate, and how strongly.
CUE = 2.0  # an everyday cue names it ("wrote" → authored)
WORD = 1.0  # a question word is a word of its name
PREFIX = 0.5  # a long question word shares its first five letters with a word of its name
ANSWER_TYPE = 2.0  # it gives what the question word asks for
DESCRIBED = 0.75  # a question word is a word of its description (rdfs:comment): weaker than its name
# Weights that only rank predicates something already points to.
PRIMARY = 0.3  # "the homepage" means the primary one unless "other" is said
UNASKED = -1.0  # "other …" or "… event" predicates, when the question does not say so
YEAR = 2.0  # a year predicate, when the question says "year"
OUTGOING = 0.1  # entity → value before value → entity

# Incoming triples read per entity: a hub ("Norway", the citizenship of 10,000 people) would otherwise be
# read whole for every question that might be about it; its rarer incoming relations may be missed.
INCOMING = 500

COMMENT = "http://www.w3.org/2000/01/rdf-schema#comment"

ScoredPredicate = tuple[float, bool, str]  # (score, outgoing?, predicate IRI)


@dataclass(frozen=True)
class EntityPredicate:
    iri: str
    outgoing: bool  # entity → value; False: value → entity
    label: str  # its rdfs:label, "" when it has none
    kind: ValueKind | None = None  # what one of its values is (a date, a number, an entity …)
    comment: str = ""  # its rdfs:comment (what it means, in words), "" when it has none


@dataclass(frozen=True)
class QuestionFeatures:
    words: list[str]  # the question's words, stop words left out, repeats kept
    cues: set[str]  # predicate words its everyday words point to
    asked: set[str]  # the answer types its question words ask for ("where", "when")
    meant: set[str] = frozenset()  # type: ignore[assignment]  # predicate words its phrases mean (lexicon)
    kind: AskedKind | None = None  # the kind of value it asks for


async def scored_predicates(endpoint, entity: str, question: str) -> list[ScoredPredicate]:
    """(score, outgoing?, predicate) for the entity's own predicates, best match to the question first."""
    return ranked_predicates(await entity_predicates(endpoint, entity), question)


def ranked_predicates(predicates: list[EntityPredicate], question: str) -> list[ScoredPredicate]:
    """`scored_predicates` for predicates already read: one entity's read once, ranked for two questions."""
    features = question_features(question)
    scored = []
    for predicate in predicates:
        score = relevance(features, name_words(predicate), predicate.kind, described_stems(predicate.comment))
        if score is not None:
            scored.append((score + (OUTGOING if predicate.outgoing else 0.0), predicate.outgoing, predicate.iri))
    scored.sort(key=lambda item: (-item[0], item[2]))
    return scored


async def entity_predicates(endpoint, entity: str) -> list[EntityPredicate]:
    """The entity's predicates in both directions, label properties left out: one row per predicate and
    direction (not one per label language), with one of its values to tell what kind it gives."""
    subject = iri(entity)
    # Grouped by predicate first, so its label and description are looked up once per predicate, not per triple.
    rows = (await endpoint.query(
        f"SELECT ?p ?out (SAMPLE(?o) AS ?value) (SAMPLE(?l) AS ?label) (SAMPLE(?c) AS ?comment) WHERE {{ "
        f"{{ SELECT ?p ?out (SAMPLE(?x) AS ?o) WHERE {{ "
        f"{{ {subject} ?p ?x BIND(true AS ?out) }} UNION "
        f"{{ {{ SELECT ?x ?p WHERE {{ ?x ?p {subject} }} LIMIT {INCOMING} }} BIND(false AS ?out) }} }} "
        f"GROUP BY ?p ?out }} "
        f"OPTIONAL {{ ?p <http://www.w3.org/2000/01/rdf-schema#label> ?l FILTER(LANGMATCHES(LANG(?l), \"en\") "
        f"|| LANG(?l) = \"\") }} "
        f"OPTIONAL {{ ?p <{COMMENT}> ?c FILTER(LANGMATCHES(LANG(?c), \"en\") || LANG(?c) = \"\") }} }} GROUP BY ?p ?out"
    )).rows
    found = []
    for row in rows:  # GROUP BY ?p ?out: each predicate and direction once
        if row["p"].value in LABEL_PROPERTIES:
            continue
        value = row.get("value")
        outgoing = row["out"].value == "true"
        kind = value_kind(value.kind == "iri", value.datatype, value.value) if value and outgoing else None
        found.append(EntityPredicate(iri=row["p"].value, outgoing=outgoing,
                                     label=row["label"].value if "label" in row else "", kind=kind,
                                     comment=row["comment"].value if "comment" in row else ""))
    return found


def question_features(question: str) -> QuestionFeatures:
    words = [w for w in ASCII_WORD.findall(question.lower()) if w not in STOP]
    return QuestionFeatures(words=words, cues={c for w in words for c in CUES.get(w, ())},
                            asked={w for w in ANSWER_TYPES if re.search(rf"\b{w}\b", question, re.IGNORECASE)},
                            meant=meant_words(question), kind=asked_kind(question))


def name_words(predicate: EntityPredicate) -> set[str]:
    """The words of a predicate's local name and of its label."""
    return set(ASCII_WORD.findall(local_name(predicate.iri).lower())) | set(ASCII_WORD.findall(predicate.label.lower()))


def described_stems(comment: str) -> set[str]:
    """The stems of a description's first sentence, remarks in brackets and stop words left out."""
    sentence = re.split(r"(?<=[a-z)])\.(\s|$)", re.sub(r"\([^)]*\)", " ", comment), maxsplit=1)[0]
    return {stem(w) for w in ASCII_WORD.findall(sentence.lower()) if w not in STOP and len(w) > 2}


def stem(word: str) -> str:
    """A word without its inflection, enough to meet its other forms: "studied", "study"; "prizes", "prize"."""
    for ending, replacement in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(ending) and len(word) - len(ending) >= 3 and not word.endswith("ss"):
            word = word[:-len(ending)] + replacement
            break
    return word[:-1] if word.endswith("e") and len(word) >= 4 else word


def relevance(question: QuestionFeatures, name: set[str], kind: ValueKind | None = None,
              described: set[str] = frozenset()) -> float | None:  # type: ignore[assignment]
    """How well a predicate whose name has these words (and whose values are of `kind`, whose description
    has these stems) answers the question; None when it cannot."""
    if _gives_another_answer_type(question.asked, name) or not fits(question.kind, kind):
        return None
    pointed = (question.cues & name) | {w for w in question.meant - question.cues if in_name(w, name)}
    named = {w for w in question.words if w in name or (len(w) > 4 and in_name(w, name))}
    score = CUE * len(pointed) + WORD * len([w for w in question.words if w in named])
    in_description = {stem(w) for w in question.words if w not in named} & described
    score += DESCRIBED * len(in_description)
    score += sum(PREFIX for w in question.words for n in name if len(w) > 4 and n.startswith(w[:5]) and w != n)
    # Described as what is asked, and giving that kind of value: "Where did she study?" is the alma mater
    # ("the university … the person studied at", an entity), not the birth place "where" alone points to.
    described_kind = bool(in_description) and question.kind is not None and kind not in (None, "text")
    if any(name & ANSWER_TYPES[w] for w in question.asked) or (fits(question.kind, kind) and (
            described_kind or (question.kind in ("date", "number") and kind in ("date", "year", "number")))):
        score += ANSWER_TYPE  # the answer type decides: "where … born" is a place, "when … born" a date
    if score <= 0:
        return None  # nothing in the question points to it; the weights below only rank
    return _ranked(score, question.words, name)


def _gives_another_answer_type(asked: set[str], name: set[str]) -> bool:
    """A place does not answer "when", nor a date "where"."""
    return bool(asked) and not any(name & ANSWER_TYPES[w] for w in asked) and any(
        name & types for w, types in ANSWER_TYPES.items() if w not in asked)


def _ranked(score: float, words: list[str], name: set[str]) -> float:
    if "primary" in name and "other" not in words:
        score += PRIMARY
    if "other" in name and "other" not in words:
        score += UNASKED
    if "event" in name and "event" not in words:
        score += UNASKED
    if "year" in name and "year" in words:
        score += YEAR
    return score
