#!/usr/bin/env python3
"""Gold for the tune8 / held8 answer cases: every expectation computed from the raw data.

    python tests/data/answers/gold8.py DEMO_JSONL_GZ FLUID_JSONL_GZ [--out DIR] [--pool PATH]

DEMO_JSONL_GZ is `jirakg demo-data generate --seed 1 --issues 3000 --end-date 2026-11-01` output ("now" is
2026-11-01T12:00:00Z); FLUID_JSONL_GZ is the Fluid archive (absolute dates only). Standard library only: it
reads no jirakg code. The questions ask about single issues, hierarchies, links, changelogs and the team
questions (workload, sprint, release, risk, activity, breakdowns, rankings, ratios, comments, reasons),
pronoun follow-ups and questions the bot must ask back about. Each meaning is written in two or three forms;
a coin from random.Random(8) per meaning (all its forms together) puts it in tune8.jsonl or held8.jsonl.

The issue keys, people and windows below were chosen by reading the data; every fact the expectations state
(names, statuses, dates, counts, answer sets) is recomputed here, and the asserts check that the fact is
not ambiguous (no ties, no time-zone or window edge, the same count under every reasonable reading).
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import gzip
import json
import random
from pathlib import Path

UTC = dt.UTC
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
SINCE_MONDAY = dt.datetime(2026, 10, 26, tzinfo=UTC)  # 2026-11-01 is a Sunday
LAST_7_DAYS = NOW - dt.timedelta(days=7)


def read_jsonl(path: str) -> list[dict]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def when(stamp: str) -> dt.datetime:
    """Jira's 2026-10-30T07:29:12.000+0000 (or -0400) as an aware UTC datetime."""
    return dt.datetime.strptime(stamp[:19] + stamp[-5:], "%Y-%m-%dT%H:%M:%S%z").astimezone(UTC)


def day(stamp: str) -> str:
    """The UTC calendar day, asserted to be at least three hours from midnight (UTC-3 to UTC+3 agree)."""
    moment = when(stamp)
    days = {(moment + dt.timedelta(hours=h)).date() for h in (-3, 3)}
    assert len(days) == 1, f"{stamp} falls on different days in different time zones"
    return moment.date().isoformat()


def person(user: dict | None) -> str | None:
    return user["displayName"] if user else None


class Data:
    """Common look-ups over REST v2 issue objects."""

    def __init__(self, issues: list[dict]):
        self.issues = issues
        self.by_key = {issue["key"]: issue for issue in issues}
        self.children: dict[str, list[str]] = collections.defaultdict(list)
        for issue in issues:
            parent = issue["fields"].get("parent")
            if parent:
                self.children[parent["key"]].append(issue["key"])

    def f(self, key: str) -> dict:
        return self.by_key[key]["fields"]

    def status(self, key: str) -> str:
        return self.f(key)["status"]["name"]

    def is_open(self, key: str) -> bool:
        return self.f(key)["status"]["statusCategory"]["key"] != "done"

    def is_open_by_resolution(self, key: str) -> bool:
        return not self.f(key).get("resolution")

    def project(self, key: str) -> str:
        return self.f(key)["project"]["key"]

    def type(self, key: str) -> str:
        return self.f(key)["issuetype"]["name"]

    def keys(self, project: str | None = None) -> list[str]:
        return [i["key"] for i in self.issues if project is None or i["fields"]["project"]["key"] == project]

    def assignee(self, key: str) -> str | None:
        return person(self.f(key).get("assignee"))

    def reporter(self, key: str) -> str | None:
        return person(self.f(key).get("reporter"))

    def links(self, key: str) -> list[tuple[str, str, str]]:
        """(link type, the phrase read from this issue, other key)."""
        found = []
        for link in self.f(key).get("issuelinks") or []:
            kind = link["type"]
            if "outwardIssue" in link:
                found.append((kind["name"], kind["outward"], link["outwardIssue"]["key"]))
            else:
                found.append((kind["name"], kind["inward"], link["inwardIssue"]["key"]))
        return found

    def comments(self, key: str) -> list[dict]:
        return self.f(key)["comment"]["comments"]

    def people(self) -> set[str]:
        names = set()
        for issue in self.issues:
            for field in ("assignee", "reporter", "creator"):
                if issue["fields"].get(field):
                    names.add(issue["fields"][field]["displayName"])
            for comment in issue["fields"]["comment"]["comments"]:
                names.add(comment["author"]["displayName"])
            for history in issue.get("changelog", {}).get("histories", []):
                names.add(history["author"]["displayName"])
        return names


class Demo(Data):
    def __init__(self, issues: list[dict]):
        super().__init__(issues)
        self.blocked_by: dict[str, set[str]] = collections.defaultdict(set)
        self.blocks: dict[str, set[str]] = collections.defaultdict(set)
        for issue in issues:
            for name, phrase, other in self.links(issue["key"]):
                if name == "Blocks" and phrase == "is blocked by":
                    self.blocked_by[issue["key"]].add(other)
                if name == "Blocks" and phrase == "blocks":
                    self.blocks[issue["key"]].add(other)
        for key, blockers in self.blocked_by.items():  # both ends carry the link
            assert all(key in self.blocks[b] for b in blockers)

    def histories(self, key: str) -> list[dict]:
        return self.by_key[key].get("changelog", {}).get("histories", [])

    def changes(self, key: str, field: str) -> list[tuple[str, str, str | None, str | None]]:
        """(created, author, from, to) of every changelog item on field."""
        return [
            (h["created"], h["author"]["displayName"], item["fromString"], item["toString"])
            for h in self.histories(key)
            for item in h["items"]
            if item["field"] == field
        ]

    def sprints(self, key: str) -> list[str]:
        return [s["name"] for s in self.f(key).get("customfield_10020") or []]

    def points(self, key: str) -> float:
        return self.f(key).get("customfield_10016") or 0

    def fix_versions(self, key: str) -> list[str]:
        return [v["name"] for v in self.f(key).get("fixVersions") or []]

    def closure(self, key: str, graph: dict[str, set[str]]) -> list[str]:
        seen, stack = [], [key]
        while stack:
            for other in sorted(graph.get(stack.pop(), ())):
                if other not in seen and other != key:
                    seen.append(other)
                    stack.append(other)
        return seen

    def descendants(self, key: str) -> list[str]:
        found = []
        for child in self.children[key]:
            found += [child, *self.descendants(child)]
        return found

    def ancestors(self, key: str) -> list[str]:
        found, parent = [], self.f(key).get("parent")
        while parent:
            found.append(parent["key"])
            parent = self.f(parent["key"]).get("parent")
        return found

    def in_sprint(self, sprint: str) -> list[str]:
        return [k for k in self.keys() if sprint in self.sprints(k)]

    def in_release(self, project: str, version: str) -> list[str]:
        return [k for k in self.keys(project) if version in self.fix_versions(k)]

    def overdue(self, key: str) -> bool:
        due = self.f(key).get("duedate")
        return bool(due) and self.is_open(key) and due < NOW.date().isoformat()


# --- one meaning: its forms and the expectations every form shares -------------------------------------


def meaning(
    dataset: str,
    intent: str,
    category: str,
    forms: list[tuple[str, str] | tuple[str, str, list[str]]],
    mentions=(),
    pairs=(),
    absent=(),
    lead=(),
) -> dict:
    rendered = []
    for form in forms:
        name, query, history = form if len(form) == 3 else (*form, [])
        words = len(query.split())
        if name == "chatty":
            assert 20 <= words <= 50, f"chatty form has {words} words: {query}"
        rendered.append({"form": name, "query": query, "history": list(history)})
    assert 2 <= len(rendered) <= 3
    # the scorer lowercases the answer but not a text "number", so a status standing in for one goes lowercase
    pairs = [(label, figure.lower() if isinstance(figure, str) else figure) for label, figure in pairs]
    expect = {"lead": list(lead), "pairs": [list(p) for p in pairs], "mentions": list(mentions), "absent": list(absent)}
    for text in expect["absent"]:  # an absent string may not hide inside a required one
        assert not any(text.lower() in str(m).lower() for m in expect["mentions"] + list(expect["lead"])), text
    return {"dataset": dataset, "intent": intent, "category": category, "forms": rendered, "expect": expect}


