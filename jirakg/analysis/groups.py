"""Grouping, ranking with ties, medians and shares: the arithmetic every team answer shares."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Literal

from jirakg.analysis.values import values
from jirakg.graph import Node


def grouped(nodes: Iterable[Node], field: str, weight: Callable[[Node], float] = lambda _: 1.0
            ) -> list[tuple[str, float]]:
    """(value, total weight) per value of `field`, largest first; an issue counts once per value it has."""
    totals: dict[str, float] = defaultdict(float)
    for node in nodes:
        for value in dict.fromkeys(values(node, field)):
            totals[value] += weight(node)
    return sorted(totals.items(), key=lambda item: (-item[1], item[0].lower()))


def leaders(ranked: list[tuple[str, float]], direction: Literal["most", "fewest"]) -> tuple[list[str], float]:
    """The values tied at the top (most) or at the bottom among those present (fewest), and their figure."""
    if not ranked:
        return [], 0
    best = ranked[0][1] if direction == "most" else ranked[-1][1]
    return [value for value, figure in ranked if figure == best], best


def median(figures: list[float]) -> float:
    return statistics.median(figures) if figures else 0.0


def percent(part: float, whole: float) -> int:
    """A whole percentage, rounded half up (42.5 → 43), as people expect rather than banker's rounding."""
    return int(100 * part / whole + 0.5) if whole else 0


def names(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"
