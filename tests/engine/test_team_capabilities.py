"""Team questions issue 14 names beyond the first rankings, end to end through devjira on the demo
organisation: issues ranked by watchers and votes. Every expected figure is computed from the raw issue
JSON, not by jirakg; the phrasings are our own."""

from __future__ import annotations

import pytest

from tests.engine.demo_env import DATASET, RAW, fields
from tests.engine.test_conversations import converse
from tests.jira_env import devjira


@pytest.fixture(scope="module")
def url():
    with devjira(DATASET, deployment="server") as base:
        yield base


def ask(url: str, question: str):
    (result,), _ = converse(url, [question])
    return result


def keys(project: str, types: tuple[str, ...] = (), open_only: bool = False) -> list[str]:
    return [k for k in RAW if fields(k)["project"]["key"] == project
            and (not types or fields(k)["issuetype"]["name"] in types)
            and (not open_only or fields(k)["resolution"] is None)]


def watchers(key: str) -> int:
    return fields(key)["watches"]["watchCount"]


def votes(key: str) -> int:
    return fields(key)["votes"]["votes"]


def test_devjira_serves_watches_and_votes_as_jira_does() -> None:
    issue = RAW[next(iter(RAW))]["fields"]
    assert set(issue["watches"]) == {"self", "watchCount", "isWatching"}
    assert set(issue["votes"]) == {"self", "votes", "hasVoted"}
    # the reporter always watches (Jira's auto-watch)
    assert all(watchers(k) >= 1 for k in RAW)


# question, project, types, open only, figure
POPULAR = [
    ("which DATA issue has the most watchers?", "DATA", (), False, watchers),
    ("what's the most watched open DATA task?", "DATA", ("Task",), True, watchers),
    ("which ticket in OPS do the most people follow?", "OPS", (), False, watchers),
    ("most voted open bug in WEB", "WEB", ("Bug",), True, votes),
    ("which DATA story has the highest number of votes?", "DATA", ("Story",), False, votes),
    ("top voted unresolved MOB ticket", "MOB", (), True, votes),
]


@pytest.mark.parametrize(("question", "project", "types", "open_only", "figure"), POPULAR)
def test_issues_ranked_by_watchers_or_votes_name_every_tie(url, question, project, types, open_only, figure) -> None:
    chosen = keys(project, types, open_only)
    best = max(figure(k) for k in chosen)
    tied = sorted(k for k in chosen if figure(k) == best)
    result = ask(url, question)
    lead = result.answer.splitlines()[0]
    assert result.intents == ["ranking"], result.answer
    assert f"{best} {'watchers' if figure is watchers else 'votes'}" in lead, result.answer
    assert f"of {len(chosen)} issue" in lead
    for key in tied[:8]:
        assert key in lead
    if len(tied) > 1:
        assert f"({len(tied)} tied)" in lead
    runners = [line for line in result.answer.splitlines()[1:] if line.startswith("- ")]
    assert len(runners) == min(5, len(chosen))
    assert all(str(figure(line.split()[1])) in line for line in runners)


def test_top_n_most_watched_lists_that_many_in_order(url) -> None:
    chosen = sorted(keys("WEB", ("Bug",), True), key=lambda k: (-watchers(k), k))
    result = ask(url, "the 3 most watched open WEB bugs")
    lead = result.answer.splitlines()[0]
    assert lead.startswith("The 3 most watched of "), result.answer
    assert all(key in lead for key in chosen[:3])


def test_a_ranking_by_votes_over_no_issues_says_so(url) -> None:
    result = ask(url, "most voted DATA bug created after 2030-01-01")
    assert "nothing to rank" in result.answer.splitlines()[0], result.answer


POINTS = "customfield_10016"


def points_per_person(chosen: list[str]) -> dict[str, float]:
    sums: dict[str, float] = {}
    for key in chosen:
        if fields(key).get(POINTS):
            person = (fields(key)["assignee"] or {}).get("displayName", "none")
            sums[person] = sums.get(person, 0) + fields(key)[POINTS]
    return sums


