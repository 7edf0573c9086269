"""The parser over the Fluid archive, shared by the wording tests; markers for test_nlq_gold.py, which another change
is rewriting.

TODO(parser): move these markers into tests/intents/test_nlq_gold.py."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from jirakg.intents.embedded import EmbeddedParser
from tests.jira_env import fluid_lexicon


@pytest.fixture(scope="session")
def fluid_parser() -> EmbeddedParser:
    """The Fluid archive's parser, its "today" the demo organisation's (1 November 2026, noon UTC)."""
    return EmbeddedParser(fluid_lexicon(), now=lambda: datetime(2026, 11, 1, 12, tzinfo=UTC))

# Its `instances` fixture generates the demo organisation in a child process and loads the Fluid archive.
GOLD_RUN_MARKERS = ("child_process", "fluid_archive", "slow")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name == "test_nlq_gold.py" and "instances" in getattr(item, "fixturenames", ()):
            for marker in GOLD_RUN_MARKERS:
                item.add_marker(marker)
