"""Retrieval: plans (what to fetch for each intent) and their execution through the GraphManager."""
