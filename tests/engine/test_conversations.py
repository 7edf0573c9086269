"""Multi-turn conversations on the demo organisation, end to end through devjira; every expected
fact is computed from the raw issue JSON, not from the code under test."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from jirakg.engine.engine import Engine, TurnTimedOut
from jirakg.engine.history import HistoryStore
from jirakg.engine.session import jql_names
from jirakg.engine.turn import OPERATOR, TurnContext, owner_of
from jirakg.graph import GraphManager
from jirakg.graph.stores import MemoryStore, SqliteStore
from jirakg.intents.embedded import EmbeddedParser
from tests.engine.demo_env import DATASET, LEXICON, NOW, RAW, fields
from tests.jira_env import connector, devjira


@pytest.fixture(scope="module")
def url():
    with devjira(DATASET, deployment="server") as base:
        yield base


def converse(url: str, questions: list[str], store=None, context: dict | None = None):
    async def run():
        async with connector(url) as jira:
            manager = GraphManager(jira, store or MemoryStore(), base_url=url)
            engine = Engine(EmbeddedParser(LEXICON, now=lambda: NOW), manager, HistoryStore(manager.store),
                            jql_names=jql_names(LEXICON))  # as a session wires it: names for ids in answers
            results, conversation = [], None
            for question in questions:
                result = await engine.ask(TurnContext(text=question, conversation_id=conversation,
                                                         issue_key=(context or {}).get("issue_key"), asker=OPERATOR))
                conversation = result.conversation_id
                results.append(result)
            return results, engine
    return asyncio.run(run())


def blockers(key: str) -> list[str]:
    return [link["inwardIssue"]["key"] for link in fields(key)["issuelinks"]
            if link["type"]["name"] == "Blocks" and "inwardIssue" in link]


def test_owner_then_blockers_by_pronoun(url) -> None:
    key = next(k for k in RAW if blockers(k) and fields(k)["assignee"])
    (owner, blocked_by), _ = converse(url, [f"Who is the assignee of {key}?", "what blocks it?"])
    assert fields(key)["assignee"]["displayName"] in owner.answer and owner.citations == [key]
    assert blocked_by.intents == ["linked"]
    assert set(blocked_by.citations) == {key, *blockers(key)}
    assert f"{len(blockers(key))} issue" in blocked_by.answer


def test_children_of_a_type(url) -> None:
    initiative = next(k for k in RAW if fields(k)["issuetype"]["name"] == "Initiative"
                      and any((fields(c).get("parent") or {}).get("key") == k for c in RAW))
    expected = [c for c in RAW if (fields(c).get("parent") or {}).get("key") == initiative
                and fields(c)["issuetype"]["name"] == "Feature"]
    (result,), _ = converse(url, [f"Status of all features under {initiative}?"])
    assert set(result.citations) == {initiative, *expected[:10]}
    assert f"{len(expected)} feature child issue" in result.answer
    for child in expected[:10]:
        assert fields(child)["status"]["name"] in result.answer


def _descendants(key: str) -> list[str]:
    found, frontier = [], [key]
    while frontier:
        frontier = [c for c in RAW if (fields(c).get("parent") or {}).get("key") in frontier]
        found += frontier
    return found


def test_a_kind_below_the_children_is_found_at_its_level(url) -> None:
    """"the epics under INIT-3": epics sit under an initiative's features, so the answer lists the epics
    below it rather than saying it has no epic children."""
    initiative = next(k for k in RAW if fields(k)["issuetype"]["name"] == "Initiative"
                      and any(fields(d)["issuetype"]["name"] == "Epic" for d in _descendants(k)))
    epics = [d for d in _descendants(initiative) if fields(d)["issuetype"]["name"] == "Epic"]
    assert not any(fields(e)["parent"]["key"] == initiative for e in epics)  # grandchildren, not children
    (result,), _ = converse(url, [f"status of the epics under {initiative}"])
    assert result.intents == ["children"]
    assert set(result.citations) == {initiative, *epics[:10]}
    assert f"{len(epics)} epic issue" in result.answer and "below it" in result.answer


def test_a_kind_under_an_issue_with_a_condition_searches_its_whole_subtree(url) -> None:
    """"open stories under INIT-5": the kind is kept (it was dropped with the words around the key) and
    the stories are found at any depth, not only among the initiative's own children."""
    def open_stories(key: str) -> list[str]:
        return [d for d in _descendants(key) if fields(d)["issuetype"]["name"] == "Story"
                and fields(d)["resolution"] is None]

    initiative = max((k for k in RAW if fields(k)["issuetype"]["name"] == "Initiative"),
                     key=lambda k: len(open_stories(k)))
    expected = open_stories(initiative)
    assert expected
    (count, listed), _ = converse(url, [f"how many stories under {initiative} are still open?",
                                        f"which stories under {initiative} are still open?"])
    assert count.answer.startswith(f"{len(expected)} issue")
    assert f"under {initiative} at any depth" in count.answer and "key in" not in count.answer.lower()
    assert set(listed.citations) <= set(expected) and set(listed.citations)


