"""Entity linking: which entity of the knowledge graph a question names, by its label.

Two ways to find candidates, one way to rank them:
- `IndexLinker` reads every entity label once (the embedded store, or a small remote graph);
- `SearchLinker` asks the endpoint per question, as a large remote graph needs: first the exact
  labels of the question's phrases (one VALUES query, an index lookup on any engine), then a
  text search for its longest words (`FILTER(CONTAINS(...))` anywhere, `bif:contains` on
  Virtuoso, whose full-text index makes it fast);
- `EntityIndex` ranks candidates: the longest label the normalised question contains (quotes,
  case, punctuation and trailing periods ignored), else the closest token overlap, else a
  misspelt name (a phrase of the question as long as the label, nearly the same letters); lookalikes
  that match as well (one label, two entities) are then ranked by fit with the question
  (`entity_fit`), then by degree.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel

from jirakg.connectors.sparql.escaping import iri, literal
from jirakg.connectors.sparql.labels import LABEL_PROPERTIES
from jirakg.retrieval.kgqa.entity_fit import best_fitting
from jirakg.retrieval.kgqa.stop_words import STOP
from jirakg.text.phrase_index import PhraseIndex, similarity
from jirakg.text.words import ascii_words

EntitySearch = Literal["auto", "index", "filter", "virtuoso"]  # sparql.entity_search

SCHEMA_TYPES = ["http://www.w3.org/1999/02/22-rdf-syntax-ns#Property", "http://www.w3.org/2000/01/rdf-schema#Class",
                "http://www.w3.org/2002/07/owl#Class", "http://www.w3.org/2002/07/owl#ObjectProperty",
                "http://www.w3.org/2002/07/owl#DatatypeProperty", "http://www.w3.org/2002/07/owl#DeprecatedProperty",
                "http://www.w3.org/2002/07/owl#AnnotationProperty", "http://www.w3.org/2000/01/rdf-schema#Datatype"]
LABELLED = "VALUES ?p { " + " ".join(iri(p) for p in LABEL_PROPERTIES) + " } ?s ?p ?label "
# Classes and properties have labels too ("Publication", "doi"); questions are about things.
NOT_SCHEMA = ("FILTER NOT EXISTS { VALUES ?t { " + " ".join(iri(t) for t in SCHEMA_TYPES) + " } ?s a ?t } "
              "FILTER NOT EXISTS { ?x ?s ?y } ")
MAX_PHRASE_WORDS = 12
# A yes/no question names its subject first: "Is Lyon in France?", "Was Ron Newman (footballer) …".
YES_NO_START = re.compile(r"\s*(is|was|were|are|does|do|did|has|have|can|could)\s", re.IGNORECASE)
NAME_WORDS = 4  # phrases up to this long are also looked up in lower case and capitalised
FUZZY = 0.85  # SequenceMatcher ratio for a misspelt label: "antoni chen" ~ "antony cheng" (0.87)
SEARCH_LIMIT = 500
# Labels sharing a word's first letters with the question, compared for a misspelling; a prefix shared
# by more ("the ", "mar") says little and would cost a comparison each.
MAX_BUCKET = 2000
SearchDialect = Literal["filter", "virtuoso"]


class KgEntity(BaseModel):
    iri: str
    label: str


class EntityLinker(Protocol):
    async def link(self, text: str, fuzzy: bool = True) -> KgEntity | None:
        """`fuzzy`: also a misspelt label (a follow-up that refers back wants only a label it names)."""


class EntityIndex:
    """Labels of entities, normalised, ranked against a question. Candidates come from look-ups, never
    from a scan of every label: each phrase of the question in a dict of labels, each word in an
    inverted index of long labels, each word's first letters in buckets of labels for a misspelling."""

    def __init__(self, labels: dict[str, str], degrees: dict[str, int] | None = None) -> None:
        self.labels = labels
        self.degrees = degrees or {}  # triples an entity is in: a well-connected entity is the likelier one
        named = [(ascii_words(label), entity) for entity, label in labels.items()]
        # A misspelt name keeps some word, or its first four letters: labels of two or more words by those.
        self._labels: PhraseIndex[str] = PhraseIndex(
            ((text, entity) for text, entity in named if text),
            lambda text: [word[:4] for word in text.split()] if " " in text else [])
        self._order = {entity: rank for rank, entity in enumerate(labels)}  # ties go to the first given
        self._longest = max((text.count(" ") + 1 for text, _ in named if text), default=0)  # in words
        self._postings: dict[str, list[str]] = {}  # word → labels of three or more different words holding it
        for text in self._labels:
            tokens = set(text.split())
            if len(tokens) >= 3:
                for token in tokens:
                    self._postings.setdefault(token, []).append(text)

    def link(self, question: str, fuzzy: bool = True) -> KgEntity | None:
        found = self.ranked(question, fuzzy)
        return found[0] if found else None

    def ranked(self, question: str, fuzzy: bool = True) -> list[KgEntity]:
        """The entities whose labels match the question best: one, or lookalikes matching as well ("Bergen"
        the city and the film), the best connected first, then the first given; the caller may rank
        them by what the question asks."""
        words = ascii_words(question).split()
        found = self._contained(question, words)
        if not found:
            label = self._overlapping(set(words)) or (self._misspelt(words) if fuzzy else None)
            found = self._labels.named(label) if label else []
        ordered = sorted(set(found), key=lambda entity: (-self.degrees.get(entity, 0), self._order[entity]))
        return [KgEntity(iri=entity, label=self.labels[entity]) for entity in ordered]

    def _contained(self, question: str, words: list[str]) -> list[str]:
        """The entities of the longest label (in words) that is a phrase of the question; among labels of as
        many words, one written in the question exactly as labelled ("Tromsø", not "population" for
        "Population"), then the longest in letters."""
        phrases = {(" ".join(words[i:j]), i) for i in range(len(words))
                   for j in range(i + 1, min(len(words), i + self._longest) + 1)}
        named = [(p, i, entity) for p, i in phrases if p in self._labels for entity in self._labels.named(p)]
        subject_first = YES_NO_START.match(question) is not None  # "Is Bergen in United Kingdom?" is about Bergen

        def match(item: tuple[str, int, str]) -> tuple[bool, int, bool, int]:
            return (subject_first and item[1] != 1, -item[0].count(" "), self.labels[item[2]] not in question,
                    -len(item[0]))
        best = min((match(item) for item in named), default=None)
        return [item[2] for item in named if match(item) == best]

    def _overlapping(self, words: set[str]) -> str | None:
        """The label of three or more different words most of which the question has."""
        shared: Counter[str] = Counter()
        for word in words:
            posting = self._postings.get(word, ())
            if len(posting) <= MAX_BUCKET:  # a word of thousands of labels ("of", "the") tells none apart
                shared.update(posting)
        scored = [(count / len(set(text.split())), text) for text, count in shared.items() if count >= 3]
        best = min(scored, default=None, key=lambda item: (-item[0], -len(item[1]), self._order[
            self._labels.named(item[1])[0]]))
        return best[1] if best and best[0] >= 0.75 else None

    def _misspelt(self, words: list[str]) -> str | None:
        """The label of two or more words that shares a word (or its first four letters) with the
        question and is nearest one of the question's phrases of the same length."""
        best, best_ratio = None, FUZZY
        for label in self._labels.candidates((w[:4] for w in words if len(w) >= 3 and w not in STOP), MAX_BUCKET):
            size = label.count(" ") + 1
            for start in range(len(words) - size + 1):
                ratio = similarity(label, " ".join(words[start:start + size]), best_ratio)
                if ratio is not None and (ratio > best_ratio or (best and len(label) > len(best))):
                    best, best_ratio = label, ratio
        return best


