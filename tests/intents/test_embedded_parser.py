"""The embedded parser on the demo organisation: intents, keys, slots, coreference, bad input,
and JQL that selects exactly what the words say (checked by executing it against devjira)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.devjira.dataset import build_dataset
from jirakg.intents.embedded import MAX_CHARS, EmbeddedParser
from jirakg.intents.models import ConversationState
from jirakg.jql.syntax import parse
from tests.intents.demo_lexicon import ISSUES, LEXICON, META, ORG

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
PARSER = EmbeddedParser(LEXICON, now=lambda: NOW)
PERSON = ORG.people[0]
FIRST_NAME = PERSON.display_name.split(" ")[0]


def one(text: str, **kwargs):
    parsed = PARSER.parse(text, **kwargs)
    assert len(parsed.intents) == 1, parsed
    return parsed.intents[0]


@pytest.mark.parametrize(("text", "intent", "keys"), [
    ("Who is the assignee of PROJ-12?", "metadata", ["PROJ-12"]),
    ("what's the priority of proj-12", "metadata", ["PROJ-12"]),
    ("Status of all epics under INIT-3?", "children", ["INIT-3"]),
    ("List the sub-tasks of PROJ-7.", "children", ["PROJ-7"]),
    ("List all issues blocked by PROJ-9.", "linked", ["PROJ-9"]),
    ("What blocks PROJ-40?", "linked", ["PROJ-40"]),
    ("What transitively blocks MOB-12?", "dependencies", ["MOB-12"]),
    ("Is there a deadlock around PROJ-4?", "dependencies", ["PROJ-4"]),
    ("Who changed the status of PROJ-7 last?", "changelog", ["PROJ-7"]),
    ("What changed on PROJ-7 last week?", "changelog", ["PROJ-7"]),
    ("Summarize the current status of INIT-4.", "summary", ["INIT-4"]),
    ("How far along is INIT-2?", "summary", ["INIT-2"]),
    ("Open critical bugs in Checkout", "search", []),
    ("stories in progress in MOB", "search", []),
    ("How many bugs per status in WEB?", "breakdown", []),
    ("Where was Antony Cheng born?", "kg_question", []),
    ("What can you do?", "help", []),
    ("What about it?", "clarify", []),
    ("how many story points is WEB-4?", "metadata", ["WEB-4"]),
])
def test_intents_and_keys(text: str, intent: str, keys: list[str]) -> None:
    call = one(text)
    assert (call.name, call.issue_keys) == (intent, keys)


def test_slots() -> None:
    assert one("Who owns PROJ-12?").slots.fields == ["assignee"]
    assert one("When is MOB-3 due and what is its priority").slots.fields == ["duedate", "priority"]
    assert one("how many story points is WEB-4?").slots.fields == ["customfield_10016"]
    assert one("Status of all epics under INIT-3?").slots.issue_types == ["Epic"]
    assert one("List all issues blocked by PROJ-9.").slots.link_type == "blocks"
    assert one("What blocks PROJ-40?").slots.link_type == "is blocked by"
    assert one("What does PROJ-9 block?").slots.link_type == "blocks"
    assert one("Which risks does INIT-2 have?").slots.link_type == "has risk"
    assert one("Who changed the status of PROJ-7 last?").slots.fields == ["status"]
    window = one("What changed on PROJ-7 last week?").slots.window
    assert (window.start, window.end) == ("2026-10-19T00:00:00Z", "2026-10-26T00:00:00Z")
    assert one("How many bugs per status in WEB?").slots.measure.group_by == ["status"]


def test_multi_intent_questions_split_and_share_the_key() -> None:
    parsed = PARSER.parse("Who owns PROJ-12 and what blocks it?")
    assert [(c.name, c.issue_keys) for c in parsed.intents] == [("metadata", ["PROJ-12"]), ("linked", ["PROJ-12"])]
    parsed = PARSER.parse("Summarize INIT-2; how many bugs are open in WEB?")
    assert [c.name for c in parsed.intents] == ["summary", "count"]


def test_coreference_from_history_and_sidebar() -> None:
    state = ConversationState(active_keys=["MOB-7"], last_results=["WEB-1", "WEB-5", "WEB-9"], last_intent="search")
    assert one("what is its priority?", history=state).issue_keys == ["MOB-7"]
    assert one("what blocks the second one?", history=state).issue_keys == ["WEB-5"]
    assert one("summarize the last one", history=state).issue_keys == ["WEB-9"]
    # One issue answered after another is no list: ordinals count in the order they were mentioned.
    asked = ConversationState(active_keys=["OPS-77", "MOB-44"], last_results=["OPS-77"], last_intent="metadata")
    assert one("what blocks the first one?", history=asked).issue_keys == ["MOB-44"]
    assert one("and the second one?", history=asked).issue_keys == ["OPS-77"]
    assert one("who owns those?", history=state).issue_keys == ["WEB-1", "WEB-5", "WEB-9"]
    assert one("what blocks this?", issue_in_view="OPS-3").issue_keys == ["OPS-3"]
    assert one("what changed on it?", history=state, issue_in_view="OPS-3").issue_keys == ["MOB-7"]
    kg = ConversationState(last_intent="kg_question")
    assert one("what is his height?", history=kg).name == "kg_question"


@pytest.mark.parametrize("text", ["", "   ", "🙂🙂🙂", "x" * (MAX_CHARS + 1), "a" * 100_000, "What about it?"])
def test_bad_input_asks_back(text: str) -> None:
    parsed = PARSER.parse(text)
    assert [c.name for c in parsed.intents] == ["clarify"]
    assert parsed.intents[0].slots.reason.endswith(".")


def test_unknown_projects_are_named() -> None:
    call = one("What is the status of NOPE-3?")
    assert call.name == "clarify" and "There is no project NOPE" in call.slots.reason


@pytest.mark.parametrize("text", ['open bugs about " OR 1=1', "bugs about ) OR project = X", 'tasks about a\\"b',
                                  "open bugs in Checkout' OR ''='"])
def test_injection_attempts_never_widen_the_query(text: str) -> None:
    call = one(text)
    if call.name == "clarify":  # read as JQL naming a project that does not exist: refused, not widened
        assert call.jql is None and "no project called 'X'" in call.slots.reason
        return
    assert call.name == "search"
    query = parse(call.jql)
    assert "OR" not in type(query.where).__name__ and "Or" != type(query.where).__name__
    assert "issuetype" in call.jql and 'project = "X"' not in call.jql


DATASET = build_dataset(ISSUES, META)


def run(jql: str) -> set[str]:
    return {DATASET.issues[p]["key"] for p in DATASET.engine.search(jql, int(NOW.timestamp() * 1000))}


def test_search_jql_selects_what_the_words_say() -> None:
    call = one(f"open high priority bugs in Checkout assigned to {FIRST_NAME}")
    expected = {i["key"] for i in ISSUES
                if i["fields"]["issuetype"]["name"] == "Bug"
                and i["fields"]["status"]["statusCategory"]["key"] != "done"
                and i["fields"]["priority"]["name"] == "High"
                and "Checkout" in [c["name"] for c in i["fields"]["components"]]
                and any(p.account_id == (i["fields"]["assignee"] or {}).get("accountId")
                        for p in ORG.people if p.display_name.split(" ")[0] == FIRST_NAME)}
    assert run(call.jql) == expected
    stories = one("stories in progress in MOB")
    assert run(stories.jql) == {i["key"] for i in ISSUES if i["fields"]["issuetype"]["name"] == "Story"
                                and i["fields"]["status"]["name"] == "In Progress"
                                and i["fields"]["project"]["key"] == "MOB"}


def test_versions_and_sprints_filter_searches() -> None:
    version = next(v["name"] for p in META["projects"] for v in p["versions"] if p["key"] == "MOB")
    call = one(f"bugs in MOB fixed in {version}")
    assert call.slots.fix_versions == [version]
    assert run(call.jql) == {i["key"] for i in ISSUES if i["fields"]["project"]["key"] == "MOB"
                             and i["fields"]["issuetype"]["name"] == "Bug"
                             and version in [v["name"] for v in i["fields"]["fixVersions"]]}
    current = one("stories in the current sprint")
    assert current.slots.sprint_state == "open" and current.jql == 'issuetype = "Story" AND sprint in openSprints()'
    assert run(current.jql) == {i["key"] for i in ISSUES if i["fields"]["issuetype"]["name"] == "Story"
                                and any(s["state"] == "active" for s in i["fields"]["customfield_10020"] or [])}
    sprint = next(s for i in ISSUES for s in i["fields"]["customfield_10020"] or [])
    named = one(f"tasks in {sprint['name']}")
    assert named.slots.sprints == [str(sprint["id"])]


def test_development_set_size_and_coverage() -> None:
    import json
    from pathlib import Path

    data = Path(__file__).resolve().parents[1] / "data" / "nlq"
    searches = [json.loads(line) for name in ("dev-demo.jsonl", "dev-fluid.jsonl")
                for line in (data / name).read_text().splitlines() if line.strip()]
    intents = [json.loads(line) for name in ("intents-demo.jsonl", "intents-fluid.jsonl")
               for line in (data / name).read_text().splitlines() if line.strip()]
    assert len(searches) >= 400
    variants = [c.get("variant") for c in searches]
    assert all(variants.count(v) >= 100 for v in ("jql", "keywords", "chatty", "paraphrase"))
    assert sum(1 for c in searches if c.get("history")) >= 25
    assert sum(1 for c in searches if c["intents"][0]["name"] == "clarify") >= 25
    assert sum(1 for c in intents if len(c["intents"]) > 1) >= 20
    # every issue intent is covered ("what's new?" is an activity report, a team intent, beside them)
    assert {i["name"] for c in searches + intents for i in c["intents"]} >= {
        "metadata", "children", "linked", "dependencies", "changelog", "summary", "search", "count",
        "kg_question", "help", "clarify"}


@pytest.mark.parametrize("question", ["when was MOB-3 assigned to Ana?", "when did MOB-3 get assigned?",
                                      "who assigned MOB-3?"])
def test_a_known_word_is_no_misspelt_intent_word(question: str) -> None:
    # "assigned" is a word of its own, not "assignee" typed wrong: the question asks for the issue's history
    assert one(question).name == "changelog"
