"""Entity linking: which entity of the knowledge graph a question names, by its label.

Two ways to find candidates, one way to rank them:
- `IndexLinker` reads every entity label once (the embedded store, or a small remote graph);
- `SearchLinker` asks the endpoint per question, as a large remote graph needs: first the exact
  labels of the question's phrases (one VALUES query, an index lookup on any engine), then a
  text search for its longest words (`FILTER(CONTAINS(...))` anywhere, `bif:contains` on
  Virtuoso, whose full-text index makes it fast);
- `EntityIndex` ranks candidates: the longest label the normalised question contains (quotes,
  case, punctuation and trailing periods ignored), else the closest token overlap, else a
  misspelt name (a phrase of the question as long as the label, nearly the same letters).
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel

from jirakg.connectors.sparql.escaping import iri, literal
from jirakg.connectors.sparql.labels import LABEL_PROPERTIES
from jirakg.text.phrase_index import PhraseIndex, similarity
from jirakg.text.words import ascii_words

EntitySearch = Literal["auto", "index", "filter", "virtuoso"]  # sparql.entity_search

STOP = set("a an the of in on for to is was were are be by what which who whom when where how does do did has have "
           "it its he his him she her they their them this that with as and or there any associated related "
           "mentioned publication paper article thesis titled named work research".split())
SCHEMA_TYPES = ["http://www.w3.org/1999/02/22-rdf-syntax-ns#Property", "http://www.w3.org/2000/01/rdf-schema#Class",
                "http://www.w3.org/2002/07/owl#Class", "http://www.w3.org/2002/07/owl#ObjectProperty",
                "http://www.w3.org/2002/07/owl#DatatypeProperty", "http://www.w3.org/2002/07/owl#DeprecatedProperty",
                "http://www.w3.org/2002/07/owl#AnnotationProperty", "http://www.w3.org/2000/01/rdf-schema#Datatype"]
LABELLED = "VALUES ?p { " + " ".join(iri(p) for p in LABEL_PROPERTIES) + " } ?s ?p ?label "
# Classes and properties have labels too ("Publication", "doi"); questions are about things.
NOT_SCHEMA = ("FILTER NOT EXISTS { VALUES ?t { " + " ".join(iri(t) for t in SCHEMA_TYPES) + " } ?s a ?t } "
              "FILTER NOT EXISTS { ?x ?s ?y } ")
MAX_PHRASE_WORDS = 12
FUZZY = 0.85  # SequenceMatcher ratio for a misspelt label: "antoni chen" ~ "antony cheng" (0.87)
SEARCH_LIMIT = 500
SearchDialect = Literal["filter", "virtuoso"]


class KgEntity(BaseModel):
    iri: str
    label: str


class EntityLinker(Protocol):
    async def link(self, text: str) -> KgEntity | None: ...


class EntityIndex:
    """Labels of entities, normalised, ranked against a question."""

    def __init__(self, labels: dict[str, str]) -> None:
        self.labels = labels
        named = [(ascii_words(label), entity) for entity, label in labels.items()]
        # A misspelt name keeps some word, or its first four letters: labels of two or more words by those.
        self._labels: PhraseIndex[str] = PhraseIndex(
            ((text, entity) for text, entity in named if text),
            lambda text: [word[:4] for word in text.split()] if " " in text else [])
        self._order = {entity: rank for rank, entity in enumerate(labels)}  # ties go to the first given
        self._longest = max((text.count(" ") + 1 for text, _ in named if text), default=0)  # in words
        self._long = sorted(((text, entity) for text, entity in named if len(set(text.split())) >= 3),
                            key=lambda item: -len(item[0]))  # longest first, for the token overlap

    def link(self, question: str) -> KgEntity | None:
        words = ascii_words(question).split()
        found = self._contained(words) or self._overlapping(set(words)) or self._misspelt(words)
        return KgEntity(iri=found, label=self.labels[found]) if found else None

    def _contained(self, words: list[str]) -> str | None:
        """The entity of the longest label that is a phrase of the question."""
        phrases = {" ".join(words[i:j]) for i in range(len(words))
                   for j in range(i + 1, min(len(words), i + self._longest) + 1)}
        named = [(len(p), self._labels.named(p)[0]) for p in phrases if p in self._labels]
        return min(named, key=lambda item: (-item[0], self._order[item[1]]))[1] if named else None

    def _overlapping(self, words: set[str]) -> str | None:
        """The entity of a label of three or more different words most of which the question has."""
        best, best_share = None, 0.0
        for label, entity in self._long:
            tokens = set(label.split())
            share = len(tokens & words) / len(tokens)
            if share > best_share:
                best, best_share = entity, share
        return best if best and best_share >= 0.75 else None

    def _misspelt(self, words: list[str]) -> str | None:
        """Labels of two or more words that share a word (or its first four letters) with the
        question, compared with the question's phrases of the same length."""
        best, best_ratio = None, FUZZY
        for label in self._labels.candidates(w[:4] for w in words if len(w) >= 3):
            size = label.count(" ") + 1
            for start in range(len(words) - size + 1):
                ratio = similarity(label, " ".join(words[start:start + size]), best_ratio)
                if ratio is not None and (ratio > best_ratio or (best and len(label) > len(best))):
                    best, best_ratio = label, ratio
        return self._labels.named(best)[0] if best else None


