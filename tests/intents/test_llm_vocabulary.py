"""The values a model is shown for a question: small kinds whole, large ones as the values closest
to the question's words, so a person far down a long list is still there when named."""

from __future__ import annotations

from jirakg.intents.grounding import Grounder
from jirakg.intents.lexicon import Lexicon, Term
from jirakg.intents.llm_vocabulary import CLOSEST, Vocabulary
from tests.intents.demo_lexicon import LEXICON

PEOPLE = [f"Person{n:03d} Example" for n in range(200)]
BIG = Lexicon(terms=[*LEXICON.terms, *(Term(kind="person", value=f"acc-{n}", label=name,
                                            aliases=[name.lower(), name.split()[0].lower()])
                                       for n, name in enumerate(PEOPLE))], project_keys=LEXICON.project_keys)
VOCABULARY = Vocabulary(BIG, Grounder(BIG))


def line(text: str, title: str) -> str:
    return next(row for row in VOCABULARY.for_question(text).splitlines() if row.startswith(title))


def test_a_named_person_far_down_a_long_list_is_shown() -> None:
    people = line("what is person187 example working on?", "People")
    assert people.startswith(f"People (the {CLOSEST} closest to the question of {len(BIG.of('person'))}): ")
    assert people.split(": ", 1)[1].split(", ")[0] == "Person187 Example"


def test_a_misspelt_name_brings_the_alike_values() -> None:
    assert "Person187 Example" in line("tickets of persn187", "People")


def test_small_kinds_are_listed_whole_and_nothing_alike_means_no_list() -> None:
    statuses = line("anything", "Statuses")
    assert statuses == "Statuses: " + ", ".join(t.label for t in BIG.of("status"))
    assert line("anything", "People") == f"People: none close to the question's words ({len(BIG.of('person'))} in all)"
