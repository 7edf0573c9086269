"""Whether a person may do one action, asked of Jira before anything is sent: with the service account,
Cloud's `permissions/check` or Data Center's `user/permission/search` for that person; with the
person's own token, `mypermissions`."""

from __future__ import annotations

from jirakg.connectors.jira import JiraConnector
from jirakg.engine.turn import Asker


async def may(connector: JiraConnector, asker: Asker, permission: str, project_key: str, issue_key: str | None,
              own_token: bool, issue_id: str | None = None) -> bool:
    """`issue_id`: the issue's id when the caller has already read it (Cloud's check takes ids, not keys)."""
    http = connector.http
    where = {"issueKey": issue_key} if issue_key else {"projectKey": project_key}
    if own_token:
        answer = await http.get("/rest/api/2/mypermissions", {"permissions": permission, **where})
        return bool(((answer.get("permissions") or {}).get(permission) or {}).get("havePermission"))
    if await connector.deployment() == "cloud":
        if issue_key:
            issue_id = issue_id or (await connector.issue(issue_key, ["project"]))["id"]
            place = {"issues": [int(issue_id)]}
        else:
            place = {"projects": [int((await http.get(f"/rest/api/2/project/{project_key}"))["id"])]}
        answer = await http.post("/rest/api/3/permissions/check", {
            "accountId": asker.account_id, "projectPermissions": [{"permissions": [permission], **place}]})
        granted: dict = next((g for g in answer.get("projectPermissions") or []
                              if g.get("permission") == permission), {})
        return bool(granted.get("issues") if issue_key else granted.get("projects"))
    users = await http.get("/rest/api/2/user/permission/search", {
        "username": asker.email or asker.account_id, "permissions": permission, **where, "maxResults": 50})
    return any(asker.account_id in (u.get("name"), u.get("key"), u.get("accountId")) for u in users or [])
