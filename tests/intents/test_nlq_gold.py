"""The gold of the plain-language question sets is right and discriminating.

Every case of tests/data/nlq/*.jsonl (but the intent-only intents-* and the refusals of unknown-values*) and of
heldout/*.jsonl is checked against the dataset it is about, served by devjira in-process (once per module):

- each case has the expected fields and a known variant; clarify and plain-issue cases carry no JQL;
- each gold JQL runs and finds at least one issue;
- when the gold is a conjunction (top-level AND; ORDER BY aside), dropping any single condition (a clause, or
  both bounds of a range on one field) changes the result, so a bot that silently loses a condition is
  caught. Dropping a conjunct can only widen the result, so comparing the totals is enough;
- the issue keys of plain-issue questions exist.

The Fluid archive is read from ../shared/datasets (skipped when absent); the demo organisation is
generated with the same command and seed the question writers used. Relative-time questions about the
demo assume "now" = 2026-11-01T12:00:00Z, which is also devjira's clock here.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from contextlib import ExitStack
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest

from jirakg.devjira.dataset import load_dataset
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app

NLQ = Path(__file__).resolve().parents[1] / "data" / "nlq"
# every question set but the intent-only ones (no JQL gold) and the unknown-value refusals
FILES = (sorted(p for p in NLQ.glob("*.jsonl") if not p.name.startswith(("intents-", "unknown-values")))
         + sorted((NLQ / "heldout").glob("*.jsonl")))
SHARED_DATASETS = Path(__file__).resolve().parents[3] / "shared" / "datasets"
FLUID_ARCHIVE = SHARED_DATASETS / "fluid-jira" / "issues.jsonl.gz"
DEMO_COMMAND = ["demo-data", "generate", "--seed", "1", "--issues", "3000", "--end-date", "2026-11-01"]
DEMO_NOW_MS = int(datetime(2026, 11, 1, 12, tzinfo=UTC).timestamp() * 1000)

FIELDS = ("query", "history", "intents", "jql", "variant", "category", "id")
VARIANTS = {"jql", "keywords", "chatty", "paraphrase", "other",
            "terse", "pronouns", "typos"}  # the last three: the styles of the follow-up sets
SEARCHING = {"search", "count"}
FOUR_FORMS = re.compile(r"^(?P<group>.+-\d{3})-(?P<form>[a-d])$")


# --- the cases -------------------------------------------------------------------------------

def _dataset_of(path: Path, case: dict) -> str | None:
    for name in ("fluid", "demo"):
        if name in path.stem.lower():
            return name
    for name in ("fluid", "demo"):
        if str(case.get("id", "")).lower().startswith(name):
            return name
    return None


def _load_cases() -> list[tuple[Path, int, dict]]:
    cases = []
    for path in FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                cases.append((path, number, json.loads(line)))
    return cases


CASES = _load_cases()


def _case_id(entry: tuple[Path, int, dict]) -> str:
    path, number, case = entry
    return f"{path.parent.name}/{path.name}:{case.get('id') or number}"


# --- splitting a conjunction -----------------------------------------------------------------

def _unquoted(text: str):
    """(position, character, depth) of every character outside quotes; depth counts parentheses."""
    depth, quote, i = 0, None, 0
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 2
                continue
            if char == quote:
                quote = None
            i += 1
            continue
        if char in "\"'":
            quote = char
            i += 1
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        yield i, char, depth
        i += 1


def _top_level_words(text: str) -> list[tuple[int, int, str]]:
    """Start, end and lower-cased text of each bare word outside quotes and parentheses."""
    words, start = [], None
    for i, char, depth in [*_unquoted(text), (len(text), " ", 0)]:
        if depth == 0 and (char.isalnum() or char in "_&|") and char not in "()":
            if start is None:
                start = i
        elif start is not None:
            words.append((start, i, text[start:i].lower()))
            start = None
    return words


def where_part(jql: str) -> str:
    """The JQL without its top-level ORDER BY and without parentheses around the whole of it."""
    words = _top_level_words(jql)
    where = jql.strip()
    for (start, end, word), (next_start, _, next_word) in pairwise(words):
        if word == "order" and next_word == "by" and not jql[end:next_start].strip():
            where = jql[:start].strip()
            break
    while where.startswith("(") and where.endswith(")"):
        closes_early = any(depth == 0 and i < len(where) - 1 for i, _, depth in _unquoted(where))
        if closes_early:
            break
        where = where[1:-1].strip()
    return where


def conjuncts(jql: str) -> list[str] | None:
    """The clauses of a top-level AND (ORDER BY aside); None when the top level has an OR."""
    where = where_part(jql)
    words = _top_level_words(where)
    if any(word in ("or", "||") for _, _, word in words):
        return None
    parts, last = [], 0
    for start, end, word in words:
        if word in ("and", "&&"):
            parts.append(where[last:start].strip())
            last = end
    parts.append(where[last:].strip())
    return [part for part in parts if part]


def conditions(clauses: list[str]) -> list[list[str]]:
    """The conditions the clauses state: the two bounds of a range on one field ("in 2008": created >= 2008-01-01
    AND created < 2009-01-01) are one, which the data may leave one bound of with nothing to exclude."""
    fields = [m.group(1).lower() if (m := re.match(r"(\w+) *[<>]=?", clause)) else None for clause in clauses]
    grouped: dict[str, list[str]] = {}
    for clause, field in zip(clauses, fields, strict=True):
        grouped.setdefault(field or clause, []).append(clause)
    return list(grouped.values())


def test_conjuncts_respect_parentheses_quotes_and_order_by() -> None:
    assert conjuncts('project = DECA and assignee is EMPTY AND (status = "a and b" or type = Bug) ORDER BY key') == [
        "project = DECA", "assignee is EMPTY", '(status = "a and b" or type = Bug)']
    assert conjuncts("type = Bug OR priority = Major AND project = X") is None
    assert conjuncts("(project = A AND type = Bug)") == ["project = A", "type = Bug"]
    assert conditions(["created >= 2008-01-01", "type = Bug", "created < 2009-01-01"]) == [
        ["created >= 2008-01-01", "created < 2009-01-01"], ["type = Bug"]]
    assert conjuncts("text ~ \"won't and can't\" AND reporter = \"Michelle D'Souza\"") == [
        "text ~ \"won't and can't\"", "reporter = \"Michelle D'Souza\""]
    assert conjuncts("project = FLUID ORDER BY updated DESC") == ["project = FLUID"]


# --- serving the datasets --------------------------------------------------------------------

class Instance:
    """One dataset served by devjira; totals and issue lookups are cached."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._totals: dict[str, int] = {}
        self._keys: dict[str, bool] = {}

    def total(self, jql: str) -> int:
        if jql not in self._totals:
            query = urllib.parse.urlencode({"jql": jql, "maxResults": 0, "fields": "key"})
            try:
                with urllib.request.urlopen(f"{self.url}/rest/api/2/search?{query}", timeout=60) as response:
                    self._totals[jql] = json.load(response)["total"]
            except urllib.error.HTTPError as exc:
                messages = json.loads(exc.read() or b"{}").get("errorMessages") or [str(exc)]
                pytest.fail(f"devjira refuses {jql!r}: {'; '.join(messages)}")
        return self._totals[jql]

    def has_issue(self, key: str) -> bool:
        if key not in self._keys:
            try:
                with urllib.request.urlopen(f"{self.url}/rest/api/2/issue/{urllib.parse.quote(key)}?fields=key",
                                            timeout=60):
                    self._keys[key] = True
            except urllib.error.HTTPError:
                self._keys[key] = False
        return self._keys[key]


