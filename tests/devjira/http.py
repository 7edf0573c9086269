"""A tiny synchronous HTTP helper for tests against real sockets (devjira, jirakg serve)."""

from __future__ import annotations

import base64
import json
import urllib.error
import urllib.request
from dataclasses import dataclass


@dataclass
class Reply:
    status: int
    body: object
    headers: dict[str, str]


def call(url: str, method: str = "GET", body: object | None = None, auth: tuple[str, str] | str | None = None,
         headers: dict[str, str] | None = None, raw: bytes | None = None) -> Reply:
    """One request; error statuses are returned, not raised. `raw` is sent as is; a body that is not
    JSON comes back as {"text": ...}."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if isinstance(auth, tuple):
        request.add_header("Authorization", "Basic " + base64.b64encode(":".join(auth).encode()).decode())
    elif isinstance(auth, str):
        request.add_header("Authorization", "Bearer " + auth)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Reply(response.status, _decoded(response.read()), dict(response.headers))
    except urllib.error.HTTPError as exc:
        return Reply(exc.code, _decoded(exc.read()), dict(exc.headers))


def _decoded(raw: bytes) -> object:
    try:
        return json.loads(raw or b"null")
    except ValueError:
        return {"text": raw.decode()}