async def labelled_entities(endpoint, where: str, limit: int) -> dict[str, str]:
    """IRI → label of the non-schema entities whose label satisfies `where` (a query fragment)."""
    query = (f"SELECT ?s ?label WHERE {{ {LABELLED}{where} FILTER(isIRI(?s) && isLiteral(?label)) {NOT_SCHEMA}}} "
             f"LIMIT {limit}")
    found: dict[str, str] = {}
    for row in (await endpoint.query(query)).rows:
        found.setdefault(row["s"].value, row["label"].value)
    return found


class IndexLinker:
    """Every label read once: right for the embedded store and for graphs of up to `limit` labels."""

    def __init__(self, endpoint, limit: int = 200_000) -> None:
        self.endpoint = endpoint
        self.limit = limit
        self._index: EntityIndex | None = None

    async def index(self) -> EntityIndex:
        if self._index is None:
            self._index = EntityIndex(await labelled_entities(self.endpoint, "", self.limit))
        return self._index

    async def link(self, text: str) -> KgEntity | None:
        return (await self.index()).link(text)


class SearchLinker:
    """Candidates asked of the endpoint for each question, for graphs too large to read whole."""

    def __init__(self, endpoint, dialect: SearchDialect = "filter") -> None:
        self.endpoint = endpoint
        self.dialect = dialect

    async def link(self, text: str) -> KgEntity | None:
        exact = await labelled_entities(self.endpoint, _exact_labels(text), SEARCH_LIMIT)
        found = EntityIndex(exact).link(text) if exact else None
        if found is not None:
            return found
        # Capitalised words first (names), then the longest: the rarest words make the smallest result.
        named = {w for token in text.split() if token.strip("'\"")[:1].isupper() for w in ascii_words(token).split()}
        words = sorted({w for w in ascii_words(text).split() if w not in STOP and len(w) > 2},
                       key=lambda w: (w not in named, -len(w), w))
        # The two longest words together, else the longest alone, else its first letters (a misspelling).
        for chosen in (words[:2], words[:1], [w[:4] for w in words[:1] if len(w) > 4]):
            if not chosen:
                break
            candidates = await labelled_entities(self.endpoint, self._text_search(chosen), SEARCH_LIMIT)
            found = EntityIndex(candidates).link(text)
            if found is not None:
                return found
        return None

    def _text_search(self, words: list[str]) -> str:
        if self.dialect == "virtuoso":
            phrase = " AND ".join(f"'{w}'" for w in words)
            return f"?label bif:contains {literal(phrase)} "
        return "FILTER(" + " && ".join(f"CONTAINS(LCASE(STR(?label)), {literal(w)})" for w in words) + ") "


def _exact_labels(text: str) -> str:
    """A VALUES clause of every phrase of the question as a label: as written, with and without a
    final period (titles often end with one), untagged and English."""
    tokens = [t.strip("'\"?!,;:()[]") for t in text.split()]
    tokens = [t for t in tokens if t]
    phrases = {" ".join(tokens[i:j]) for i in range(len(tokens))
               for j in range(i + 1, min(len(tokens), i + MAX_PHRASE_WORDS) + 1)}
    values = []
    for phrase in sorted(phrases):
        for form in {phrase, phrase.rstrip("."), phrase.rstrip(".") + "."}:
            values += [literal(form), literal(form, "en")]
    return "VALUES ?label { " + " ".join(values) + " } "


def linker_for(endpoint, search: EntitySearch, embedded: bool) -> EntityLinker:
    """`auto`: the whole index for the embedded store, per-question search for a remote endpoint."""
    if search == "index" or (search == "auto" and embedded):
        return IndexLinker(endpoint)
    return SearchLinker(endpoint, "filter" if search == "auto" else search)
