"""The retry policy both connectors share: how long it waits, when it gives up, and that a
server's Retry-After wins over the backoff."""

from __future__ import annotations

import asyncio
import random

import pytest

from jirakg.connectors.retry import RetryPolicy, TransientFailure, retry_after_seconds


class Boom(Exception):
    pass


def run_policy(policy: RetryPolicy, outcomes: list, monkeypatch: pytest.MonkeyPatch) -> tuple[object, list[float], int]:
    """Run `policy` over attempts that return or raise `outcomes` in turn; the waits it asked for."""
    waits: list[float] = []
    retries = 0

    async def no_sleep(seconds: float) -> None:
        waits.append(seconds)

    async def attempt():
        outcome = outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def counted() -> None:
        nonlocal retries
        retries += 1

    monkeypatch.setattr(asyncio, "sleep", no_sleep)
    try:
        result = asyncio.run(policy.run(attempt, lambda reason: Boom(reason), counted))
    except Boom as exc:
        result = exc
    return result, waits, retries


def test_backoff_is_exponential_full_jitter_and_capped() -> None:
    class Highest(random.Random):
        def uniform(self, a: float, b: float) -> float:
            return b

    policy = RetryPolicy(base_s=0.2, cap_s=1.0, spread_s=0.05, rng=Highest())
    assert [policy.backoff(n) for n in range(5)] == pytest.approx([0.2, 0.4, 0.8, 1.0, 1.0])
    assert policy.delay(1) == pytest.approx(0.45)
    jittered = RetryPolicy(base_s=0.2, cap_s=1.0, rng=random.Random(3))
    assert all(0 <= jittered.backoff(2) <= 0.8 for _ in range(200))
    assert len({round(jittered.backoff(2), 6) for _ in range(20)}) > 1  # spread, not a fixed wait


def test_transient_failures_are_retried_until_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    policy = RetryPolicy(attempts=4, base_s=0.1, cap_s=1.0, spread_s=0)
    result, waits, retries = run_policy(policy, [TransientFailure("HTTP 503"), TransientFailure("HTTP 502"), "rows"],
                                        monkeypatch)
    assert result == "rows" and retries == 2 and len(waits) == 2
    assert 0 <= waits[0] <= 0.1 and 0 <= waits[1] <= 0.2


def test_it_gives_up_after_the_attempts_with_the_last_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    policy = RetryPolicy(attempts=3, base_s=0.01)
    failures = [TransientFailure("timeout"), TransientFailure("HTTP 500"), TransientFailure("HTTP 503")]
    result, waits, retries = run_policy(policy, failures, monkeypatch)
    assert isinstance(result, Boom) and str(result) == "HTTP 503"
    assert isinstance(result.__cause__, TransientFailure)  # the last failure stays in the logs
    assert len(waits) == 2 and retries == 2  # no wait after the last attempt


def test_a_retry_after_replaces_the_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    policy = RetryPolicy(attempts=2, base_s=0.01, cap_s=0.01, spread_s=0.05)
    result, waits, _ = run_policy(policy, [TransientFailure("HTTP 429", retry_after=7.0), "ok"], monkeypatch)
    assert result == "ok" and 7.0 <= waits[0] <= 7.05


def test_other_errors_are_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(KeyError):
        run_policy(RetryPolicy(attempts=5), [KeyError("auth"), "never"], monkeypatch)


def test_retryable_statuses_and_retry_after_headers() -> None:
    policy = RetryPolicy()
    assert [s for s in (400, 401, 404, 429, 500, 501, 502, 503, 504) if policy.retries(s)] == [429, 500, 502, 503, 504]
    assert retry_after_seconds("3") == 3.0 and retry_after_seconds("-2") == 0.0
    assert retry_after_seconds(None) is None and retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") is None
