"""The lexicon is built from the instance, and grounding only ever yields values that exist."""

from __future__ import annotations

from itertools import pairwise

import pytest

from jirakg.intents.grounding import MAX_WORDS, Grounder
from jirakg.intents.lexicon import SYNONYMS
from jirakg.text.words import unicode_words
from tests.intents.demo_lexicon import ISSUES, LEXICON, META, ORG

GROUNDER = Grounder(LEXICON)
PERSON = ORG.people[0]


def values(matches) -> set[str]:
    return {m.term.value for m in matches}


def test_lexicon_holds_the_instance_vocabulary() -> None:
    assert set(LEXICON.project_keys) == {"INIT", "PROJ", "MOB", "WEB", "DATA", "OPS"}
    assert {t.value for t in LEXICON.of("status")} == {s["name"] for s in META["statuses"]}
    assert LEXICON.priority_order == ["Highest", "High", "Medium", "Low", "Lowest"]
    assert "is blocked by" in {t.value for t in LEXICON.of("link")}
    people = {t.value for t in LEXICON.of("person")}
    assert people == {i["fields"][r]["accountId"] for i in ISSUES for r in ("assignee", "reporter") if i["fields"][r]}
    assert {t.value for t in LEXICON.of("label")} == {label for i in ISSUES for label in i["fields"]["labels"]}
    assert "customfield_10016" in values(GROUNDER.find("field", "story point estimate"))


@pytest.mark.parametrize(("kind", "phrase", "expected"), [
    ("status", "in progress", {"In Progress"}),
    ("status", "IN-PROGRESS", {"In Progress"}),
    ("status", "in progres", {"In Progress"}),  # misspelt
    ("status", "blockd", {"Blocked"}),
    ("type", "stories", {"Story"}),
    ("type", "bugs", {"Bug"}),
    ("priority", "urgent", {"Highest"}),
    ("priority", "trivial", {"Lowest"}),
    ("priority", "high", {"High"}),
    ("component", "checkout", {"Checkout"}),
    ("component", "obervability", {"Observability"}),
    ("project", "mobile apps", {"MOB"}),
    ("project", "mob", {"MOB"}),
    ("link", "blocked by", {"is blocked by"}),
    ("link", "is blocked by", {"is blocked by"}),
    ("link", "blocks", {"blocks"}),
    ("link", "risk", {"is risk for"}),
    ("category", "finished", {"done"}),
])
def test_find(kind: str, phrase: str, expected: set[str]) -> None:
    assert values(GROUNDER.find(kind, phrase)) == expected


def test_people_by_full_name_first_name_email_and_misspelling() -> None:
    first, last = PERSON.display_name.split(" ")
    dropped = f"{first} {last[:2]}{last[3:]}"  # a letter missing from the last name
    doubled = first + first[-1]  # a letter typed twice
    assert dropped != PERSON.display_name and doubled != first
    for phrase in (PERSON.display_name, first, PERSON.email, dropped):
        assert PERSON.account_id in values(GROUNDER.find("person", phrase)), phrase
    assert PERSON.account_id in values(GROUNDER.find("person", doubled))


def test_nothing_is_invented() -> None:
    for kind in ("status", "priority", "component", "person", "label", "project"):
        assert GROUNDER.find(kind, "zzqx flibbertigibbet") == []
    known = {t.value for t in LEXICON.terms}
    for match in GROUNDER.scan("show me the urgent bugz in chekout assigned to someone nice", {
            "priority", "type", "component", "person", "status"}):
        assert match.term.value in known


def test_scan_finds_every_mention_without_overlap() -> None:
    text = f"open high priority bugs in Checkout assigned to {PERSON.display_name.split(' ')[0]} in Web Storefront"
    found = GROUNDER.scan(text, {"priority", "type", "component", "person", "project", "category"})
    kinds = {m.term.kind: m.term.value for m in found}
    assert kinds["priority"] == "High" and kinds["type"] == "Bug" and kinds["component"] == "Checkout"
    assert kinds["project"] == "WEB" and kinds["category"] == "new"
    assert PERSON.account_id in {m.term.value for m in found if m.term.kind == "person"}
    spans = [(m.start, m.end) for m in found if m.term.kind != "person"]
    assert all(a_end <= b_start for (_, a_end), (b_start, _) in pairwise(sorted(spans)))


def test_a_misspelt_name_of_several_words_misspells_each_word_a_little() -> None:
    # "decaa project" is as alike to "data project" as a typo, but only because both say "project"
    assert "DATA" not in values(GROUNDER.scan("break down the decaa project by type", {"project"}))
    assert values(GROUNDER.scan("open bugs in the mobil apps project", {"project"})) == {"MOB"}


def test_every_everyday_synonym_is_short_enough_to_be_found() -> None:
    # the grounder looks at phrases of at most MAX_WORDS words: a longer synonym would never match
    longer = [alias for aliases in SYNONYMS.values() for alias in aliases
              if len(unicode_words(alias).split()) > MAX_WORDS]
    assert longer == []