@pytest.fixture(scope="module")
def instances(tmp_path_factory: pytest.TempPathFactory):
    """Starts each dataset's server on first use and stops them all at the end of the module."""
    started: dict[str, Instance] = {}
    with ExitStack() as stack:
        def get(name: str) -> Instance:
            if name not in started:
                if name == "fluid":
                    if not FLUID_ARCHIVE.is_file():
                        pytest.skip(f"the Fluid archive is absent ({FLUID_ARCHIVE}); ../shared/datasets is not here")
                    source = FLUID_ARCHIVE
                else:
                    source = tmp_path_factory.mktemp("nlq-demo") / "demo-org.jsonl.gz"
                    subprocess.run([sys.executable, "-m", "jirakg", *DEMO_COMMAND, "--out", str(source)],
                                   check=True, capture_output=True)
                options = ServerOptions(clock_ms=lambda: DEMO_NOW_MS)
                url = stack.enter_context(BackgroundServer(create_app(load_dataset(source), options)))
                started[name] = Instance(url)
            return started[name]

        yield get


# --- the checks ------------------------------------------------------------------------------

def test_there_are_question_files() -> None:
    assert FILES, f"no question files under {NLQ}"


def test_ids_are_unique() -> None:
    counts = Counter(case.get("id") for _, _, case in CASES)
    assert not [case_id for case_id, count in counts.items() if count > 1]


