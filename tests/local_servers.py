"""Servers the tests run on this machine: a free port, waiting until one answers, and a server
process that lives as long as a `with` block."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(port: int, name: str, probe: bytes | None = None, expect: bytes = b"", seconds: float = 30) -> None:
    """Until a server accepts connections on `port` (and answers `probe` with `expect`), or fail."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
                if probe is None:
                    return
                conn.sendall(probe)
                if conn.recv(64).startswith(expect):
                    return
        except OSError:
            pass
        time.sleep(0.05)
    pytest.fail(f"{name} did not start")


@contextmanager
def server_process(command: list[str], port: int, name: str, **probe) -> Iterator[None]:
    """A server process for the `with` block: waited for until it answers, terminated after."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(port, name, **probe)
        yield
    finally:
        process.terminate()
        process.wait(10)