# question, project, open only
POINTS_PER_PERSON = [
    ("story points per assignee in DATA", "DATA", False),
    ("how many story points does each person have in OPS?", "OPS", False),
    ("sum of story points by assignee for open WEB work", "WEB", True),
    ("total estimate per developer in MOB", "MOB", False),
    ("break down the unresolved DATA points by assignee", "DATA", True),
]


@pytest.mark.parametrize(("question", "project", "open_only"), POINTS_PER_PERSON)
def test_story_points_summed_per_person(url, question, project, open_only) -> None:
    chosen = keys(project, open_only=open_only)
    sums = points_per_person(chosen)
    estimated = [k for k in chosen if fields(k).get(POINTS)]
    result = ask(url, question)
    lines = result.answer.splitlines()
    assert result.intents == ["breakdown"], result.answer
    assert lines[0].startswith(f"{int(sum(sums.values()))} story points on {len(estimated)} estimated issue"), lines[0]
    shown = {line[2:].split(":")[0]: line for line in lines if line.startswith("- ")}
    assert set(shown) == set(sums)
    for person, total in sums.items():
        assert shown[person].split(": ")[1].startswith(f"{int(total)} points"), shown[person]
    order = [line[2:].split(":")[0] for line in lines if line.startswith("- ")]
    assert [sums[p] for p in order] == sorted(sums.values(), reverse=True)


def test_points_per_person_over_issues_without_points_says_so(url) -> None:
    result = ask(url, "story points per assignee for DATA epics")
    assert result.answer.startswith("None of the "), result.answer
    assert "has story points" in result.answer


