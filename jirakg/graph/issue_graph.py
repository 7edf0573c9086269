"""Issues as a graph: hierarchy (parent/children), typed directed links, and walks over them."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from jirakg.graph.node import Node


@dataclass
class Chain:
    """Everything reached from `root` along one link direction, by hop count."""

    root: str
    layers: list[list[str]] = field(default_factory=list)
    via: dict[str, str] = field(default_factory=dict)  # reached key → the key it was reached from
    missing: list[str] = field(default_factory=list)  # keys referenced but not in the graph

    @property
    def keys(self) -> list[str]:
        return [key for layer in self.layers for key in layer]

    def path_to(self, key: str) -> list[str]:
        path = [key]
        while path[-1] != self.root:
            path.append(self.via[path[-1]])
        return path[::-1]


class IssueGraph:
    def __init__(self, nodes: Iterable[Node] = ()) -> None:
        self.nodes: dict[str, Node] = {}
        self._children: dict[str, set[str]] = defaultdict(set)  # from the children's parent field
        for node in nodes:
            self.add(node)

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, key: str) -> bool:
        return key in self.nodes

    def add(self, node: Node) -> None:
        self.remove(node.key)
        self.nodes[node.key] = node
        if node.parent:
            self._children[node.parent].add(node.key)

    def get(self, key: str) -> Node | None:
        return self.nodes.get(key)

    def remove(self, key: str) -> None:
        old = self.nodes.pop(key, None)
        if old is not None and old.parent:
            self._children[old.parent].discard(key)

    # --- hierarchy --------------------------------------------------------------------------

    def children(self, key: str, issue_type: str | None = None) -> list[Node]:
        node = self.nodes.get(key)
        keys = set(self._children.get(key, ())) | set(node.children if node else ())
        found = [self.nodes[k] for k in keys if k in self.nodes]
        if issue_type:
            found = [n for n in found if n.type.lower() == issue_type.lower()]
        return sorted(found, key=lambda n: key_order(n.key))

    def descendants(self, key: str) -> list[Node]:
        """The whole subtree under `key`, breadth first, each once (a malformed cycle stops)."""
        seen, queue, found = {key}, deque([key]), []
        while queue:
            for child in self.children(queue.popleft()):
                if child.key not in seen:
                    seen.add(child.key)
                    found.append(child)
                    queue.append(child.key)
        return found

    def ancestors(self, key: str) -> list[Node]:
        found, seen = [], {key}
        node = self.nodes.get(key)
        while node and node.parent and node.parent not in seen:
            seen.add(node.parent)
            node = self.nodes.get(node.parent)
            if node:
                found.append(node)
        return found

    # --- links ------------------------------------------------------------------------------

    def linked(self, key: str, link_type: str | None = None,
               direction: str | None = None) -> list[tuple[str, str, str]]:
        node = self.nodes.get(key)
        return node.linked(link_type, direction) if node else []

    def chain(self, key: str, link_type: str = "Blocks", direction: str = "inward", depth: int = 10) -> Chain:
        """Transitive walk: with Blocks/inward, everything that (transitively) blocks `key`."""
        chain = Chain(key)
        seen, frontier = {key}, [key]
        for _ in range(depth):
            layer = []
            for current in frontier:
                if current not in self.nodes:
                    continue
                for other, _, _ in self.linked(current, link_type, direction):
                    if other not in seen:
                        seen.add(other)
                        chain.via[other] = current
                        layer.append(other)
            if not layer:
                break
            chain.layers.append(sorted(layer, key=key_order))
            frontier = layer
        chain.missing = sorted((k for k in chain.keys if k not in self.nodes), key=key_order)
        return chain

    def cycles(self, link_type: str = "Blocks") -> list[list[str]]:
        """Deadlocks: every strongly connected group of issues that block one another, as a cycle. A link is read
        from whichever side holds it (an archive may keep only one)."""
        blocks: dict[str, set[str]] = {key: set() for key in self.nodes}
        for key, node in self.nodes.items():
            blocks[key] |= {o for o, _, _ in node.linked(link_type, "outward") if o in self.nodes}
            for other, _, _ in node.linked(link_type, "inward"):
                if other in self.nodes:
                    blocks[other].add(key)
        edges = {key: sorted(targets, key=key_order) for key, targets in blocks.items()}
        found = []
        for group in _strongly_connected(edges):
            if len(group) > 1 or group[0] in edges.get(group[0], ()):
                found.append(_cycle_through(sorted(group, key=key_order)[0], set(group), edges))
        return sorted(found, key=lambda cycle: key_order(cycle[0]))

    def shortest_path(self, start: str, goal: str) -> list[tuple[str, str]] | None:
        """Fewest hops over links (either direction) and parent/child edges: [(key, how reached)]."""
        if start not in self.nodes or goal not in self.nodes:
            return None
        previous: dict[str, tuple[str, str]] = {}
        queue, seen = deque([start]), {start}
        while queue:
            current = queue.popleft()
            if current == goal:
                path = [(goal, previous[goal][1] if goal in previous else "start")]
                while path[-1][0] != start:
                    before, _ = previous[path[-1][0]]
                    path.append((before, previous[before][1] if before in previous else "start"))
                return path[::-1]
            for neighbour, how in self._neighbours(current):
                if neighbour not in seen and neighbour in self.nodes:
                    seen.add(neighbour)
                    previous[neighbour] = (current, how)
                    queue.append(neighbour)
        return None

    def _neighbours(self, key: str) -> Iterable[tuple[str, str]]:
        node = self.nodes[key]
        for other, kind, side in node.linked():
            yield other, node.link_verbs.get(kind, {}).get(side, kind)
        if node.parent:
            yield node.parent, "child of"
        for child in self.children(key):
            yield child.key, "parent of"


def _strongly_connected(edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative so deep chains do not hit the recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(edges.get(successor, ()))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                groups.append(group)
    return groups


def _cycle_through(start: str, group: set[str], edges: dict[str, list[str]]) -> list[str]:
    """A shortest cycle from `start` back to itself inside one strongly connected group."""
    previous: dict[str, str] = {}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for nxt in edges.get(current, ()):
            if nxt not in group:
                continue
            if nxt == start:
                path = [current]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                return path[::-1]
            if nxt not in previous:
                previous[nxt] = current
                queue.append(nxt)
    return [start]


def key_order(key: str) -> tuple[str, int]:
    project, _, number = key.rpartition("-")
    return (project, int(number)) if number.isdigit() else (key, 0)
