"""What devjira serves: issues, instance metadata and the JQL engine over them.

Metadata comes from the demo generator's sidecar when there is one; otherwise it is derived
from the issues themselves (and `projects.json` beside them, as the Fluid archive has).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import metadata_path, organisation_metadata
from jirakg.devjira.field_catalogue import field_catalogue
from jirakg.devjira.jql.evaluator import JqlEngine
from jirakg.devjira.jql.index import PRIORITY_ORDER, IssueIndex
from jirakg.devjira.jsonl import read_issues
from jirakg.devjira.permissions import Access
from jirakg.devjira.workflow import Workflows

USER_FIELDS = ("assignee", "reporter", "creator")


@dataclass
class Dataset:
    issues: list[dict]  # in key order, as the index holds them
    metadata: dict
    index: IssueIndex
    engine: JqlEngine
    access: Access
    workflows: Workflows  # built once from the loaded data: writes do not change the workflow

    @property
    def base_url(self) -> str:
        first = self.issues[0].get("self", "") if self.issues else ""
        return first.split("/rest/api/")[0] if "/rest/api/" in first else "http://devjira"

    def position(self, key_or_id: str) -> int | None:
        found = self.index.positions_by_id.get(key_or_id)
        return found if found is not None else self.index.positions_by_key.get(key_or_id.lower())

    def replace(self, issues: list[dict]) -> None:
        """Serve a changed set of issues: rebuild the index and forget cached results and visibility."""
        self.index = IssueIndex(issues, self.metadata)
        self.issues = self.index.issues
        self.engine = JqlEngine(self.index)
        self.access = Access(self.index, self.metadata)


def load_dataset(source: str | Path, demo_issues: int = 3000, demo_seed: int = 1) -> Dataset:
    """`source` is a JSONL(.gz) file of REST v2 issue objects, or "demo" for the generated organisation."""
    if str(source) == "demo":
        org, stream = generate(demo_seed, demo_issues)
        issues = list(stream)
        return build_dataset(issues, organisation_metadata(org))
    path = Path(source)
    if not path.is_file():
        raise FileNotFoundError(f"No issue file at {path}; give a JSONL(.gz) file of Jira issues or 'demo'.")
    issues = list(read_issues(path))
    sidecar = metadata_path(path)
    metadata = json.loads(sidecar.read_text(encoding="utf-8")) if sidecar.is_file() else {}
    projects_file = path.with_name("projects.json")
    if "projects" not in metadata and projects_file.is_file():
        metadata["projects"] = json.loads(projects_file.read_text(encoding="utf-8"))
    return build_dataset(issues, metadata)


def build_dataset(issues: list[dict], metadata: dict) -> Dataset:
    metadata = complete_metadata(issues, metadata)
    index = IssueIndex(issues, metadata)
    return Dataset(index.issues, metadata, index, JqlEngine(index), Access(index, metadata),
                   Workflows(index.issues, metadata))


def complete_metadata(issues: list[dict], metadata: dict) -> dict:
    """Fill what the metadata lacks from what the issues show."""
    seen = _named_values(issues)
    completed = dict(metadata)
    # Jira lists priorities highest first; the archive only shows which ones are used.
    seen["priorities"] = dict(sorted(seen["priorities"].items(), key=lambda item: _priority_rank(item[0])))
    for name, values in seen.items():
        if name not in completed:
            completed[name] = [_with_id(value, number) for number, value in enumerate(values.values(), 1)]
    completed["projects"] = [_with_id(p, 10000 + n) for n, p in enumerate(_projects(issues, metadata))]
    if "fields" not in completed:
        completed["fields"] = field_catalogue(
            [{"id": fid, "name": fid, "schema": {"type": "any"}} for fid in _custom_field_ids(issues)])
    return completed


def _named_values(issues: list[dict]) -> dict[str, dict[str, dict]]:
    """Issue types, statuses, priorities, resolutions, link types and people the issues show, by name."""
    seen: dict[str, dict[str, dict]] = {
        name: {} for name in ("issuetypes", "statuses", "priorities", "resolutions", "issueLinkTypes", "users")}
    for issue in issues:
        fields = issue.get("fields", {})
        for name, field in (("issuetypes", "issuetype"), ("statuses", "status"),
                            ("priorities", "priority"), ("resolutions", "resolution")):
            value = fields.get(field)
            if value:
                seen[name].setdefault(value["name"], value)
        for link in fields.get("issuelinks") or []:
            seen["issueLinkTypes"].setdefault(link["type"]["name"], link["type"])
        for person in _people(fields):
            seen["users"].setdefault(_person_key(person), person)
    return seen


def _people(fields: dict) -> list[dict]:
    """Everyone an issue names: in its user fields and as its comments' authors."""
    people = [fields.get(role) for role in USER_FIELDS]
    people += [c.get("author") for c in (fields.get("comment") or {}).get("comments") or []]
    return [person for person in people if person]


def _projects(issues: list[dict], metadata: dict) -> list[dict]:
    """The metadata's projects, then those only the issues show, in the order met."""
    projects: dict[str, dict] = {p["key"]: dict(p) for p in metadata.get("projects", [])}
    for issue in issues:
        project = issue.get("fields", {}).get("project") or {"key": issue["key"].split("-")[0]}
        projects.setdefault(project["key"], dict(project))
    return list(projects.values())


def _custom_field_ids(issues: list[dict]) -> list[str]:
    return list(dict.fromkeys(field_id for issue in issues for field_id in issue.get("fields", {})
                              if field_id.startswith("customfield_")))


def _priority_rank(name: str) -> tuple[int, str]:
    lowered = name.lower()
    return (PRIORITY_ORDER.index(lowered) if lowered in PRIORITY_ORDER else len(PRIORITY_ORDER), lowered)


def _person_key(person: dict) -> str:
    return person.get("accountId") or person.get("key") or person.get("name") or person.get("displayName", "")


def _with_id(value: dict, number: int) -> dict:
    return value if "id" in value else {"id": str(number), **value}
