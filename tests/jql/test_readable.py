"""JQL as answers show it: names for ids, status categories in Jira's words; what it means is unchanged
(checked by running both forms through devjira's JQL engine)."""

from __future__ import annotations

import pytest

from jirakg.jql.readable import JqlNames, readable_jql
from tests.jira_env import demo_dataset

NAMES = JqlNames(people={"5f0c": "Bruno Haddad"}, sprints={"12": "DATA Sprint 4"})


@pytest.mark.parametrize("raw, shown", [
    ('assignee = "5f0c" AND statusCategory in ("new", "indeterminate") ORDER BY priority DESC',
     'assignee = "Bruno Haddad" AND statusCategory != Done ORDER BY priority DESC'),
    ("statusCategory = done AND sprint = 12", 'statusCategory = Done AND sprint = "DATA Sprint 4"'),
    ('reporter in ("5f0c", currentUser()) AND statusCategory not in ("done")',
     'reporter IN ("Bruno Haddad", currentUser()) AND statusCategory != Done'),
    ('status WAS "Blocked" AND statusCategory in (new, done)',
     'status WAS "Blocked" AND statusCategory != "In Progress"'),
    ('statusCategory = "new" OR assignee = "unknown-id"', 'statusCategory = "To Do" OR assignee = "unknown-id"'),
    ("project = (((", "project = ((("),  # not JQL: shown as it is
])
def test_readable(raw: str, shown: str) -> None:
    assert readable_jql(raw, NAMES) == shown


def test_category_wording_selects_the_same_issues() -> None:
    dataset = demo_dataset(issues=300, seed=3)
    names = {"new": "To Do", "indeterminate": "In Progress", "done": "Done"}

    def keys(jql: str) -> list[int]:
        return list(dataset.engine.search(jql, 0))
    for raw in ['statusCategory in ("new", "indeterminate")', 'statusCategory not in ("new")', "statusCategory = done"]:
        shown = readable_jql(raw, JqlNames())
        for key, name in names.items():  # devjira takes the keys; Jira also takes the names
            shown = shown.replace(f'"{name}"', key).replace(name, key)
        assert keys(shown) == keys(raw) and keys(raw), (raw, shown)
