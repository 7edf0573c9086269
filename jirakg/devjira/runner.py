"""Run devjira on a real port in a background thread, for synchronous callers (tests, benchmarks)."""

from __future__ import annotations

import asyncio
import threading

from aiohttp import web


class BackgroundServer:
    """`with BackgroundServer(app) as url:` serves `app` on 127.0.0.1 until the block ends."""

    def __init__(self, app: web.Application, host: str = "127.0.0.1", port: int = 0) -> None:
        self.app, self.host, self.port = app, host, port
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="devjira", daemon=True)

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._runner = web.AppRunner(self.app, access_log=None)
        self._loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, self.host, self.port)
        self._loop.run_until_complete(site.start())
        port = self._runner.addresses[0][1]  # the port the OS chose for port 0
        self.url = f"http://{self.host}:{port}"
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(self._runner.cleanup())
        self._loop.close()

    def __enter__(self) -> str:
        self._thread.start()
        self._ready.wait(30)
        return self.url

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(30)
