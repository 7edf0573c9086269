"""The arithmetic team answers share: grouping once per value, ties, half-up shares, risk reasons as data."""

from __future__ import annotations

from datetime import UTC, datetime

from jirakg.analysis.groups import grouped, leaders, median, names, percent
from jirakg.analysis.risk import at_risk
from jirakg.analysis.values import days_text, values
from jirakg.devjira.demo.generator import generate
from jirakg.graph import Node, node_from_issue
from jirakg.handlers.team import blocker_keys

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)


def node(key: str, **fields) -> Node:
    category = fields.pop("category", "new")
    status = fields.pop("status", "To Do")
    links = fields.pop("links", {})
    return Node(key=key, id=key, url=f"http://jira/browse/{key}", type="Bug", project=key.split("-")[0],
                status=status, status_category=category, fields=fields, links=links,
                link_verbs={"Blocks": {"inward": "is blocked by", "outward": "blocks"}} if links else {})


def test_an_issue_counts_once_under_each_of_its_values() -> None:
    nodes = [node("P-1", components=[{"name": "UI"}, {"name": "API"}]), node("P-2", components=[{"name": "UI"}]),
             node("P-3", components=[])]
    assert grouped(nodes, "components") == [("UI", 2.0), ("API", 1.0), ("none", 1.0)]
    assert values(node("P-4", created="2026-10-29T10:00:00.000+0000"), "created_week") == ["week of 2026-10-26"]


def test_ties_are_all_named_and_fewest_ranks_only_values_present() -> None:
    ranked = [("Ana", 3.0), ("Ben", 3.0), ("Cy", 1.0)]
    assert leaders(ranked, "most") == (["Ana", "Ben"], 3.0)
    assert leaders(ranked, "fewest") == (["Cy"], 1.0)
    assert leaders([], "most") == ([], 0)
    assert names(["Ana", "Ben", "Cy"]) == "Ana, Ben and Cy"


def test_shares_round_half_up_and_medians_of_even_counts() -> None:
    assert percent(1, 8) == 13  # 12.5 → 13, where round() would give 12
    assert percent(0, 0) == 0
    assert median([4.0, 9.0, 10.0, 1.0]) == 6.5
    assert days_text(0.6) == "1 day" and days_text(12.49) == "12 days"


def test_risk_reasons_are_data() -> None:
    overdue = node("P-1", duedate="2026-10-20", resolution=None, assignee={"displayName": "Ana"})
    blocked = node("P-2", resolution=None, assignee={"displayName": "Ana"},
                   links={"Blocks": {"inward": ["P-9"]}})
    stale = node("P-3", status="In Progress", category="indeterminate", updated="2026-09-01T00:00:00.000+0000",
                 assignee={"displayName": "Ana"})
    urgent = node("P-4", priority={"name": "Highest"})
    fine = node("P-5", duedate="2026-12-20", assignee={"displayName": "Ana"})
    done = node("P-6", duedate="2026-10-01", resolution={"name": "Fixed"})
    blocker = node("P-9", status="In Progress", category="indeterminate")
    found = {r.node.key: r.reasons for r in at_risk([overdue, blocked, stale, urgent, fine, done], {"P-9": blocker},
                                                    NOW)}
    assert found == {"P-1": ["overdue by 13 days (due 2026-10-20)"], "P-2": ["blocked by P-9 (In Progress)"],
                     "P-3": ["no update for 62 days while In Progress"], "P-4": ["Highest priority and unassigned"]}


def test_blocker_keys_are_the_issues_linked_as_blocking() -> None:
    """blocker_keys reads the links directly (workload asks it of every open issue); it names what
    Node.linked("is blocked by") names, for a verb on either side and for a type named like the verb."""
    _, stream = generate(seed=5, issues=1500)
    nodes = [node_from_issue(issue) for issue in stream]
    odd = nodes[0].model_copy(update={"links": {"Is Blocked By": {"outward": ["X-1"], "inward": ["X-2"]}},
                                      "link_verbs": {}})
    blocked = [n for n in [*nodes, odd] if blocker_keys(n)]
    assert len(blocked) > 10 and blocker_keys(odd) == ["X-1", "X-2"]
    for node in [*nodes, odd]:
        assert sorted(blocker_keys(node)) == sorted(key for key, _, _ in node.linked("is blocked by"))
