"""Clients asking a served jirakg from threads, each acknowledged turn noted with when it was answered,
until told to stop, a bound on requests is reached, or the server is gone."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from tests.bots.web_env import KEY
from tests.devjira import http

QUESTIONS = [f"Who owns {KEY}?", "help", f"what is the status of {KEY}?"]


@dataclass
class Load:
    url: str
    acknowledged: list[tuple[float, str]] = field(default_factory=list)  # (monotonic time, turn_id)
    statuses: dict[int, int] = field(default_factory=dict)
    refusals: list[str] = field(default_factory=list)  # the sentences of non-200 answers
    stopped: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ask(self, client: int, limit: int) -> None:
        for n in range(limit):
            if self.stopped.is_set():
                return
            try:
                reply = http.call(f"{self.url}/api/v1/ask", "POST", {"text": QUESTIONS[(client + n) % len(QUESTIONS)]})
            except OSError:  # the server is gone (killed) or refusing connections
                return
            with self.lock:
                self.statuses[reply.status] = self.statuses.get(reply.status, 0) + 1
                if reply.status == 200:
                    self.acknowledged.append((time.monotonic(), reply.body["turn_id"]))
                elif isinstance(reply.body, dict):
                    self.refusals.append(str(reply.body.get("error")))

    def count(self) -> int:
        with self.lock:
            return len(self.acknowledged)

    def turn_ids(self) -> set[str]:
        with self.lock:
            return {turn_id for _, turn_id in self.acknowledged}


def run_load(url: str, clients: int, limit_each: int) -> tuple[Load, ThreadPoolExecutor]:
    """The load, running; shut the pool down (after setting `stopped`) to wait for it."""
    load = Load(url)
    pool = ThreadPoolExecutor(clients)
    for client in range(clients):
        pool.submit(load.ask, client, limit_each)
    return load, pool


def wait_until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {seconds} s")
        time.sleep(0.01)
