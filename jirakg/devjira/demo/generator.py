"""A deterministic, realistic Jira organisation as REST API v2 issue objects.

The same (seed, issue count, end date) always yields byte-identical output: every random
choice comes from one seeded `random.Random`, consumed in a fixed order.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from jirakg.devjira.demo import wording
from jirakg.devjira.demo.access import EMBARGO, embargoed
from jirakg.devjira.demo.organisation import (
    DAY_MS,
    Organisation,
    Person,
    Project,
    build_organisation,
    date_text,
    timestamp_text,
)
from jirakg.devjira.demo.schema import (
    BASE_URL,
    FIELD_IDS,
    PARENT_TYPES,
    SEVERITIES,
    STATUSES,
    TEAMS,
    issue_type_object,
    link_type_object,
    priority_object,
    resolution_object,
    status_object,
)

HOUR_MS = 3_600_000
DEFAULT_END = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
MIN_ISSUES = 20

# Share of each type in the organisation; Story takes whatever is left.
TYPE_SHARES = [("Initiative", 0.01), ("Feature", 0.03), ("Epic", 0.07), ("Task", 0.17),
               ("Bug", 0.15), ("Risk", 0.03), ("Sub-task", 0.20)]
# How long before the end of history an issue of each type is created at the latest.
CREATION_MARGIN_MS = {"Initiative": 90 * DAY_MS, "Feature": 45 * DAY_MS, "Epic": 20 * DAY_MS,
                      "Sub-task": HOUR_MS}
# Median time from creation to resolution.
MEDIAN_CYCLE_MS = {"Initiative": 150 * DAY_MS, "Feature": 80 * DAY_MS, "Epic": 40 * DAY_MS}
LEAF_CYCLE_MS = 8 * DAY_MS
OPEN_STATUSES = ["To Do", "In Progress", "In Review", "Blocked"]
PRIORITY_WEIGHTS = [("Highest", 5), ("High", 20), ("Medium", 50), ("Low", 20), ("Lowest", 5)]
SPRINT_TYPES = ("Story", "Task", "Bug")
MAX_SPRINTS = 4
Event = tuple[int, Person | None, dict]  # when, who (None: whoever holds the issue), the changelog item


@dataclass(slots=True)
class Draft:
    """An issue while it is being made: the decisions, before they become JSON."""

    index: int
    type: str
    project: str
    created: int
    parent: int | None = None
    children: list[int] = field(default_factory=list)
    status: str = "To Do"
    resolved: int | None = None
    key: str = ""
    id: str = ""
    summary: str = ""
    priority: str = "Medium"
    assignee: Person | None = None
    reporter: Person | None = None
    sprints: list = field(default_factory=list)
    fix_versions: list = field(default_factory=list)
    histories: list = field(default_factory=list)  # (ms, author, [item, ...])
    comments: list = field(default_factory=list)  # (ms, author, body)
    links: list = field(default_factory=list)  # (link id, type name, "outward"|"inward", other index)
    resolution: str | None = None
    updated: int = 0
    hot: bool = False


def generate(seed: int = 1, issues: int = 3000, end: datetime = DEFAULT_END) -> tuple[Organisation, Iterator[dict]]:
    """Return the organisation and an iterator over its issues in key order."""
    if issues < MIN_ISSUES:
        raise ValueError(f"the demo organisation needs at least {MIN_ISSUES} issues, got {issues}")
    rng = random.Random(seed)
    org = build_organisation(rng, end)
    drafts = _hierarchy(rng, org, issues)
    _settle_statuses(drafts)
    _number(drafts, org)
    hot = set(rng.sample([d.index for d in drafts
                          if d.type in SPRINT_TYPES and d.status not in ("To Do", "Won't Do")],
                         max(1, issues // 1000)))
    for draft in drafts:
        draft.hot = draft.index in hot
        _history(rng, org, draft)
    _link(rng, drafts)
    return org, (_issue_object(rng, org, drafts, d) for d in sorted(drafts, key=_key_order))


def _key_order(draft: Draft) -> tuple[str, int]:
    project, number = draft.key.split("-")
    return project, int(number)


# --- hierarchy, creation times and final statuses -------------------------------------------

def _type_counts(total: int) -> dict[str, int]:
    counts = {name: max(1, round(total * share)) for name, share in TYPE_SHARES}
    counts["Story"] = total - sum(counts.values())
    return counts


def _hierarchy(rng: random.Random, org: Organisation, total: int) -> list[Draft]:
    counts = _type_counts(total)
    team_keys = [key for key, project in org.projects.items() if project.kind == "team"]
    drafts: list[Draft] = []
    by_type: dict[str, list[Draft]] = {}
    # Types come parents first, so every candidate parent exists before its children are made.
    for issue_type in ("Initiative", "Feature", "Epic", "Story", "Task", "Bug", "Sub-task", "Risk"):
        candidates = [d for t in PARENT_TYPES.get(issue_type, ()) for d in by_type[t]]
        # Some work lives outside any epic: a tenth of stories and tasks, half of the bugs.
        orphan_share = {"Story": 0.1, "Task": 0.1, "Bug": 0.5}.get(issue_type, 0.0)
        made = by_type.setdefault(issue_type, [])
        for _ in range(counts[issue_type]):
            parent = rng.choice(candidates) if candidates and rng.random() >= orphan_share else None
            if parent is not None:
                project = parent.project if parent.type != "Feature" else rng.choice(team_keys)
            else:
                project = "INIT" if issue_type in ("Initiative", "Feature") else rng.choice(team_keys)
            draft = Draft(len(drafts), issue_type, project, 0, parent.index if parent else None)
            _place_in_time(rng, org, draft, parent)
            if parent is not None:
                parent.children.append(draft.index)
            drafts.append(draft)
            made.append(draft)
    return drafts


def _place_in_time(rng: random.Random, org: Organisation, draft: Draft, parent: Draft | None) -> None:
    """Choose creation time and final status; children of finished parents finish before them."""
    low = parent.created + HOUR_MS if parent else org.start_ms
    high = org.end_ms - CREATION_MARGIN_MS.get(draft.type, DAY_MS)
    if parent is not None and parent.resolved is not None:
        high = min(high, parent.resolved - 2 * HOUR_MS)
    # Squared: work tends to be created early in its parent's life, not at the last minute.
    draft.created = int(low + rng.random() ** 2 * max(0, high - low))
    deadline = parent.resolved if parent is not None and parent.resolved is not None else org.end_ms
    median = MEDIAN_CYCLE_MS.get(draft.type, LEAF_CYCLE_MS)
    cycle = min(int(median * math.exp(rng.gauss(0, 0.8))), deadline - draft.created - HOUR_MS)
    must_finish = parent is not None and parent.resolved is not None
    age = org.end_ms - draft.created
    finished = must_finish or (cycle > HOUR_MS and rng.random() < min(0.75, age / (8 * median)))
    if finished:
        draft.status = "Won't Do" if rng.random() < 0.08 else "Done"
        draft.resolved = draft.created + max(HOUR_MS // 2, cycle)
    else:
        young = age < 3 * median
        draft.status = rng.choices(OPEN_STATUSES, [5, 3, 1, 1] if young else [3, 4, 2, 1])[0]


def _settle_statuses(drafts: list[Draft]) -> None:
    """A parent whose children have started is not still To Do."""
    for draft in reversed(drafts):  # children come after their parents
        if draft.status == "To Do" and any(drafts[c].status != "To Do" for c in draft.children):
            draft.status = "In Progress"


def _number(drafts: list[Draft], org: Organisation) -> None:
    """Keys and ids follow creation order, per project, as in a real instance."""
    counters = dict.fromkeys(org.projects, 0)
    for sequence, draft in enumerate(sorted(drafts, key=lambda d: (d.created, d.index))):
        counters[draft.project] += 1
        draft.key = f"{draft.project}-{counters[draft.project]}"
        draft.id = str(10000 + sequence)


# --- changelog -------------------------------------------------------------------------------

def _status_path(rng: random.Random, draft: Draft) -> list[str]:
    leaf = draft.type not in MEDIAN_CYCLE_MS
    final = draft.status
    if final == "To Do":
        return ["In Progress", "To Do"] if rng.random() < 0.05 else []
    if final == "Won't Do":
        return ["Won't Do"] if rng.random() < 0.6 else ["In Progress", "Won't Do"]
    path = ["In Progress"]
    if draft.hot:
        path += ["Blocked", "In Progress"] * rng.randint(55, 80)
    elif rng.random() < 0.15:
        path += ["Blocked", "In Progress"]
    if final == "In Progress":
        return path
    if final == "Blocked":
        return [*path, "Blocked"]
    if leaf or final == "In Review":
        path.append("In Review")
        if leaf and rng.random() < 0.2:
            path += ["In Progress", "In Review"]
    return path if final == "In Review" else [*path, final]


def _history(rng: random.Random, org: Organisation, draft: Draft) -> None:
    """What happens to an issue, in order: every random draw is made in the same order for a seed."""
    project = org.projects[draft.project]
    draft.summary = wording.summary(rng, draft.type, project.key)
    draft.reporter = rng.choice(project.members)
    last = draft.resolved or int(draft.created + rng.random() * (org.end_ms - draft.created))
    path = _status_path(rng, draft)
    times = _spread(rng, draft.created, last, len(path), end_is_last=draft.resolved is not None)
    events, initial_assignee = _workflow_events(rng, project, draft, path, times, last)
    events += _priority_events(rng, draft, last)
    if draft.type in SPRINT_TYPES and project.kind == "team":
        started = times[0] if path and path[0] == "In Progress" else None
        events += _sprint_events(rng, org, project, draft, started, last)
        events += _version_events(rng, org, project, draft, last)
    _record_history(project, draft, events, initial_assignee)
    _add_comments(rng, project, draft, last)
    draft.updated = max([draft.created] + [h[0] for h in draft.histories] + [c[0] for c in draft.comments])


def _workflow_events(rng: random.Random, project: Project, draft: Draft, path: list[str], times: list[int],
                     last: int) -> tuple[list[Event], Person | None]:
    """Assignment, the status path (resolved when done) and maybe one reassignment; and who held the
    issue when it was created."""
    events: list[Event] = []
    # Some issues are assigned when created, the others when work starts.
    assignee = rng.choice(project.members) if rng.random() < 0.55 else None
    initial_assignee = assignee
    if assignee is None and path:
        assignee = rng.choice(project.members)
        events.append((times[0], assignee, _person_item(None, assignee)))
    previous = "To Do"
    for moment, status in zip(times, path, strict=True):
        events.append((moment, None, _status_item(previous, status)))
        if STATUSES[status]["category"] == "done":
            events.append((moment, None, _resolution_item(rng, draft)))
        previous = status
    assigned_since = times[0] if initial_assignee is None and path else draft.created
    if assignee is not None and rng.random() < 0.2 and last > assigned_since + HOUR_MS:
        other = rng.choice([p for p in project.members if p is not assignee])
        events.append((rng.randint(assigned_since + HOUR_MS, last), draft.reporter, _person_item(assignee, other)))
        assignee = other
    draft.assignee = assignee
    return events, initial_assignee


def _priority_events(rng: random.Random, draft: Draft, last: int) -> list[Event]:
    """A priority, sometimes changed once by the reporter."""
    draft.priority = rng.choices([p for p, _ in PRIORITY_WEIGHTS], [w for _, w in PRIORITY_WEIGHTS])[0]
    if rng.random() < 0.12 and last > draft.created + HOUR_MS:
        new = rng.choice([p for p, _ in PRIORITY_WEIGHTS if p != draft.priority])
        change = (rng.randint(draft.created + HOUR_MS, last), draft.reporter, _priority_item(draft.priority, new))
        draft.priority = new
        return [change]
    return []


def _record_history(project: Project, draft: Draft, events: list[Event], initial_assignee: Person | None) -> None:
    events.sort(key=lambda event: event[0])
    # Changes without a named author are made by whoever holds the issue at the time.
    holder = initial_assignee
    for moment, author, item in events:
        if item["field"] == "assignee":
            holder = _person_by_id(project, item["to"])
        draft.histories.append((moment, author or holder or draft.reporter, item))


def _add_comments(rng: random.Random, project: Project, draft: Draft, last: int) -> None:
    for _ in range(rng.choices([0, 1, 2, 3], [35, 35, 20, 10])[0]):
        draft.comments.append((rng.randint(draft.created, max(draft.created, last)),
                               rng.choice(project.members), wording.comment(rng, project.key)))
    draft.comments.sort(key=lambda c: c[0])


def _spread(rng: random.Random, begin: int, end: int, count: int, end_is_last: bool) -> list[int]:
    """`count` increasing moments after `begin`, the last one at `end` when asked."""
    if count == 0:
        return []
    span = max(count, end - begin)
    free = count - 1 if end_is_last else count
    moments = sorted(begin + 1 + int(rng.random() * (span - 1)) for _ in range(free))
    if end_is_last:
        moments.append(begin + span)
    return moments


def _item(name: str, field_id: str, fieldtype: str, old: tuple | None, new: tuple | None) -> dict:
    return {"field": name, "fieldtype": fieldtype, "fieldId": field_id,
            "from": old[0] if old else None, "fromString": old[1] if old else None,
            "to": new[0] if new else None, "toString": new[1] if new else None}


def _status_item(old: str, new: str) -> dict:
    return _item("status", "status", "jira", (STATUSES[old]["id"], old), (STATUSES[new]["id"], new))


def _resolution_item(rng: random.Random, draft: Draft) -> dict:
    if draft.status == "Done":
        draft.resolution = "Done"
    elif draft.type == "Bug" and rng.random() < 0.5:
        draft.resolution = "Cannot Reproduce"
    else:
        draft.resolution = "Won't Do"
    resolution_id = resolution_object(draft.resolution)["id"]
    return _item("resolution", "resolution", "jira", None, (resolution_id, draft.resolution))


def _person_item(old: Person | None, new: Person | None) -> dict:
    def side(person: Person | None) -> tuple | None:
        return (person.account_id, person.display_name) if person else None
    return _item("assignee", "assignee", "jira", side(old), side(new))


def _priority_item(old: str, new: str) -> dict:
    return _item("priority", "priority", "jira", (priority_object(old)["id"], old), (priority_object(new)["id"], new))


def _person_by_id(project: Project, account_id: str | None) -> Person | None:
    return next((p for p in project.members if p.account_id == account_id), None)


def _sprint_events(rng: random.Random, org: Organisation, project: Project, draft: Draft,
                   started: int | None, last: int) -> list:
    """Sprint membership: planned into a sprint, carried over while unfinished at sprint end."""
    sprints = project.sprints
    if started is None:
        if draft.status != "To Do" or rng.random() >= 0.3:
            return []
        first = next(i for i, s in enumerate(sprints) if s.end_ms > org.end_ms)
        planned = sprints[first].start_ms - rng.randint(0, 3) * DAY_MS
        chain, moments = [first], [max(draft.created, planned)]
    else:
        first = next(i for i, s in enumerate(sprints) if s.end_ms > started)
        moments = [min(started, max(draft.created, sprints[first].start_ms - 2 * DAY_MS))]
        chain = [first]
        finish = draft.resolved or org.end_ms
        while (sprints[chain[-1]].end_ms < finish and len(chain) < MAX_SPRINTS
               and chain[-1] + 1 < len(sprints)):
            chain.append(chain[-1] + 1)
            moments.append(sprints[chain[-1]].start_ms)
    events = []
    for count, moment in enumerate(moments):
        old = [sprints[i] for i in chain[:count]]
        new = [sprints[i] for i in chain[:count + 1]]
        events.append((moment, draft.reporter if count == 0 else None, _item(
            "Sprint", FIELD_IDS["Sprint"], "custom",
            _sprint_side(old) if old else None, _sprint_side(new))))
    draft.sprints = [sprints[i] for i in chain]
    return events


def _sprint_side(sprints: list) -> tuple[str, str]:
    return ", ".join(str(s.id) for s in sprints), ", ".join(s.name for s in sprints)


def _version_events(rng: random.Random, org: Organisation, project: Project, draft: Draft, last: int) -> list:
    """Fix version: set on resolution, or planned and moved when a release ships without it."""
    versions = project.versions

    def version_item(old, new) -> dict:
        return _item("Fix Version", "fixVersions", "jira",
                     (old.id, old.name) if old else None, (new.id, new.name) if new else None)

    if draft.status == "Done" and draft.resolved is not None:  # always both: see _place_in_time
        if rng.random() >= 0.85:
            return []
        version = next((v for v in versions if v.release_ms >= draft.resolved), versions[-1])
        draft.fix_versions = [version]
        return [(draft.resolved, None, version_item(None, version))]
    if draft.resolved is not None or rng.random() >= 0.35:
        return []
    moment = rng.randint(draft.created, max(draft.created, last))
    index = next(i for i, v in enumerate(versions) if v.release_ms >= moment)
    events = [(moment, draft.reporter, version_item(None, versions[index]))]
    while versions[index].release_ms <= org.end_ms and index + 1 < len(versions):
        released = versions[index].release_ms
        events.append((released, draft.reporter, version_item(versions[index], None)))
        events.append((released, draft.reporter, version_item(None, versions[index + 1])))
        index += 1
    draft.fix_versions = [versions[index]]
    return events


# --- links -----------------------------------------------------------------------------------

class _Links:
    """Links between drafts, numbered in the order made; one per type and pair of issues."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, int, int]] = set()
        self.next_id = 10000

    def add(self, kind: str, source: Draft, target: Draft) -> None:
        pair = (kind, min(source.index, target.index), max(source.index, target.index))
        if source is target or pair in self.seen:
            return
        self.seen.add(pair)
        source.links.append((self.next_id, kind, "outward", target.index))
        target.links.append((self.next_id, kind, "inward", source.index))
        self.next_id += 1


