"""The answer sets' shared fixtures: one demo data directory and one Fluid devjira per module."""

from tests.engine.answer_sets import demo_dir, fluid_url  # noqa: F401 (fixtures, found by name)
