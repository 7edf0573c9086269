"""The demo organisation the engine tests converse with (seed 41, 1,500 issues), its raw issues
by key, its lexicon and the moment the conversations happen."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.jira_env import demo_dataset, lexicon_of

DATASET = demo_dataset(issues=1500, seed=41)
RAW = {i["key"]: i for i in DATASET.issues}
LEXICON = lexicon_of(DATASET)
NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)


def fields(key: str) -> dict:
    return RAW[key]["fields"]
