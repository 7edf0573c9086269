#!/usr/bin/env python3
"""Gold expectations for the team-question evaluation set (dev.jsonl, heldout.jsonl).

Standalone: Python 3.11, standard library only, no import of jirakg. It reads the raw
data and computes every case's ``expect`` from its machine-readable ``spec``.

Usage
-----
    python gold.py --demo /tmp/teamgold/demo.jsonl \
                   --fluid /work/shared/datasets/fluid-jira/issues.jsonl.gz --write
    python gold.py --demo ... --fluid ... --check      # exit 1 if a stored expect differs
    python gold.py --demo ... --fluid ... --build      # (re)write the jsonl files from
                                                       # questions_dev.py / questions_heldout.py
                                                       # / questions_words.py (split in three sets)
    python gold.py ... --set words-tune --set words-scored --build   # only those sets

The demo data is ``jirakg demo-data generate --seed 1 --issues 3000 --end-date 2026-11-01``;
its metadata (sprints with their states, versions) is read from the ``.meta.json`` next to
it (``--demo-meta`` to override). Without it, sprints and versions are taken from the
issues' Sprint and fixVersions values, so the cases about an empty sprint or an empty
version fail with an error instead of being computed.

Case lines
----------
{"id", "query", "history", "intent", "dataset": "demo"|"fluid", "form", "category",
 "spec": {...}, "expect": {"lead": [...], "pairs": [[label, number], ...],
                          "mentions": [...], "absent": [...]}}

Clock: now = 2026-11-01T12:00:00Z (a Sunday); today = 2026-11-01. Weeks start Monday.

Spec format
-----------
Every spec has ``op``; most have ``filter`` (a dict; all conditions must hold):

  filter keys (values are exact names as in the data; a list means "any of"):
    project, type, type_not, status, status_category ("new"|"indeterminate"|"done"),
    priority, resolution, component, label, fix_version (the issue has that value; the
    value "none" means the field is empty), assignee, reporter (display name; "none" =
    empty), open (true = resolution empty, false = resolution set), overdue (true = open
    and duedate < today), key, parent (key), sprint (sprint name in the Sprint field),
    active_sprint (project key: the issue is in that project's active sprint),
    has_points (bool), created_from / created_to / resolved_from / resolved_to
    (ISO datetimes, half-open [from, to)), due_before (date, duedate < it).
  group/rank fields ("by"): type, status, status_category, priority, resolution,
    component, label, fix_version, assignee, reporter, project.
  windows: "this_week" = [2026-10-26T00:00Z, now], "last_week" = [2026-10-19, 2026-10-26),
    "yesterday" = [2026-10-31, 2026-11-01), "today" = [2026-11-01, now],
    "last_7_days" = [now-7d, now], "last_30_days" = [now-30d, now], or [from, to] ISO.

  ops and the expectation they produce:
    breakdown      {filter, by: [field] | [outer, inner]}
                   pairs: the 3 largest (outer) groups [value, count], groups tied at the
                   cut skipped; an issue counts once per value; empty -> "none".
    rank_count     {filter, by, order: "most"|"fewest", top?: N}
                   lead: every value tied at the top (the "none" group is not ranked;
                   "fewest" ranks values with >= 1 issue) and the count; with top: N,
                   pairs for the N first values (ties at the cut skipped).
    rank_commenters {filter}  people by number of comments written on the scope's issues;
                   lead: the top author(s) and the count.
    rank_issue     {filter, by: oldest|newest|longest_open|comments|links|points}
                   lead: the issue key(s) tied at the top, plus the number for
                   comments / links / points.  longest_open = oldest created among open.
    percent        {base: filter, subset: filter (applied within base)}
                   lead: "NN%" (half-up); mentions: subset count, base count.
    avg_age | median_age       {filter}  (now - created) in days
    avg_resolve | median_resolve {filter} (resolutiondate - created) over resolved issues
                   lead: "<N> days" ("1 day"), mean/median of exact durations, half-up.
    sum_points     {filter}  lead: sum of the Story Points field (customfield_10016).
    count          {filter}  lead: the number of issues.
    workload       {filter}  open assigned issues per person in the scope;
                   pairs: top 3 [person, count] (ties at the cut skipped).
    overloaded     {filter}  lead: top person(s), their open count, and the median open
                   count over assignees with >= 1 open issue (x.5 written "9.5").
    sprint         {project} (its active sprint) | {sprint: name}, allow_empty?
                   lead: sprint name, done count (status category done), total count
                   (an empty sprint with allow_empty: lead = the sprint name only).
    release        {project, version, unique_name?, allow_empty?}  (unique_name: the
                   question does not name the project; the version name must occur in
                   that project only)
                   lead: version, done count, total count; mentions: unresolved issues
                   that block (Blocks link, outward side) an unresolved issue of the
                   release, only when there are 1..5 of them.
    risk           {filter}  mentions: the <= 5 most overdue open issues of the scope
                   (earliest duedate first; ties at the cut skipped).
    activity       {scope: {project: P} | {person: name}, window, labels?}
                   pairs ["new", n], ["resolved", n], ["status", n] (see activity_counts();
                   "resolved" is left out when its two readings disagree).
    comment_latest {key}     lead: author of the latest comment; mentions: its date.
    comment_count  {key} | {filter}   lead: number of comments.
    comment_authors {key}    mentions: every distinct comment author.
    comment_mention {key} | {filter}, word   mentions: authors of the comments whose body
                   contains the word (case-insensitive).
    no_comments    {key}     the issue has no comments; mentions: ["no"].
    why_late       {epic}    mentions: open overdue children of the epic + unresolved
                   issues blocking the epic or one of its open children (1..5 keys).
    look_first     {project} mentions: <= 3 open Highest-priority overdue issues (most
                   overdue first), or if none, the 3 most overdue open issues.
    missing        {kind: project|sprint|release, name, project?}
                   the name does not exist; mentions: the unique closest existing name
                   (Levenshtein, case-insensitive); absent: spec "absent" (default
                   ["of 0", "0 of"]).
    empty_rank     {filter, by?}  the scope is empty; mentions: ["no"].
    ambiguous      {kind: project, word}  the word is part of 2+ project names (not a
                   whole name): the question is asked back; mentions: those names.
  Any op may carry "absent": [...] (copied to expect.absent) and "extra_mentions".

gold.py refuses (raises) cases whose answer would hinge on an unstated convention: an
average within 0.02 of .5 day, an overdue set that changes if "due today" counted as
overdue, a comment date that differs between UTC and the comment's own offset,
top-value ties larger than 4, and empty scopes where a value is needed.
"""
from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import math
import os
import statistics
import sys
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from fractions import Fraction

