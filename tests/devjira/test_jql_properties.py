"""Property test: the indexed JQL engine agrees with a brute-force filter over raw issue JSON."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jirakg.devjira.dataset import build_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.jql.text import STOP_WORDS, index_terms, stem

ORG, STREAM = generate(seed=11, issues=600)
ISSUES = list(STREAM)
DATASET = build_dataset(ISSUES, organisation_metadata(ORG))
NOW_MS = int(datetime(2026, 11, 1, tzinfo=UTC).timestamp() * 1000)


def values(getter) -> list[str]:
    return sorted({v for issue in ISSUES for v in getter(issue["fields"]) if v})


PROJECTS = values(lambda f: [f["project"]["key"]])
STATUSES = values(lambda f: [f["status"]["name"]])
PRIORITIES = values(lambda f: [f["priority"]["name"]])
TYPES = values(lambda f: [f["issuetype"]["name"]])
PEOPLE = values(lambda f: [f["assignee"]["displayName"]] if f["assignee"] else [])
LABELS = values(lambda f: f["labels"])
WORDS = sorted({w for issue in ISSUES for w in re.findall(r"[a-z]+", issue["fields"]["summary"].lower())
                 if w not in STOP_WORDS})
DAYS = [f"2025-{m:02d}-{d:02d}" for m in (1, 4, 7, 10) for d in (1, 15)]


def created(fields: dict) -> datetime:
    return datetime.strptime(fields["created"], "%Y-%m-%dT%H:%M:%S.%f%z")


def day(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=UTC)


def q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Each leaf: (JQL text, brute-force predicate over an issue's fields)
leaves = st.one_of(
    st.sampled_from(PROJECTS).map(lambda p: (f"project = {p}", lambda f, p=p: f["project"]["key"] == p)),
    st.sampled_from(STATUSES).map(lambda s: (f"status = {q(s)}", lambda f, s=s: f["status"]["name"] == s)),
    st.sampled_from(STATUSES).map(lambda s: (f"status != {q(s)}", lambda f, s=s: f["status"]["name"] != s)),
    st.lists(st.sampled_from(PRIORITIES), min_size=1, max_size=3).map(
        lambda ps: (f"priority in ({', '.join(ps)})", lambda f, ps=ps: f["priority"]["name"] in ps)),
    st.lists(st.sampled_from(TYPES), min_size=1, max_size=2).map(
        lambda ts: (f"type not in ({', '.join(q(t) for t in ts)})", lambda f, ts=ts: f["issuetype"]["name"] not in ts)),
    st.sampled_from(PEOPLE).map(lambda p: (f"assignee = {q(p)}",
                                           lambda f, p=p: bool(f["assignee"]) and f["assignee"]["displayName"] == p)),
    st.just(("assignee is EMPTY", lambda f: f["assignee"] is None)),
    st.just(("resolution = Unresolved", lambda f: f["resolution"] is None)),
    st.sampled_from(LABELS).map(lambda label: (f"labels = {label}", lambda f, label=label: label in f["labels"])),
    st.sampled_from(LABELS).map(lambda label: (f"labels != {label}",
                                               lambda f, label=label: bool(f["labels"]) and label not in f["labels"])),
    st.sampled_from(DAYS).map(lambda d: (f'created >= "{d}"', lambda f, d=d: created(f) >= day(d))),
    st.sampled_from(DAYS).map(lambda d: (f'created < "{d}"', lambda f, d=d: created(f) < day(d))),
    st.sampled_from([1, 2, 3, 5, 8]).map(lambda n: (
        f'"Story point estimate" > {n}',
        lambda f, n=n: f["customfield_10016"] is not None and f["customfield_10016"] > n)),
    st.sampled_from(WORDS).map(lambda w: (f"summary ~ {q(w)}", lambda f, w=w: stem(w) in index_terms(f["summary"]))),
)


def combine(children):
    pairs = st.lists(children, min_size=2, max_size=3)
    return st.one_of(
        pairs.map(lambda parts: ("and", parts)),
        pairs.map(lambda parts: ("or", parts)),
        children.map(lambda part: ("not", [part])),
    )


trees = st.recursive(leaves.map(lambda leaf: ("leaf", leaf)), combine, max_leaves=6)


def render(tree) -> str:
    """Minimal parentheses, so Jira's precedence (NOT > AND > OR) decides the meaning."""
    kind, body = tree
    if kind == "leaf":
        return body[0]
    if kind == "not":
        inner = body[0]
        return "NOT " + (render(inner) if inner[0] in ("leaf", "not") else f"({render(inner)})")
    if kind == "and":
        return " AND ".join(f"({render(p)})" if p[0] == "or" else render(p) for p in body)
    return " OR ".join(render(p) for p in body)


def brute(tree, fields: dict) -> bool:
    kind, body = tree
    if kind == "leaf":
        return body[1](fields)
    if kind == "not":
        return not brute(body[0], fields)
    results = [brute(p, fields) for p in body]
    return all(results) if kind == "and" else any(results)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(trees)
def test_engine_matches_brute_force(tree) -> None:
    jql = render(tree)
    got = {DATASET.issues[p]["key"] for p in DATASET.engine.search(jql, NOW_MS)}
    expected = {issue["key"] for issue in ISSUES if brute(tree, issue["fields"])}
    assert got == expected, jql


@pytest.mark.parametrize("field", ["created", "updated", "priority", "status", "assignee", "key"])
def test_order_by_is_a_sorted_permutation(field: str) -> None:
    everything = DATASET.engine.search("", NOW_MS)
    ordered = DATASET.engine.search(f"ORDER BY {field} DESC", NOW_MS)
    assert sorted(ordered) == sorted(everything)
    if field in ("created", "updated"):
        stamps = [DATASET.issues[p]["fields"][field] for p in ordered]
        assert [datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%f%z") for s in stamps] == sorted(
            (datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%f%z") for s in stamps), reverse=True)


@pytest.mark.slow
@given(st.from_regex(r"[a-z]{1,12}", fullmatch=True))
def test_stems_are_fixed_points(word: str) -> None:
    assert stem(stem(word)) == stem(word)
