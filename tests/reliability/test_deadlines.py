"""Every wait has a deadline: a stopped (SIGSTOP) Redis graph store gets a sentence within the store's
deadline while /healthz stays up, and the store is used again once it resumes; 500 idle sockets against a
256-descriptor process do not lock out /healthz, and idle or slowly-sent connections are closed."""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import time

import pytest

from jirakg.bots.web.connections import IDLE_TIMEOUT_S
from tests.bots.web_env import KEY, OWNER
from tests.devjira import http
from tests.local_servers import free_port, wait_for
from tests.reliability.served import serving

pytestmark = [pytest.mark.child_process, pytest.mark.slow, pytest.mark.redis]
STORE_TIMEOUT_S = 1.0


def closed_by_server(connection: socket.socket) -> bool:
    connection.settimeout(0)
    try:
        return connection.recv(1) == b""
    except BlockingIOError:
        return False  # still open, nothing to read
    except OSError:
        return True  # reset


def test_a_stopped_redis_gets_a_sentence_within_the_deadline(tmp_path) -> None:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed; `make test` installs it (scripts/ensure-system-packages.sh)")
    port = free_port()
    redis = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    try:
        wait_for(port, "a private Redis server", probe=b"PING\r\n", expect=b"+PONG")
        with serving(tmp_path, {"JIRAKG_STORE__BACKEND": "redis",
                                "JIRAKG_STORE__REDIS_URL": f"redis://127.0.0.1:{port}/0",
                                "JIRAKG_STORE__TIMEOUT_S": str(STORE_TIMEOUT_S)}) as served:
            ask = {"text": f"Who owns {KEY}?"}
            assert http.call(f"{served.url}/api/v1/ask", "POST", ask).status == 200
            redis.send_signal(signal.SIGSTOP)
            try:
                started = time.monotonic()
                hung = http.call(f"{served.url}/api/v1/ask", "POST", ask)
                waited = time.monotonic() - started
                health = http.call(f"{served.url}/healthz").status
                ready = http.call(f"{served.url}/readyz")
            finally:
                redis.send_signal(signal.SIGCONT)
            again = http.call(f"{served.url}/api/v1/ask", "POST", ask)
    finally:
        redis.terminate()
        redis.wait(10)
    assert hung.status == 503 and hung.body["error"].startswith("The graph store did not answer within 1 s")
    assert waited < STORE_TIMEOUT_S * 4, waited  # a few store calls at most, never an open-ended wait
    assert health == 200 and ready.status == 503 and ready.body["checks"]["graph_store"] != "ok"
    assert again.status == 200 and OWNER in again.body["answer"]


def test_idle_sockets_do_not_lock_out_healthz_and_are_closed(tmp_path) -> None:
    with serving(tmp_path, descriptors=256) as served:
        port = int(served.url.rsplit(":", 1)[1])
        idle = []
        try:
            for _ in range(500):  # a generous connect timeout: on a loaded machine the backlog drains slowly
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=30))
            slow = socket.create_connection(("127.0.0.1", port), timeout=30)
            slow.sendall(b"GET /healthz HTTP/1.1\r\n")  # a request whose headers never finish
            assert http.call(f"{served.url}/healthz").status == 200
            deadline = time.monotonic() + IDLE_TIMEOUT_S + 10
            while time.monotonic() < deadline and not all(closed_by_server(c) for c in [*idle, slow]):
                with contextlib.suppress(OSError):  # closed by now
                    slow.sendall(b"X")  # one more byte now and then does not keep it open
                time.sleep(0.5)
            still_open = sum(not closed_by_server(c) for c in [*idle, slow])
            assert http.call(f"{served.url}/healthz").status == 200
        finally:
            for connection in idle:
                connection.close()
    assert still_open == 0