NOW = datetime(2026, 11, 1, 12, 0, 0, tzinfo=UTC)
TODAY = "2026-11-01"
HERE = os.path.dirname(os.path.abspath(__file__))
SETS = {"dev": "dev.jsonl", "heldout": "heldout.jsonl",
        "words-tune": "words-tune.jsonl", "words-scored": "words-scored.jsonl", "words-fresh": "words-fresh.jsonl"}
SP_FIELD = "customfield_10016"
SPRINT_FIELD = "customfield_10020"

WINDOWS = {
    "this_week": (datetime(2026, 10, 26, tzinfo=UTC), NOW),
    "last_week": (datetime(2026, 10, 19, tzinfo=UTC), datetime(2026, 10, 26, tzinfo=UTC)),
    "yesterday": (datetime(2026, 10, 31, tzinfo=UTC), datetime(2026, 11, 1, tzinfo=UTC)),
    "today": (datetime(2026, 11, 1, tzinfo=UTC), NOW),
    "last_7_days": (NOW - timedelta(days=7), NOW),
    "last_30_days": (NOW - timedelta(days=30), NOW),
}


class GoldError(Exception):
    pass


# ---------------------------------------------------------------- loading

def parse_dt(s):
    if not s:
        return None
    return datetime.fromisoformat(s)


def _name(obj, attr="name"):
    return obj.get(attr) if obj else None


class Issue:
    __slots__ = ("assignee", "comments", "components", "created", "due", "fix_versions", "histories",
                 "key", "labels", "links", "num", "parent", "points", "priority", "project", "project_name", "reporter",
                 "resolution", "resolved", "sprints", "status", "statuscat", "summary", "type")

    def __init__(self, raw):
        f = raw["fields"]
        self.key = raw["key"]
        self.num = int(self.key.rsplit("-", 1)[1])
        self.project = f["project"]["key"]
        self.project_name = f["project"].get("name") or self.project
        self.type = f["issuetype"]["name"]
        self.status = f["status"]["name"]
        self.statuscat = f["status"]["statusCategory"]["key"]
        self.resolution = _name(f.get("resolution"))
        self.resolved = parse_dt(f.get("resolutiondate"))
        self.created = parse_dt(f["created"])
        self.priority = _name(f.get("priority"))
        self.assignee = _name(f.get("assignee"), "displayName")
        self.reporter = _name(f.get("reporter"), "displayName")
        self.components = [c["name"] for c in f.get("components") or []]
        self.labels = list(f.get("labels") or [])
        self.fix_versions = [v["name"] for v in f.get("fixVersions") or []]
        self.due = f.get("duedate")
        self.parent = (f.get("parent") or {}).get("key")
        pts = f.get(SP_FIELD)
        self.points = pts
        self.sprints = [s["name"] for s in f.get(SPRINT_FIELD) or []]
        self.links = []
        for link in f.get("issuelinks") or []:
            t = link["type"]["name"]
            if "outwardIssue" in link:
                self.links.append((t, "out", link["outwardIssue"]["key"]))
            else:
                self.links.append((t, "in", link["inwardIssue"]["key"]))
        self.comments = [
            (c["author"]["displayName"], parse_dt(c["created"]), c["created"], c.get("body") or "")
            for c in (f.get("comment") or {}).get("comments") or []
        ]
        self.histories = []
        for h in (raw.get("changelog") or {}).get("histories") or []:
            self.histories.append((
                _name(h.get("author"), "displayName"), parse_dt(h["created"]),
                [(it["field"], it.get("fromString"), it.get("toString")) for it in h["items"]],
            ))
        self.summary = f.get("summary")

    @property
    def open(self):
        return self.resolution is None

    @property
    def overdue(self):
        return self.open and self.due is not None and self.due < TODAY


