"""Services the suite starts for itself: a private Redis server and an Oxigraph server on free ports,
a fresh database on the machine's PostgreSQL server."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.local_servers import free_port, server_process, wait_for


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
    port = free_port()
    workdir: Path = tmp_path_factory.mktemp("redis")
    with server_process([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                         "--dir", str(workdir)], port, "the test Redis server", probe=b"PING\r\n", expect=b"+PONG"):
        yield f"redis://127.0.0.1:{port}/0"


@pytest.fixture(scope="session")
def oxigraph_url() -> Iterator[str]:
    """A real Oxigraph SPARQL server (the `oxigraph` package's CLI), in memory, on a free port."""
    binary = shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))
    if not Path(binary).exists():
        pytest.fail("the oxigraph server is not installed; `make test` installs it with the dev extras")
    port = free_port()
    with server_process([binary, "serve", "--bind", f"127.0.0.1:{port}"], port, "the oxigraph server"):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def postgres_dsn() -> Iterator[str]:
    """A fresh database on the machine's PostgreSQL server, started here if it is installed but down."""
    import psycopg  # the dev extras install it
    admin = "postgresql://postgres@127.0.0.1:5432/postgres"
    try:
        connection = psycopg.connect(admin, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError:
        versions = sorted(Path("/etc/postgresql").glob("*")) if Path("/etc/postgresql").is_dir() else []
        if not versions or shutil.which("pg_ctlcluster") is None:
            pytest.fail("PostgreSQL is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
        subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1].name, "main", "start"], check=False)
        wait_for(5432, "the PostgreSQL server")
        connection = psycopg.connect(admin, autocommit=True, connect_timeout=10)
    name = f"jirakg_test_{int(time.time() * 1000)}"
    with connection:
        connection.execute(f"CREATE DATABASE {name}")
        try:
            yield f"postgresql://postgres@127.0.0.1:5432/{name}"
        finally:
            connection.execute(f"DROP DATABASE {name} WITH (FORCE)")


SERVICE_MARKERS = {"redis_url": "redis", "postgres_dsn": "postgres", "oxigraph_url": "kg_server"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for a service by fixture must say so by its marker, or the fast subset would
    start the service after all. (A fixture fetched with getfixturevalue carries it on its param.)"""
    for item in items:
        for fixture, marker in SERVICE_MARKERS.items():
            if fixture in getattr(item, "fixturenames", ()) and item.get_closest_marker(marker) is None:
                raise pytest.UsageError(f"{item.nodeid} uses {fixture} but is not marked {marker}")
