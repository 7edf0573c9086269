"""How the connector authenticates: email + API token, personal access token, or nobody."""

from __future__ import annotations

import base64
from dataclasses import dataclass


@dataclass(frozen=True)
class JiraAuth:
    scheme: str = "anonymous"  # basic | bearer | anonymous
    user: str | None = None
    token: str | None = None

    def headers(self) -> dict[str, str]:
        if self.scheme == "basic" and self.user and self.token:
            encoded = base64.b64encode(f"{self.user}:{self.token}".encode()).decode()
            return {"Authorization": f"Basic {encoded}"}
        if self.scheme == "bearer" and self.token:
            return {"Authorization": f"Bearer {self.token}"}
        return {}
