"""The demo organisation's people as devjira's permission model sees them, and what each may browse,
read back from devjira with the person's own credentials: the ground truth jirakg's answers must match."""

from __future__ import annotations

import re

from jirakg.devjira.demo.access import (
    RESTRICTED_PROJECT,
    SECURITY,
    embargoed,
    service_account,
    team_group,
)
from tests.devjira import http
from tests.devjira.access_oracle import Oracle
from tests.jira_env import demo_dataset

DATASET = demo_dataset(issues=600, seed=23)
RAW = {issue["key"]: issue for issue in DATASET.issues}
ORACLE = Oracle(DATASET)  # who is in which group, and each person's token, from the metadata
SERVICE = service_account()
KEY = re.compile(r"\b[A-Z][A-Z0-9]+-\d+\b")
OPS_TEAM, SECURITY_GROUP = ORACLE.members[team_group(RESTRICTED_PROJECT)], ORACLE.members[SECURITY]

# Outside OPS and the security group: OPS and most embargoed PROJ issues are hidden from them.
OUTSIDER = ORACLE.person(lambda account: account not in OPS_TEAM | SECURITY_GROUP)
INSIDER = ORACLE.person(lambda account: account in OPS_TEAM)
credentials = ORACLE.basic


def visible_keys(url: str, user: dict, jql: str = "ORDER BY key") -> list[str]:
    """What devjira shows `user` for `jql`, asked with their own API token, page by page (nothing, for a
    query naming a project they may not browse: Jira answers that it does not exist)."""
    keys: list[str] = []
    while True:
        reply = http.call(f"{url}/rest/api/2/search", "POST",
                          {"jql": jql, "startAt": len(keys), "maxResults": 100, "fields": ["id"]},
                          auth=credentials(user))
        if reply.status == 400 and "does not exist for the field 'project'" in str(reply.body):
            return []
        assert reply.status == 200, reply.body
        keys += [issue["key"] for issue in reply.body["issues"]]
        if not reply.body["issues"] or len(keys) >= reply.body["total"]:
            return keys


def hidden_from(url: str, user: dict) -> set[str]:
    hidden = set(RAW) - set(visible_keys(url, user))
    # The model must hide both kinds, or the tests below prove nothing.
    assert any(k.startswith(RESTRICTED_PROJECT + "-") for k in hidden) and any(embargoed(k) for k in hidden)
    return hidden


def named_keys(text: str) -> set[str]:
    return set(KEY.findall(text))

