"""The grounding check compares facts, not tokens: a corpus of wordings of three retrieved issues,
each planting one wrong fact (person, status, priority, type, count, date, number word, an issue
key's digits read as a count, a field called unset that is set), is rejected whole; the same
issues worded truly are accepted. Plus the knowledge-graph check on typed values."""

from __future__ import annotations

import pytest

from jirakg.answer.fact_check import FactChecker, evidence_of
from jirakg.answer.llm_kg_answerer import ungrounded
from jirakg.graph.node import Node
from jirakg.intents.models import IntentCall
from jirakg.retrieval.facts import SearchFacts
from jirakg.retrieval.plan import RetrievalPlan
from tests.intents.demo_lexicon import LEXICON


def issue(key: str, type_: str, status: str, priority: str, assignee: str | None, reporter: str,
          due: str | None, created: str, **fields) -> Node:
    def person(name: str | None) -> dict | None:
        return {"displayName": name} if name else None
    return Node(key=key, id=key, url=f"https://jira/browse/{key}", type=type_, project=key.split("-")[0],
                summary=f"{type_} {key.lower()} work", status=status,
                fields={"assignee": person(assignee), "reporter": person(reporter), "priority": {"name": priority},
                        "duedate": due, "created": created, **fields})


NODES = [issue("PROJ-206", "Bug", "In Progress", "High", "Hiro Sato", "Carla Novak", "2026-11-20",
               "2026-10-02T09:00:00.000+0000", customfield_10016=5.0),
         issue("PROJ-12", "Story", "Done", "Low", None, "Viktor Lindqvist", None, "2026-09-15T10:00:00.000+0000"),
         issue("WEB-3", "Task", "To Do", "Medium", "Ana Patel", "Hiro Sato", "2026-12-01",
               "2026-10-20T08:30:00.000+0000")]
FACTS = SearchFacts(plan=RetrievalPlan(intent=IntentCall(name="search"), operation="jql",
                                       jql="project in (PROJ, WEB)"), nodes=NODES)
TEMPLATED = "3 issues match project in (PROJ, WEB): PROJ-206, PROJ-12, WEB-3."
EVIDENCE = evidence_of(FACTS, TEMPLATED)
CHECKER = FactChecker(LEXICON)
OUTSIDERS = ["Quinn Kowalski", "Elena Rossi", "Dmitri Sato"]  # people of the instance in none of the issues
STATUSES = ["To Do", "In Progress", "In Review", "Blocked", "Done", "Won't Do"]
PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"]
TYPES = ["Bug", "Story", "Task", "Epic"]

TRUE = [
    "3 issues match: PROJ-206 (In Progress, Hiro Sato), PROJ-12 (Done, unassigned) and WEB-3 (To Do, Ana Patel).",
    "PROJ-206 is a High priority Bug assigned to Hiro Sato, due 2026-11-20.",
    "Three issues matched.",
    "PROJ-206 has 5 story points and was reported by Carla Novak.",
    "PROJ-12 was reported by Viktor Lindqvist and has no due date.",
    "WEB-3 is due December 1, 2026; Ana Patel owns it and Hiro Sato reported it.",
    "PROJ-12 was created on 2026-09-15.",
]


def planted() -> list[str]:
    wrong = []
    for node in NODES:
        key, owner = node.key, (node.fields["assignee"] or {}).get("displayName")
        wrong += [f"{key} is assigned to {name}." for name in OUTSIDERS]  # people in none of the issues
        wrong += [f"{key} is {status}." for status in STATUSES if status != node.status]  # wrong, but existing
        wrong += [f"{key} has {p} priority." for p in PRIORITIES if p != node.fields["priority"]["name"]]
        wrong += [f"{key} is a {t}." for t in TYPES if t != node.type][:2]
        reporter = node.fields["reporter"]["displayName"]
        if reporter != owner:
            wrong.append(f"{key} is assigned to {reporter}.")  # a person of the issue, in another field
    wrong += [
        "4 issues match.", "Two issues match.", "Seven issues match.", "A dozen issues match.", "No issues match.",
        "There are 206 blockers.",  # PROJ-206 exists: its digits are not a count
        "12 issues are open.",  # nor are PROJ-12's
        "PROJ-206 has 8 story points.", "PROJ-206 has eight story points.", "PROJ-206 has 6 story points.",
        "PROJ-206 is due 2026-11-21.", "PROJ-206 is due November 21, 2026.", "PROJ-206 is due 20 November 2025.",
        "WEB-3 was created on 2026-10-21.", "PROJ-12 is due 2026/09/15.",  # a date of the data, not a due date
        "PROJ-206 is unassigned.", "Nobody owns WEB-3.", "WEB-3 has no assignee.", "PROJ-206 has no due date.",
        "The assignee of WEB-3 is not set.",
        "PROJ-207 blocks PROJ-206.",  # an issue that was not retrieved
    ]
    return wrong


CORPUS = planted()


def test_the_corpus_is_large_enough() -> None:
    assert len(CORPUS) >= 50 and len(set(CORPUS)) == len(CORPUS)


@pytest.mark.parametrize("text", TRUE)
def test_true_wordings_are_accepted(text: str) -> None:
    assert CHECKER.first_wrong(text, EVIDENCE) is None


@pytest.mark.parametrize("text", CORPUS)
def test_every_planted_wrong_fact_is_rejected(text: str) -> None:
    assert CHECKER.first_wrong(text, EVIDENCE) is not None, text


def test_the_reason_names_the_fact() -> None:
    assert CHECKER.first_wrong("PROJ-206 is Done.", EVIDENCE) == (
        "names 'Done' as the status of PROJ-206, which the retrieved data does not say")
    assert CHECKER.first_wrong("There are 206 blockers.", EVIDENCE) == (
        "states the number 206, which the data does not give")
    assert CHECKER.first_wrong("PROJ-206 is unassigned.", EVIDENCE) == (
        "says the assignee of PROJ-206 is not set, but it is")


BORN = [["Antony Cheng", "birth date", "1912-06-23"], ["Antony Cheng", "height", "1.85"]]


@pytest.mark.parametrize(("text", "accepted"), [
    ("Antony Cheng was born on 23 June 1912.", True),
    ("Antony Cheng was born in 1912.", True),
    ("Antony Cheng is 1.85 m tall.", True),
    ("Antony Cheng has 2 children.", False),  # 2 is no value, though "1912-06-23" holds the digit
    ("Antony Cheng was born on 23 June 1913.", False),
    ("Antony Cheng was born on 1912-06-24.", False),
    ("Antony Cheng is 185 m tall.", False),
    ("Antony Cheng has six children.", False),
])
def test_the_knowledge_graph_check_compares_typed_values(text: str, accepted: bool) -> None:
    assert (ungrounded(text, BORN) is None) is accepted, ungrounded(text, BORN)