def test_count_grouped_by_status(url) -> None:
    (result,), _ = converse(url, ["How many bugs per status in WEB?"])
    bugs = [k for k in RAW if fields(k)["project"]["key"] == "WEB" and fields(k)["issuetype"]["name"] == "Bug"]
    assert result.answer.startswith(f"{len(bugs)} issue")
    for status, count in Counter(fields(k)["status"]["name"] for k in bugs).items():
        assert f"- {status}: {count} (" in result.answer


def test_search_then_the_second_one(url) -> None:
    (search, follow), _ = converse(url, ["open stories", "who owns the second one?"])
    expected = [k for k in RAW if fields(k)["issuetype"]["name"] == "Story"
                and fields(k)["status"]["statusCategory"]["key"] != "done"]
    assert len(expected) >= 2
    assert search.answer.startswith(f"{len(expected)} issue")
    second = search.citations[1]
    assert follow.citations == [second]
    owner = fields(second)["assignee"]
    assert (owner["displayName"] if owner else "not set") in follow.answer


def test_summary_rolls_up_descendants(url) -> None:
    epic = next(k for k in RAW if fields(k)["issuetype"]["name"] == "Epic"
                and sum((fields(c).get("parent") or {}).get("key") == k for c in RAW) >= 3)
    below, frontier = [], [epic]
    while frontier:
        frontier = [c for c in RAW if (fields(c).get("parent") or {}).get("key") in frontier]
        below += frontier
    done = sum(fields(k)["status"]["statusCategory"]["key"] == "done" for k in below)
    (result,), _ = converse(url, [f"Summarize {epic}"])
    assert f"Progress over {len(below)} issues below it: {done} done" in result.answer
    owner = fields(epic)["assignee"]
    assert (f"owned by {owner['displayName']}" if owner else "with nobody assigned") in result.answer.splitlines()[0]
    left = [k for k in below if fields(k)["status"]["statusCategory"]["key"] != "done"
            and fields(k)["status"]["name"] != "Blocked"]
    assert (f"Still open ({len(left)}):" in result.answer) == bool(left)
    assert set(left[:10]) <= set(result.citations)  # what is left, cited


def test_a_chatty_question_about_one_issue_answers_about_that_issue(url) -> None:
    """The words around the key ("the … story", "supposed to be finished by") describe it; the answer is the
    issue's card, with its due date, not a search over other issues."""
    key = next(k for k in RAW if fields(k)["duedate"] and fields(k)["issuetype"]["name"] == "Story")
    (result,), _ = converse(url, [f"planning the handover. when is {key}, the story, supposed to be finished by?"])
    assert result.intents == ["metadata"] and result.citations == [key]
    assert fields(key)["duedate"] in result.answer and "customfield_" not in result.answer
    assert fields(key)["reporter"]["displayName"] in result.answer


def test_blocking_cycles_anywhere_are_found_without_an_issue(url) -> None:
    edges = {k: {link["outwardIssue"]["key"] for link in fields(k)["issuelinks"]
                 if link["type"]["name"] == "Blocks" and "outwardIssue" in link} for k in RAW}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            for other in edges.get(todo.pop(), ()):
                if other == goal:
                    return True
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return False

    in_cycles = {k for k in RAW if reaches(k, k)}
    assert in_cycles  # the demo organisation has blocking cycles
    (result,), _ = converse(url, ["are any tickets blocking each other in a loop?"])
    assert result.intents == ["dependencies"] and set(result.citations) == in_cycles


def test_changelog_in_a_window(url) -> None:
    key = next(k for k in RAW if any("2026-10-19" <= h["created"][:10] < "2026-10-26"
                                     for h in RAW[k]["changelog"]["histories"]))
    in_window = [h for h in RAW[key]["changelog"]["histories"] if "2026-10-19" <= h["created"][:10] < "2026-10-26"]
    (result,), _ = converse(url, [f"What changed on {key} last week?"])
    assert f"{len(in_window)} change" in result.answer
    quiet = next(k for k in RAW if not RAW[k]["changelog"]["histories"])
    (nothing,), _ = converse(url, [f"What changed on {quiet} last week?"])
    assert nothing.answer.startswith(f"Nothing that matches changed on {quiet}")


def test_deadlocks_are_reported(url) -> None:
    def reaches(start: str, goal: str, seen=None) -> bool:
        seen = seen or set()
        return any(b == goal or (b not in seen and not seen.add(b) and reaches(b, goal, seen)) for b in blockers(start))
    key = next(k for k in RAW if blockers(k) and reaches(k, k))
    (result,), _ = converse(url, [f"Is there a deadlock around {key}?"])
    assert "Deadlock:" in result.answer


