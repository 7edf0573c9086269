"""Prometheus text exposition of what operators watch: turns and their latency per intent, cache
hit ratio, LLM fallbacks, feedback counts. Written by hand: a few counters need no library."""

from __future__ import annotations

from collections import defaultdict

from jirakg.engine.turn import TurnResult

BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.turns: dict[str, int] = defaultdict(int)
        self.latency: dict[str, list[int]] = defaultdict(lambda: [0] * (len(BUCKETS) + 1))
        self.latency_sum: dict[str, float] = defaultdict(float)
        self.cache = {"hit": 0, "miss": 0}
        self.fallbacks = 0
        self.feedback: dict[str, int] = defaultdict(int)
        self.requests: dict[tuple[str, int], int] = defaultdict(int)

    def turn(self, result: TurnResult, seconds: float) -> None:
        for intent in result.intents or ["none"]:
            self.turns[intent] += 1
            self.latency_sum[intent] += seconds
            bucket = next((n for n, bound in enumerate(BUCKETS) if seconds <= bound), len(BUCKETS))
            self.latency[intent][bucket] += 1
        self.cache["hit"] += result.stats.cache_hits
        self.cache["miss"] += result.stats.cache_misses
        self.fallbacks += result.stats.llm_fallbacks

    def render(self) -> str:
        out = ["# HELP jirakg_turns_total Questions answered, by intent.", "# TYPE jirakg_turns_total counter"]
        out += [f'jirakg_turns_total{{intent="{i}"}} {n}' for i, n in sorted(self.turns.items())]
        out += ["# HELP jirakg_turn_seconds Time to answer a question, by intent.",
                "# TYPE jirakg_turn_seconds histogram"]
        for intent, counts in sorted(self.latency.items()):
            running = 0
            for bound, count in zip([*map(str, BUCKETS), "+Inf"], counts, strict=True):
                running += count
                out.append(f'jirakg_turn_seconds_bucket{{intent="{intent}",le="{bound}"}} {running}')
            out.append(f'jirakg_turn_seconds_sum{{intent="{intent}"}} {self.latency_sum[intent]:.6f}')
            out.append(f'jirakg_turn_seconds_count{{intent="{intent}"}} {running}')
        looked = self.cache["hit"] + self.cache["miss"]
        out += ["# HELP jirakg_cache_lookups_total JQL cache lookups (JQL → issue keys), by result.",
                "# TYPE jirakg_cache_lookups_total counter",
                f'jirakg_cache_lookups_total{{result="hit"}} {self.cache["hit"]}',
                f'jirakg_cache_lookups_total{{result="miss"}} {self.cache["miss"]}',
                "# HELP jirakg_cache_hit_ratio Share of JQL cache lookups answered from the cache.",
                "# TYPE jirakg_cache_hit_ratio gauge",
                f"jirakg_cache_hit_ratio {self.cache['hit'] / looked if looked else 0:.4f}",
                "# HELP jirakg_llm_fallbacks_total Stages where the LLM failed or was rejected "
                "and the embedded path answered.",
                "# TYPE jirakg_llm_fallbacks_total counter", f"jirakg_llm_fallbacks_total {self.fallbacks}",
                "# HELP jirakg_feedback_total Feedback received, by rating.", "# TYPE jirakg_feedback_total counter"]
        out += [f'jirakg_feedback_total{{rating="{r}"}} {self.feedback[r]}' for r in ("up", "down")]
        out += ["# HELP jirakg_http_requests_total HTTP requests, by route and status.",
                "# TYPE jirakg_http_requests_total counter"]
        out += [f'jirakg_http_requests_total{{route="{r}",status="{s}"}} {n}'
                for (r, s), n in sorted(self.requests.items())]
        return "\n".join(out) + "\n"