def _link(rng: random.Random, drafts: list[Draft]) -> None:
    links = _Links()
    by_project: dict[str, list[Draft]] = {}
    for draft in drafts:
        by_project.setdefault(draft.project, []).append(draft)
    work = [d for d in drafts if d.type in ("Story", "Task")]
    # A few deadlocks first, so no other link can take their pairs.
    _link_deadlocks(rng, links, [d for d in work if d.resolved is None], len(drafts))
    _link_blockers(rng, links, drafts, work, by_project)
    for draft in drafts:
        if rng.random() < 0.03:
            links.add("Relates", draft, rng.choice(by_project[draft.project]))
    _link_duplicates(rng, links, drafts)
    _link_risks(rng, links, drafts)
    for draft in drafts:
        draft.links.sort()


def _link_deadlocks(rng: random.Random, links: _Links, unfinished: list[Draft], total: int) -> None:
    """Blocking cycles of three or four among open work, one per 2,500 issues."""
    for _ in range(max(1, total // 2500)):
        if len(unfinished) < 4:
            break
        ring = rng.sample(unfinished, rng.choice([3, 4]))
        for source, target in zip(ring, ring[1:] + ring[:1], strict=True):
            links.add("Blocks", source, target)


def _link_blockers(rng: random.Random, links: _Links, drafts: list[Draft], work: list[Draft],
                   by_project: dict[str, list[Draft]]) -> None:
    """Work blocked by a sibling (or by work in its project), epics by other epics."""
    for draft in work:
        if rng.random() < 0.08:
            pool = ([drafts[c] for c in drafts[draft.parent].children] if draft.parent is not None
                    else by_project[draft.project])
            links.add("Blocks", draft, rng.choice(pool))
    epics = [d for d in drafts if d.type == "Epic"]
    for epic in epics:
        if rng.random() < 0.1:
            links.add("Blocks", epic, rng.choice(epics))


def _link_duplicates(rng: random.Random, links: _Links, drafts: list[Draft]) -> None:
    """Bugs duplicating an earlier bug of their project."""
    earlier_by_project: dict[str, list[Draft]] = {}
    for bug in sorted((d for d in drafts if d.type == "Bug"), key=lambda d: d.created):
        earlier = earlier_by_project.setdefault(bug.project, [])
        if earlier and rng.random() < 0.08:
            links.add("Duplicate", bug, rng.choice(earlier))
        earlier.append(bug)


def _link_risks(rng: random.Random, links: _Links, drafts: list[Draft]) -> None:
    """Each risk on one or two epics or features, open ones when there are any."""
    targets = [d for d in drafts if d.type in ("Epic", "Feature")]
    open_targets = [d for d in targets if d.resolved is None] or targets
    for risk in (d for d in drafts if d.type == "Risk"):
        for target in rng.sample(open_targets, min(len(open_targets), rng.choice([1, 1, 2]))):
            links.add("Risk", risk, target)


# --- JSON ------------------------------------------------------------------------------------

def _reference(draft: Draft) -> dict:
    """How Jira embeds another issue (parent, subtasks, links): key, id and four fields."""
    return {"id": draft.id, "key": draft.key, "self": f"{BASE_URL}/rest/api/2/issue/{draft.id}",
            "fields": {"summary": draft.summary, "status": status_object(draft.status),
                       "priority": priority_object(draft.priority), "issuetype": issue_type_object(draft.type)}}


def _issue_object(rng: random.Random, org: Organisation, drafts: list[Draft], draft: Draft) -> dict:
    project = org.projects[draft.project]
    assert draft.reporter is not None, "_history chooses every issue's reporter"
    fields: dict = {
        "summary": draft.summary,
        "description": wording.description(rng, draft.summary, project.key),
        "issuetype": issue_type_object(draft.type),
        "project": project.object(),
        "priority": priority_object(draft.priority),
        "status": status_object(draft.status),
        "resolution": resolution_object(draft.resolution) if draft.resolution else None,
        "resolutiondate": timestamp_text(draft.resolved) if draft.resolved else None,
        "assignee": draft.assignee.object() if draft.assignee else None,
        "reporter": draft.reporter.object(),
        "creator": draft.reporter.object(),
        "created": timestamp_text(draft.created),
        "updated": timestamp_text(draft.updated),
        "duedate": _due_date(rng, draft),
        "labels": sorted(rng.sample(wording.LABELS, rng.choices([0, 1, 2], [50, 35, 15])[0])),
        "components": rng.sample(project.components, rng.choices([0, 1, 2], [15, 75, 10])[0]),
        "fixVersions": [v.object() for v in draft.fix_versions],
        "versions": _affected_versions(project, draft),
        "environment": rng.choice(wording.ENVIRONMENTS) if draft.type == "Bug" else None,
        "subtasks": [_reference(drafts[c]) for c in draft.children if drafts[c].type == "Sub-task"],
        "issuelinks": [_link_object(drafts, *link) for link in draft.links],
        "comment": _comments(draft),
        FIELD_IDS["Story point estimate"]: _story_points(rng, draft),
        FIELD_IDS["Sprint"]: [s.object() for s in draft.sprints] or None,
        FIELD_IDS["Team"]: _team_option(project),
        FIELD_IDS["Start date"]: _start_date(rng, draft),
        FIELD_IDS["Severity"]: _severity_option(rng) if draft.type == "Bug" else None,
        **_watches_and_votes(draft),
    }
    if draft.parent is not None:
        fields["parent"] = _reference(drafts[draft.parent])
    if embargoed(draft.key):
        fields["security"] = dict(EMBARGO)
    return {
        "expand": "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations",
        "id": draft.id,
        "self": f"{BASE_URL}/rest/api/2/issue/{draft.id}",
        "key": draft.key,
        "fields": fields,
        "changelog": _changelog(draft),
    }


def _due_date(rng: random.Random, draft: Draft) -> str | None:
    """Stories, tasks and bugs are sometimes due; every other type always is."""
    if draft.type not in SPRINT_TYPES or rng.random() < 0.4:
        return date_text(draft.created + rng.randint(7, 90) * DAY_MS)
    return None


def _affected_versions(project: Project, draft: Draft) -> list[dict]:
    """A bug affects the last version released before it was reported."""
    released = [v for v in project.versions if v.release_ms < draft.created] if draft.type == "Bug" else []
    return [released[-1].object()] if released else []


def _story_points(rng: random.Random, draft: Draft) -> float | None:
    if draft.type in ("Story", "Task") or (draft.type == "Bug" and rng.random() < 0.4):
        return float(rng.choice([1, 2, 3, 5, 8, 13]))
    return None


def _watches_and_votes(draft: Draft) -> dict:
    """`watches` and `votes` as Jira returns them. Drawn from the issue's own generator, so adding them left
    every other field of every issue as it was: the reporter, assignee and commenters watch (Jira's
    auto-watch), a few colleagues too; bugs and high priorities collect the votes."""
    rng = random.Random(f"{draft.id}:{draft.key}:{draft.created}")
    watchers = {draft.reporter.account_id if draft.reporter else None,
                draft.assignee.account_id if draft.assignee else None,
                *(author.account_id for _, author, _ in draft.comments)} - {None}
    extra = rng.choices([0, 1, 2, 4], [50, 30, 15, 5])[0]
    weight = 2 if draft.type == "Bug" or draft.priority in ("Highest", "High") else 1
    votes = rng.choices([0, 1, 2, 3, 5], [60 // weight, 20, 10 * weight, 6 * weight, 2 * weight])[0]
    api = f"{BASE_URL}/rest/api/2/issue/{draft.key}"
    return {"watches": {"self": f"{api}/watchers", "watchCount": len(watchers) + extra, "isWatching": False},
            "votes": {"self": f"{api}/votes", "votes": votes, "hasVoted": False}}


def _start_date(rng: random.Random, draft: Draft) -> str | None:
    if draft.type in MEDIAN_CYCLE_MS:  # initiatives, features and epics are planned to start
        return date_text(draft.created + rng.randint(0, 14) * DAY_MS)
    return None


def _link_object(drafts: list[Draft], link_id: int, kind: str, side: str, other: int) -> dict:
    return {"id": str(link_id), "self": f"{BASE_URL}/rest/api/2/issueLink/{link_id}",
            "type": link_type_object(kind), f"{side}Issue": _reference(drafts[other])}


def _comments(draft: Draft) -> dict:
    comments = [{"self": f"{BASE_URL}/rest/api/2/issue/{draft.id}/comment/{draft.id}{n}",
                 "id": f"{draft.id}{n}", "author": author.object(), "body": body,
                 "updateAuthor": author.object(), "created": timestamp_text(moment),
                 "updated": timestamp_text(moment)}
                for n, (moment, author, body) in enumerate(draft.comments)]
    return {"comments": comments, "maxResults": len(comments), "total": len(comments), "startAt": 0}


def _changelog(draft: Draft) -> dict:
    """Items made at the same moment by the same person form one history, as in Jira."""
    histories: list[dict] = []
    for moment, author, item in draft.histories:
        if histories and histories[-1]["_key"] == (moment, author.account_id):
            histories[-1]["items"].append(item)
            continue
        histories.append({"_key": (moment, author.account_id),
                          "id": f"{draft.id}{len(histories):04d}", "author": author.object(),
                          "created": timestamp_text(moment), "items": [item]})
    for history in histories:
        del history["_key"]
    return {"startAt": 0, "maxResults": len(histories), "total": len(histories), "histories": histories}


def _team_option(project: Project) -> dict | None:
    if project.key not in TEAMS:
        return None
    option_id = str(10400 + list(TEAMS).index(project.key))
    return {"self": f"{BASE_URL}/rest/api/2/customFieldOption/{option_id}", "value": TEAMS[project.key],
            "id": option_id}


def _severity_option(rng: random.Random) -> dict:
    option_id, name = rng.choices(SEVERITIES, [5, 25, 50, 20])[0]
    return {"self": f"{BASE_URL}/rest/api/2/customFieldOption/{option_id}", "value": name, "id": option_id}


def generator_fingerprint() -> str:
    """Changes whenever the demo package's code does, so an organisation written by other code (before
    watchers and votes were generated, say) is never taken for this code's."""
    digest = hashlib.sha1()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:8]
