"""A `WriteRequest` made a `Proposal` against the instance: every value checked against what Jira offers
(createmeta, the issue's transitions, users, versions, link types), the create screen's required fields
asked for, the issue read for the "before" side. A value Jira does not have is named with the closest
ones that exist, and nothing is proposed."""

from __future__ import annotations

import difflib
import re
import time
import uuid
from typing import Any

from jirakg.actions.models import PERMISSION, VERBS, ActionRefused, Change, JiraCall, Proposal
from jirakg.actions.permission import may
from jirakg.actions.wording import KEY, WriteRequest
from jirakg.connectors.jira import JiraConnector
from jirakg.connectors.jira.errors import IssueNotFound
from jirakg.connectors.jira.http import JiraNotFound
from jirakg.engine.turn import Asker, Surface

READ_FIELDS = ["summary", "status", "assignee", "fixVersions", "project", "issuetype", "issuelinks"]
# Fields Jira fills itself on create: never asked for.
FILLED_BY_JIRA = {"project", "issuetype", "reporter", "summary"}
ME = ("me", "myself", "i")


def closest(word: str, names: list[str], n: int = 3) -> str:
    """"X, Y or Z" — the names nearest to `word`, for a sentence that says it does not exist."""
    lowered = {name.lower(): name for name in names}
    near = [lowered[m] for m in difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.3)]
    near = near or sorted(names)[:n]
    return " or ".join([", ".join(near[:-1]), near[-1]] if len(near) > 1 else near) if near else "none"


def _named(word: str, names: list[str]) -> str | None:
    """The one name `word` means: equal ignoring case, else the only one it is a part of."""
    wanted = word.strip().lower()
    exact = [n for n in names if n.lower() == wanted]
    if exact:
        return exact[0]
    partial = [n for n in names if wanted and re.search(rf"\b{re.escape(wanted)}\b", n.lower())]
    return partial[0] if len(partial) == 1 else None


def adf(text: str) -> dict:
    """Plain text as the Atlassian Document Format that Jira Cloud's v3 API takes."""
    paragraph = {"type": "paragraph", "content": [{"type": "text", "text": text}]}
    return {"type": "doc", "version": 1, "content": [paragraph]}


