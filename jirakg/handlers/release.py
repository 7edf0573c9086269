"""release: progress of a fix version: done of total, open issues by status, the unresolved issues
blocking them (from inside or outside the release), overdue items, and the release date."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from jirakg.analysis.groups import percent
from jirakg.analysis.values import date_of, days_text, in_days, is_done, is_open, person
from jirakg.answer.templated import Answer, Writer
from jirakg.graph import Node
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.retrieval.facts import TeamFacts

SHOWN = 8


def word(facts: TeamFacts) -> Answer:
    w = Writer()
    versions = facts.plan.intent.slots.fix_versions
    if not versions:
        w.line("Which release do you mean? Name a fix version, for example 'How is the 2.0 release going?'.")
        return w.result()
    now = team.as_of(facts)
    for version in versions:
        members = [n for n in facts.nodes if version in _versions(n)]
        _progress(version, members, facts.others, now, w)
    search.unused(facts, w)
    return w.result()


def _versions(node: Node) -> dict[str, dict]:
    raw = node.fields.get("fixVersions")
    return {str(v.get("name")): v for v in raw if isinstance(v, dict)} if isinstance(raw, list) else {}


def _progress(version: str, members: list[Node], blockers: list[Node], now: datetime, w: Writer) -> None:
    if not members:
        w.line(f"No issues have the fix version {version} (with the other conditions asked).")
        return
    done = [n for n in members if is_done(n)]
    info = _versions(members[0]).get(version, {})
    when = ""
    if info.get("releaseDate"):
        date = datetime.fromisoformat(info["releaseDate"]).replace(tzinfo=now.tzinfo)
        gap = in_days(date - now)
        when = (f"; released {info['releaseDate']}" if info.get("released")
                else f"; release date {info['releaseDate']}, "
                     + (f"{days_text(gap)} away" if gap >= 0 else f"passed {days_text(-gap)} ago"))
    w.line(f"{version}: {len(done)} of {len(members)} issues done ({percent(len(done), len(members))}%){when}.")
    open_ones = [n for n in members if is_open(n)]
    by_status = Counter(n.status or "none" for n in open_ones)
    if by_status:
        w.line("- Open by status: " + ", ".join(f"{s} {c}" for s, c in by_status.most_common()))
    holding = {b.key: b for b in blockers}
    blocking = [(b, n) for n in open_ones for b in (holding.get(k) for k in team.blocker_keys(n)) if b]
    if blocking:
        w.line("- Blocking its open issues: " + "; ".join(
            f"{w.cite(b)} ({', '.join(filter(None, [b.status, person(b)]))}) blocks {w.cite(n)}"
            for b, n in blocking[:SHOWN]) + (f"; and {len(blocking) - SHOWN} more" if len(blocking) > SHOWN else ""))
    else:
        w.line("- No unresolved issue blocks its open issues.")
    overdue = [n for n in open_ones if (due := date_of(n, "duedate")) and due < now]
    if overdue:
        w.line(f"- Overdue: {len(overdue)} (" + ", ".join(w.cite(n) for n in overdue[:SHOWN])
               + (f" and {len(overdue) - SHOWN} more" if len(overdue) > SHOWN else "") + ")")


HANDLER = JiraHandler(team.plan, team.with_blockers(team.fetch), word)