class Data:
    def __init__(self, issues, sprints=None, name=""):
        self.name = name
        self.issues = issues
        self.by_key = {i.key: i for i in issues}
        # sprint name -> state; project -> [sprint names]
        self.sprint_state = {}
        self.project_sprints = defaultdict(list)
        if sprints:
            for proj, sps in sprints.items():
                for s in sps:
                    self.sprint_state[s["name"]] = s["state"]
                    self.project_sprints[proj].append(s["name"])
        self.versions = defaultdict(set)  # project -> version names
        for i in issues:
            for v in i.fix_versions:
                self.versions[i.project].add(v)
        self.projects = sorted({i.project for i in issues})
        # blocks: blocker -> set(blocked) from both sides of the link
        self.blocks = set()
        for i in issues:
            for t, d, other in i.links:
                if t != "Blocks":
                    continue
                if d == "out":
                    self.blocks.add((i.key, other))
                else:
                    self.blocks.add((other, i.key))
        self.blockers_of = defaultdict(set)
        for a, b in self.blocks:
            self.blockers_of[b].add(a)
        self.children = defaultdict(list)
        for i in issues:
            if i.parent:
                self.children[i.parent].append(i)


def load_demo(path, meta_path=None):
    issues = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                issues.append(Issue(json.loads(line)))
    meta_path = meta_path or (path[:-len(".jsonl")] if path.endswith(".jsonl") else path) + ".meta.json"
    sprints = {}
    if os.path.exists(meta_path):
        with open(meta_path, encoding="utf-8") as fh:
            meta = json.load(fh)
        for p in meta.get("projects", []):
            sprints[p["key"]] = p.get("sprints") or []
    else:
        seen = {}
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                raw = json.loads(line)
                for s in raw["fields"].get(SPRINT_FIELD) or []:
                    seen[s["name"]] = (raw["fields"]["project"]["key"], s)
        for proj, s in seen.values():
            sprints.setdefault(proj, []).append(s)
    data = Data(issues, sprints, "demo")
    # make sure that versions known to the metadata are there even if empty
    if os.path.exists(meta_path):
        for p in meta.get("projects", []):
            for v in p.get("versions") or []:
                data.versions[p["key"]].add(v["name"])
        data.projects = sorted(set(data.projects) | {p["key"] for p in meta.get("projects", [])})
    return data


def load_fluid(path):
    issues = []
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                issues.append(Issue(json.loads(line)))
    data = Data(issues, None, "fluid")
    pj = os.path.join(os.path.dirname(path), "projects.json")
    if os.path.exists(pj):
        with open(pj, encoding="utf-8") as fh:
            data.projects = sorted({p["key"] for p in json.load(fh)} | set(data.projects))
    return data


# ---------------------------------------------------------------- helpers

def as_list(v):
    return v if isinstance(v, list) else [v]


def window(w):
    if isinstance(w, str):
        return WINDOWS[w]
    a, b = w
    return parse_dt(a), parse_dt(b)


def _in_window(dt, win):
    """[from, to), except that a window ending now includes now."""
    a, b = win
    if dt is None:
        return False
    return a <= dt <= b if b == NOW else a <= dt < b


def _multi(values, wanted):
    wanted = as_list(wanted)
    if "none" in wanted and not values:
        return True
    return any(v in wanted for v in values)


def _single(value, wanted):
    wanted = as_list(wanted)
    return (value if value is not None else "none") in wanted


