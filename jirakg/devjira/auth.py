"""devjira's credentials: none (anonymous), basic USER:TOKEN, or a bearer token."""

from __future__ import annotations

import base64
import hmac
from dataclasses import dataclass


@dataclass(frozen=True)
class AuthSpec:
    scheme: str  # "basic" or "bearer"
    user: str
    secret: str

    @classmethod
    def parse(cls, text: str) -> AuthSpec:
        scheme, _, rest = text.partition(":")
        if scheme == "basic":
            user, _, token = rest.partition(":")
            if user and token:
                return cls("basic", user, token)
        elif scheme == "bearer" and rest:
            return cls("bearer", "", rest)
        raise ValueError("--auth must be basic:USER:TOKEN or bearer:TOKEN")

    def accepts(self, header: str | None) -> bool:
        if not header:
            return False
        scheme, _, value = header.partition(" ")
        if self.scheme == "bearer":
            return scheme.lower() == "bearer" and hmac.compare_digest(value.strip(), self.secret)
        if scheme.lower() != "basic":
            return False
        try:
            decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return False
        return hmac.compare_digest(decoded, f"{self.user}:{self.secret}")
