"""Prometheus text exposition of what operators watch: turns and their latency per intent, cache
hit ratio, LLM calls by stage and outcome with their latency, LLM fallbacks by stage and reason,
feedback counts. Written by hand: a few counters need no library."""

from __future__ import annotations

from collections import defaultdict

from jirakg.engine.turn import TurnResult

BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Histogram:
    """Cumulative buckets per label set, as Prometheus reads them."""

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0] * (len(BUCKETS) + 1))
        self.sums: dict[str, float] = defaultdict(float)

    def observe(self, labels: str, seconds: float) -> None:
        self.sums[labels] += seconds
        self.counts[labels][next((n for n, bound in enumerate(BUCKETS) if seconds <= bound), len(BUCKETS))] += 1

    def render(self, name: str) -> list[str]:
        out = []
        for labels, counts in sorted(self.counts.items()):
            running = 0
            for bound, count in zip([*map(str, BUCKETS), "+Inf"], counts, strict=True):
                running += count
                out.append(f'{name}_bucket{{{labels},le="{bound}"}} {running}')
            out.append(f"{name}_sum{{{labels}}} {self.sums[labels]:.6f}")
            out.append(f"{name}_count{{{labels}}} {running}")
        return out


class Metrics:
    def __init__(self) -> None:
        self.turns: dict[str, int] = defaultdict(int)
        self.latency = Histogram()
        self.cache = {"hit": 0, "miss": 0}
        self.llm_calls: dict[tuple[str, str], int] = defaultdict(int)
        self.llm_latency = Histogram()
        self.fallbacks: dict[tuple[str, str], int] = defaultdict(int)
        self.feedback: dict[str, int] = defaultdict(int)
        self.requests: dict[tuple[str, int], int] = defaultdict(int)

    def turn(self, result: TurnResult, seconds: float) -> None:
        for intent in result.intents or ["none"]:
            self.turns[intent] += 1
            self.latency.observe(f'intent="{intent}"', seconds)
        self.cache["hit"] += result.stats.cache_hits
        self.cache["miss"] += result.stats.cache_misses
        for call in result.stats.llm_calls:
            self.llm_calls[(call.stage, call.outcome)] += 1
            self.llm_latency.observe(f'stage="{call.stage}"', call.seconds)
        for reason in result.stats.fallback_reasons:
            self.fallbacks[_fallback_labels(reason)] += 1

    def render(self) -> str:
        out = ["# HELP jirakg_turns_total Questions answered, by intent.", "# TYPE jirakg_turns_total counter"]
        out += [f'jirakg_turns_total{{intent="{i}"}} {n}' for i, n in sorted(self.turns.items())]
        out += ["# HELP jirakg_turn_seconds Time to answer a question, by intent.",
                "# TYPE jirakg_turn_seconds histogram", *self.latency.render("jirakg_turn_seconds")]
        looked = self.cache["hit"] + self.cache["miss"]
        out += ["# HELP jirakg_cache_lookups_total JQL cache lookups (JQL → issue keys), by result.",
                "# TYPE jirakg_cache_lookups_total counter",
                f'jirakg_cache_lookups_total{{result="hit"}} {self.cache["hit"]}',
                f'jirakg_cache_lookups_total{{result="miss"}} {self.cache["miss"]}',
                "# HELP jirakg_cache_hit_ratio Share of JQL cache lookups answered from the cache.",
                "# TYPE jirakg_cache_hit_ratio gauge",
                f"jirakg_cache_hit_ratio {self.cache['hit'] / looked if looked else 0:.4f}",
                "# HELP jirakg_llm_calls_total Calls to the LLM, by stage and outcome "
                "(ok, timeout, error, invalid, skipped).", "# TYPE jirakg_llm_calls_total counter"]
        out += [f'jirakg_llm_calls_total{{stage="{s}",outcome="{o}"}} {n}'
                for (s, o), n in sorted(self.llm_calls.items())]
        out += ["# HELP jirakg_llm_call_seconds Time an LLM call took, by stage.",
                "# TYPE jirakg_llm_call_seconds histogram", *self.llm_latency.render("jirakg_llm_call_seconds"),
                "# HELP jirakg_llm_fallbacks_total Stages where the LLM failed or was rejected "
                "and the embedded path answered, by stage and reason.", "# TYPE jirakg_llm_fallbacks_total counter",
                f"jirakg_llm_fallbacks_total {sum(self.fallbacks.values())}"]
        out += [f'jirakg_llm_fallbacks_total{{stage="{s}",reason="{r}"}} {n}'
                for (s, r), n in sorted(self.fallbacks.items())]
        out += ["# HELP jirakg_feedback_total Feedback received, by rating.", "# TYPE jirakg_feedback_total counter"]
        out += [f'jirakg_feedback_total{{rating="{r}"}} {self.feedback[r]}' for r in ("up", "down")]
        out += ["# HELP jirakg_http_requests_total HTTP requests, by route and status.",
                "# TYPE jirakg_http_requests_total counter"]
        out += [f'jirakg_http_requests_total{{route="{r}",status="{s}"}} {n}'
                for (r, s), n in sorted(self.requests.items())]
        return "\n".join(out) + "\n"


def _fallback_labels(reason: str) -> tuple[str, str]:
    """("parse" or "answer", the kind of reason): "metadata: llm answer rejected: names …" → answer,
    llm answer rejected. Only the kind is a label; the details would make a series per question."""
    where, _, why = reason.partition(": ")
    return ("parse" if where == "parse" else "answer"), why.split(":")[0]