def matches(data, i, flt):
    for k, v in (flt or {}).items():
        if k == "project":
            ok = i.project in as_list(v)
        elif k == "type":
            ok = i.type in as_list(v)
        elif k == "type_not":
            ok = i.type not in as_list(v)
        elif k == "status":
            ok = i.status in as_list(v)
        elif k == "status_category":
            ok = i.statuscat in as_list(v)
        elif k == "priority":
            ok = _single(i.priority, v)
        elif k == "resolution":
            ok = _single(i.resolution, v)
        elif k == "component":
            ok = _multi(i.components, v)
        elif k == "label":
            ok = _multi(i.labels, v)
        elif k == "fix_version":
            ok = _multi(i.fix_versions, v)
        elif k == "assignee":
            ok = _single(i.assignee, v)
        elif k == "reporter":
            ok = _single(i.reporter, v)
        elif k == "open":
            ok = i.open == bool(v)
        elif k == "overdue":
            ok = i.overdue == bool(v)
        elif k == "key":
            ok = i.key in as_list(v)
        elif k == "parent":
            ok = i.parent in as_list(v)
        elif k == "sprint":
            ok = any(s in as_list(v) for s in i.sprints)
        elif k == "active_sprint":
            ok = active_sprint(data, v) in i.sprints
        elif k == "has_points":
            ok = (i.points is not None) == bool(v)
        elif k == "created_from":
            ok = i.created >= parse_dt(v)
        elif k == "created_to":
            ok = i.created < parse_dt(v)
        elif k == "resolved_from":
            ok = i.resolved is not None and i.resolved >= parse_dt(v)
        elif k == "resolved_to":
            ok = i.resolved is not None and i.resolved < parse_dt(v)
        elif k == "due_before":
            ok = i.due is not None and i.due < v
        else:
            raise GoldError(f"unknown filter key {k!r}")
        if not ok:
            return False
    return True


def select(data, flt):
    return [i for i in data.issues if matches(data, i, flt)]


STATUS_CATEGORY_NAMES = {"new": "To Do", "indeterminate": "In Progress", "done": "Done"}


def values_of(i, field):
    if field == "type":
        v = [i.type]
    elif field == "status":
        v = [i.status]
    elif field == "status_category":
        v = [STATUS_CATEGORY_NAMES[i.statuscat]]
    elif field == "priority":
        v = [i.priority] if i.priority else []
    elif field == "resolution":
        v = [i.resolution] if i.resolution else []
    elif field == "component":
        v = list(dict.fromkeys(i.components))
    elif field == "label":
        v = list(dict.fromkeys(i.labels))
    elif field == "fix_version":
        v = list(dict.fromkeys(i.fix_versions))
    elif field == "assignee":
        v = [i.assignee] if i.assignee else []
    elif field == "reporter":
        v = [i.reporter] if i.reporter else []
    elif field == "project":
        v = [i.project]
    else:
        raise GoldError(f"unknown field {field!r}")
    return v or ["none"]


def count_by(issues, field):
    c = Counter()
    for i in issues:
        for v in values_of(i, field):
            c[v] += 1
    return c


def top_k(counter, k):
    """The k largest groups; groups tied with the (k+1)-th are skipped."""
    items = sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0])))
    cut = items[k][1] if len(items) > k else 0
    return [(v, n) for v, n in items[:k] if n > cut]


def tied_top(counter, order="most"):
    if not counter:
        return [], 0
    best = max(counter.values()) if order == "most" else min(counter.values())
    return sorted(v for v, n in counter.items() if n == best), best


def half_up(x):
    if isinstance(x, Fraction):
        return math.floor(x + Fraction(1, 2))
    return math.floor(x + 0.5)


def days_text(d):
    n = half_up(d)
    return "1 day" if n == 1 else f"{n} days"


def check_rounding(x, what):
    frac = x - math.floor(x)
    if abs(frac - 0.5) < 0.02:
        raise GoldError(f"{what}: {x:.4f} is too close to a rounding boundary")


def num_text(x):
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if isinstance(x, Fraction):
        x = float(x)
        if x.is_integer():
            x = int(x)
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def days_between(a, b):
    return (b - a).total_seconds() / 86400.0


def levenshtein(a, b):
    a, b = a.lower(), b.lower()
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def active_sprint(data, project):
    act = [s for s in data.project_sprints.get(project, []) if data.sprint_state.get(s) == "active"]
    if len(act) != 1:
        raise GoldError(f"project {project} has {len(act)} active sprints")
    return act[0]


def need(cond, msg):
    if not cond:
        raise GoldError(msg)


def overdue_sensitivity(issues, keys_fn):
    """Raise if counting 'due today' as overdue would change the answer."""
    base = keys_fn(lambda i: i.open and i.due is not None and i.due < TODAY)
    alt = keys_fn(lambda i: i.open and i.due is not None and i.due <= TODAY)
    if base != alt:
        raise GoldError("answer depends on whether an issue due today is overdue")
    return base


def most_overdue(issues, limit, pred):
    od = sorted((i for i in issues if pred(i)), key=lambda i: (i.due, i.num))
    if len(od) <= limit:
        return [i.key for i in od]
    cut_due = od[limit].due
    return [i.key for i in od[:limit] if i.due < cut_due]