def open_children_per_epic(chosen: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for key in chosen:
        parent = fields(key).get("parent")
        if parent and parent["fields"]["issuetype"]["name"] == "Epic" and fields(key)["resolution"] is None:
            counts[parent["key"]] = counts.get(parent["key"], 0) + 1
    return counts


# question, project (None: all), issue types, direction
EPICS = [
    ("which epic has the most open children?", None, (), "most"),
    ("which DATA epic has the most unresolved child issues", "DATA", (), "most"),
    ("which epic has the largest number of unfinished tickets under it?", None, (), "most"),
    ("in WEB, what epic has the most open stories?", "WEB", ("Story",), "most"),
    ("what epic has the fewest open children in OPS", "OPS", (), "fewest"),
]


@pytest.mark.parametrize(("question", "project", "types", "direction"), EPICS)
def test_epics_ranked_by_their_open_children(url, question, project, types, direction) -> None:
    chosen = [k for k in RAW if (project is None or fields(k)["project"]["key"] == project)
              and (not types or fields(k)["issuetype"]["name"] in types)]
    counts = open_children_per_epic(chosen)
    best = (max if direction == "most" else min)(counts.values())
    tied = sorted(epic for epic, count in counts.items() if count == best)
    result = ask(url, question)
    lead = result.answer.splitlines()[0]
    assert result.intents == ["ranking"], result.answer
    assert f"the {direction} open child issues: {best}" in lead, result.answer
    assert all(epic in lead for epic in tied)
    runners = [line for line in result.answer.splitlines() if line.startswith("- ")]
    for line in runners:
        epic = line.split()[1]
        assert line.endswith(f": {counts[epic]}") and RAW[epic]["fields"]["summary"] in line, line
    assert len(runners) == min(5, len(counts))


def test_epics_ranked_over_no_open_children_says_so(url) -> None:
    result = ask(url, "which epic has the most open children created after 2030-01-01?")
    assert "nothing to rank" in result.answer.splitlines()[0], result.answer


def test_epics_ranked_over_issues_outside_any_epic_says_none_has_one(url) -> None:
    chosen = keys("DATA", ("Epic",), True)
    result = ask(url, "which epic has the most open epics in DATA?")
    assert result.answer.startswith(f"None of the {len(chosen)} issues"), result.answer
    assert "has an epic, so no epic has the most" in result.answer


def of_type(chosen: list[str], kind: str) -> list[str]:
    return [k for k in chosen if fields(k)["issuetype"]["name"] == kind]


# question, project (None: all), open only, first type, second type, the nouns the answer uses
RATIOS = [
    ("ratio of bugs to stories in MOB", "MOB", False, "Bug", "Story", ("bugs", "stories")),
    ("how is the backlog split between bugs and stories?", None, True, "Bug", "Story", ("bugs", "stories")),
    ("what's the bug-to-story ratio in WEB?", "WEB", False, "Bug", "Story", ("bugs", "stories")),
    ("how many tasks for every story in OPS?", "OPS", False, "Task", "Story", ("tasks", "stories")),
    ("how is open DATA work split between bugs and tasks?", "DATA", True, "Bug", "Task", ("bugs", "tasks")),
]


@pytest.mark.parametrize(("question", "project", "open_only", "first", "second", "nouns"), RATIOS)
def test_a_ratio_between_two_parts_gives_both_counts_and_the_ratio(url, question, project, open_only, first, second,
                                                                   nouns) -> None:
    chosen = [k for k in RAW if (project is None or fields(k)["project"]["key"] == project)
              and (not open_only or fields(k)["resolution"] is None)]
    a, b = len(of_type(chosen, first)), len(of_type(chosen, second))
    result = ask(url, question)
    lines = result.answer.splitlines()
    assert result.intents == ["stats"], result.answer
    ratio = f"{a / b:.2f}".rstrip("0").rstrip(".")
    assert lines[0].startswith(f"{a} {nouns[0]} to {b} {nouns[1]}: a ratio of {ratio} to 1"), result.answer
    assert lines[1].startswith(f"- {nouns[0]} (issuetype = \"{first}\")") and lines[1].endswith(
        f"{a} ({round(100 * a / (a + b))}% of the two)")
    assert lines[2].startswith(f"- {nouns[1]} (issuetype = \"{second}\")")
    assert lines[3] == f"Of {len(chosen)} issues in all, {len(chosen) - a - b} are neither."


def test_a_ratio_against_an_empty_part_or_set_says_so(url) -> None:
    stories = len(of_type(keys("DATA"), "Story"))
    assert not of_type(keys("DATA"), "Initiative")  # initiatives live in INIT
    result = ask(url, "ratio of stories to initiatives in DATA")
    assert result.answer.startswith(f"{stories} stories to 0 initiatives"), result.answer
    assert "with no initiatives there is no ratio" in result.answer
    empty = ask(url, "ratio of bugs to stories in DATA created after 2030-01-01")
    assert "nothing to measure" in empty.answer
    unknown = ask(url, "ratio of foo to bar in MOB")
    assert unknown.intents == ["clarify"] and "'foo' and 'bar'" in unknown.answer


def test_who_has_the_most_story_points_ranks_people_by_their_sum(url) -> None:
    sums = points_per_person(keys("DATA"))
    sums.pop("none", None)
    best = max(sums.values())
    leaders = sorted(person for person, total in sums.items() if total == best)
    result = ask(url, "who has the most story points in DATA?")
    lead = result.answer.splitlines()[0]
    assert result.intents == ["ranking"], result.answer
    assert all(person in lead for person in leaders) and f"story points: {int(best)}" in lead, lead


def test_which_component_has_the_most_story_points_ranks_components_by_their_sum(url) -> None:
    sums: dict[str, float] = {}
    for key in keys("WEB"):
        for component in fields(key)["components"]:
            sums[component["name"]] = sums.get(component["name"], 0) + (fields(key).get(POINTS) or 0)
    best = max(sums.values())
    leaders = sorted(name for name, total in sums.items() if total == best)
    result = ask(url, "which component has the most story points in WEB?")
    lead = result.answer.splitlines()[0]
    assert result.intents == ["ranking"], result.answer
    assert all(name in lead for name in leaders) and f"story points: {int(best)}" in lead, result.answer