def test_four_forms_share_their_gold() -> None:
    """Cases <group>-a … -d state one question in four forms: same gold, same intents."""
    groups: dict[str, list[dict]] = {}
    for _, _, case in CASES:
        match = FOUR_FORMS.match(str(case.get("id", "")))
        if match:
            groups.setdefault(match["group"], []).append(case)
    for group, members in groups.items():
        assert len({member["jql"] for member in members}) == 1, f"{group}: the forms have different gold"
        assert len({json.dumps(member["intents"], sort_keys=True) for member in members}) == 1, group


def _failures(check, entries) -> list[str]:
    """Each entry's failed check, as "<case id>: <why>"; a file's cases are checked in one test, so the suite does not
    pay a test's overhead for each of its some 17,000 cases, and a failure still names every case it is in."""
    failed = []
    for entry in entries:
        try:
            check(entry)
        except AssertionError as error:
            failed.append(f"{_case_id(entry)}: {str(error).splitlines()[0] if str(error) else 'assertion failed'}")
    return failed


def _file_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", FILES, ids=_file_id)
def test_cases_are_well_formed(path: Path) -> None:
    failed = _failures(_well_formed, [entry for entry in CASES if entry[0] == path])
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("path", FILES, ids=_file_id)
def test_gold_runs_and_every_condition_matters(path: Path, instances) -> None:
    failed = _failures(lambda entry: _gold_discriminates(entry, instances),
                       [entry for entry in CASES if entry[0] == path])
    assert not failed, "\n".join(failed)


def _well_formed(entry: tuple[Path, int, dict]) -> None:
    path, _, case = entry
    assert set(FIELDS) <= set(case), f"missing {set(FIELDS) - set(case)}"
    assert isinstance(case["query"], str) and case["query"].strip()
    assert isinstance(case["history"], list) and all(isinstance(h, str) and h.strip() for h in case["history"])
    assert case["variant"] in VARIANTS
    assert isinstance(case["category"], str) and case["category"].strip()
    assert isinstance(case["id"], str) and case["id"].strip()
    assert _dataset_of(path, case), "cannot tell which dataset the case is about (file name or id prefix)"
    intents = case["intents"]
    assert isinstance(intents, list) and intents
    for intent in intents:
        assert isinstance(intent.get("name"), str) and intent["name"]
        assert isinstance(intent.get("issue_keys"), list)
    names = {intent["name"] for intent in intents}
    if names & SEARCHING:
        assert isinstance(case["jql"], str) and case["jql"].strip(), "a search or count needs gold JQL"
        assert all(not intent["issue_keys"] for intent in intents if intent["name"] in SEARCHING)
    elif "clarify" in names:
        assert case["jql"] is None, "a clarify case has no gold JQL"
    elif names == {"ranking"} and case["jql"] is not None:
        pass  # "the oldest of those": the gold is the set the ranking is taken over
    else:
        assert case["jql"] is None, "a question about particular issues has no gold JQL"
        assert any(intent["issue_keys"] for intent in intents), "a question about particular issues names them"


def _gold_discriminates(entry: tuple[Path, int, dict], instances) -> None:
    path, _, case = entry
    jira = instances(_dataset_of(path, case))
    for intent in case.get("intents", []):
        for key in intent.get("issue_keys", []):
            assert jira.has_issue(key), f"{key} does not exist in the dataset"
    jql = case.get("jql")
    if jql is None:
        return
    total = jira.total(jql)
    assert total > 0, f"the gold finds nothing: {jql}"
    clauses = conjuncts(jql)
    if not clauses or len(clauses) < 2:
        return
    for condition in conditions(clauses):
        rest = " AND ".join(clause for clause in clauses if clause not in condition)
        assert jira.total(rest) != total, f"dropping {' AND '.join(condition)!r} changes nothing in {jql}"
