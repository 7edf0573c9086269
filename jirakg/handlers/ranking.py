"""ranking: who or which has the most or fewest of the selected issues, or which issues are the oldest,
newest, most commented, most linked, most watched, most voted or largest; ties are named as ties."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from jirakg.analysis.groups import grouped, leaders, median, names
from jirakg.analysis.values import (
    NONE,
    POPULARITY,
    date_of,
    days_text,
    epic_titles,
    in_days,
    is_open,
    number,
    popularity,
    shown_number,
)
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import Node
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import Measure
from jirakg.retrieval.facts import TeamFacts

RUNNERS_UP = 5
TIES_SHOWN = 8
PEOPLE = {"assignee", "reporter"}


def word(facts: TeamFacts) -> Answer:
    measure = team.measure_of(facts.plan.intent)
    w = Writer()
    if not facts.nodes:
        w.line(f"No {team.scope(facts)}, so there is nothing to rank.")
    elif measure.group_by:
        _values(facts, measure, w)
    else:
        _issues(facts, measure, w)
    search.unused(facts, w)
    return w.result()


def _values(facts: TeamFacts, measure: Measure, w: Writer) -> None:
    """People or field values ranked by how many of the issues (or story points) they have."""
    field = measure.group_by[0]
    weight: Callable[[Node], float] = ((lambda n: number(n, measure.points_field)) if measure.metric == "points"
                                       else (lambda _: 1.0))
    unit = "story points" if measure.metric == "points" else "issues"
    if field == "epic" and measure.metric != "points":  # an epic's issues are its children
        unit = "open child issues" if all(is_open(node) for node in facts.nodes) else "child issues"
    everyone = grouped(facts.nodes, field, weight)
    titles = epic_titles(facts.nodes) if field == "epic" else {}
    ranked = [(value, figure) for value, figure in everyone if value != NONE]
    if not ranked:
        label = team.label(field, measure)
        article = "an" if label[0] in "aeiou" else "a"  # "has an epic"
        w.line(f"None of the {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}) has {article} "
               f"{label}, so no {label} has the {measure.direction}.")
        return
    top, figure = leaders(ranked, measure.direction)
    verb = "has" if len(top) == 1 else "are tied with"
    middle = median([f for _, f in ranked])
    compared = f" (median {shown_number(middle)} per {team.label(field, measure)})" if field in PEOPLE else ""
    w.line(f"{names(top)} {verb} the {measure.direction} {unit}: {shown_number(figure)}"
           f"{' each' if len(top) > 1 else ''}{compared}, of {plural(len(facts.nodes), 'issue')} "
           f"({team.scope(facts)}).")
    shown = ranked if measure.direction == "most" else list(reversed(ranked))
    for value, amount in shown[:max(measure.top or 0, RUNNERS_UP)]:
        title = f" {titles[value]}" if titles.get(value) else ""  # an epic: its summary after its key
        w.line(f"- {value}{title}: {shown_number(amount)}")
    missing = dict(everyone).get(NONE)
    if missing:
        w.line(f"{shown_number(missing)} {'issues' if field == 'epic' else unit} have no "
               f"{team.label(field, measure)}.")


def _issues(facts: TeamFacts, measure: Measure, w: Writer) -> None:
    """Issues ranked by age, comments, links or story points."""
    now = team.as_of(facts)
    figure = _figure(measure, now)
    scored = [(node, score) for node in facts.nodes if (score := figure(node)) is not None]
    if not scored:
        w.line(f"None of the {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}) has a "
               f"{_what(measure).removesuffix('s') + ' count' if measure.metric in POPULARITY else _what(measure)} "
               f"to rank by.")
        return
    scored.sort(key=lambda item: (-item[1] if measure.direction == "most" else item[1], item[0].key))
    best = scored[0][1]
    if measure.metric in POPULARITY and measure.direction == "most" and not best:
        w.line(f"None of the {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}) has any {_what(measure)}.")
        return
    top = [node for node, score in scored if score == best] if not measure.top else [n for n, _ in scored[:measure.top]]
    adjective = _adjective(measure)
    keys = names([w.cite(node) for node in top[:TIES_SHOWN]]
                 + ([f"{len(top) - TIES_SHOWN} more"] if len(top) > TIES_SHOWN else []))
    if measure.top:
        w.line(f"The {measure.top} {adjective} of {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}): {keys}.")
    else:
        tie = f" ({len(top)} tied)" if len(top) > 1 else ""
        w.line(f"The {adjective} of {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}): {keys}{tie}, "
               f"{_described(measure, best)}.")
    for node, score in scored[:max(measure.top or 0, RUNNERS_UP)]:
        w.line(f"- {w.cite(node)} {node.summary} ({node.status}): {_described(measure, score)}")


def _figure(measure: Measure, now: datetime) -> Callable[[Node], float | None]:
    if measure.metric == "comments":
        return lambda node: float(len(node.comments))
    if measure.metric == "links":
        return lambda node: float(sum(len(keys) for sides in node.links.values() for keys in sides.values()))
    if measure.metric == "points":
        return lambda node: number(node, measure.points_field)
    if measure.metric in POPULARITY:
        return lambda node: popularity(node, measure.metric)

    def age(node: Node) -> float | None:
        created = date_of(node, "created")
        return in_days(now - created) if created else None
    return age


def _adjective(measure: Measure) -> str:
    if measure.metric == "age":
        return "oldest" if measure.direction == "most" else "newest"
    if measure.metric in POPULARITY:  # "the most watched", "the least voted"
        verb = "watched" if measure.metric == "watchers" else "voted"
        return f"{'most' if measure.direction == 'most' else 'least'} {verb}"
    return f"{measure.direction} {_what(measure)}"


def _what(measure: Measure) -> str:
    return {"comments": "comments", "links": "links", "points": "story points", "watchers": "watchers",
            "votes": "votes"}.get(measure.metric, "creation date")


def _described(measure: Measure, score: float) -> str:
    if measure.metric == "age":
        return f"created {days_text(score)} ago"
    return f"{shown_number(score)} {_what(measure)}"


HANDLER = JiraHandler(team.plan, team.fetch, word)