def test_unknown_keys_and_bad_input(url) -> None:
    (unknown, empty, vague), _ = converse(url, ["What is the status of NOPE-3?", "   ", "What about it?"])
    assert unknown.intents == ["clarify"] and "There is no project NOPE" in unknown.answer
    assert empty.intents == ["clarify"] and "empty" in empty.answer
    assert vague.intents == ["clarify"] and "Which issue" in vague.answer
    missing = f"PROJ-{max(int(k.split('-')[1]) for k in RAW if k.startswith('PROJ-')) + 1}"
    (gone,), _ = converse(url, [f"who owns {missing}?"])
    assert f"There is no issue {missing}" in gone.answer


def test_sidebar_context_and_feedback(url, tmp_path) -> None:
    key = next(k for k in RAW if fields(k)["priority"])
    store = SqliteStore(tmp_path / "g.sqlite3")
    (result,), engine = converse(url, ["what is the priority?"], store=store, context={"issue_key": key})
    assert fields(key)["priority"]["name"] in result.answer

    async def feedback():
        assert await engine.feedback(result.turn_id, "down", "too terse")
        assert not await engine.feedback("no-such-turn", "up")
        assert not await engine.feedback(result.turn_id, "up", user="someone-else")  # not theirs to rate
        conversation = await engine.conversation(result.conversation_id, owner_of("cli", None))
        return conversation.turns[-1].feedback
    assert asyncio.run(feedback()).model_dump() == {"rating": "down", "comment": "too terse"}


class HungStore(MemoryStore):
    """A store that never answers a read, like a server stopped mid-connection without a deadline of its own."""

    async def get_state(self, name: str) -> str | None:
        await asyncio.Event().wait()
        return None


def test_a_turn_past_its_deadline_is_a_sentence(url) -> None:
    async def run():
        async with connector(url) as jira:
            manager = GraphManager(jira, HungStore(), base_url=url)
            engine = Engine(EmbeddedParser(LEXICON, now=lambda: NOW), manager, HistoryStore(manager.store),
                            turn_timeout_s=0.05)
            with pytest.raises(TurnTimedOut) as stopped:
                await engine.ask(TurnContext(text="help", asker=OPERATOR))
            return str(stopped.value)
    assert asyncio.run(run()).startswith("That took longer than 0.05 s to answer, so it was stopped")


def test_a_team_follow_up_repeats_the_measure_but_one_issues_comments_are_no_set(url) -> None:
    (_, again), _ = converse(url, ["Who has the most open issues in WEB?", "same for MOB"])
    assert again.intents == ["ranking"]
    mob = Counter((fields(k)["assignee"] or {}).get("displayName") for k in RAW
                  if fields(k)["project"]["key"] == "MOB" and not fields(k)["resolution"])
    mob.pop(None, None)
    top, most = mob.most_common(1)[0]
    assert again.answer.splitlines()[0].startswith(top) and f": {most}" in again.answer.splitlines()[0]
    key = next(k for k in RAW if fields(k)["project"]["key"] == "WEB" and fields(k)["comment"]["comments"])
    (_, follow), _ = converse(url, [f"latest comment on {key}", "which of those are bugs?"])
    assert follow.intents != ["comments"]  # one issue's comments are not a set to narrow


def test_who_wrote_the_most_comments_on_a_project_names_the_commenters(url) -> None:
    """"who comments the most on WEB tickets?" ranks comment authors (not assignees), ties named."""
    (result,), _ = converse(url, ["who comments the most on WEB tickets?"])
    assert result.intents == ["comments"]
    written = Counter(c["author"]["displayName"] for k in RAW if fields(k)["project"]["key"] == "WEB"
                      for c in fields(k)["comment"]["comments"])
    best = max(written.values())
    lead = result.answer.splitlines()[0]
    assert all(who in lead for who, count in written.items() if count == best)
    assert f"the most comments: {best}," in lead


def test_a_count_among_an_issues_children_says_out_of_how_many(url) -> None:
    """"how many of its children are done?": 2 says little without the 7 it has; from the raw issues."""
    def children(key: str) -> list[str]:
        return [c for c in RAW if (fields(c).get("parent") or {}).get("key") == key]

    epic = next(k for k in RAW if fields(k)["issuetype"]["name"] == "Epic"
                and 0 < sum(fields(c)["status"]["name"] == "Done" for c in children(k)) < len(children(k)))
    done = sum(fields(c)["status"]["name"] == "Done" for c in children(epic))
    (_, counted), _ = converse(url, [f"show me {epic}", "how many of its children are done?"])
    assert counted.intents == ["count"]
    assert f"{done} issue" in counted.answer and f"out of the {len(children(epic))} child issues of {epic}" \
        in counted.answer, counted.answer