async def labelled_entities(endpoint, where: str, limit: int, shortest_first: bool = False) -> dict[str, str]:
    """IRI → label of the non-schema entities whose label satisfies `where` (a query fragment);
    `shortest_first`: when more match than `limit`, the shortest labels (closest to the words searched)."""
    order = "ORDER BY STRLEN(STR(?label)) " if shortest_first else ""
    query = (f"SELECT ?s ?label WHERE {{ {LABELLED}{where} FILTER(isIRI(?s) && isLiteral(?label)) {NOT_SCHEMA}}} "
             f"{order}LIMIT {limit}")
    found: dict[str, str] = {}
    for row in (await endpoint.query(query)).rows:
        found.setdefault(row["s"].value, row["label"].value)
    return found


class IndexLinker:
    """Every label read once: right for the embedded store and for graphs of up to `limit` labels. With
    `index_file`, the labels and degrees are read from the graph only when the file is absent, then kept
    there (a restart opens the file)."""

    def __init__(self, endpoint, limit: int = 2_000_000, index_file: Path | None = None) -> None:
        self.endpoint = endpoint
        self.limit = limit
        self.index_file = index_file
        self._index: EntityIndex | None = None

    async def index(self) -> EntityIndex:
        if self._index is None:
            from jirakg.retrieval.kgqa.label_index import LabelIndex  # it builds on this module's queries
            # Reading, writing and indexing up to millions of labels take seconds: off the event loop, where
            # the first question would otherwise hold up every other turn.
            if self.index_file is not None and self.index_file.exists():
                labels = await asyncio.to_thread(LabelIndex.load, self.index_file)
            else:
                labels = await LabelIndex.build(self.endpoint, self.limit)
                if self.index_file is not None:
                    await asyncio.to_thread(labels.save, self.index_file)
            self._index = await asyncio.to_thread(EntityIndex, labels.labels, labels.degrees)
        return self._index

    async def link(self, text: str, fuzzy: bool = True) -> KgEntity | None:
        return await best_fitting(self.endpoint, text, (await self.index()).ranked(text, fuzzy))


