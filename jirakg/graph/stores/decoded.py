"""Nodes decoded from a store's JSON, kept in this process: a cached turn over thousands of issues
would otherwise validate every node again (about 60 µs each). Reuse is safe for the same reason
MemoryStore's is: nodes handed out are never modified in place."""

from __future__ import annotations

from collections.abc import Iterable

from jirakg.graph.node import Node

DECODED_LIMIT = 200_000  # nodes kept per store; past it the table starts again rather than grow


class DecodedNodes:
    """Each node with the text it was decoded from. A store that can tell no other writer touched it
    since (SQLite's data_version) marks what it reads and writes as trusted, and serves `trusted` nodes
    without reading them; otherwise (Redis) nothing is trusted and the text read decides whether the
    decoded node still holds."""

    def __init__(self, limit: int = DECODED_LIMIT) -> None:
        self.limit = limit
        self._kept: dict[str, tuple[str | bytes, Node]] = {}
        self._trusted: set[str] = set()  # keys whose kept node matches the store as of the last check
        self.epoch = 0  # how many times trust was withdrawn: a read that spans a withdrawal proves nothing

    def node(self, key: str, text: str | bytes, trust: bool = False) -> Node:
        """The node stored as `text`: the one decoded before when the text is the same. `trust`: the text
        was read after the store's last check, so it is what the store holds now."""
        kept = self._kept.get(key)
        if kept is not None and kept[0] == text:
            if trust:
                self._trusted.add(key)
            return kept[1]
        node = Node.model_validate_json(text)
        self._keep(key, text, node, trust)
        return node

    def encode(self, node: Node, trust: bool = False) -> str:
        """`node` as the store keeps it, remembered as decoded: the turn after a fetch reads it back for free."""
        text = node.model_dump_json()
        self._keep(node.key, text, node, trust)
        return text

    def trusted(self, keys: Iterable[str]) -> dict[str, Node]:
        return {key: self._kept[key][1] for key in keys if key in self._trusted}

    def distrust(self) -> None:
        """Another writer changed the store: every node is read (and its text compared) again."""
        self._trusted.clear()
        self.epoch += 1

    def forget(self, keys: Iterable[str]) -> None:
        for key in keys:
            self._kept.pop(key, None)
            self._trusted.discard(key)

    def _keep(self, key: str, text: str | bytes, node: Node, trust: bool) -> None:
        if len(self._kept) >= self.limit:
            self._kept.clear()
            self._trusted.clear()
        self._kept[key] = (text, node)
        if trust:
            self._trusted.add(key)
        else:
            self._trusted.discard(key)
