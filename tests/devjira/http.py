"""A tiny synchronous HTTP helper for tests against a real devjira socket."""

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


def call(url: str, method: str = "GET", body: object | None = None, auth: tuple[str, str] | str | None = None) -> Reply:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if isinstance(auth, tuple):
        request.add_header("Authorization", "Basic " + base64.b64encode(":".join(auth).encode()).decode())
    elif isinstance(auth, str):
        request.add_header("Authorization", "Bearer " + auth)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Reply(response.status, json.loads(response.read() or b"null"), dict(response.headers))
    except urllib.error.HTTPError as exc:
        return Reply(exc.code, json.loads(exc.read() or b"null"), dict(exc.headers))
