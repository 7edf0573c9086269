"""stats: a share, a ratio between two parts, an average or median (age, time to resolve, story points), a
story-point sum, or issues created vs resolved per week or month, over the selected issues."""

from __future__ import annotations

import asyncio
import statistics
from collections import Counter

from jirakg.analysis.groups import percent
from jirakg.analysis.values import date_of, days_text, in_days, is_open, number, period_of, shown_number
from jirakg.answer.templated import Answer, Writer, plural
from jirakg.graph import GraphManager, Node
from jirakg.handlers import search, team
from jirakg.handlers.base import JiraHandler
from jirakg.intents.models import Measure
from jirakg.retrieval.facts import TeamFacts
from jirakg.retrieval.plan import RetrievalPlan

PERIODS_SHOWN = 24


async def fetch(plan: RetrievalPlan, manager: GraphManager) -> TeamFacts:
    facts = await team.fetch(plan, manager)
    measure = team.measure_of(plan.intent)
    base = team.ORDER_BY.split(facts.plan.jql or team.EVERYTHING, maxsplit=1)[0]  # a count needs no order
    # A share's or a ratio's parts, read side by side
    facts.others, facts.compared = await asyncio.gather(_part(manager, base, measure.subset_jql),
                                                        _part(manager, base, measure.versus_jql))
    return facts


async def _part(manager: GraphManager, base: str, jql: str | None) -> list[Node]:
    return (await manager.get(team.narrowed_jql(base, jql), ["resolution"])).nodes if jql else []


def word(facts: TeamFacts) -> Answer:
    measure = team.measure_of(facts.plan.intent)
    w = Writer()
    if not facts.nodes:
        w.line(f"No {team.scope(facts)}, so there is nothing to measure.")
    elif measure.statistic == "share" and not measure.subset_jql:
        w.line("Which part of them do you mean? Ask for example 'what fraction of FLUID bugs are resolved?'.")
    elif measure.statistic == "share" and measure.subset_jql:
        part, whole = len(facts.others), len(facts.nodes)
        w.line(f"{percent(part, whole)}% of the {plural(whole, 'issue')} ({team.scope(facts)}) match "
               f"{measure.subset_jql}: {part} of {whole}.")
    elif measure.statistic == "ratio":
        _ratio(facts, measure, w)
    elif measure.statistic == "sum":
        total = sum(number(n, measure.points_field) for n in facts.nodes)
        unestimated = sum(1 for n in facts.nodes if not number(n, measure.points_field))
        w.line(f"{shown_number(total)} story points in {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}); "
               f"{unestimated} of them have no estimate.")
    elif measure.statistic == "throughput":
        _throughput(facts, measure, w)
    else:
        _average(facts, measure, w)
    search.unused(facts, w)
    return w.result()


def _ratio(facts: TeamFacts, measure: Measure, w: Writer) -> None:
    """Two parts of the selection counted and compared: "34 bugs to 51 stories: 0.67 to 1"."""
    if not (measure.subset_jql and measure.versus_jql and len(measure.parts) == 2):
        w.line("Which two parts do you want compared? Ask for example 'ratio of bugs to stories in MOB'.")
        return
    first, second = len(facts.others), len(facts.compared)
    a, b = measure.parts
    figures = f"{first} {_noun(first, a)} to {second} {_noun(second, b)}"
    if not second:
        w.line(f"{figures} ({team.scope(facts)}): with no {_noun(2, b)} there is no ratio.")
    else:
        inverse = f", or 1 to {_decimal(second / first)}" if 0 < first < second else ""
        w.line(f"{figures}: a ratio of {_decimal(first / second)} to 1{inverse} ({team.scope(facts)}).")
    for part, jql, count in ((a, measure.subset_jql, first), (b, measure.versus_jql, second)):
        w.line(f"- {_noun(2, part)} ({jql}): {count} ({percent(count, first + second)}% of the two)")
    firsts, seconds = {n.key for n in facts.others}, {n.key for n in facts.compared}
    if firsts & seconds:
        w.line(f"{plural(len(firsts & seconds), 'issue')} counted in both.")
    w.line(f"Of {plural(len(facts.nodes), 'issue')} in all, {len(facts.nodes) - len(firsts | seconds)} are neither.")


def _decimal(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _noun(count: int, phrase: str) -> str:
    """The part as asked ("bug", "open stories") in the number `count` calls for: "bugs", "1 open story"."""
    *head, last = phrase.split()
    if count == 1:
        last = last[:-3] + "y" if last.endswith("ies") else last[:-1] if last.endswith("s") else last
    elif not last.endswith("s"):
        last = last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou" else last + "s"
    return " ".join([*head, last])


def _average(facts: TeamFacts, measure: Measure, w: Writer) -> None:
    now = team.as_of(facts)
    which = "median" if measure.statistic == "median" else "average"
    combine = statistics.median if which == "median" else statistics.fmean
    if measure.metric == "points":
        figures = [number(n, measure.points_field) for n in facts.nodes if number(n, measure.points_field)]
        if figures:
            w.line(f"The {which} estimate is {shown_number(combine(figures))} story points, over the "
                   f"{plural(len(figures), 'estimated issue')} of {len(facts.nodes)} ({team.scope(facts)}).")
        else:
            w.line(f"None of the {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}) has an estimate.")
        return
    if measure.metric == "resolution_time":
        spans = [in_days(resolved - created) for n in facts.nodes
                 if (created := date_of(n, "created")) and (resolved := date_of(n, "resolutiondate"))]
        if not spans:
            w.line(f"None of the {plural(len(facts.nodes), 'issue')} ({team.scope(facts)}) has a resolution date, "
                   f"so I cannot tell how long they took to resolve.")
            return
        w.line(f"The {which} time to resolve is {days_text(combine(spans))}, over the "
               f"{plural(len(spans), 'resolved issue')} of {len(facts.nodes)} ({team.scope(facts)}).")
        return
    ages = [in_days(now - created) for n in facts.nodes if (created := date_of(n, "created"))]
    open_note = "" if all(is_open(n) for n in facts.nodes) else " (resolved ones included: ages count from creation)"
    w.line(f"The {which} age is {days_text(combine(ages))}, over {plural(len(ages), 'issue')} "
           f"({team.scope(facts)}){open_note}, as of {now:%Y-%m-%d}.")


def _throughput(facts: TeamFacts, measure: Measure, w: Writer) -> None:
    created: Counter[str] = Counter(period_of(d, measure.period) for n in facts.nodes if (d := date_of(n, "created")))
    resolved: Counter[str] = Counter(period_of(d, measure.period) for n in facts.nodes
                                     if (d := date_of(n, "resolutiondate")))
    periods = sorted(set(created) | set(resolved))[-PERIODS_SHOWN:]
    w.line(f"Created vs resolved per {measure.period} ({team.scope(facts)}): {sum(created.values())} created, "
           f"{sum(resolved.values())} resolved in all.")
    for period in periods:
        w.line(f"- {period}: {created[period]} created, {resolved[period]} resolved")


HANDLER = JiraHandler(team.plan, fetch, word)
