"""A devjira on a real socket plus a connected JiraConnector, for connector and graph tests."""

from __future__ import annotations

import functools
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pytest

from jirakg.connectors.jira import JiraAuth, JiraConnector, JiraHttp, RetryPolicy
from jirakg.devjira.dataset import Dataset, build_dataset, load_dataset
from jirakg.devjira.demo.generator import generate
from jirakg.devjira.demo.metadata import organisation_metadata
from jirakg.devjira.runner import BackgroundServer
from jirakg.devjira.server import ServerOptions, create_app
from jirakg.intents.lexicon import Lexicon


def demo_dataset(issues: int = 1200, seed: int = 5) -> Dataset:
    org, stream = generate(seed=seed, issues=issues)
    return build_dataset(list(stream), organisation_metadata(org))


@contextmanager
def devjira(dataset: Dataset, middlewares=(), **options):
    app = create_app(dataset, ServerOptions(**options))
    app.middlewares.extend(middlewares)
    with BackgroundServer(app) as url:
        yield url


@asynccontextmanager
async def connector(url: str, *, auth: JiraAuth = JiraAuth(), page_size: int = 100, concurrency: int = 8,
                    timeout_s: float = 10.0, attempts: int = 6):
    retry = RetryPolicy(attempts=attempts, base_s=0.01, cap_s=0.2)
    async with JiraHttp(url, auth, timeout_s=timeout_s, concurrency=concurrency, retry=retry) as http:
        yield JiraConnector(http, page_size=page_size)


def lexicon_of(dataset: Dataset, issues: list[dict] | None = None) -> Lexicon:
    """The lexicon of a devjira dataset, built from the metadata devjira serves."""
    meta = dataset.metadata
    return Lexicon.build(fields=meta["fields"], statuses=meta["statuses"], priorities=meta["priorities"],
                         issue_types=meta["issuetypes"], link_types=meta["issueLinkTypes"], projects=meta["projects"],
                         issues=dataset.issues if issues is None else issues)


FLUID_ARCHIVE = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "fluid-jira" / "issues.jsonl.gz"


@functools.cache
def fluid_lexicon() -> Lexicon:
    """The Fluid archive's lexicon, built once for every test module that parses questions about it (a test
    skips when ../shared/datasets is absent)."""
    if not FLUID_ARCHIVE.is_file():
        pytest.skip("../shared/datasets is absent")
    return lexicon_of(load_dataset(FLUID_ARCHIVE))


def keys_of(dataset: Dataset, jql: str) -> list[str]:
    return [dataset.issues[p]["key"] for p in dataset.engine.search(jql, 0)]
