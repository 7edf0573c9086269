"""Changes to a served dataset, as Jira's REST API makes them: create, edit, transition, assign,
comment, link and delete.

Every change but a comment writes a changelog history (author, items with from/to) and moves
`updated`, as Jira does (a comment moves `updated` only), so JQL history clauses and the changelog
endpoints see it. The index is rebuilt after each change (fine at devjira scale), so the next search
sees it at once. Permission checks on the caller live with the routes; this module checks values.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from jirakg.devjira import field_values as values
from jirakg.devjira.dataset import Dataset
from jirakg.devjira.field_values import FieldError, issue_reference, plain_text
from jirakg.devjira.identity import SYSTEM_PERSON, person_id
from jirakg.devjira.screens import (
    CREATE_FIELD_IDS,
    EDIT_FIELD_IDS,
    project_of,
    required_on_create,
)
from jirakg.devjira.workflow import Transition

NOT_ON_SCREEN = "Field '{}' cannot be set. It is not on the appropriate screen, or unknown."
CHANGELOG_NAMES = {"fixVersions": "Fix Version", "versions": "Version", "components": "Component"}
MULTI_FIELDS = ("labels", "components", "fixVersions", "versions")


def now_text(clock_ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(clock_ms // 1000)) + f".{clock_ms % 1000:03d}+0000"


def _next_id(numbers: Iterable[object], floor: int) -> str:
    return str(max((int(str(n)) for n in numbers if str(n).isdigit()), default=floor) + 1)


def _item(field: str, old: object, new: object, field_id: str | None = None) -> dict:
    return {"field": CHANGELOG_NAMES.get(field, field), "fieldtype": "jira", "fieldId": field_id or field,
            "from": _raw(old), "fromString": _shown(old), "to": _raw(new), "toString": _shown(new)}


def record(dataset: Dataset, issue: dict, author: dict, items: list[dict], clock_ms: int) -> None:
    """One changelog history for the items, and `updated` moved to now."""
    stamp = now_text(clock_ms)
    issue["fields"]["updated"] = stamp
    if not items:
        return
    history_id = _next_id((h.get("id") for i in dataset.issues for h in (i.get("changelog") or {}).get("histories")
                           or []), 10000)
    changelog = issue.setdefault("changelog", {"startAt": 0, "maxResults": 0, "total": 0, "histories": []})
    changelog["histories"].append({"id": history_id, "author": author, "created": stamp, "items": items})
    changelog["total"] = changelog["maxResults"] = len(changelog["histories"])


# --- create ----------------------------------------------------------------------------------

def create_issue(dataset: Dataset, fields: dict, clock_ms: int, author: dict = SYSTEM_PERSON, *,
                 cloud: bool = False, may_see: Callable[[int], bool] = lambda position: True) -> dict:
    project = project_of(dataset, fields.get("project"))
    if project is None:
        named = (fields.get("project") or {}) if isinstance(fields.get("project"), dict) else {}
        raise FieldError("project", f"The project '{named.get('key') or named.get('id') or ''}' does not exist."
                         if named else "Specify a valid project ID or key")
    unknown = sorted(set(fields) - CREATE_FIELD_IDS)
    if unknown:
        raise FieldError(unknown[0], NOT_ON_SCREEN.format(unknown[0]))
    # Jira names every missing or wrong basic field at once.
    errors: dict[str, str] = {}
    kind: dict = {}
    for check in (lambda: values.summary(fields.get("summary")),
                  lambda: kind.update(values.issue_type(dataset, project, fields.get("issuetype")))):
        try:
            check()
        except FieldError as exc:
            errors.update(exc.errors)
    if kind:
        for name in sorted(required_on_create(project, kind) - {"project", "issuetype", "summary", "parent"}):
            if fields.get(name) in (None, "", []):
                errors[name] = f"{_label(name)} is required."
    if errors:
        first = next(iter(errors))
        raise FieldError(first, errors[first], errors)
    stamp = now_text(clock_ms)
    key_prefix = str(project["key"]) + "-"
    numbers = [int(i["key"].split("-")[1]) for i in dataset.issues if i["key"].startswith(key_prefix)]
    issue_id = _next_id((i["id"] for i in dataset.issues), 10000)
    status = dataset.workflows.initial_status(str(project["key"]), kind["name"])
    assignee = values.person(dataset, "assignee", fields.get("assignee"), cloud)
    _check_assignable(dataset, str(project["key"]), assignee)
    issue = {"id": issue_id, "key": f"{key_prefix}{max(numbers, default=0) + 1}",
             "self": f"{dataset.base_url}/rest/api/2/issue/{issue_id}", "fields": {
                 "summary": values.summary(fields.get("summary")),
                 "description": plain_text(fields.get("description")),
                 "issuetype": kind,
                 "project": {k: project[k] for k in ("self", "id", "key", "name", "projectTypeKey") if k in project},
                 "status": status,
                 "priority": values.priority(dataset, project, fields.get("priority")) or _default_priority(dataset),
                 "labels": values.labels(fields.get("labels")),
                 "assignee": assignee,
                 "reporter": values.person(dataset, "reporter", fields.get("reporter"), cloud) or author,
                 "creator": author, "resolution": None, "resolutiondate": None, "created": stamp, "updated": stamp,
                 "duedate": values.due_date(fields.get("duedate")),
                 "environment": plain_text(fields.get("environment")),
                 "components": values.many(dataset, project, "components", fields.get("components")),
                 "fixVersions": values.many(dataset, project, "fixVersions", fields.get("fixVersions")),
                 "versions": values.many(dataset, project, "versions", fields.get("versions")),
                 "issuelinks": [], "subtasks": [],
                 "comment": {"comments": [], "total": 0, "maxResults": 0, "startAt": 0}},
             "changelog": {"startAt": 0, "maxResults": 0, "total": 0, "histories": []}}
    _set_parent(dataset, issue, kind, fields.get("parent"), may_see)
    dataset.replace([*dataset.issues, issue])
    return issue


def _label(field: str) -> str:
    return {"fixVersions": "Fix Version/s", "versions": "Affects Version/s", "components": "Component/s",
            "duedate": "Due Date"}.get(field, field[:1].upper() + field[1:])


def _default_priority(dataset: Dataset) -> dict | None:
    priorities = dataset.metadata.get("priorities", [])
    return next((p for p in priorities if p.get("name") == "Medium"), priorities[len(priorities) // 2]
                if priorities else None)


def _set_parent(dataset: Dataset, issue: dict, kind: dict, ref: object, may_see: Callable[[int], bool]) -> None:
    if not ref:
        if kind.get("subtask"):
            raise FieldError("issuetype", "Issue type is a sub-task but parent issue key or id not specified.")
        return
    named = str((ref or {}).get("key") or (ref or {}).get("id") or "") if isinstance(ref, dict) else ""
    position = dataset.position(named) if named else None
    if position is None or not may_see(position):
        raise FieldError("parent", f"Could not find issue by id or key: '{named}'.")
    parent = dataset.issues[position]
    level = int(kind.get("hierarchyLevel", -1 if kind.get("subtask") else 0))
    parent_level = int((parent["fields"].get("issuetype") or {}).get("hierarchyLevel", 0))
    if parent_level != max(level, -1) + 1 and not (level == -1 and parent_level == 0):
        raise FieldError("parent", "Given parent issue does not belong to appropriate hierarchy.")
    issue["fields"]["parent"] = issue_reference(parent)
    if kind.get("subtask"):
        parent["fields"].setdefault("subtasks", []).append(issue_reference(issue))


def _check_assignable(dataset: Dataset, project_key: str, person: dict | None) -> None:
    if person is not None and not dataset.access.holds_in_project(person_id(person), project_key, "ASSIGNABLE_USER"):
        raise FieldError("assignee", f"User '{person.get('displayName') or person_id(person)}' cannot be assigned "
                                     "issues.")


# --- edit ------------------------------------------------------------------------------------

def edit_issue(dataset: Dataset, position: int, fields: dict, update: dict, author: dict, clock_ms: int, *,
               cloud: bool) -> None:
    """PUT /issue: `fields` sets; `update` sets, adds or removes (labels, components, versions)."""
    issue = dataset.issues[position]
    project = project_of(dataset, issue["fields"].get("project")) or {"key": issue["key"].split("-")[0]}
    both = sorted(set(fields) & set(update))
    if both:
        raise FieldError(both[0], f"Field '{both[0]}' cannot be set and updated at the same time.")
    unknown = sorted((set(fields) | set(update)) - EDIT_FIELD_IDS - {"comment"})
    if unknown:
        raise FieldError(unknown[0], NOT_ON_SCREEN.format(unknown[0]))
    wanted = dict(fields)
    for name, operations in update.items():
        if name != "comment":
            wanted[name] = _apply_operations(dataset, project, issue, name, operations, cloud)
    # Every value is checked before any is applied: a refused edit changes nothing.
    checked = {name: _value(dataset, project, name, value, cloud) for name, value in wanted.items()}
    if isinstance(checked.get("assignee"), dict):
        _check_assignable(dataset, str(project["key"]), checked["assignee"])  # type: ignore[arg-type]
    notes = _comment_texts(update)
    items = []
    current = issue["fields"]
    for name, new in checked.items():
        items += _changes(name, current.get(name), new)
        current[name] = new
    for note in notes:
        _append_comment(dataset, position, note, author, clock_ms)
    record(dataset, issue, author, items, clock_ms)
    dataset.replace(dataset.issues)


def _value(dataset: Dataset, project: dict, name: str, value: object, cloud: bool) -> object:
    if name == "summary":
        return values.summary(value)
    if name in ("description", "environment"):
        return plain_text(value)
    if name == "priority":
        return values.priority(dataset, project, value)
    if name == "labels":
        return values.labels(value)
    if name in ("components", "fixVersions", "versions"):
        return values.many(dataset, project, name, value)
    if name == "duedate":
        return values.due_date(value)
    if name == "assignee":
        return values.person(dataset, "assignee", value, cloud)
    raise FieldError(name, NOT_ON_SCREEN.format(name))


def _apply_operations(dataset: Dataset, project: dict, issue: dict, name: str, operations: object,
                      cloud: bool) -> object:
    if not isinstance(operations, list) or not all(isinstance(o, dict) and len(o) == 1 for o in operations):
        raise FieldError(name, "Field update operations must be a list of objects, each with one operation.")
    value: object = issue["fields"].get(name)
    for operation in operations:
        (verb, argument), = operation.items()
        if verb == "set" and name in MULTI_FIELDS:  # resolved now, so later add/remove compare like with like
            value = values.labels(argument) if name == "labels" else values.many(dataset, project, name, argument)
        elif verb == "set":
            value = argument
        elif verb in ("add", "remove") and name in MULTI_FIELDS:
            present = list(value or [])  # type: ignore[call-overload]
            chosen = values.labels([argument])[0] if name == "labels" else values.many(
                dataset, project, name, [argument])[0]
            if verb == "add" and _identity(chosen) not in map(_identity, present):
                present.append(chosen)
            elif verb == "remove":
                present = [v for v in present if _identity(v) != _identity(chosen)]
            value = present
        else:
            raise FieldError(name, f"Field '{name}' does not support the operation '{verb}'.")
    return value


def _identity(value: object) -> str:
    """What makes two values of a multi-value field the same: a label's text, an object's id (or name)."""
    if isinstance(value, dict):
        return str(value.get("id") or str(value.get("name", "")).lower())
    return str(value)


def _changes(name: str, old: object, new: object) -> list[dict]:
    if old == new or (old in (None, []) and new in (None, [])):
        return []
    if name in ("components", "fixVersions", "versions"):
        before = {_identity(v): v for v in old or []}  # type: ignore[attr-defined]
        after = {_identity(v): v for v in new or []}  # type: ignore[attr-defined]
        return ([_item(name, before[i], None, name) for i in before if i not in after]
                + [_item(name, None, after[i], name) for i in after if i not in before])
    return [_item(name, old, new)]


# --- transition, assign ----------------------------------------------------------------------

def transition_issue(dataset: Dataset, position: int, transition: Transition, fields: dict, update: dict,
                     author: dict, clock_ms: int) -> None:
    issue = dataset.issues[position]
    current = issue["fields"]
    workflows = dataset.workflows
    into_done = workflows.done(transition.to)
    allowed = {"resolution"} if into_done else set()
    extra = sorted((set(fields) | set(update)) - allowed - {"comment"})
    if extra:
        raise FieldError(extra[0], NOT_ON_SCREEN.format(extra[0]))
    resolution = values.resolution(dataset, fields.get("resolution")) if into_done else None
    notes = _comment_texts(update)
    status = workflows.statuses[transition.to]
    items = _changes("status", current.get("status"), status) + _changes("resolution", current.get("resolution"),
                                                                           resolution)
    current["status"] = status
    if "statusCategory" in current:
        current["statusCategory"] = status.get("statusCategory")
    current["resolution"] = resolution
    current["resolutiondate"] = now_text(clock_ms) if resolution else None
    for note in notes:
        _append_comment(dataset, position, note, author, clock_ms)
    record(dataset, issue, author, items, clock_ms)
    dataset.replace(dataset.issues)


def _comment_texts(update: dict) -> list[str]:
    """The comments an `update.comment` adds, checked before anything changes."""
    operations = update.get("comment") or []
    if not isinstance(operations, list):
        raise FieldError("comment", "Field update operations must be a list of objects, each with one operation.")
    return [_comment_text((operation.get("add") or {}).get("body") if isinstance(operation, dict) else None)
            for operation in operations]


def _comment_text(body: object) -> str:
    """A comment body (v2 text or v3 ADF) as stored, refused when empty."""
    text = plain_text(body) if isinstance(body, dict | str) else None
    if not text or not text.strip():
        raise FieldError("comment", "Comment body can not be empty!")
    return text


def assign(dataset: Dataset, position: int, assignee: dict | None, author: dict, clock_ms: int) -> None:
    issue = dataset.issues[position]
    _check_assignable(dataset, dataset.access.project_key(position), assignee)
    items = _changes("assignee", issue["fields"].get("assignee"), assignee)
    issue["fields"]["assignee"] = assignee
    record(dataset, issue, author, items, clock_ms)
    dataset.replace(dataset.issues)


def default_assignee(dataset: Dataset, position: int) -> dict | None:
    """`-1`: the project's default assignee, its lead when assignable (else unassigned, as Jira falls back)."""
    project = dataset.access.project(dataset.access.project_key(position)) or {}
    lead = project.get("lead")
    if lead and dataset.access.holds_in_project(person_id(lead), str(project.get("key")), "ASSIGNABLE_USER"):
        return dataset.access.directory.by_account.get(person_id(lead), lead)
    return None


