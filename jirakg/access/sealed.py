"""People's Jira tokens sealed at rest, and sign-in links that cannot be forged or reused late, both
keyed by `jira.credentials_key` (each use derives its own key, so one never stands in for the other)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time

from cryptography.fernet import Fernet, InvalidToken


def _derived(secret: str, purpose: str) -> bytes:
    return hashlib.sha256(f"jirakg:{purpose}:{secret}".encode()).digest()


class Sealer:
    def __init__(self, secret: str) -> None:
        self._fernet = Fernet(base64.urlsafe_b64encode(_derived(secret, "credentials")))
        self._signing = _derived(secret, "sign-in")

    def seal(self, text: str) -> str:
        return self._fernet.encrypt(text.encode()).decode()

    def open(self, sealed: str) -> str | None:
        """None for a value sealed under another key (the key was changed: people sign in again)."""
        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except (InvalidToken, ValueError):
            return None

    def sign(self, payload: dict, ttl_s: float, now: float | None = None) -> str:
        body = dict(payload, exp=(time.time() if now is None else now) + ttl_s)
        text = base64.urlsafe_b64encode(json.dumps(body, sort_keys=True).encode()).decode().rstrip("=")
        return f"{text}.{self._mac(text)}"

    def verified(self, signed: str, now: float | None = None) -> dict | None:
        """The payload of a link this server signed and that has not expired, else None."""
        text, _, mac = signed.partition(".")
        if not hmac.compare_digest(mac, self._mac(text)):
            return None
        try:
            body = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        except ValueError:
            return None
        if not isinstance(body, dict) or float(body.get("exp", 0)) <= (time.time() if now is None else now):
            return None
        return body

    def _mac(self, text: str) -> str:
        return hmac.new(self._signing, text.encode(), hashlib.sha256).hexdigest()