# ---------------------------------------------------------------- ops

def expect(lead=(), pairs=(), mentions=(), absent=()):
    return {"lead": list(lead), "pairs": [list(p) for p in pairs],
            "mentions": list(mentions), "absent": list(absent)}


def op_breakdown(data, spec):
    issues = select(data, spec.get("filter"))
    need(issues, "empty breakdown scope")
    by = as_list(spec["by"])
    outer = count_by(issues, by[0])
    if len(by) > 1:
        count_by(issues, by[1])  # validate the field name
    pairs = top_k(outer, 3)
    need(pairs, "breakdown: no group survives the tie cut")
    return expect(pairs=pairs)


def op_rank_count(data, spec):
    issues = select(data, spec.get("filter"))
    c = count_by(issues, spec["by"])
    c.pop("none", None)
    need(c, "ranking over an empty set (use empty_rank)")
    order = spec.get("order", "most")
    names, n = tied_top(c, order)
    need(len(names) <= 4, f"{len(names)} values tied at the top: {names}")
    pairs = []
    if spec.get("top"):
        if order == "most":
            pairs = top_k(c, spec["top"])
        else:
            inv = Counter({v: -n for v, n in c.items()})
            pairs = [(v, -n) for v, n in top_k(inv, spec["top"])]
    return expect(lead=[*names, str(n)], pairs=pairs)


def op_rank_commenters(data, spec):
    issues = select(data, spec.get("filter"))
    c = Counter(a for i in issues for a, *_ in i.comments)
    need(c, "no comments in scope")
    names, n = tied_top(c, spec.get("order", "most"))
    need(len(names) <= 4, f"{len(names)} tied")
    pairs = top_k(c, spec["top"]) if spec.get("top") else []
    return expect(lead=[*names, str(n)], pairs=pairs)


def op_rank_issue(data, spec):
    issues = select(data, spec.get("filter"))
    by = spec["by"]
    if by == "longest_open":
        issues = [i for i in issues if i.open]
    need(issues, "empty scope")
    number = None
    if by in ("oldest", "longest_open"):
        best = min(i.created for i in issues)
        top = [i for i in issues if i.created == best]
    elif by == "newest":
        best = max(i.created for i in issues)
        top = [i for i in issues if i.created == best]
    elif by in ("comments", "links", "points"):
        def val(i):
            if by == "comments":
                return len(i.comments)
            if by == "links":
                return len(i.links)
            return i.points
        vals = [(val(i), i) for i in issues if val(i) is not None]
        need(vals, "no values")
        best = max(v for v, _ in vals)
        need(best > 0, "maximum is 0")
        top = [i for v, i in vals if v == best]
        number = num_text(best)
        if by == "links":
            # link entries vs distinct linked issues must give the same answer
            distinct = [(len({o for _, _, o in i.links}), i) for i in issues]
            dbest = max(v for v, _ in distinct)
            need(dbest == best and {i.key for v, i in distinct if v == dbest} == {i.key for i in top},
                 "most-links answer depends on counting link entries or linked issues")
    else:
        raise GoldError(f"unknown rank_issue by {by!r}")
    need(len(top) <= 3, f"{len(top)} issues tied at the top")
    lead = sorted((i.key for i in top), key=lambda k: (k.split("-")[0], int(k.split("-")[1])))
    if number is not None:
        lead.append(number)
    return expect(lead=lead)


def op_percent(data, spec):
    base = select(data, spec["base"])
    need(base, "empty base")
    sub = [i for i in base if matches(data, i, spec["subset"])]
    pct = Fraction(100 * len(sub), len(base))
    return expect(lead=[f"{half_up(pct)}%"], mentions=[str(len(sub)), str(len(base))])


def _durations(data, spec, kind):
    issues = select(data, spec.get("filter"))
    if kind == "age":
        ds = [days_between(i.created, NOW) for i in issues]
    else:
        ds = [days_between(i.created, i.resolved) for i in issues if i.resolved is not None]
    need(ds, "no durations")
    return ds


def op_avg(data, spec, kind):
    ds = _durations(data, spec, kind)
    m = sum(ds) / len(ds)
    check_rounding(m, "average")
    return expect(lead=[days_text(m)])


def op_median(data, spec, kind):
    ds = _durations(data, spec, kind)
    m = statistics.median(ds)
    check_rounding(m, "median")
    # an odd count or per-item rounding must agree with the exact median
    alt = statistics.median([half_up(d) for d in ds])
    need(half_up(m) == alt, f"median {m} differs from the median of rounded days {alt}")
    return expect(lead=[days_text(m)])


def op_sum_points(data, spec):
    issues = select(data, spec.get("filter"))
    need(issues, "empty scope")
    s = sum(i.points for i in issues if i.points is not None)
    return expect(lead=[num_text(s)])


