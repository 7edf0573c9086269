"""The critical path of a dependency walk: the longest chain of work not yet done, hop by hop from the
subject, which decides how long the subject stays held up."""

from __future__ import annotations

from jirakg.analysis.values import is_done
from jirakg.graph import Node
from jirakg.graph.issue_graph import key_order


def critical_path(subject: Node, nodes: list[Node], link_type: str = "Blocks", direction: str = "inward") -> list[str]:
    """Keys from `subject` along `direction` links of `link_type` through issues not done, as long as any
    such chain goes (ties: the first in key order). A link that closes a cycle is not followed, so a
    deadlock neither loops nor lengthens the path; the cycles are reported on their own."""
    graph = {node.key: node for node in nodes if not is_done(node)}
    graph[subject.key] = subject

    def after(key: str) -> list[str]:
        return sorted({other for other, _, _ in graph[key].linked(link_type, direction) if other in graph},
                      key=key_order)

    longest: dict[str, list[str]] = {}
    on_path: set[str] = set()

    def walk(key: str) -> list[str]:
        # Depth first: a link back to a key on the current path is a cycle's closing edge and is skipped.
        if key in longest:
            return longest[key]
        on_path.add(key)
        best: list[str] = []
        for other in after(key):
            if other not in on_path:
                tail = walk(other)
                if len(tail) > len(best):
                    best = tail
        on_path.discard(key)
        longest[key] = [key, *best]
        return longest[key]

    return walk(subject.key)