class Grounder:
    """Proposals checked against one Jira, as the asker sees it (their connector, or the service account's)."""

    def __init__(self, connector: JiraConnector, ttl_s: int, check_for: Asker | None = None) -> None:
        self.connector = connector
        self.http = connector.http
        self.ttl_s = ttl_s
        # Check mode: the service account reads, so each issue and project is first checked for this person,
        # and one they may not browse (or create in) is answered as one that does not exist.
        self.check_for = check_for

    async def _may(self, permission: str, project: str, key: str | None, issue_id: str | None = None) -> bool:
        if self.check_for is None:
            return True
        try:
            return await may(self.connector, self.check_for, permission, project, key, own_token=False,
                             issue_id=issue_id)
        except JiraNotFound:
            return False

    async def propose(self, request: WriteRequest, asker: Asker, owner: str, surface: Surface,
                      issue_in_view: str | None) -> Proposal:
        cloud = await self.connector.deployment() == "cloud"
        api = f"/rest/api/{3 if cloud else 2}"
        if request.kind == "create":
            return await self._create(request, asker, owner, surface, api, cloud)
        key = self._key(request.issue, issue_in_view)
        issue = await self._issue(key)
        fields = issue.get("fields") or {}
        project = (fields.get("project") or {}).get("key") or key.rsplit("-", 1)[0]
        changes, calls, other = await self._change(request, key, fields, asker, api, cloud)
        return Proposal(id=uuid.uuid4().hex, kind=request.kind, request=request.text,
                        title=f"{VERBS[request.kind]} {key} ({fields.get('summary') or ''})".replace(" ()", ""),
                        issue_key=key, project_key=project, permission=PERMISSION[request.kind], changes=changes,
                        calls=calls, owner=owner, asker=asker, surface=surface,
                        expires_at=time.time() + self.ttl_s, other_key=other)

    @staticmethod
    def _key(word: str | None, issue_in_view: str | None) -> str:
        if word and re.fullmatch(KEY, word):
            return word.upper()
        if issue_in_view:
            return issue_in_view.upper()
        raise ActionRefused("Which issue? Name it by its key, such as PROJ-3.")

    async def _issue(self, key: str) -> dict:
        unseen = ActionRefused(f"There is no issue {key} that you can see, so nothing was proposed.")
        try:
            issue = await self.connector.issue(key, READ_FIELDS)
        except IssueNotFound as exc:  # a Jira that does not answer, or refuses the person, says so itself
            raise unseen from exc
        if not await self._may("BROWSE_PROJECTS", key.rsplit("-", 1)[0], key, issue.get("id")):
            raise unseen
        return issue

    async def _change(self, request: WriteRequest, key: str, fields: dict, asker: Asker, api: str,
                      cloud: bool) -> tuple[list[Change], list[JiraCall], str | None]:
        kind = request.kind
        if kind == "transition":
            return (*await self._transition(request, key, fields, api), None)
        if kind in ("assign", "unassign"):
            before = (fields.get("assignee") or {}).get("displayName") or "Unassigned"
            if kind == "unassign":
                body: dict[str, Any] = {"accountId" if cloud else "name": None}
                return [Change(field="Assignee", before=before, after="Unassigned")], [
                    JiraCall(method="PUT", path=f"{api}/issue/{key}/assignee", body=body)], None
            user = await self.user(request.value or "", asker, cloud)
            ref = {"accountId": user["accountId"]} if cloud else {"name": user.get("name") or user["emailAddress"]}
            return [Change(field="Assignee", before=before, after=user["displayName"])], [
                JiraCall(method="PUT", path=f"{api}/issue/{key}/assignee", body=ref)], None
        if kind == "comment":
            text = (request.value or "").strip()
            if not text:
                raise ActionRefused("What should the comment say? Put it after a colon: comment on PROJ-3: …")
            return [Change(field="Comment", before="(none)", after=text)], [
                JiraCall(method="POST", path=f"{api}/issue/{key}/comment", body={"body": adf(text) if cloud else text})
            ], None
        if kind == "link":
            return await self._link(request, key, api)
        return (*await self._fix_version(request, key, fields, api), None)

    async def _transition(self, request: WriteRequest, key: str, fields: dict,
                          api: str) -> tuple[list[Change], list[JiraCall]]:
        offered = (await self.http.get(f"{api}/issue/{key}/transitions",
                                       {"expand": "transitions.fields"})).get("transitions") or []
        status = (fields.get("status") or {}).get("name") or "?"
        wanted = (request.value or "").strip()
        by_status = {t["to"]["name"]: t for t in offered}
        by_name = {t["name"]: t for t in offered}
        target = _named(wanted, list(by_status)) or _named(wanted, list(by_name))
        if target is None:
            if not offered:
                raise ActionRefused(f"{key} is {status} and Jira offers you no transition from there, so nothing "
                                    "was proposed.")
            raise ActionRefused(f"Jira does not offer a move of {key} from {status} to {wanted!r}; it offers "
                                f"{closest(wanted, list(by_status))}.")
        chosen = by_status.get(target) or by_name[target]
        body: dict[str, Any] = {"transition": {"id": chosen["id"]}}
        changes = [Change(field="Status", before=status, after=chosen["to"]["name"])]
        for field_id, meta in (chosen.get("fields") or {}).items():
            if not meta.get("required"):
                continue
            allowed = [v.get("name") or v.get("value") or "" for v in meta.get("allowedValues") or []]
            if field_id == "resolution":
                word = request.resolution or ("Done" if "Done" in allowed else "")
                resolution = _named(word, allowed) if word else None
                if resolution is None:
                    raise ActionRefused(f"Moving {key} to {chosen['to']['name']} needs a resolution: "
                                        f"{closest(word or 'Done', allowed)}; say e.g. 'close {key} as "
                                        f"{allowed[0] if allowed else 'Done'}'.")
                body["fields"] = {"resolution": {"name": resolution}}
                changes.append(Change(field="Resolution", before="Unresolved", after=resolution))
            else:
                raise ActionRefused(f"Moving {key} to {chosen['to']['name']} needs {meta.get('name') or field_id}, "
                                    "which jirakg cannot fill in yet; do it in Jira.")
        return changes, [JiraCall(method="POST", path=f"{api}/issue/{key}/transitions", body=body)]

    async def _link(self, request: WriteRequest, key: str, api: str) -> tuple[list[Change], list[JiraCall], str]:
        other = (request.other or "").upper()
        await self._issue(other)
        wording = (request.value or "relates to").strip().lower()
        types = (await self.http.get(f"{api}/issueLinkType")).get("issueLinkTypes") or []
        for link_type in types:
            outward, inward = link_type.get("outward", "").lower(), link_type.get("inward", "").lower()
            if wording in (outward, link_type["name"].lower()):
                inward_issue, outward_issue, shown = key, other, link_type.get("outward")
                break
            if wording == inward:
                inward_issue, outward_issue, shown = other, key, link_type.get("outward")
                break
        else:
            words = [w for t in types for w in (t.get("outward", ""), t.get("inward", "")) if w]
            raise ActionRefused(f"Jira has no link {wording!r}; it has {closest(wording, sorted(set(words)))}.")
        body = {"type": {"name": link_type["name"]}, "inwardIssue": {"key": inward_issue},
                "outwardIssue": {"key": outward_issue}}
        return [Change(field="Link", before="(none)", after=f"{inward_issue} {shown} {outward_issue}")], [
            JiraCall(method="POST", path=f"{api}/issueLink", body=body)], other

    async def _fix_version(self, request: WriteRequest, key: str, fields: dict,
                           api: str) -> tuple[list[Change], list[JiraCall]]:
        project = (fields.get("project") or {}).get("key") or key.rsplit("-", 1)[0]
        type_id = (fields.get("issuetype") or {}).get("id")
        meta = await self._create_fields(api, project, str(type_id))
        versions = [v["name"] for v in (meta.get("fixVersions") or {}).get("allowedValues") or []]
        wanted = (request.value or "").strip().strip("\"'")
        version = _named(wanted, versions)
        if version is None:
            raise ActionRefused(f"{project} has no version {wanted!r}; it has {closest(wanted, versions)}.")
        before = ", ".join(v["name"] for v in fields.get("fixVersions") or []) or "(none)"
        return [Change(field="Fix versions", before=before, after=version)], [
            JiraCall(method="PUT", path=f"{api}/issue/{key}", body={"update": {"fixVersions": [
                {"set": [{"name": version}]}]}})]

    async def _create_fields(self, api: str, project: str, type_id: str) -> dict[str, dict]:
        try:
            answer = await self.http.get(f"{api}/issue/createmeta/{project}/issuetypes/{type_id}",
                                         {"maxResults": 200})
        except JiraNotFound as exc:
            raise ActionRefused(f"You cannot create or edit issues in {project}, so nothing was proposed.") from exc
        return {f["fieldId"]: f for f in answer.get("fields") or answer.get("values") or []}

    async def user(self, word: str, asker: Asker, cloud: bool) -> dict:
        """The one Jira user `word` names ("me" is the asker); ActionRefused names the closest otherwise."""
        word = word.strip()
        if word.lower() in ME:
            if asker.service_account or asker.account_id is None:
                return await self.http.get("/rest/api/2/myself")
            return await self.http.get("/rest/api/2/user", {"accountId": asker.account_id} if cloud
                                       else {"username": asker.email or asker.account_id})
        param = "query" if cloud else "username"
        found = await self.http.get("/rest/api/2/user/search", {param: word, "maxResults": 20}) or []
        exact = [u for u in found if word.lower() in (str(u.get("emailAddress", "")).lower(),
                                                       str(u.get("displayName", "")).lower())]
        if len(exact) == 1 or len(found) == 1:
            return (exact or found)[0]
        if found:
            names = [u["displayName"] for u in found]
            raise ActionRefused(f"{word!r} could be {closest(word, names, 5)}; say which (a full name or an email).")
        near = await self.http.get("/rest/api/2/user/search", {param: word[:2], "maxResults": 50}) or []
        raise ActionRefused(f"There is no Jira user {word!r}; the closest are "
                            f"{closest(word, [u['displayName'] for u in near])}.")

    async def _create(self, request: WriteRequest, asker: Asker, owner: str, surface: Surface, api: str,
                      cloud: bool) -> Proposal:
        project = (request.project or "").upper()
        nowhere = ActionRefused(f"There is no project {project} you can create issues in, so nothing was proposed.")
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*", project) or not await self._may("CREATE_ISSUES", project, None):
            raise nowhere
        try:
            answer = await self.http.get(f"{api}/issue/createmeta/{project}/issuetypes", {"maxResults": 100})
        except JiraNotFound as exc:
            raise nowhere from exc
        types = {t["name"]: t for t in answer.get("issueTypes") or answer.get("values") or []}
        type_name = _named(request.issue_type or "", list(types)) or _named(
            (request.issue_type or "").rstrip("s"), list(types))
        if type_name is None:
            raise ActionRefused(f"{project} has no issue type {request.issue_type!r}; it has "
                                f"{closest(request.issue_type or '', list(types))}.")
        meta = await self._create_fields(api, project, str(types[type_name]["id"]))
        summary = (request.summary or "").strip()
        if not summary:
            raise ActionRefused(f"What should the {type_name} be called? Put the summary after a colon: "
                                f"create a {type_name.lower()} in {project}: …")
        fields: dict[str, Any] = {"project": {"key": project}, "issuetype": {"id": types[type_name]["id"]},
                                  "summary": summary}
        changes = [Change(field="Project", before="", after=project), Change(field="Type", before="", after=type_name),
                   Change(field="Summary", before="", after=summary)]
        if request.description:
            fields["description"] = adf(request.description) if cloud else request.description
            changes.append(Change(field="Description", before="", after=request.description))
        if request.priority:
            priorities = [v["name"] for v in (meta.get("priority") or {}).get("allowedValues") or []]
            priority = _named(request.priority, priorities)
            if priority is None:
                raise ActionRefused(f"There is no priority {request.priority!r}; there is "
                                    f"{closest(request.priority, priorities)}.")
            fields["priority"] = {"name": priority}
            changes.append(Change(field="Priority", before="", after=priority))
        if request.assignee:
            user = await self.user(request.assignee, asker, cloud)
            fields["assignee"] = {"accountId": user["accountId"]} if cloud else {
                "name": user.get("name") or user["emailAddress"]}
            changes.append(Change(field="Assignee", before="", after=user["displayName"]))
        if request.parent:
            await self._issue(request.parent.upper())
            fields["parent"] = {"key": request.parent.upper()}
            changes.append(Change(field="Parent", before="", after=request.parent.upper()))
        if request.components:
            offered = [v["name"] for v in (meta.get("components") or {}).get("allowedValues") or []]
            named = [_named(c, offered) for c in request.components]
            unknown = [c for c, found in zip(request.components, named, strict=True) if found is None]
            if unknown:
                raise ActionRefused(f"{project} has no component {unknown[0]!r}; it has "
                                    f"{closest(unknown[0], offered)}.")
            fields["components"] = [{"name": n} for n in named]
            changes.append(Change(field="Components", before="", after=", ".join(n for n in named if n)))
        if request.labels:
            fields["labels"] = request.labels
            changes.append(Change(field="Labels", before="", after=", ".join(request.labels)))
        missing = [m.get("name") or f for f, m in meta.items()
                   if m.get("required") and f not in fields and f not in FILLED_BY_JIRA]
        if missing:
            asks = "; ".join(self._ask_for(meta, name) for name in missing)
            raise ActionRefused(f"A {type_name} in {project} also needs {', '.join(missing)}: {asks}. "
                                "Say it again with those.")
        for change in changes:
            change.before = "(new issue)"
        return Proposal(id=uuid.uuid4().hex, kind="create", request=request.text,
                        title=f"Create a {type_name} in {project}", project_key=project,
                        permission=PERMISSION["create"], changes=changes,
                        calls=[JiraCall(method="POST", path=f"{api}/issue", body={"fields": fields})],
                        owner=owner, asker=asker, surface=surface, expires_at=time.time() + self.ttl_s)

    @staticmethod
    def _ask_for(meta: dict[str, dict], name: str) -> str:
        field = next((m for m in meta.values() if m.get("name") == name), {})
        values = [v.get("name") or v.get("value") for v in field.get("allowedValues") or []]
        shown = ", ".join(str(v) for v in values[:6] if v)
        return f"{name} (one of {shown})" if shown else name