def op_count(data, spec):
    issues = select(data, spec.get("filter"))
    return expect(lead=[str(len(issues))])


def _open_assigned(data, spec):
    issues = [i for i in select(data, spec.get("filter")) if i.open and i.assignee]
    return Counter(i.assignee for i in issues)


def op_workload(data, spec):
    c = _open_assigned(data, spec)
    need(c, "nobody has open issues in scope")
    pairs = top_k(c, spec.get("top", 3))
    need(pairs, "ties")
    return expect(pairs=pairs)


def op_overloaded(data, spec):
    c = _open_assigned(data, spec)
    need(c, "nobody has open issues in scope")
    names, n = tied_top(c)
    need(len(names) <= 3, "too many tied")
    med = statistics.median(sorted(c.values()))
    med_s = str(int(med)) if float(med).is_integer() else f"{med:.1f}"
    return expect(lead=[*names, str(n), med_s])


def _sprint_name(data, spec):
    if "sprint" in spec:
        need(spec["sprint"] in data.sprint_state, f"no sprint {spec['sprint']}")
        return spec["sprint"]
    return active_sprint(data, spec["project"])


def op_sprint(data, spec):
    name = _sprint_name(data, spec)
    issues = [i for i in data.issues if name in i.sprints]
    if not issues and spec.get("allow_empty"):
        return expect(lead=[name])
    need(issues, "empty sprint")
    done = sum(1 for i in issues if i.statuscat == "done")
    return expect(lead=[name, str(done), str(len(issues))])


def release_issues(data, project, version):
    return [i for i in data.issues if i.project == project and version in i.fix_versions]


def op_release(data, spec):
    need(spec["version"] in data.versions.get(spec["project"], ()), "unknown version")
    if spec.get("unique_name"):
        owners = [p for p, vs in data.versions.items() if spec["version"] in vs]
        need(owners == [spec["project"]], f"version name shared by {owners}")
    issues = release_issues(data, spec["project"], spec["version"])
    if not issues and spec.get("allow_empty"):
        return expect(lead=[spec["version"]])
    need(issues, "empty release")
    done = sum(1 for i in issues if i.statuscat == "done")
    blockers = set()
    for i in issues:
        if not i.open:
            continue
        for b in data.blockers_of.get(i.key, ()):
            if data.by_key[b].open:
                blockers.add(b)
    mentions = sorted(blockers, key=lambda k: (k.split("-")[0], int(k.split("-")[1]))) if len(blockers) <= 5 else []
    return expect(lead=[spec["version"], str(done), str(len(issues))], mentions=mentions)


def op_risk(data, spec):
    issues = select(data, spec.get("filter"))
    keys = overdue_sensitivity(issues, lambda pred: most_overdue(issues, 5, pred))
    need(keys, "nothing overdue in scope")
    return expect(mentions=keys)


def activity_counts(data, scope, win):
    """Project scope: new = issues of P created in the window; resolved = issues of P with
    resolutiondate in it; status = changelog items with field "status" of P's issues in it.
    Person scope (changes they made): new = issues they reported (= created) in the
    window; resolved = "resolution" items set by them in the window; status = "status"
    items they authored in it."""
    out = {}
    if "project" in scope:
        issues = [i for i in data.issues if i.project == scope["project"]]
        out["new"] = sum(1 for i in issues if _in_window(i.created, win))
        out["resolved"] = sum(1 for i in issues if _in_window(i.resolved, win))
        out["status"] = sum(1 for i in issues for a, dt, items in i.histories
                            if _in_window(dt, win) for f, *_ in items if f == "status")
        out["reassigned"] = sum(1 for i in issues for a, dt, items in i.histories
                                if _in_window(dt, win) for f, *_ in items if f == "assignee")
        # alternative reading of "resolved": resolution changelog items set in the window
        alt = sum(1 for i in issues for a, dt, items in i.histories
                  if _in_window(dt, win) for f, fr, to in items if f == "resolution" and to)
        if alt != out["resolved"]:
            out["resolved_ambiguous"] = (out["resolved"], alt)
    else:
        p = scope["person"]
        out["new"] = sum(1 for i in data.issues if i.reporter == p and _in_window(i.created, win))
        out["resolved"] = sum(1 for i in data.issues for a, dt, items in i.histories
                              if a == p and _in_window(dt, win)
                              for f, fr, to in items if f == "resolution" and to)
        out["status"] = sum(1 for i in data.issues for a, dt, items in i.histories
                            if a == p and _in_window(dt, win) for f, *_ in items if f == "status")
        out["reassigned"] = sum(1 for i in data.issues for a, dt, items in i.histories
                                if a == p and _in_window(dt, win) for f, *_ in items if f == "assignee")
        # alternative reading of "resolved" for a person: issues assigned to them and
        # resolved in the window.  Keep the pair only when both readings agree.
        alt = sum(1 for i in data.issues if i.assignee == p and _in_window(i.resolved, win))
        if alt != out["resolved"]:
            out["resolved_ambiguous"] = (out["resolved"], alt)
    return out