# --- comments, links, delete -----------------------------------------------------------------

def add_comment(dataset: Dataset, position: int, body: object, author: dict, clock_ms: int) -> dict:
    comment = _append_comment(dataset, position, _comment_text(body), author, clock_ms)
    dataset.replace(dataset.issues)
    return comment


def _append_comment(dataset: Dataset, position: int, text: str, author: dict, clock_ms: int) -> dict:
    """A checked comment added without rebuilding the index, for changes that rebuild it once at their end."""
    issue = dataset.issues[position]
    comments = issue["fields"].setdefault("comment", {"comments": [], "total": 0, "maxResults": 0, "startAt": 0})
    comment_id = _next_id((c.get("id") for i in dataset.issues
                           for c in ((i["fields"].get("comment") or {}).get("comments") or [])), 10000)
    stamp = now_text(clock_ms)
    comment = {"self": f"{dataset.base_url}/rest/api/2/issue/{issue['id']}/comment/{comment_id}", "id": comment_id,
               "author": author, "body": text, "updateAuthor": author, "created": stamp, "updated": stamp,
               "jsdPublic": True}
    comments["comments"] = [*(comments.get("comments") or []), comment]
    comments["total"] = comments["maxResults"] = len(comments["comments"])
    record(dataset, issue, author, [], clock_ms)
    return comment


