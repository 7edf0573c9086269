"""A remote endpoint's recent answers, per endpoint: a dialogue asks about the same entity turn after
turn (its predicates, its labels), and each repeat would otherwise be a round trip. Bounded in entries,
in rows per entry and in age, so a long-running bot neither grows nor answers from a graph that has
since changed."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from jirakg.connectors.sparql.results import Results

ENTRIES = 1000
TTL_S = 300.0
# A dialogue's repeats are small (an entity's predicates, values, labels); a whole-graph read, such as the
# label index's million labels, is asked once and would only hold its memory for the TTL.
MAX_ROWS = 1000


class QueryCache:
    def __init__(self, entries: int = ENTRIES, ttl_s: float = TTL_S, clock: Callable[[], float] = time.monotonic):
        self.entries = entries
        self.ttl_s = ttl_s
        self.clock = clock
        self._kept: OrderedDict[str, tuple[Results, float]] = OrderedDict()

    def get(self, query: str) -> Results | None:
        kept = self._kept.get(query)
        if kept is None:
            return None
        if kept[1] <= self.clock():
            del self._kept[query]
            return None
        self._kept.move_to_end(query)
        return kept[0]

    def put(self, query: str, results: Results) -> None:
        if len(results.rows) > MAX_ROWS:
            return
        self._kept[query] = (results, self.clock() + self.ttl_s)
        self._kept.move_to_end(query)
        while len(self._kept) > self.entries:
            self._kept.popitem(last=False)  # the least recently used
