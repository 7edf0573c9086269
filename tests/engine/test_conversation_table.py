"""More conversations, on the demo organisation and on the real Fluid archive. Each case picks
issues from the raw data by a criterion and states the expected facts from the raw JSON."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from jirakg.devjira.dataset import load_dataset
from jirakg.engine.engine import Engine
from jirakg.engine.history import HistoryStore
from jirakg.engine.turn import OPERATOR, TurnContext
from jirakg.graph import GraphManager
from jirakg.graph.stores import MemoryStore
from jirakg.intents.embedded import EmbeddedParser
from tests.engine.demo_env import DATASET, LEXICON, NOW
from tests.jira_env import connector, devjira, lexicon_of

ARCHIVE = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "fluid-jira" / "issues.jsonl.gz"


def links(issue: dict, kind: str, side: str) -> list[str]:
    return [link[f"{side}Issue"]["key"] for link in issue["fields"]["issuelinks"]
            if link["type"]["name"] == kind and f"{side}Issue" in link]


def who(person: dict | None) -> str:
    return person["displayName"] if person else "not set"


def pick(raw: dict[str, dict], test, count: int = 3) -> list[str]:
    return [k for k, i in raw.items() if test(i)][:count]


def bugs_grouped(raw: dict[str, dict], project: str, field: str) -> tuple[str, list[str], object]:
    """'How many bugs per <field> in <project>?': the total, then each group's count."""
    bugs = [i for i in raw.values() if i["fields"]["project"]["key"] == project
            and i["fields"]["issuetype"]["name"] == "Bug"]
    counts = Counter(i["fields"][field]["name"] for i in bugs)
    return (f"bugs per {field} in {project}", [f"How many bugs per {field} in {project}?"],
            lambda r: r[0].answer.startswith(f"{len(bugs)} issue")
            and all(f"- {value}: {n} (" in r[0].answer for value, n in counts.items()))


def demo_cases(raw: dict[str, dict]) -> list[tuple[str, list[str], object]]:
    f = lambda k: raw[k]["fields"]  # noqa: E731
    cases = []
    for key in pick(raw, lambda i: i["fields"]["duedate"] and i["fields"]["priority"]):
        cases.append((f"priority and due date of {key}", [f"What is the priority and due date of {key}?"],
                      lambda r, key=key: f(key)["priority"]["name"] in r[0].answer
                      and f(key)["duedate"] in r[0].answer))
    for key in pick(raw, lambda i: len(i["fields"]["subtasks"]) >= 2):
        cases.append((f"sub-tasks of {key}", [f"List the sub-tasks of {key}"],
                      lambda r, key=key: set(r[0].citations) == {key, *[s["key"] for s in f(key)["subtasks"]][:10]}))
    for key in pick(raw, lambda i: links(i, "Risk", "inward")):
        cases.append((f"risks of {key}", [f"Which risks does {key} have?"],
                      lambda r, key=key: set(r[0].citations) == {key, *links(raw[key], "Risk", "inward")}))
    for key in pick(raw, lambda i: links(i, "Blocks", "outward")):
        cases.append((f"what {key} blocks", [f"What does {key} block?"],
                      lambda r, key=key: set(r[0].citations) == {key, *links(raw[key], "Blocks", "outward")}))
    for key in pick(raw, lambda i: any(it["field"] == "status"
                                       for h in i["changelog"]["histories"] for it in h["items"])):
        last = [h for h in raw[key]["changelog"]["histories"] if any(it["field"] == "status" for it in h["items"])][-1]
        cases.append((f"last status change of {key}", [f"Who changed the status of {key} last?"],
                      lambda r, last=last: r[0].answer.splitlines()[1].startswith(
                          f"- {last['created'][:10]} {last['created'][11:16]} {last['author']['displayName']}")))
    cases += [bugs_grouped(raw, project, "priority") for project in ("PROJ", "DATA", "OPS")]
    initiatives = pick(raw, lambda i: i["fields"]["issuetype"]["name"] == "Initiative", count=3)
    for key in initiatives:  # the reference design's own example
        # "high priority" is High and above, as people who never saw the rules wrote it in the evaluation sets
        wanted = [k for k in raw if (f(k).get("parent") or {}).get("key") == key
                  and f(k)["issuetype"]["name"] == "Feature" and f(k)["priority"]["name"] in ("Highest", "High")]
        cases.append((f"high-priority features under {key}",
                      [f"What is the status of high-priority features under {key}?"],
                      lambda r, wanted=wanted: set(r[0].citations) == set(wanted) and "did not use" not in r[0].answer
                      and all(f(k)["status"]["name"] in r[0].answer for k in wanted)))
    people = Counter(who(i["fields"]["assignee"]) for i in raw.values() if i["fields"]["assignee"])
    for person in [name for name, _ in people.most_common(3)]:
        open_bugs = sum(1 for k in raw if f(k)["issuetype"]["name"] == "Bug" and who(f(k)["assignee"]) == person
                        and f(k)["status"]["statusCategory"]["key"] != "done")
        cases.append((f"open bugs of {person}", [f"open bugs assigned to {person}"],
                      lambda r, n=open_bugs: r[0].answer.startswith(f"{n} issue" if n else "No issues match")))
    for key in pick(raw, lambda i: i["fields"]["assignee"] and i["changelog"]["histories"]):
        cases.append((f"history then owner of {key}", [f"What changed on {key}?", "who owns it?"],
                      lambda r, key=key: who(f(key)["assignee"]) in r[1].answer and r[1].citations == [key]))
    for key in pick(raw, lambda i: i["fields"]["customfield_10016"] is not None):
        points = f(key)["customfield_10016"]
        cases.append((f"story points of {key}", [f"How many story points is {key}?"],
                      lambda r, points=points:
                      f"story points: {int(points) if points.is_integer() else points}" in r[0].answer))
    cases.append(("unknown person asks back", ["open bugs assigned to Zed Nobody"],
                  lambda r: r[0].intents == ["clarify"] and "Zed Nobody" in r[0].answer))
    return cases


