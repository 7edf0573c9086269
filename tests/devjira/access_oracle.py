"""Who may browse what, read straight from a dataset's metadata: the tests' oracle for devjira's filters."""

from __future__ import annotations

from jirakg.devjira.dataset import Dataset


class Oracle:
    def __init__(self, dataset: Dataset) -> None:
        self.dataset = dataset
        meta = dataset.metadata
        self.users = {u["accountId"]: u for u in meta["users"]}
        self.members = {g["name"]: set(g["members"]) for g in meta["groups"]}
        self.tokens = {account: token for token, account in meta["apiTokens"].items()}
        self.schemes = {p["key"]: p["permissions"] for p in meta["projects"]}
        self.levels = {level["id"]: level for level in meta["issueSecurityLevels"]}

    def groups(self, account: str) -> set[str]:
        return {name for name, members in self.members.items() if account in members}

    def holds(self, account: str, project_key: str, permission: str) -> bool:
        granted = set(self.schemes[project_key].get(permission, []))
        return "anyone" in granted or bool(granted & self.groups(account))

    def may_browse(self, account: str, issue: dict) -> bool:
        fields = issue["fields"]
        if not self.holds(account, fields["project"]["key"], "BROWSE_PROJECTS"):
            return False
        security = fields.get("security")
        if not security:
            return True
        for grant in self.levels[security["id"]]["grants"]:
            if grant.startswith("group:") and account in self.members[grant[6:]]:
                return True
            if grant in ("reporter", "assignee") and (fields.get(grant) or {}).get("accountId") == account:
                return True
        return False

    def browsable_keys(self, account: str, jql: str = "") -> list[str]:
        every = [self.dataset.issues[p] for p in self.dataset.engine.search(jql, 0)]
        return [issue["key"] for issue in every if self.may_browse(account, issue)]

    def person(self, predicate) -> dict:
        """The first person (not the service account) the predicate accepts."""
        found = next((u for u in self.users.values() if u.get("accountType") != "app" and predicate(u["accountId"])),
                     None)
        assert found is not None, "the demo organisation has nobody of that kind"
        return found

    def basic(self, person: dict) -> tuple[str, str]:
        return person["emailAddress"], self.tokens[person["accountId"]]
