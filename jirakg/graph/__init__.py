"""The cached issue graph: nodes, graph walks, stores, the JQL cache manager, sync and webhooks."""

from jirakg.graph.issue_graph import Chain, IssueGraph
from jirakg.graph.manager import GraphManager, QueryResult
from jirakg.graph.node import Node, node_from_issue
from jirakg.graph.stores import GraphStore, open_store

__all__ = ["Chain", "GraphManager", "GraphStore", "IssueGraph", "Node", "QueryResult", "node_from_issue",
           "open_store"]