def link_issues(dataset: Dataset, link_type: dict, inward: int, outward: int, author: dict, clock_ms: int,
                comment: object = None) -> str:
    """POST issueLink: the outward issue `outward`s the inward one ("A blocks B": outward A... as Jira
    stores it, the link shows on both issues, each naming the other)."""
    note = _comment_text(comment) if comment else None  # checked first: a refused link changes nothing
    link_id = _next_id((link.get("id") for i in dataset.issues for link in i["fields"].get("issuelinks") or []),
                       10000)
    source, target = dataset.issues[inward], dataset.issues[outward]
    shown = {k: link_type[k] for k in ("id", "name", "inward", "outward", "self") if k in link_type}
    link_self = f"{dataset.base_url}/rest/api/2/issueLink/{link_id}"
    source["fields"].setdefault("issuelinks", []).append(
        {"id": link_id, "self": link_self, "type": shown, "outwardIssue": issue_reference(target)})
    target["fields"].setdefault("issuelinks", []).append(
        {"id": link_id, "self": link_self, "type": shown, "inwardIssue": issue_reference(source)})
    for issue, other, side in ((source, target, "outward"), (target, source, "inward")):
        text = f"This issue {link_type.get(side) or link_type['name']} {other['key']}"
        record(dataset, issue, author, [{"field": "Link", "fieldtype": "jira", "from": None, "fromString": None,
                                         "to": other["key"], "toString": text}], clock_ms)
    if note:  # Jira adds the link's comment to the first (inward) issue
        _append_comment(dataset, inward, note, author, clock_ms)
    dataset.replace(dataset.issues)
    return link_id


def delete_issue(dataset: Dataset, key_or_id: str) -> None:
    position = dataset.position(key_or_id)
    if position is None:
        raise LookupError(key_or_id)
    dataset.replace([issue for n, issue in enumerate(dataset.issues) if n != position])


def _raw(value: object) -> str | None:
    if isinstance(value, dict):
        return str(value.get("id") or value.get("accountId") or value.get("name"))
    if isinstance(value, list):
        return " ".join(map(str, value))
    return None if value is None else str(value)


def _shown(value: object) -> str | None:
    if isinstance(value, dict):
        return value.get("displayName") or value.get("name") or value.get("value")
    if isinstance(value, list):
        return " ".join(map(str, value))
    return None if value is None else str(value)