def only(items) -> object:
    items = list(items)
    assert len(items) == 1, items
    return items[0]


def top(counter: collections.Counter) -> tuple[str, int]:
    ranked = counter.most_common()
    assert ranked[0][1] > ranked[1][1], f"tie at the top: {ranked[:3]}"
    return ranked[0]


def as_int(value: float) -> int:
    assert float(value).is_integer(), value
    return int(value)


KEY_PREFIXES_DEMO = ["PROJ-", "MOB-", "WEB-", "DATA-", "OPS-", "INIT-"]


def demo_meanings(d: Demo) -> list[dict]:
    out: list[dict] = []

    def add(*args, **kwargs):
        out.append(meaning("demo", *args, **kwargs))

    # --- one issue's fields ---------------------------------------------------------------------------
    key = "DATA-587"
    add(
        "metadata",
        "field-assignee",
        [
            ("keywords", f"{key} assignee"),
            (
                "chatty",
                f"hey, I need to chase up the GDPR deletion crash bug, {key}, before the release goes out. "
                "who's actually the person on it right now so I can ping them directly?",
            ),
            ("paraphrase", f"Who is handling {key} at the moment?"),
        ],
        mentions=[d.assignee(key)],
    )

    key = "OPS-535"
    assert d.status(key) == "Blocked"
    add(
        "metadata",
        "field-status",
        [
            ("keywords", f"{key} status"),
            (
                "chatty",
                "quick one before standup: I'm trying to figure out whether the DNS failover benchmark work "
                f"is moving at all. what state is {key} in right now?",
            ),
            ("paraphrase", f"How is {key} getting on at the moment?"),
        ],
        mentions=[d.status(key)],
    )

    key = "OPS-540"
    add(
        "metadata",
        "field-due",
        [
            ("keywords", f"{key} due date"),
            (
                "chatty",
                "I'm planning next week's on-call handover and want to know how much slack we have. when is "
                f"{key}, the alert routing export story, supposed to be finished by?",
            ),
            ("paraphrase", f"By what day does {key} have to be finished?"),
        ],
        mentions=[d.f(key)["duedate"]],
    )

    key = "PROJ-483"
    current = d.sprints(key)[-1]
    assert current == "PROJ Sprint 53"
    add(
        "metadata",
        "field-sprint",
        [
            ("keywords", f"{key} sprint"),
            (
                "chatty",
                "our PM asked whether the API keys sharing story got carried over again. which sprint is "
                f"{key} sitting in at the moment? I want to tell her before the planning call",
            ),
            ("paraphrase", f"Which iteration is {key} scheduled in right now?"),
        ],
        mentions=[current.replace("PROJ ", "")],
    )

    key = "WEB-512"
    add(
        "metadata",
        "field-priority",
        [
            ("keywords", f"priority {key}"),
            (
                "chatty",
                "the screen reader labels doc task keeps getting bumped on our board and I can't tell whether "
                f"it matters. how urgent is {key} supposed to be, priority-wise?",
            ),
            ("paraphrase", f"How urgent is {key} marked as?"),
        ],
        mentions=[d.f(key)["priority"]["name"]],
    )

    key = "WEB-541"
    assert d.assignee(key) is None
    add(
        "metadata",
        "field-reporter",
        [
            ("keywords", f"{key} reporter"),
            (
                "chatty",
                f"somebody logged {key} about promo codes showing stale data at peak and I'd like to ask them "
                "for repro steps. who raised it originally?",
            ),
            ("paraphrase", f"Who first logged {key}?"),
        ],
        mentions=[d.reporter(key)],
    )

    key = "OPS-550"
    add(
        "metadata",
        "field-fixversion",
        [
            ("keywords", f"{key} fix version"),
            (
                "chatty",
                f"release manager here, doing a sanity pass. the cost dashboards config story {key}: which "
                "release is it targeted for? I want to make sure it's not slipping into next quarter",
            ),
            ("paraphrase", f"Which release is {key} meant to ship in?"),
        ],
        mentions=[only(d.fix_versions(key))],
    )

    key = "MOB-660"
    add(
        "metadata",
        "field-points",
        [
            ("keywords", f"story points {key}"),
            (
                "chatty",
                f"doing capacity maths for the mobile team and {key} (upgrade dark mode) looks chunky. how many "
                "points is it estimated at?",
            ),
            ("paraphrase", f"How big was {key} estimated to be?"),
        ],
        pairs=[("point", as_int(d.points(key)))],
    )

    key = "DATA-594"
    add(
        "metadata",
        "field-multi",
        [
            ("keywords", f"{key} assignee status due date"),
            (
                "chatty",
                "writing the weekly update for the data platform and I need the basics on "
                f"{key} (the churn model sharing story): who has it, what state it's in, and when it's due. thanks!",
            ),
            ("paraphrase", f"For {key}: who's doing it, how is it going, and when does it need to be done?"),
        ],
        mentions=[d.assignee(key), d.status(key), d.f(key)["duedate"]],
    )

    # --- children and hierarchy -----------------------------------------------------------------------
    key = "INIT-101"
    epics = d.children[key]
    assert all(d.type(e) == "Epic" for e in epics) and len(epics) == 2
    add(
        "children",
        "children-status",
        [
            ("keywords", f"{key} child epics status"),
            (
                "chatty",
                f"I'm reviewing the mobile-first checkout feature, {key}, for the portfolio meeting. what are "
                "the epics underneath it and where is each one at?",
            ),
            ("paraphrase", f"What pieces of work sit directly under {key}, and how is each one doing?"),
        ],
        mentions=epics,
        pairs=[(e, d.status(e)) for e in epics],
    )

    key = "OPS-541"
    stories = [c for c in d.children[key] if d.type(c) == "Story"]
    others = [c for c in d.children[key] if d.type(c) != "Story"]
    assert len(stories) <= 8 and others
    add(
        "children",
        "children-type",
        [
            ("keywords", f"stories in epic {key}"),
            (
                "chatty",
                f"I only care about the user-facing bits of the cluster upgrades epic {key}, not the tasks. can "
                "you list just the stories under it?",
            ),
            ("paraphrase", f"Which user stories are part of {key}? Skip the plain tasks."),
        ],
        mentions=stories,
        absent=others,
    )

    key = "MOB-152"
    subs = [c for c in d.children[key] if d.type(c) == "Sub-task"]
    done = [c for c in subs if d.status(c) == "Done"]
    assert not any(d.status(c) == "Won't Do" for c in subs)
    add(
        "children",
        "children-count",
        [
            ("keywords", f"{key} sub-tasks done count"),
            (
                "chatty",
                f"the crash reporting search story {key} has been open forever. how many of its sub-tasks are "
                "actually finished? trying to figure out if it's nearly there",
            ),
            ("paraphrase", f"How many of the small pieces split out of {key} are finished?"),
        ],
        pairs=[(key, len(done))],
    )  # the count with the issue it is about; the total is welcome, not required

    key = "INIT-94"
    tree = d.descendants(key)
    assert len(tree) > 8 and len(tree) > len(d.children[key])  # too many to list: the count it is
    add(
        "children",
        "children-descendants",
        [
            ("keywords", f"{key} all descendants"),
            (
                "chatty",
                f"for the enterprise customers initiative {key} I need the whole tree: features, epics and "
                "everything below them, not just the top level. can you pull that together?",
            ),
            ("paraphrase", f"Show me everything that hangs off {key}, all levels down."),
        ],
        pairs=[(key, len(tree))],
    )

    key = "WEB-541"
    chain = d.ancestors(key)
    initiative = only(k for k in chain if d.type(k) == "Initiative")
    add(
        "children",
        "children-ancestors",
        [
            ("keywords", f"{key} parent initiative"),
            (
                "chatty",
                "a stakeholder asked which big company goal the promo code stale-data bug "
                f"{key} is part of. can you trace it up to its initiative?",
            ),
            ("paraphrase", f"What top-level goal does {key} ultimately roll up into?"),
        ],
        mentions=[initiative],
    )

    key = "MOB-238"
    subs = [c for c in d.children[key] if d.type(c) == "Sub-task"]
    assert len(subs) == 3
    started = only(c for c in subs if d.status(c) != "To Do")
    add(
        "children",
        "children-subtasks",
        [
            ("keywords", f"sub-tasks of {key}"),
            (
                "chatty",
                f"the dark mode stale data bug {key} got split into sub-tasks a while back. what are they and "
                "how far along is each one?",
            ),
            ("paraphrase", f"What smaller pieces was {key} broken into, and how is each going?"),
        ],
        mentions=subs,
        pairs=[(started, d.status(started))],
    )

    # --- links ----------------------------------------------------------------------------------------
    key = "WEB-474"
    add(
        "linked",
        "links-blocked-by",
        [
            ("keywords", f"what blocks {key}"),
            (
                "chatty",
                f"{key} (the guest checkout filter story) has been sitting in progress for four sprints. is "
                "there something it's waiting on? what's blocking it?",
            ),
            ("paraphrase", f"Is anything holding up {key}? Which ticket needs to happen first?"),
        ],
        mentions=sorted(d.blocked_by[key]),
        absent=sorted(d.blocks[key]),
    )

    key = "OPS-553"
    add(
        "linked",
        "links-blocks",
        [
            ("keywords", f"{key} blocks"),
            (
                "chatty",
                f"nobody has picked up {key} (DNS failover visibility) yet. before I deprioritise it, which "
                "tickets are stuck waiting for it to be done?",
            ),
            ("paraphrase", f"What other work can't go ahead until {key} is finished?"),
        ],
        mentions=sorted(d.blocks[key]),
        absent=sorted(d.blocked_by[key]),
    )

    key = "WEB-523"
    original = only(o for n, p, o in d.links(key) if p == "duplicates")
    add(
        "linked",
        "links-duplicate",
        [
            ("keywords", f"{key} duplicate of"),
            (
                "chatty",
                f"someone flagged {key} as a dupe of an older bug, but I can't find the original. which issue "
                "is it a duplicate of?",
            ),
            ("paraphrase", f"{key} was marked as the same problem as an earlier ticket. Which one?"),
        ],
        mentions=[original],
    )

    key = "MOB-655"
    risks = sorted(o for n, p, o in d.links(key) if p == "has risk")
    add(
        "linked",
        "links-risk",
        [
            ("keywords", f"{key} risks"),
            (
                "chatty",
                f"the in-app purchases epic {key} is due next week and I want to know what risks people have "
                "logged against it. can you list them?",
            ),
            ("paraphrase", f"What possible threats have been recorded against {key}?"),
        ],
        mentions=risks,
    )

    key = "MOB-671"
    related = only(o for n, p, o in d.links(key))
    add(
        "linked",
        "links-relates",
        [
            ("keywords", f"{key} related issues"),
            (
                "chatty",
                f"I'm picking up {key} (upgrade biometric login) and want some background first. is it "
                "connected to any other tickets I should read?",
            ),
            ("paraphrase", f"Which other tickets are tied to {key}?"),
        ],
        mentions=[related],
    )

    key = "OPS-552"
    chain = d.closure(key, d.blocked_by)
    assert len(chain) == 4 and len(d.blocked_by[key]) == 1
    add(
        "dependencies",
        "links-chain",
        [
            ("keywords", f"{key} dependency chain"),
            (
                "chatty",
                f"{key} keeps slipping and I suspect it's stuck behind a long chain of other work across teams. "
                "what is it waiting on, all the way down?",
            ),
            (
                "paraphrase",
                f"What has to be finished before {key} can move, including whatever those things are waiting for?",
            ),
        ],
        mentions=chain,
    )

    cycle = sorted(
        k for k in list(d.blocked_by) if any(k == b or k in d.closure(b, d.blocked_by) for b in d.blocked_by[k])
    )
    assert len(cycle) == 4
    add(
        "dependencies",
        "links-cycle",
        [
            ("keywords", "blocking cycles"),
            (
                "chatty",
                "I have a feeling a few tickets across mobile, data and ops are blocking each other in a loop, "
                "so none of them can move. can you check for any circular blockers?",
            ),
            ("paraphrase", "Are there tickets that are each waiting on one another in a circle?"),
        ],
        mentions=cycle,
    )

    # --- history ---------------------------------------------------------------------------------------
    key = "MOB-682"
    recent = [h for h in d.histories(key) if when(h["created"]) >= LAST_7_DAYS]
    assert len(recent) == len(d.histories(key)) and when(d.f(key)["created"]) >= LAST_7_DAYS
    moves = [to for _, _, _, to in d.changes(key, "status")]
    actors = {a for _, a, _, _ in d.changes(key, "status")}
    add(
        "changelog",
        "history-recent",
        [
            ("keywords", f"{key} changes last 7 days"),
            (
                "chatty",
                f"{key} seems to have gone from nothing to done really fast. can you show me what happened to it "
                "over the past 7 days, and who did what?",
            ),
            ("paraphrase", f"Walk me through what was done to {key} in the past seven days."),
        ],
        mentions=[only(actors), *moves],
    )

    key = "DATA-543"
    stamp, who, _, _ = only(c for c in d.changes(key, "status") if c[3] == "Done")
    assert who != d.reporter(key)
    add(
        "changelog",
        "history-who-done",
        [
            ("keywords", f"who moved {key} to Done"),
            (
                "chatty",
                f"{key} got closed at the start of October and I want to ask whoever closed it a question. who "
                "moved it to Done, and when was that?",
            ),
            ("paraphrase", f"Who marked {key} as finished, and on what day?"),
        ],
        mentions=[who, day(stamp)],
    )

    key = "MOB-683"
    stamp, who, before, after = only(c for c in d.changes(key, "assignee") if c[2])
    add(
        "changelog",
        "history-assignee",
        [
            ("keywords", f"{key} assignee change date"),
            (
                "chatty",
                f"I thought Quinn was on {key} but now it shows someone else. when did the assignee change, and "
                "who did it go to?",
            ),
            ("paraphrase", f"When did {key} get handed to a different person, and from whom to whom?"),
        ],
        mentions=[day(stamp), before, after],
    )

    key = "MOB-592"
    stamp, who, before, after = only(d.changes(key, "priority"))
    assert after == d.f(key)["priority"]["name"]
    add(
        "changelog",
        "history-priority",
        [
            ("keywords", f"{key} priority history"),
            (
                "chatty",
                f"{key} is now showing as top urgency but I swear it wasn't a few months ago. who bumped its "
                "priority, and what was it before?",
            ),
            ("paraphrase", f"Who made {key} more urgent, and what was it set to before that?"),
        ],
        mentions=[who, before, after],
    )

    key = "DATA-37"
    assert d.status(key) == "Blocked"
    stamp, who, _, _ = only(c for c in d.changes(key, "status") if c[3] == "Blocked")
    add(
        "changelog",
        "history-since",
        [
            ("keywords", f"{key} blocked since"),
            (
                "chatty",
                f"{key}, the data retention double-charge bug, has been stuck for ages. since when exactly has "
                "it been blocked, and who flagged it?",
            ),
            ("paraphrase", f"How long has {key} been stuck, and since what date?"),
        ],
        mentions=[day(stamp)],
    )

    # --- summaries and progress -------------------------------------------------------------------------
    key = "DATA-586"
    kids = d.children[key]
    assert not any(d.status(c) == "Won't Do" for c in kids)
    assert d.descendants(key) == kids  # children or every level below: the same issues
    add(
        "summary",
        "progress-epic",
        [
            ("keywords", f"{key} progress"),
            (
                "chatty",
                f"the GDPR deletion requests v2 epic {key} was due a couple of days ago. how far along is it "
                "actually, how many of its pieces are done?",
            ),
            ("paraphrase", f"How close to finished is {key}?"),
        ],
        pairs=[(str(sum(not d.is_open(c) for c in kids)), len(kids))],
    )

    key = "INIT-94"
    add(
        "summary",
        "summary-initiative",
        [
            ("keywords", f"summarise {key}"),
            (
                "chatty",
                f"I've got five minutes with the VP about the enterprise customers initiative. can you give me a "
                f"quick summary of {key}: who owns it, where it stands, and what's under it?",
            ),
            ("paraphrase", f"Give me the short version of where {key} is."),
        ],
        mentions=[d.assignee(key)] + [c for c in d.children[key] if d.status(c) == "Blocked"],
    )

    key = "WEB-473"
    kids = d.children[key]
    assert all(not d.points(k) for k in d.descendants(key) if k not in kids)  # sub-tasks carry no points
    add(
        "summary",
        "progress-points",
        [
            ("keywords", f"{key} story points done vs total"),
            (
                "chatty",
                f"for the gift cards epic {key} I care about effort, not ticket counts. how many points are done "
                "out of the total?",
            ),
            ("paraphrase", f"Measured by estimated effort, how much of {key} is finished?"),
        ],
        pairs=[
            (str(as_int(sum(d.points(c) for c in kids if not d.is_open(c)))), as_int(sum(d.points(c) for c in kids)))
        ],
    )

    key = "OPS-501"
    kids = d.children[key]
    still = [c for c in kids if d.is_open(c)]
    assert len(still) == 2
    add(
        "summary",
        "summary-epic",
        [
            ("keywords", f"{key} overview"),
            (
                "chatty",
                f"the deploy pipeline v1 epic {key} is due on the 7th. give me a rundown: who's driving it, how "
                "much is done, and what's still open?",
            ),
            ("paraphrase", f"Tell me the state of play on {key} in a few lines."),
        ],
        mentions=[d.assignee(key), *still],
    )  # done counts differ between children and all levels below

    # --- team questions ------------------------------------------------------------------------------------
    def open_by_assignee(project: str, excluded=()) -> collections.Counter:
        return collections.Counter(
            d.assignee(k) for k in d.keys(project) if d.is_open(k) and d.assignee(k) and d.type(k) not in excluded
        )

    readings = [(), ("Epic",), ("Epic", "Sub-task"), ("Epic", "Sub-task", "Risk")]
    mob_top = {top(open_by_assignee("MOB", r))[0] for r in readings}
    points = collections.Counter()
    for k in d.keys("MOB"):
        if d.is_open(k) and d.assignee(k):
            points[d.assignee(k)] += d.points(k)
    mob_top.add(top(points)[0])
    add(
        "workload",
        "team-overloaded",
        [
            ("keywords", "overloaded MOB"),
            (
                "chatty",
                "I'm worried someone on the mobile team is drowning before the Q4 push. who's the most overloaded "
                "in MOB right now, compared with everyone else?",
            ),
            ("paraphrase", "On the Mobile Apps team, who has far too much on their plate?"),
        ],
        mentions=[only(mob_top)],
        lead=[only(mob_top)],
    )

    counts = {top(open_by_assignee("DATA", r)) for r in readings}
    who, n = only(counts)
    assert all(d.is_open(k) == d.is_open_by_resolution(k) for k in d.keys("DATA"))
    add(
        "workload",
        "team-most-open",
        [
            ("keywords", "most open issues DATA assignee"),
            (
                "chatty",
                "data platform standup is in ten minutes. which person has the most unresolved tickets assigned "
                "in DATA right now, and how many is that?",
            ),
            ("paraphrase", "In Data Platform, whose to-do pile is biggest right now?"),
        ],
        pairs=[(who, n)],
    )

    def active(project: str) -> str:
        names = {
            s["name"] for k in d.keys(project) for s in d.f(k).get("customfield_10020") or [] if s["state"] == "active"
        }
        return only(names)

    sprint = active("DATA")
    members = d.in_sprint(sprint)
    assert not any(d.status(k) == "Won't Do" for k in members)
    add(
        "sprint",
        "team-sprint",
        [
            ("keywords", "DATA current sprint progress"),
            (
                "chatty",
                "DATA's sprint wraps up on Tuesday and I need to tell stakeholders whether we'll land it. how is "
                "the current data platform sprint going?",
            ),
            ("paraphrase", "Is the Data Platform team on track for this two-week cycle?"),
        ],
        mentions=[sprint.replace("DATA ", "")],
        pairs=[(str(sum(not d.is_open(k) for k in members)), len(members))],
    )

    sprint = active("WEB")
    members = d.in_sprint(sprint)
    assert not any(d.status(k) == "Won't Do" for k in members)
    add(
        "sprint",
        "team-sprint",
        [
            ("keywords", "WEB sprint status"),
            (
                "chatty",
                "the storefront sprint ends tomorrow morning. honestly, how's it looking? how much of what we "
                "committed to is actually done so far?",
            ),
            ("paraphrase", "How much of what the Web Storefront team planned for this cycle has been finished?"),
        ],
        mentions=[sprint.replace("WEB ", "")],
        pairs=[(str(sum(not d.is_open(k) for k in members)), len(members))],
    )

    sprint = active("PROJ")
    members = d.in_sprint(sprint)
    assert len(members) <= 8 and not any(not d.is_open(k) for k in members)
    add(
        "sprint",
        "team-sprint",
        [
            ("keywords", "PROJ active sprint"),
            (
                "chatty",
                "core platform kicked off a new sprint yesterday. what's in it, and is anything already stuck? "
                "I want to flag problems early",
            ),
            (
                "paraphrase",
                "What did the Core Platform team take on for the cycle that just started, and is any of it stuck?",
            ),
        ],
        mentions=[sprint.replace("PROJ ", ""), *members],
    )

    release = d.in_release("WEB", "2026.Q4")
    add(
        "release",
        "team-release",
        [
            ("keywords", "WEB 2026.Q4 release progress"),
            (
                "chatty",
                "end-of-year storefront release check-in: how is WEB's 2026.Q4 going? I need done versus total "
                "and a feel for whether it's going to make it.",
            ),
            ("paraphrase", "Is the Web Storefront end-of-year release going to make it? How much is done?"),
        ],
        mentions=["2026.Q4"],
        pairs=[(str(sum(not d.is_open(k) for k in release)), len(release))],
    )

    release = d.in_release("MOB", "2026.Q4")
    stuck = sorted(
        {k for k in release if d.is_open(k) and d.status(k) == "Blocked"}
        | {k for k in release if d.is_open(k) and any(d.is_open(b) for b in d.blocked_by[k])}
    )
    blockers = sorted({b for k in release if d.is_open(k) for b in d.blocked_by[k] if d.is_open(b)})
    assert blockers and not set(blockers) & set(release)
    add(
        "release",
        "team-release-blockers",
        [
            ("keywords", "MOB 2026.Q4 blockers"),
            (
                "chatty",
                "mobile's 2026.Q4 release is at risk according to the PM. what exactly is blocking it, including "
                "anything sitting outside the mobile project?",
            ),
            ("paraphrase", "What's holding back the Mobile Apps end-of-year release?"),
        ],
        mentions=stuck + blockers,
    )

    release = d.in_release("OPS", "2026.Q4")
    dates = {
        v["releaseDate"]
        for k in release
        for v in d.f(k)["fixVersions"]
        if v["name"] == "2026.Q4" and v.get("releaseDate")
    }
    add(
        "release",
        "team-release-date",
        [
            ("keywords", "OPS 2026.Q4 release date open issues"),
            (
                "chatty",
                "ops folks keep asking me when 2026.Q4 actually ships for them. what's the release date for OPS "
                "2026.Q4, and how many of its issues are already done?",
            ),
            ("paraphrase", "When does the Operations end-of-year release go out, and how much of it is finished?"),
        ],
        mentions=[only(dates)],
        pairs=[(str(sum(not d.is_open(k) for k in release)), len(release))],
    )

    sprint = active("OPS")
    members = d.in_sprint(sprint)
    at_risk = sorted(
        k
        for k in members
        if d.is_open(k) and (d.overdue(k) or d.status(k) == "Blocked" or any(d.is_open(b) for b in d.blocked_by[k]))
    )
    finished = sorted(k for k in members if not d.is_open(k))
    assert len(at_risk) <= 8
    add(
        "risk",
        "team-risk",
        [
            ("keywords", "OPS sprint at risk"),
            (
                "chatty",
                "the ops sprint finishes on Wednesday. which of the tickets in it are at risk: overdue, blocked, "
                "that kind of thing? I want to escalate early",
            ),
            ("paraphrase", "In the Operations team's current cycle, what's in danger of not getting done?"),
        ],
        mentions=at_risk,
        absent=finished,
    )

    def window_facts(project: str, start: dt.datetime):
        created = sorted(k for k in d.keys(project) if when(d.f(k)["created"]) >= start)
        resolved = sorted(
            k for k in d.keys(project) if d.f(k).get("resolutiondate") and when(d.f(k)["resolutiondate"]) >= start
        )
        return created, resolved

    created, resolved = window_facts("MOB", SINCE_MONDAY)
    assert (created, resolved) == window_facts("MOB", LAST_7_DAYS) and len(created) <= 8
    add(
        "activity",
        "team-activity",
        [
            ("keywords", "MOB changes since Monday"),
            (
                "chatty",
                "I've been off since Monday and just got back. what changed in the mobile project since Monday? "
                "new tickets, stuff that got closed, reassignments, that sort of thing",
            ),
            ("paraphrase", "Catch me up on the Mobile Apps project since Monday."),
        ],
        mentions=created,
        pairs=[("resolved", len(resolved))],
    )

    touched = set()
    for start in (LAST_7_DAYS, SINCE_MONDAY, NOW - dt.timedelta(days=8)):
        keys = {
            k
            for k in d.keys("PROJ")
            if any(
                when(h["created"]) >= start and any(i["field"] != "Sprint" for i in h["items"]) for h in d.histories(k)
            )
        }
        touched.add(tuple(sorted(keys)))
    add(
        "activity",
        "team-activity",
        [
            ("keywords", "PROJ activity last 7 days"),
            (
                "chatty",
                "feels like core platform has gone really quiet lately. what actually happened in PROJ over the "
                "last 7 days? anything resolved or moved?",
            ),
            ("paraphrase", "What moved in the Core Platform project during the past week?"),
        ],
        mentions=list(only(touched)),
    )

    actor = "Farid Nguyen"
    completed = sorted(
        {
            k
            for k in d.keys()
            for stamp, who, _, to in d.changes(k, "status")
            if who == actor and to == "Done" and when(stamp) >= SINCE_MONDAY
        }
    )
    assert completed == sorted(
        {
            k
            for k in d.keys()
            for stamp, who, _, to in d.changes(k, "status")
            if who == actor and to == "Done" and when(stamp) >= LAST_7_DAYS
        }
    )
    add(
        "activity",
        "team-activity-person",
        [
            ("keywords", f"{actor} activity since Monday"),
            (
                "chatty",
                f"writing peer feedback for Farid and I want specifics. what has {actor} worked on or changed "
                "since Monday? tickets closed, moved, picked up...",
            ),
            ("paraphrase", f"What has {actor} been up to since Monday?"),
        ],
        mentions=completed,
    )

    web_open = [k for k in d.keys("WEB") if d.is_open(k)]
    by_status = collections.Counter(d.status(k) for k in web_open)
    add(
        "breakdown",
        "team-breakdown-status",
        [
            ("keywords", "WEB open issues by status"),
            (
                "chatty",
                "for the storefront retro I want a picture of where the open work is sitting. can you split "
                "WEB's unresolved issues by status?",
            ),
            ("paraphrase", "Of the Web Storefront work that's not finished, how much is at each stage?"),
        ],
        pairs=sorted(by_status.items(), key=lambda kv: -kv[1]),
    )

    by_type = collections.Counter(d.type(k) for k in d.keys("OPS"))
    add(
        "breakdown",
        "team-breakdown-type",
        [
            ("keywords", "OPS issues by type"),
            (
                "chatty",
                "trying to understand what the ops backlog is made of overall. how many of each issue type does "
                "OPS have, counting everything, closed or not?",
            ),
            (
                "paraphrase",
                "What kinds of tickets does Operations have, and how many of each, counting everything ever filed?",
            ),
        ],
        pairs=[kv for kv in by_type.most_common() if kv[0] in ("Story", "Sub-task", "Task", "Bug")],
    )

    bugs = [k for k in d.keys("DATA") if d.type(k) == "Bug" and d.is_open(k)]
    by_priority = collections.Counter(d.f(k)["priority"]["name"] for k in bugs)
    assert "Lowest" not in by_priority
    add(
        "breakdown",
        "team-breakdown-priority",
        [
            ("keywords", "DATA open bugs by priority"),
            (
                "chatty",
                "data platform bug triage is this afternoon. of the bugs still open in DATA, how do they split "
                "across priorities? just need the counts",
            ),
            ("paraphrase", "How urgent are the Data Platform's unfixed bugs, grouped by how urgent they are?"),
        ],
        pairs=[kv for kv in by_priority.most_common() if kv[0] in ("Medium", "Low", "Highest")],
    )

    by_person = open_by_assignee("PROJ")
    first, second = by_person.most_common(2)
    assert first[1] > second[1] > by_person.most_common(3)[2][1]
    add(
        "breakdown",
        "team-breakdown-assignee",
        [
            ("keywords", "PROJ open issues per assignee"),
            (
                "chatty",
                "I'm balancing load across the core platform team this week. can you break PROJ's open issues "
                "down by who they're assigned to?",
            ),
            ("paraphrase", "How is the unfinished Core Platform work spread across people?"),
        ],
        pairs=[first, second],
    )

    reporters = collections.Counter(d.reporter(k) for k in d.keys("MOB") if d.type(k) == "Bug")
    add(
        "ranking",
        "team-ranking-people",
        [
            ("keywords", "top bug reporter MOB"),
            (
                "chatty",
                "I want to send a thank-you to whoever finds the most bugs on mobile. who has reported the most "
                "bugs in MOB overall?",
            ),
            ("paraphrase", "Who on Mobile Apps has flagged the most defects?"),
        ],
        pairs=[top(reporters)],
    )

    epics = collections.Counter(
        {k: sum(d.is_open(c) for c in d.children[k]) for k in d.keys("MOB") if d.type(k) == "Epic"}
    )
    add(
        "ranking",
        "team-ranking-epics",
        [
            ("keywords", "MOB epic most open children"),
            (
                "chatty",
                "which mobile epic has the biggest pile of unfinished work under it? I want to focus the next "
                "planning session there.",
            ),
            ("paraphrase", "Among the Mobile Apps epics, which one has the most unfinished work hanging under it?"),
        ],
        pairs=[top(epics)],
    )

    bugs = [k for k in d.keys("DATA") if d.type(k) == "Bug"]
    closed = [k for k in bugs if not d.is_open(k)]
    assert len(closed) == sum(not d.is_open_by_resolution(k) for k in bugs)
    add(
        "stats",
        "team-ratio",
        [
            ("keywords", "DATA bugs resolved share"),
            (
                "chatty",
                "our director asked what share of data platform bugs we've actually resolved so far. can you "
                "give me the percentage and the counts behind it?",
            ),
            ("paraphrase", "Out of every bug ever logged in Data Platform, what portion has been dealt with?"),
        ],
        pairs=[(str(len(closed)), len(bugs))],
    )

    def in_month(field: str, month: str, shift: int = 0) -> int:
        stamps = [d.f(k).get(field) for k in d.keys("OPS")]
        return sum(
            1 for stamp in stamps if stamp and (when(stamp) + dt.timedelta(hours=shift)).strftime("%Y-%m") == month
        )

    made, fixed = in_month("created", "2026-10"), in_month("resolutiondate", "2026-10")
    assert all(
        (made, fixed) == (in_month("created", "2026-10", h), in_month("resolutiondate", "2026-10", h)) for h in (-3, 3)
    ), "a month edge is too close"
    add(
        "stats",
        "team-created-resolved",
        [
            ("keywords", "OPS created vs resolved October 2026"),
            (
                "chatty",
                "are we keeping up in ops or is the backlog growing? how many OPS issues were created versus "
                "resolved in October 2026? both numbers please",
            ),
            ("paraphrase", "In October 2026, did Operations open more tickets than it closed? Give me both numbers."),
        ],
        pairs=[("created", made), ("resolved", fixed)],
    )

    oldest = sorted((k for k in d.keys("PROJ") if d.is_open(k)), key=lambda k: when(d.f(k)["created"]))
    assert when(d.f(oldest[1])["created"]) - when(d.f(oldest[0])["created"]) > dt.timedelta(days=7)
    add(
        "ranking",
        "team-oldest",
        [
            ("keywords", "oldest open PROJ issue"),
            (
                "chatty",
                "cleaning up the core platform backlog this week. what's the oldest issue in PROJ that's still "
                "not resolved? I want to start there",
            ),
            ("paraphrase", "What's the longest-standing unfinished ticket in Core Platform?"),
        ],
        mentions=[oldest[0]],
    )

    key = "OPS-541"
    last = max(d.comments(key), key=lambda c: when(c["created"]))
    add(
        "comments",
        "team-comments-latest",
        [
            ("keywords", f"latest comment {key}"),
            (
                "chatty",
                f"I missed the discussion on the cluster upgrades epic. what was the most recent comment on {key}, "
                "and who left it?",
            ),
            ("paraphrase", f"What did the last person to write on {key} say?"),
        ],
        mentions=[last["author"]["displayName"], last["body"].rstrip(".").split(" in ")[-1]],
    )

    key = "WEB-370"
    authors = sorted({c["author"]["displayName"] for c in d.comments(key)})
    add(
        "comments",
        "team-comments-authors",
        [
            ("keywords", f"{key} comment authors"),
            (
                "chatty",
                f"the {key} risk ticket has a discussion going. who all has commented on it? I'd like to loop "
                "them into a meeting",
            ),
            ("paraphrase", f"Who has weighed in on {key} in the discussion?"),
        ],
        mentions=authors,
    )

    key = "WEB-410"
    assert d.overdue(key)
    stuck = sorted(c for c in d.children[key] if d.status(c) == "Blocked")
    add(
        "reasoning",
        "team-reason-late",
        [
            ("keywords", f"why is {key} late"),
            (
                "chatty",
                f"the wish lists v2 epic {key} was due back in May and it's still open. what's holding it up? I "
                "need the actual reasons, not just 'in progress'",
            ),
            ("paraphrase", f"What's the reason {key} is running so far behind?"),
        ],
        mentions=stuck,
    )

    key = "DATA-506"
    add(
        "reasoning",
        "team-reason-stuck",
        [
            ("keywords", f"why is {key} blocked"),
            (
                "chatty",
                f"{key} has been blocked since the summer and the data team keeps asking me about it. what is it "
                "actually waiting on, and why hasn't that cleared yet?",
            ),
            ("paraphrase", f"What's stopping {key} from moving forward?"),
        ],
        mentions=sorted(d.blocked_by[key]),
    )

    # --- pronoun follow-ups --------------------------------------------------------------------------
    key = "WEB-474"
    add(
        "linked",
        "pronoun-links",
        [
            ("pronouns", "what's blocking it?", [f"who owns {key}?"]),
            ("pronouns", "anything holding it up? what is it waiting for", [f"{key} assignee"]),
        ],
        mentions=sorted(d.blocked_by[key]),
        absent=sorted(d.blocks[key]),
    )

    key = "DATA-506"
    add(
        "metadata",
        "pronoun-field",
        [
            ("pronouns", "who reported it?", [f"what's the status of {key}?"]),
            ("pronouns", "ok, and who raised that one originally?", [f"is {key} done yet?"]),
        ],
        mentions=[d.reporter(key)],
    )

    key = "DATA-565"
    kids = d.children[key]
    assert not any(d.status(c) == "Won't Do" for c in kids) and d.descendants(key) == kids
    add(
        "children",
        "pronoun-children",
        [
            ("pronouns", "how many of its children are done?", [f"show me epic {key}"]),
            ("pronouns", "and how many of those are finished?", [f"what's in {key}?"]),
        ],
        pairs=[(str(sum(not d.is_open(c) for c in kids)), len(kids))],
    )

    key = "OPS-552"
    add(
        "dependencies",
        "pronoun-chain",
        [
            ("pronouns", "what is it waiting on, all the way down?", [f"who is working on {key}?"]),
            ("pronouns", "trace its blockers, and their blockers too", [f"{key} status"]),
        ],
        mentions=d.closure(key, d.blocked_by),
    )

    key = "MOB-592"
    stamp, who, before, after = only(d.changes(key, "priority"))
    add(
        "changelog",
        "pronoun-history",
        [
            ("pronouns", "who changed it, and when?", [f"what's the priority of {key}?"]),
            ("pronouns", "was it always like that? who set it?", [f"{key} priority"]),
        ],
        mentions=[who, day(stamp)],
    )

    sprint = active("DATA")
    stuck = sorted(k for k in d.in_sprint(sprint) if d.status(k) == "Blocked")
    add(
        "search",
        "pronoun-sprint",
        [
            ("pronouns", "which of those are blocked?", ["how is the DATA sprint going?"]),
            ("pronouns", "list the stuck ones", ["DATA sprint progress"]),
        ],
        mentions=stuck,
    )

    key = "WEB-512"
    ordered = sorted(d.comments(key), key=lambda c: when(c["created"]))
    others = sorted({c["author"]["displayName"] for c in ordered[:-1]} - {ordered[-1]["author"]["displayName"]})
    add(
        "comments",
        "pronoun-comments",
        [
            ("pronouns", "who else has commented on it?", [f"latest comment on {key}?"]),
            ("pronouns", "and who commented before that?", [f"what was the last comment on {key}"]),
        ],
        mentions=others,
    )

    who, _ = only({top(open_by_assignee("DATA", r)) for r in readings})
    theirs = [k for k in d.keys("DATA") if d.is_open(k) and d.assignee(k) == who]
    late = sorted(k for k in theirs if d.overdue(k))
    later = sorted(k for k in theirs if d.f(k).get("duedate") and not d.overdue(k))
    add(
        "search",
        "pronoun-overdue",
        [
            ("pronouns", "which of theirs are overdue?", ["who has the most open issues in DATA?"]),
            (
                "pronouns",
                "of that person's tickets, which are past their due date?",
                ["DATA: who has the most open work?"],
            ),
        ],
        mentions=late,
        absent=later,
    )

    # --- must ask back or refuse ---------------------------------------------------------------------
    people = d.people()
    missing = "WEB-999"
    assert missing not in d.by_key
    near = sorted({d.assignee(k) for k in ("WEB-9", "WEB-99") if d.assignee(k)})
    add(
        "clarify",
        "refuse-key",
        [
            ("keywords", f"{missing} assignee"),
            (
                "chatty",
                f"a customer email mentions ticket {missing} and says it was promised for this week. who is "
                "working on it? I can't seem to open it myself",
            ),
            ("paraphrase", f"Who's looking after {missing}?"),
        ],
        mentions=[missing],
        absent=near,
    )

    assert not any(k.startswith("CRM-") for k in d.by_key)
    add(
        "clarify",
        "refuse-project",
        [
            ("keywords", "CRM current sprint progress"),
            (
                "chatty",
                "the CRM team lead is out today and asked me to report on their sprint. how is the current CRM "
                "sprint going? anything blocked?",
            ),
            ("paraphrase", "Is the CRM team on track for their current cycle?"),
        ],
        mentions=["CRM"],
        absent=["Sprint 52", "Sprint 53"],
    )

    stranger = "Yusuf Demir"
    assert not any(part in name for name in people for part in stranger.split())
    add(
        "clarify",
        "refuse-person",
        [
            ("keywords", f"{stranger} open issues"),
            (
                "chatty",
                f"I'm covering for {stranger} while he's on leave and need to know what's on his plate. what "
                "open issues does he have right now?",
            ),
            ("paraphrase", f"What is {stranger} working on at the moment?"),
        ],
        mentions=[stranger],
        absent=KEY_PREFIXES_DEMO,
    )

    stranger = "Priya Raman"
    assert not any(part in name for name in people for part in stranger.split())
    add(
        "clarify",
        "refuse-person",
        [
            ("keywords", f"{stranger} changes this week"),
            (
                "chatty",
                f"{stranger} said she cleaned up a bunch of tickets this week and I'd like to thank her properly. "
                "what did she change or close?",
            ),
            ("paraphrase", f"What has {stranger} done in the tracker this week?"),
        ],
        mentions=[stranger],
        absent=KEY_PREFIXES_DEMO,
    )
    return out