def fluid_cases(raw: dict[str, dict]) -> list[tuple[str, list[str], object]]:
    f = lambda k: raw[k]["fields"]  # noqa: E731
    cases = []
    for key in pick(raw, lambda i: i["fields"]["assignee"] and i["key"].startswith("FLUID-")):
        cases.append((f"assignee of {key}", [f"Who is the assignee of {key}?"],
                      lambda r, key=key: who(f(key)["assignee"]) in r[0].answer))
    for key in pick(raw, lambda i: links(i, "Dependency", "outward")):
        cases.append((f"dependencies of {key}", [f"What does {key} depend on?"],
                      lambda r, key=key: set(links(raw[key], "Dependency", "outward")) <= set(r[0].citations)))
    # the archive has no Blocks type: what an issue depends on is what blocks it, in every way of asking
    for key in pick(raw, lambda i: links(i, "Dependency", "outward"), 2):
        waits_on = set(links(raw[key], "Dependency", "outward"))
        for question in (f"What is {key} waiting on?", f"What blocks {key}?", f"Show the blocking chain of {key}"):
            cases.append((question, [question], lambda r, w=waits_on: w <= set(r[0].citations)))
    waiting = sum(1 for k in raw if k.startswith("FLUID-") and not f(k)["resolution"]
                  and links(raw[k], "Dependency", "outward"))
    cases.append(("open FLUID issues blocked by others", ["open Infusion issues blocked by other issues"],
                  lambda r, n=waiting: r[0].answer.startswith(f"{n} issues")))
    mutual = next(k for k in raw if k.startswith("FLUID-") and any(
        k in links(raw[o], "Dependency", "outward") for o in links(raw[k], "Dependency", "outward") if o in raw))
    cases.append(("blocking cycles in FLUID", ["any blocking cycles in Infusion?"],
                  lambda r, k=mutual: k in r[0].citations and r[0].intents == ["dependencies"]))
    for key in pick(raw, lambda i: links(i, "Duplicate", "outward")):
        cases.append((f"duplicate of {key}", [f"What is {key} a duplicate of?"],
                      lambda r, key=key: set(links(raw[key], "Duplicate", "outward")) <= set(r[0].citations)))
    cases += [bugs_grouped(raw, project, "status") for project in ("FLUID", "FLOE", "DECA")]
    for component in ("Uploader", "Inline Edit", "UI Options"):
        open_bugs = sum(1 for k in raw if f(k)["issuetype"]["name"] == "Bug"
                        and f(k)["status"]["statusCategory"]["key"] != "done"
                        and component in [c["name"] for c in f(k)["components"]])
        cases.append((f"open bugs in {component}", [f"open bugs in {component}"],
                      lambda r, n=open_bugs: r[0].answer.startswith(f"{n} issue")))
    for key in pick(raw, lambda i: i["fields"]["priority"] and i["key"].startswith("FLOE-")):
        cases.append((f"priority follow-up on {key}", [f"Who reported {key}?", "what is its priority?"],
                      lambda r, key=key: f(key)["priority"]["name"] in r[1].answer
                      and who(f(key)["reporter"]) in r[0].answer))
    return cases


def run_conversation(url: str, lexicon, questions: list[str]):
    async def run():
        async with connector(url) as jira:
            manager = GraphManager(jira, MemoryStore(), base_url=url)
            engine = Engine(EmbeddedParser(lexicon, now=lambda: NOW), manager, HistoryStore(manager.store))
            results, conversation = [], None
            for question in questions:
                results.append(await engine.ask(TurnContext(text=question, conversation_id=conversation,
                                                             asker=OPERATOR)))
                conversation = results[-1].conversation_id
            return results
    return asyncio.run(run())


DEMO_RAW = {i["key"]: i for i in DATASET.issues}
DEMO_CASES = demo_cases(DEMO_RAW)


@pytest.fixture(scope="module")
def demo_url():
    with devjira(DATASET) as url:
        yield url


@pytest.mark.parametrize(("name", "questions", "check"), DEMO_CASES, ids=[c[0] for c in DEMO_CASES])
def test_demo_conversation(demo_url, name, questions, check) -> None:
    results = run_conversation(demo_url, LEXICON, questions)
    assert check(results), [r.answer for r in results]


@pytest.fixture(scope="module")
def fluid():
    if not ARCHIVE.is_file():
        pytest.skip("../shared/datasets is absent")
    dataset = load_dataset(ARCHIVE)
    lexicon = lexicon_of(dataset)
    with devjira(dataset) as url:
        yield url, lexicon, {i["key"]: i for i in dataset.issues}



def test_enough_conversations() -> None:
    assert len(DEMO_CASES) >= 25


@pytest.mark.fluid_archive
@pytest.mark.slow
def test_fluid_conversations(fluid) -> None:
    url, lexicon, raw = fluid
    cases = fluid_cases(raw)
    assert len(cases) >= 15
    failures = []
    for name, questions, check in cases:
        results = run_conversation(url, lexicon, questions)
        if not check(results):
            failures.append((name, [r.answer for r in results]))
    assert failures == []