def op_activity(data, spec):
    win = window(spec["window"])
    c = activity_counts(data, spec["scope"], win)
    labels = spec.get("labels", ["new", "resolved", "status"])
    pairs = []
    for lab in labels:
        if lab == "resolved" and "resolved_ambiguous" in c:
            continue
        pairs.append([lab, c[lab]])
    need(any(n > 0 for _, n in pairs), "no activity at all")
    return expect(pairs=pairs)


def _comment_issue(data, spec):
    need(spec["key"] in data.by_key, f"no issue {spec['key']}")
    return data.by_key[spec["key"]]


def _scope_comments(data, spec):
    if "key" in spec:
        return _comment_issue(data, spec).comments
    return [c for i in select(data, spec.get("filter")) for c in i.comments]


def op_comment_latest(data, spec):
    i = _comment_issue(data, spec)
    need(i.comments, "no comments")
    latest = max(i.comments, key=lambda c: c[1])
    need(sum(1 for c in i.comments if c[1] == latest[1]) == 1, "latest comment tie")
    utc_date = latest[1].astimezone(UTC).date().isoformat()
    local_date = latest[2][:10]
    need(utc_date == local_date, f"comment date differs UTC {utc_date} / local {local_date}")
    return expect(lead=[latest[0]], mentions=[utc_date])


def op_comment_count(data, spec):
    return expect(lead=[str(len(_scope_comments(data, spec)))])


def op_comment_authors(data, spec):
    cs = _scope_comments(data, spec)
    need(cs, "no comments")
    authors = sorted({c[0] for c in cs})
    need(len(authors) <= 8, "too many authors")
    return expect(mentions=authors)


def op_comment_mention(data, spec):
    word = spec["word"].lower()
    cs = [c for c in _scope_comments(data, spec) if word in c[3].lower()]
    need(cs, "no comment mentions the word")
    authors = sorted({c[0] for c in cs})
    need(len(authors) <= 6, f"too many authors ({len(authors)})")
    return expect(mentions=authors)


def op_no_comments(data, spec):
    need(not _comment_issue(data, spec).comments, "the issue has comments")
    return expect(mentions=["no"])


def op_why_late(data, spec):
    epic = data.by_key[spec["epic"]]
    kids = data.children.get(epic.key, [])

    def keys(pred):
        ks = {k.key for k in kids if pred(k)}
        for target in [epic] + [k for k in kids if k.open]:
            for b in data.blockers_of.get(target.key, ()):
                if data.by_key[b].open:
                    ks.add(b)
        return sorted(ks, key=lambda k: (k.split("-")[0], int(k.split("-")[1])))

    ks = overdue_sensitivity(kids, keys)
    need(1 <= len(ks) <= 5, f"why_late has {len(ks)} keys")
    return expect(mentions=ks)


def op_look_first(data, spec):
    issues = [i for i in data.issues if i.project == spec["project"]]

    def keys(pred):
        hi = most_overdue(issues, 3, lambda i: pred(i) and i.priority == "Highest")
        has_hi = any(pred(i) and i.priority == "Highest" for i in issues)
        return hi if has_hi else most_overdue(issues, 3, pred)

    ks = overdue_sensitivity(issues, keys)
    need(ks, "nothing to look at")
    return expect(mentions=ks)


def existing_names(data, kind, project=None):
    if kind == "project":
        return list(data.projects)
    if kind == "sprint":
        return list(data.sprint_state)
    if kind == "release":
        if project:
            return sorted(data.versions.get(project, ()))
        return sorted({v for vs in data.versions.values() for v in vs})
    raise GoldError(kind)


def op_missing(data, spec):
    names = existing_names(data, spec["kind"], spec.get("project"))
    need(spec["name"].lower() not in {n.lower() for n in names}, f"{spec['name']} exists")
    dist = sorted((levenshtein(spec["name"], n), n) for n in names)
    need(len(dist) == 1 or dist[0][0] < dist[1][0], f"closest name ambiguous: {dist[:3]}")
    absent = spec.get("absent", ["of 0", "0 of"])
    return expect(mentions=[dist[0][1]], absent=absent)


def op_ambiguous(data, spec):
    """A word that is part of several projects' names ("platform"): the answer asks which, naming them."""
    word = spec["word"].lower()
    names = sorted({i.project_name for i in data.issues
                    if word in i.project_name.lower().split() and word != i.project_name.lower()})
    need(len(names) >= 2, f"{word!r} names {names}, not several projects")
    return expect(mentions=names)