class Fluid(Data):
    pass


def fluid_meanings(f: Fluid) -> list[dict]:
    out: list[dict] = []

    def add(*args, **kwargs):
        out.append(meaning("fluid", *args, **kwargs))

    def same_open(keys) -> None:
        assert all(f.is_open(k) == f.is_open_by_resolution(k) for k in keys), "open depends on the definition"

    key = "FLUID-6437"
    assert f.assignee(key) != f.reporter(key)
    add(
        "metadata",
        "field-assignee",
        [
            ("keywords", f"{key} assignee"),
            (
                "chatty",
                f"I hit the {{that}} record distribution problem described in {key} and want to talk to whoever "
                "owns it before I patch around it. who is it assigned to?",
            ),
            ("paraphrase", f"Who is looking after {key}?"),
        ],
        mentions=[f.assignee(key)],
    )

    key = "FLUID-886"
    add(
        "metadata",
        "field-status",
        [
            ("keywords", f"{key} status"),
            (
                "chatty",
                f"the tab-character inline edit bug {key} came up in our accessibility review. is it still open, "
                "closed, or what state is it in right now?",
            ),
            ("paraphrase", f"Where does {key} stand now?"),
        ],
        mentions=[f.status(key)],
    )

    key = "FLUID-5800"
    version = only(v["name"] for v in f.f(key)["fixVersions"])
    add(
        "metadata",
        "field-fixversion",
        [
            ("keywords", f"{key} fix version"),
            (
                "chatty",
                f"the grade merging bug {key} is hurting us in production. which Infusion release is the fix "
                "planned for? need to know if we should wait or work around it",
            ),
            ("paraphrase", f"In which release is {key} expected to be fixed?"),
        ],
        mentions=[version],
    )

    key = "DECA-188"
    component = only(c["name"] for c in f.f(key)["components"])
    add(
        "metadata",
        "field-multi",
        [
            ("keywords", f"{key} priority component reporter"),
            (
                "chatty",
                f"triaging old Decapod bugs. for {key} (poor type 2 output quality) can you tell me its priority, "
                "which component it's filed under, and who reported it?",
            ),
            (
                "paraphrase",
                f"For {key}: how urgent is it, which part of the product does it concern, and who raised it?",
            ),
        ],
        mentions=[f.f(key)["priority"]["name"], component, f.reporter(key)],
    )

    key = "FLUID-5337"
    linked = sorted(o for _, _, o in f.links(key))
    assert len(linked) == len(set(linked)) <= 8
    add(
        "linked",
        "links-all",
        [
            ("keywords", f"{key} linked issues"),
            (
                "chatty",
                f"I'm about to start on {key}, the model relay improvement. which other issues is it linked to? "
                "I don't want to miss related work",
            ),
            ("paraphrase", f"Which other tickets are connected to {key}?"),
        ],
        mentions=linked,
    )

    key = "FLUID-687"
    dupe = only(o for n, _, o in f.links(key) if n == "Duplicate")
    add(
        "linked",
        "links-duplicate",
        [
            ("keywords", f"{key} duplicate"),
            (
                "chatty",
                f"the uploader same-file-name bug {key} looks really familiar, I'm sure we've seen it before. was "
                "it marked as a duplicate of another issue? which one?",
            ),
            ("paraphrase", f"Is {key} the same problem as some other ticket? Which one?"),
        ],
        mentions=[dupe],
    )

    key = "FLUID-2355"
    deps = sorted(o for n, _, o in f.links(key) if n == "Dependency")
    add(
        "linked",
        "links-dependency",
        [
            ("keywords", f"{key} depends on"),
            (
                "chatty",
                f"looking at the old uploader storycard {key}. what does it depend on? I want to check whether "
                "those pieces ever landed before reviving it",
            ),
            ("paraphrase", f"Which tickets does {key} rely on?"),
        ],
        mentions=deps,
    )

    key = "FLUID-1528"
    last = max(f.comments(key), key=lambda c: when(c["created"]))
    add(
        "comments",
        "comments-latest",
        [
            ("keywords", f"latest comment {key}"),
            (
                "chatty",
                f"{key} about multi-line inline edit text has a long thread. what was the very last comment on "
                "it, who wrote it and when?",
            ),
            ("paraphrase", f"Who said the last word on {key}, and on what day?"),
        ],
        mentions=[last["author"]["displayName"], day(last["created"])],
    )

    key = "FLUID-887"
    comments = f.comments(key)
    authors = sorted({c["author"]["displayName"] for c in comments})
    add(
        "comments",
        "comments-authors",
        [
            ("keywords", f"{key} comments count authors"),
            (
                "chatty",
                f"{key}, the multiple spaces bug, seems to have had a design debate. how many comments does it "
                "have, and who took part?",
            ),
            ("paraphrase", f"How much discussion has {key} had, and from whom?"),
        ],
        mentions=authors,
        pairs=[("comment", len(comments))],
    )

    deca_open = [k for k in f.keys("DECA") if f.is_open(k)]
    same_open(f.keys("DECA"))
    by_type = collections.Counter(f.type(k) for k in deca_open)
    add(
        "breakdown",
        "team-breakdown-type",
        [
            ("keywords", "DECA open issues by type"),
            (
                "chatty",
                "we're deciding whether Decapod is worth reviving. of its unresolved issues, how many are bugs, "
                "tasks, features and so on? a breakdown by type please",
            ),
            ("paraphrase", "What kinds of unfinished tickets does Decapod still have, and how many of each?"),
        ],
        pairs=by_type.most_common(),
    )

    reporters = collections.Counter(f.reporter(k) for k in f.keys("DECA") if f.type(k) == "Bug" and f.reporter(k))
    add(
        "ranking",
        "team-ranking-people",
        [
            ("keywords", "DECA top bug reporter"),
            (
                "chatty",
                "for the Decapod retrospective I'd like to credit the person who found the most bugs. who "
                "reported the most bugs in DECA?",
            ),
            ("paraphrase", "Who flagged the most defects in Decapod?"),
        ],
        pairs=[top(reporters)],
    )

    reporters = collections.Counter(f.reporter(k) for k in f.keys("FLOE") if f.type(k) == "Bug" and f.reporter(k))
    (a, n), (b, m), (_, third) = reporters.most_common(3)
    assert n == m > third
    add(
        "ranking",
        "team-ranking-tie",
        [
            ("keywords", "FLOE most bugs reported by"),
            (
                "chatty",
                "settling a friendly bet on the Floe team: who has reported more bugs in FLOE than anyone else? "
                "if it's a tie, tell me everyone who shares first place",
            ),
            ("paraphrase", "Which person has filed the most defects in Floe?"),
        ],
        pairs=[(a, n), (b, m)],
    )

    bugs = [k for k in f.keys("IDI") if f.type(k) == "Bug"]
    same_open(bugs)
    closed = [k for k in bugs if not f.is_open(k)]
    add(
        "stats",
        "team-ratio",
        [
            ("keywords", "IDI bugs resolved fraction"),
            (
                "chatty",
                "writing the final report on the IDI project. what fraction of its bugs ended up resolved? "
                "please give the counts as well as the percentage",
            ),
            ("paraphrase", "Out of all the defects logged for IDI, how many got sorted out?"),
        ],
        pairs=[(str(len(closed)), len(bugs))],
    )

    infra_open = sorted((k for k in f.keys("INFRA") if f.is_open(k)), key=lambda k: when(f.f(k)["created"]))
    same_open(f.keys("INFRA"))
    add(
        "ranking",
        "team-oldest",
        [
            ("keywords", "oldest open INFRA issue"),
            (
                "chatty",
                "doing some spring cleaning on the infrastructure project before we archive it. which INFRA issue "
                "has been open the longest without being resolved?",
            ),
            ("paraphrase", "What's the longest-standing unfinished infrastructure ticket?"),
        ],
        mentions=[infra_open[0]],
    )

    fluid_keys = f.keys("FLUID")
    load = collections.Counter(f.assignee(k) for k in fluid_keys if f.is_open(k) and f.assignee(k))
    load_res = collections.Counter(f.assignee(k) for k in fluid_keys if f.is_open_by_resolution(k) and f.assignee(k))
    winner = top(load)[0]
    assert winner == top(load_res)[0]
    add(
        "workload",
        "team-overloaded",
        [
            ("keywords", "FLUID workload"),
            (
                "chatty",
                "the Infusion backlog is huge and I suspect it's piled onto one person. who has the most open "
                "issues assigned in FLUID, and how does that compare to everyone else?",
            ),
            ("paraphrase", "In Fluid Infusion, who is carrying the heaviest load of unfinished tickets?"),
        ],
        mentions=[winner],
        lead=[winner],
    )

    release = [k for k in fluid_keys if "5.0" in [v["name"] for v in f.f(k).get("fixVersions") or []]]
    same_open(release)
    add(
        "release",
        "team-release",
        [
            ("keywords", "Infusion 5.0 release progress"),
            (
                "chatty",
                "people keep asking me about Infusion 5.0. how is that release looking? how many of the issues "
                "targeted at it are resolved out of the total?",
            ),
            ("paraphrase", "How much of what was planned for Infusion 5.0 is actually finished?"),
        ],
        pairs=[(str(sum(not f.is_open(k) for k in release)), len(release))],
    )

    def local_month(stamp: str) -> str:
        return stamp[:7]

    filed = sorted(k for k in f.keys("FLOE") if local_month(f.f(k)["created"]) == "2020-03")
    assert filed == sorted(k for k in f.keys("FLOE") if when(f.f(k)["created"]).strftime("%Y-%m") == "2020-03")
    assert len(filed) <= 8
    add(
        "activity",
        "team-activity-month",
        [
            ("keywords", "FLOE issues created March 2020"),
            (
                "chatty",
                "I'm reconstructing what the Floe team was up to when everything went remote. what new issues "
                "were filed in FLOE during March 2020?",
            ),
            ("paraphrase", "What new Floe tickets came in during March 2020?"),
        ],
        mentions=filed,
    )

    kettle_open = [k for k in f.keys("KETTLE") if f.is_open(k)]
    same_open(f.keys("KETTLE"))
    by_priority = collections.Counter(f.f(k)["priority"]["name"] for k in kettle_open if f.f(k).get("priority"))
    add(
        "breakdown",
        "team-breakdown-priority",
        [
            ("keywords", "KETTLE open issues by priority"),
            (
                "chatty",
                "we might pick Kettle back up next quarter. how do its open issues break down by priority? I "
                "want to see if anything critical is lurking",
            ),
            ("paraphrase", "How urgent is the unfinished Kettle work, grouped by urgency?"),
        ],
        pairs=by_priority.most_common(),
    )

    key = "FLUID-5056"
    assert f.assignee(key) != f.reporter(key)
    add(
        "metadata",
        "pronoun-field",
        [
            ("pronouns", "and who is it assigned to?", [f"who reported {key}?"]),
            ("pronouns", "who's working on it now?", [f"{key} reporter"]),
        ],
        mentions=[f.assignee(key)],
    )

    key = "FLUID-2355"
    last = max(f.comments(key), key=lambda c: when(c["created"]))
    add(
        "comments",
        "pronoun-comments",
        [
            ("pronouns", "how many comments does it have, and who left the last one?", [f"what's linked to {key}?"]),
            ("pronouns", "who commented on it last, and how many comments are there?", [f"{key} dependencies"]),
        ],
        mentions=[last["author"]["displayName"]],
        pairs=[("comment", len(f.comments(key)))],
    )

    missing = "FLUID-99999"
    assert missing not in f.by_key
    add(
        "clarify",
        "refuse-key",
        [
            ("keywords", f"{missing} status"),
            (
                "chatty",
                f"an old mailing list thread points at {missing} as the fix for our uploader problem. what's its "
                "status? the link seems broken for me",
            ),
            ("paraphrase", f"How is {missing} doing?"),
        ],
        mentions=[missing],
    )

    stranger = "Marcus Whitfield"
    assert not any(part in name for name in f.people() for part in stranger.split())
    add(
        "clarify",
        "refuse-person",
        [
            ("keywords", f"{stranger} assigned issues"),
            (
                "chatty",
                f"{stranger} used to maintain parts of Infusion, I'm told. which issues is he assigned to? I "
                "want to know what was left hanging when he moved on",
            ),
            ("paraphrase", f"What tickets are on {stranger}'s list?"),
        ],
        mentions=[stranger],
        absent=["FLUID-", "FLOE-", "DECA-", "C2LC-", "SJRK-"],
    )
    return out


