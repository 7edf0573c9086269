"""Whether a model's rewrite of a follow-up still asks what the follow-up asked: the same answer type
(yes/no, a place, a date, a number, a person) and, on the entity the rewrite names, the same best
relation by the embedded relation linker. A rewrite that links to an entity but asks another question
("What is his height?" → "Where was Antony Cheng born?") would answer that other question confidently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from jirakg.connectors.sparql.labels import local_name
from jirakg.retrieval.kgqa.lexicon import asked_kind
from jirakg.retrieval.kgqa.linking import KgEntity
from jirakg.retrieval.kgqa.pipeline import CHOICE, YES_NO, checks_a_value
from jirakg.retrieval.kgqa.relations import OUTGOING, ScoredPredicate, entity_predicates, ranked_predicates

AnswerType = Literal["yes/no", "place", "date", "number", "person", "entity"]

PLACE = re.compile(r"\bwhere\b|\b(which|what) (city|town|village|country|place|region|state|continent)\b|"
                   r"\bbirthplace\b|\bplace of\b", re.IGNORECASE)
PERSON = re.compile(r"^\W*(who|whom|whose)\b|\b(which|what) (person|man|woman|actor|actress|author|writer|player|"
                    r"director|singer)\b", re.IGNORECASE)
WORDS: dict[AnswerType | None, str] = {"yes/no": "yes or no", "place": "a place", "date": "a date",
                                       "number": "a number", "person": "a person", "entity": "an entity", None: "?"}


def answer_type(question: str) -> AnswerType | None:
    """What kind of answer the question asks for; None when its words do not say."""
    if YES_NO.search(question) and not CHOICE.search(question):
        return "yes/no"
    if PLACE.search(question):
        return "place"
    kind = asked_kind(question)
    if kind in ("date", "number"):
        return kind
    if PERSON.search(question):
        return "person"
    return "entity" if kind == "entity" else None


def same_answer_type(asked: AnswerType | None, rewritten: AnswerType | None) -> bool:
    """Unknown on either side is no mismatch; "entity" is the general kind a place or person also is."""
    if asked is None or rewritten is None or asked == rewritten:
        return True
    return "entity" in (asked, rewritten) and {asked, rewritten} <= {"entity", "place", "person"}


@dataclass(frozen=True)
class RewriteCheck:
    rejected: str | None  # why the rewrite asks another question; None: it keeps the question
    scored: list[ScoredPredicate]  # the entity's predicates ranked for the rewrite


async def check_rewrite(endpoint, question: str, rewritten: str, entity: KgEntity) -> RewriteCheck:
    """Compare the follow-up `question` with its `rewritten` form, which names `entity`."""
    asked, rewritten_type = answer_type(question), answer_type(rewritten)
    if not same_answer_type(asked, rewritten_type):
        return RewriteCheck(f"another answer type: it asks for {WORDS[rewritten_type]} where the question asks "
                            f"for {WORDS[asked]}", [])
    # The entity's own label is not part of what is asked about it ("Systems of Logic Based on …").
    asked_of_it = re.sub(re.escape(entity.label.strip("'\" .")), "it", rewritten, flags=re.IGNORECASE)
    predicates = await entity_predicates(endpoint, entity.iri)  # one round trip for both rankings
    scored, original = ranked_predicates(predicates, asked_of_it), ranked_predicates(predicates, question)
    if not original:
        if checks_a_value(rewritten, entity.label):  # "Is she a novelist?": any relation may hold the value
            return RewriteCheck(None, scored)
        return RewriteCheck(f"no relation fits: nothing {entity.label} has fits the question", scored)
    if not scored:
        return RewriteCheck(f"another relation: nothing {entity.label} has fits it, where the question asks for "
                            f"{_names(_best(original))}", scored)
    if not _best(original) & _best(scored):
        return RewriteCheck(f"another relation: it asks for {_names(_best(scored))} where the question asks for "
                            f"{_names(_best(original))}", scored)
    return RewriteCheck(None, scored)


def _best(scored: list[ScoredPredicate]) -> set[str]:
    """The predicates tied for first (a direction's small bonus aside)."""
    top = scored[0][0]
    return {predicate for score, _, predicate in scored if score >= top - OUTGOING - 1e-9}


def _names(predicates: set[str]) -> str:
    return " or ".join(sorted(local_name(p) for p in predicates))