def op_empty_rank(data, spec):
    issues = select(data, spec.get("filter"))
    need(not issues, f"scope is not empty ({len(issues)})")
    return expect(mentions=["no"])


OPS = {
    "breakdown": op_breakdown,
    "rank_count": op_rank_count,
    "rank_commenters": op_rank_commenters,
    "rank_issue": op_rank_issue,
    "percent": op_percent,
    "avg_age": lambda d, s: op_avg(d, s, "age"),
    "median_age": lambda d, s: op_median(d, s, "age"),
    "avg_resolve": lambda d, s: op_avg(d, s, "resolve"),
    "median_resolve": lambda d, s: op_median(d, s, "resolve"),
    "sum_points": op_sum_points,
    "count": op_count,
    "workload": op_workload,
    "overloaded": op_overloaded,
    "sprint": op_sprint,
    "release": op_release,
    "risk": op_risk,
    "activity": op_activity,
    "comment_latest": op_comment_latest,
    "comment_count": op_comment_count,
    "comment_authors": op_comment_authors,
    "comment_mention": op_comment_mention,
    "no_comments": op_no_comments,
    "why_late": op_why_late,
    "look_first": op_look_first,
    "missing": op_missing,
    "ambiguous": op_ambiguous,
    "empty_rank": op_empty_rank,
}


def compute(data, spec):
    op = spec["op"]
    if op not in OPS:
        raise GoldError(f"unknown op {op!r}")
    e = OPS[op](data, spec)
    if spec.get("absent") and op != "missing":
        e["absent"] = list(spec["absent"])
    if spec.get("extra_mentions"):
        e["mentions"] += [m for m in spec["extra_mentions"] if m not in e["mentions"]]
    return e


# ---------------------------------------------------------------- building / io

FORMS = ("keywords", "chatty", "paraphrase", "other")


def load_question_module(name):
    """A set's questions: questions_<name>.py, or for "<module>-<split>" the questions of
    questions_<module>.py whose "split" is <split>."""
    module, _, split = name.partition("-")
    sys.dont_write_bytecode = True  # keep the data directory free of __pycache__
    path = os.path.join(HERE, f"questions_{module}.py")
    spec = importlib.util.spec_from_file_location(f"questions_{module}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return [q for q in mod.QUESTIONS if not split or q.get("split") == split]


def build_cases(name, questions):
    cases = []
    seen = set()
    for q in questions:
        for form, text in q["forms"].items():
            form_name = form.split("#")[0]
            need(form_name in FORMS, f"bad form {form}")
            history = []
            if isinstance(text, dict):
                history, text = text.get("history", []), text["query"]
            cid = f"{name}-{q['id']}-{form.replace('#', '')}"
            need(cid not in seen, f"duplicate id {cid}")
            seen.add(cid)
            cases.append({
                "id": cid, "query": text, "history": history, "intent": q["intent"],
                "dataset": q["dataset"], "form": form_name, "category": q["category"],
                "spec": q["spec"], "expect": {},
            })
    return cases


def read_cases(path):
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def write_cases(path, cases):
    with open(path, "w", encoding="utf-8") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--demo", required=True)
    ap.add_argument("--demo-meta")
    ap.add_argument("--fluid", required=True)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", action="store_true")
    g.add_argument("--check", action="store_true")
    g.add_argument("--build", action="store_true")
    ap.add_argument("--dir", default=HERE)
    ap.add_argument("--set", action="append", choices=sorted(SETS), dest="sets",
                    help="only this set (repeatable; default: all)")
    args = ap.parse_args(argv)

    datasets = {"demo": load_demo(args.demo, args.demo_meta), "fluid": load_fluid(args.fluid)}
    failures = 0
    for name, fname in SETS.items():
        if args.sets and name not in args.sets:
            continue
        path = os.path.join(args.dir, fname)
        if args.build:
            cases = build_cases(name, load_question_module(name))
        else:
            if not os.path.exists(path):
                print(f"missing {path}", file=sys.stderr)
                failures += 1
                continue
            cases = read_cases(path)
        changed = 0
        for c in cases:
            try:
                e = compute(datasets[c["dataset"]], c["spec"])
            except GoldError as exc:
                print(f"{c['id']}: {exc}", file=sys.stderr)
                failures += 1
                continue
            if c.get("expect") != e:
                changed += 1
                if args.check:
                    print(f"{c['id']}: stored {json.dumps(c.get('expect'))} != gold {json.dumps(e)}",
                          file=sys.stderr)
                c["expect"] = e
        if args.check:
            failures += changed
            print(f"{fname}: {len(cases)} cases, {changed} differ")
        else:
            write_cases(path, cases)
            print(f"{fname}: {len(cases)} cases written ({changed} expectations changed)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