def build_pool(demo_path: str, fluid_path: str) -> list[dict]:
    return demo_meanings(Demo(read_jsonl(demo_path))) + fluid_meanings(Fluid(read_jsonl(fluid_path)))


def cases(meaning_: dict, prefix: str, number: int) -> list[dict]:
    rows, seen = [], collections.Counter()
    for form in meaning_["forms"]:
        seen[form["form"]] += 1
        suffix = form["form"] if seen[form["form"]] == 1 else f"{form['form']}{seen[form['form']]}"
        rows.append(
            {
                "id": f"{prefix}-{meaning_['dataset']}-{number:03d}-{suffix}",
                "query": form["query"],
                "history": form["history"],
                "intent": meaning_["intent"],
                "dataset": meaning_["dataset"],
                "form": form["form"],
                "category": meaning_["category"],
                "expect": meaning_["expect"],
            }
        )
    return rows


def split(pool: list[dict]) -> dict[str, list[dict]]:
    coin = random.Random(8)
    files: dict[str, list[dict]] = {"tune8": [], "held8": []}
    numbers: collections.Counter = collections.Counter()
    for meaning_ in pool:
        prefix = "tune8" if coin.random() < 0.5 else "held8"
        numbers[(prefix, meaning_["dataset"])] += 1
        files[prefix] += cases(meaning_, prefix, numbers[(prefix, meaning_["dataset"])])
    return files


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("demo", help="demo organisation issues (.jsonl.gz), seed 1, 3000 issues, end 2026-11-01")
    parser.add_argument("fluid", help="the Fluid archive issues.jsonl.gz")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent), help="where tune8/held8 go")
    parser.add_argument("--pool", help="also write the unsplit pool (ids prefixed pool8) here")
    args = parser.parse_args()
    pool = build_pool(args.demo, args.fluid)
    if args.pool:
        rows = [row for n, m in enumerate(pool, 1) for row in cases(m, "pool8", n)]
        write_jsonl(Path(args.pool), rows)
    for name, rows in split(pool).items():
        write_jsonl(Path(args.out) / f"{name}.jsonl", rows)
        print(f"{name}: {len(rows)} cases")


if __name__ == "__main__":
    main()
