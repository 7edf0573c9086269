"""`jirakg serve` as a child process, configured through the environment like a deployment, against a
devjira in this process; waited for until /healthz answers, stopped with SIGTERM (or killed by the test)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.bots.web_env import DATASET, call
from tests.jira_env import devjira
from tests.local_servers import free_port


@dataclass
class Served:
    url: str
    process: subprocess.Popen
    env: dict[str, str]
    log: Path  # the process's stderr


def start(tmp_path: Path, jira: str, extra: dict[str, str], port: int | None = None,
          descriptors: int | None = None, args: tuple[str, ...] = ()) -> Served:
    """`descriptors`: the process's open-file limit, as a deployment may set it; `args`: more for `serve`."""
    port = port or free_port()
    env = {**os.environ, "JIRAKG_JIRA__URL": jira, "JIRAKG_JIRA__AUTH": "anonymous",
           "JIRAKG_STORE__SQLITE_PATH": str(tmp_path / "graph.db"),
           "JIRAKG_FEEDBACK__SQLITE_PATH": str(tmp_path / "feedback.db"), "JIRAKG_WEB__PORT": str(port),
           "JIRAKG_WEB__RATE_LIMIT_PER_MINUTE": "100000", **extra}  # the tests' load comes from one address
    log = tmp_path / f"serve-{port}-{time.monotonic_ns()}.log"
    with log.open("w") as sink:
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))) \
            if descriptors else None
        process = subprocess.Popen([sys.executable, "-m", "jirakg", "serve", *args], env=env, stdout=subprocess.DEVNULL,
                                   stderr=sink, preexec_fn=limit)
    served = Served(f"http://127.0.0.1:{port}", process, env, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"jirakg serve exited: {log.read_text()[-2000:]}")
        try:
            if call(f"{served.url}/healthz")[0] == 200:
                return served
        except OSError:
            pass
        time.sleep(0.1)
    process.kill()
    raise AssertionError("jirakg serve did not answer /healthz within 60 s")


def stop(served: Served) -> int:
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(30)
    return served.process.returncode


@contextmanager
def serving(tmp_path: Path, extra: dict[str, str] | None = None, descriptors: int | None = None) -> Iterator[Served]:
    with devjira(DATASET) as jira:
        served = start(tmp_path, jira, extra or {}, descriptors=descriptors)
        try:
            yield served
        finally:
            stop(served)
