"""How late the event loop runs what it is given, measured from a thread of its own.

A loop that something blocks (a sync call, a long computation) answers nothing meanwhile, yet /healthz
answered by that loop afterwards would say "ok". The watchdog thread hands the loop a beat every
`INTERVAL_S` and times how long it waits to run; /healthz reports unhealthy while the worst wait of the
last `WINDOW_S` is over the threshold, and the stall is logged with where the loop was stuck."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
import traceback
from collections import deque

log = logging.getLogger("jirakg.web")

INTERVAL_S = 0.25
WINDOW_S = 30.0


class LoopWatchdog:
    def __init__(self, loop: asyncio.AbstractEventLoop, threshold_s: float) -> None:
        self.loop, self.threshold_s = loop, threshold_s
        self._loop_thread = threading.get_ident()  # started from the loop's own thread
        self._lags: deque[tuple[float, float]] = deque()  # (when measured, lag in seconds)
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="loop-watchdog", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(2 * INTERVAL_S + 1)

    def worst_lag_s(self) -> float:
        """The longest the loop kept a beat waiting within the last WINDOW_S."""
        with self._lock:
            self._forget_before(time.monotonic() - WINDOW_S)
            return max((lag for _, lag in self._lags), default=0.0)

    def _watch(self) -> None:
        while not self._stopped.is_set():
            ran = threading.Event()
            sent = time.monotonic()

            def beat(sent: float = sent, ran: threading.Event = ran) -> None:
                # Recorded on the loop itself, so a request the loop serves after a stall already sees it.
                self._record(time.monotonic() - sent)
                ran.set()
            try:
                self.loop.call_soon_threadsafe(beat)
            except RuntimeError:  # the loop is closed: nothing left to watch
                return
            reported = False
            # Wait in short steps so a loop stuck for good is reported while it is still stuck.
            while not ran.wait(INTERVAL_S):
                if self._stopped.is_set():
                    return
                if not reported and time.monotonic() - sent > self.threshold_s:
                    reported = True
                    self._log_stall(time.monotonic() - sent)
            self._stopped.wait(INTERVAL_S)

    def _record(self, lag: float) -> None:
        now = time.monotonic()
        with self._lock:
            self._forget_before(now - WINDOW_S)
            self._lags.append((now, lag))

    def _forget_before(self, cutoff: float) -> None:
        while self._lags and self._lags[0][0] < cutoff:
            self._lags.popleft()

    def _log_stall(self, lag: float) -> None:
        frame = sys._current_frames().get(self._loop_thread)
        where = "".join(traceback.format_stack(frame, limit=8)) if frame is not None else "unknown"
        log.warning("event loop blocked", extra={"fields": {"seconds": round(lag, 2), "where": where}})
