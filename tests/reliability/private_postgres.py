"""A PostgreSQL server of the test's own (initdb into a temporary directory, its own port, run as the
postgres user), so a test can restart it without touching the machine's server others use."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.local_servers import free_port, wait_for


def _binaries() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if not found:
        pytest.fail("PostgreSQL is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
    return found[-1].parent


class PrivatePostgres:
    def __init__(self, directory: Path) -> None:
        self.bin = _binaries()
        self.data = directory / "data"
        self.port = free_port()
        self.dsn = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        shutil.chown(directory, "postgres", "postgres")
        self._as_postgres(self.bin / "initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust")

    def _as_postgres(self, *command: str | Path) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []  # PostgreSQL never runs as root
        subprocess.run([*prefix, *map(str, command)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start(self) -> None:
        self._as_postgres(self.bin / "pg_ctl", "-D", self.data, "-w", "-o",
                          f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1", "start")
        wait_for(self.port, "the private PostgreSQL server")

    def stop(self) -> None:
        self._as_postgres(self.bin / "pg_ctl", "-D", self.data, "-w", "-m", "fast", "stop")


@contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    # Directly under /tmp: the postgres user cannot enter pytest's root-only temporary directories.
    directory = Path(tempfile.mkdtemp(prefix="jirakg-postgres-"))
    try:
        server = PrivatePostgres(directory)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