class SearchLinker:
    """Candidates asked of the endpoint for each question, for graphs too large to read whole."""

    def __init__(self, endpoint, dialect: SearchDialect = "filter") -> None:
        self.endpoint = endpoint
        self.dialect = dialect

    async def link(self, text: str, fuzzy: bool = True) -> KgEntity | None:
        exact = await labelled_entities(self.endpoint, _exact_labels(text), SEARCH_LIMIT)
        found = await best_fitting(self.endpoint, text, EntityIndex(exact).ranked(text, fuzzy)) if exact else None
        if (found is not None and found.label in text) or not fuzzy:
            return found
        # Found only in another case ("live" for the band "Live"): a name typed without its accents
        # ("Tromso") may be meant; the text search's candidates compete with it.
        # Capitalised words first (names), then the longest: the rarest words make the smallest result.
        named = {w for token in text.split() if token.strip("'\"")[:1].isupper() for w in ascii_words(token).split()}
        words = sorted({w for w in ascii_words(text).split() if w not in STOP and len(w) > 2},
                       key=lambda w: (w not in named, -len(w), w))
        # The two longest words together, else the longest alone, else its first letters (a misspelling).
        for chosen in (words[:2], words[:1], [w[:4] for w in words[:1] if len(w) > 4]):
            if not chosen:
                break
            candidates = await labelled_entities(self.endpoint, self._text_search(chosen), SEARCH_LIMIT, True)
            searched = EntityIndex(exact | candidates).ranked(text) if candidates else []
            if searched:
                return await best_fitting(self.endpoint, text, searched)
        return found

    def _text_search(self, words: list[str]) -> str:
        if self.dialect == "virtuoso":
            phrase = " AND ".join(f"'{w}'" for w in words)
            return f"?label bif:contains {literal(phrase)} "
        return "FILTER(" + " && ".join(f"CONTAINS(LCASE(STR(?label)), {literal(w)})" for w in words) + ") "


def _exact_labels(text: str) -> str:
    """A VALUES clause of every phrase of the question as a label: as written, with and without a
    final period (titles often end with one), untagged and English. Phrases keep the punctuation inside
    them ("Ron Newman (footballer)", "Hallam, Victoria") as well as losing it, and come as written and
    capitalised, so "ron newman (footballer)" finds the footballer, not the shorter lookalike."""
    raw = [t for t in text.split() if t.strip("'\"?!,;:()[]")]
    stripped = [t.strip("'\"?!,;:()[]") for t in raw]
    phrases: set[str] = set()
    for i in range(len(raw)):
        for j in range(i + 1, min(len(raw), i + MAX_PHRASE_WORDS) + 1):
            inner = " ".join(raw[i:j])
            # Outer punctuation goes (a question mark, an opening quote), inner stays; a possessive goes.
            kept = re.sub(r"['’]s$", "", inner.lstrip("'\"([").rstrip("'\"?!,;:.[]"))
            for phrase in (" ".join(stripped[i:j]), kept):
                phrases.add(phrase)
                if j - i <= NAME_WORDS:  # names are short; a long title is asked as written
                    phrases |= {phrase.lower(), " ".join(w[:1].upper() + w[1:] for w in phrase.split())}
    values = []
    for phrase in sorted(phrases):
        for form in {phrase, phrase.rstrip("."), phrase.rstrip(".") + "."}:
            values += [literal(form), literal(form, "en")]
    return "VALUES ?label { " + " ".join(values) + " } "


def linker_for(endpoint, search: EntitySearch, embedded: bool, index_file: Path | None = None) -> EntityLinker:
    """`auto`: the whole index for the embedded store, per-question search for a remote endpoint."""
    if search == "index" or (search == "auto" and embedded):
        return IndexLinker(endpoint, index_file=index_file)
    return SearchLinker(endpoint, "filter" if search == "auto" else search)
