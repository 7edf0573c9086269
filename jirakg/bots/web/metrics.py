"""Prometheus text exposition of what operators watch: turns and their latency per intent, cache
hit ratio, LLM calls by stage and outcome with their latency, LLM fallbacks by stage and reason,
feedback counts, requests by route and status.

The values live in prometheus-client metrics so that `jirakg serve --workers N` reports all workers
together: `serve` gives the workers a PROMETHEUS_MULTIPROC_DIR, each writes its values there, and any
worker's /metrics adds them up. The text is written here, in the shape it has always had."""

from __future__ import annotations

import os
from collections import defaultdict

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.multiprocess import MultiProcessCollector

from jirakg.engine.turn import TurnResult

BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"

Samples = dict[str, dict[tuple[tuple[str, str], ...], float]]  # sample name → labels → value


class Metrics:
    def __init__(self) -> None:
        # One registry per application: a process may build several (tests), each counting its own.
        self.registry = CollectorRegistry(auto_describe=False)
        r = self.registry
        self._turns = Counter("jirakg_turns", "", ["intent"], registry=r)
        self._latency = Histogram("jirakg_turn_seconds", "", ["intent"], buckets=BUCKETS, registry=r)
        self._cache = Counter("jirakg_cache_lookups", "", ["result"], registry=r)
        self._llm_calls = Counter("jirakg_llm_calls", "", ["stage", "outcome"], registry=r)
        self._llm_latency = Histogram("jirakg_llm_call_seconds", "", ["stage"], buckets=BUCKETS, registry=r)
        self._fallbacks = Counter("jirakg_llm_fallbacks", "", ["stage", "reason"], registry=r)
        self._feedback = Counter("jirakg_feedback", "", ["rating"], registry=r)
        self._requests = Counter("jirakg_http_requests", "", ["route", "status"], registry=r)

    def request(self, route: str, status: int) -> None:
        self._requests.labels(route, str(status)).inc()

    def rated(self, rating: str) -> None:
        self._feedback.labels(rating).inc()

    def turn(self, result: TurnResult, seconds: float) -> None:
        for intent in result.intents or ["none"]:
            self._turns.labels(intent).inc()
            self._latency.labels(intent).observe(seconds)
        if result.stats.cache_hits:
            self._cache.labels("hit").inc(result.stats.cache_hits)
        if result.stats.cache_misses:
            self._cache.labels("miss").inc(result.stats.cache_misses)
        for call in result.stats.llm_calls:
            self._llm_calls.labels(call.stage, call.outcome).inc()
            self._llm_latency.labels(call.stage).observe(call.seconds)
        for reason in result.stats.fallback_reasons:
            self._fallbacks.labels(*_fallback_labels(reason)).inc()

    def samples(self) -> Samples:
        """Every sample, this process's or, under --workers, all workers' added up."""
        registry = self.registry
        if os.environ.get(MULTIPROCESS_DIR):
            registry = CollectorRegistry(auto_describe=False)
            MultiProcessCollector(registry)
        found: Samples = defaultdict(dict)
        for family in registry.collect():
            for sample in family.samples:
                found[sample.name][tuple(sample.labels.items())] = sample.value
        return found

    def render(self) -> str:
        s = self.samples()
        out = ["# HELP jirakg_turns_total Questions answered, by intent.", "# TYPE jirakg_turns_total counter"]
        out += _counter(s, "jirakg_turns_total")
        out += ["# HELP jirakg_turn_seconds Time to answer a question, by intent.",
                "# TYPE jirakg_turn_seconds histogram", *_histogram(s, "jirakg_turn_seconds")]
        hit, miss = (int(s["jirakg_cache_lookups_total"].get((("result", r),), 0)) for r in ("hit", "miss"))
        out += ["# HELP jirakg_cache_lookups_total JQL cache lookups (JQL → issue keys), by result.",
                "# TYPE jirakg_cache_lookups_total counter",
                f'jirakg_cache_lookups_total{{result="hit"}} {hit}',
                f'jirakg_cache_lookups_total{{result="miss"}} {miss}',
                "# HELP jirakg_cache_hit_ratio Share of JQL cache lookups answered from the cache.",
                "# TYPE jirakg_cache_hit_ratio gauge",
                f"jirakg_cache_hit_ratio {hit / (hit + miss) if hit + miss else 0:.4f}",
                "# HELP jirakg_llm_calls_total Calls to the LLM, by stage and outcome "
                "(ok, timeout, error, invalid, skipped).", "# TYPE jirakg_llm_calls_total counter"]
        out += _counter(s, "jirakg_llm_calls_total")
        fallbacks = _counter(s, "jirakg_llm_fallbacks_total")
        out += ["# HELP jirakg_llm_call_seconds Time an LLM call took, by stage.",
                "# TYPE jirakg_llm_call_seconds histogram", *_histogram(s, "jirakg_llm_call_seconds"),
                "# HELP jirakg_llm_fallbacks_total Stages where the LLM failed or was rejected "
                "and the embedded path answered, by stage and reason.", "# TYPE jirakg_llm_fallbacks_total counter",
                f"jirakg_llm_fallbacks_total {int(sum(s['jirakg_llm_fallbacks_total'].values()))}", *fallbacks]
        out += ["# HELP jirakg_feedback_total Feedback received, by rating.", "# TYPE jirakg_feedback_total counter"]
        out += [f'jirakg_feedback_total{{rating="{r}"}} {int(s["jirakg_feedback_total"].get((("rating", r),), 0))}'
                for r in ("up", "down")]
        out += ["# HELP jirakg_http_requests_total HTTP requests, by route and status.",
                "# TYPE jirakg_http_requests_total counter", *_counter(s, "jirakg_http_requests_total")]
        return "\n".join(out) + "\n"


def _labels(labels: tuple[tuple[str, str], ...]) -> str:
    return ",".join(f'{name}="{value}"' for name, value in labels)


def _counter(s: Samples, name: str) -> list[str]:
    return [f"{name}{{{_labels(labels)}}} {int(value)}" for labels, value in sorted(s[name].items())]


def _histogram(s: Samples, name: str) -> list[str]:
    """Cumulative buckets per label set, in bound order, then the sum and count."""
    out = []
    for labels, count in sorted(s[f"{name}_count"].items()):
        buckets = {dict(b)["le"]: v for b, v in s[f"{name}_bucket"].items()
                   if tuple(pair for pair in b if pair[0] != "le") == labels}
        for bound in [*map(str, BUCKETS), "+Inf"]:
            out.append(f'{name}_bucket{{{_labels((*labels, ("le", bound)))}}} {int(buckets.get(bound, 0))}')
        out.append(f"{name}_sum{{{_labels(labels)}}} {s[f'{name}_sum'].get(labels, 0.0):.6f}")
        out.append(f"{name}_count{{{_labels(labels)}}} {int(count)}")
    return out


def _fallback_labels(reason: str) -> tuple[str, str]:
    """("parse" or "answer", the kind of reason): "metadata: llm answer rejected: names …" → answer,
    llm answer rejected. Only the kind is a label; the details would make a series per question."""
    where, _, why = reason.partition(": ")
    return ("parse" if where == "parse" else "answer"), why.split(":")[0]
