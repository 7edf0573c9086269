"""Markers for test_nlq_gold.py, which another change is rewriting.

TODO(parser): move these markers into tests/intents/test_nlq_gold.py and delete this file."""

from __future__ import annotations

import pytest

# Its `instances` fixture generates the demo organisation in a child process and loads the Fluid archive.
GOLD_RUN_MARKERS = ("child_process", "fluid_archive", "slow")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name == "test_nlq_gold.py" and "instances" in getattr(item, "fixturenames", ()):
            for marker in GOLD_RUN_MARKERS:
                item.add_marker(marker)
