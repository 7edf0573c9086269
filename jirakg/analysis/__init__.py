"""Computations over sets of issue nodes for the team questions (breakdowns, rankings, statistics,
workload, risk, activity): pure functions, no fetching, so a handler fetches once and any of them
reads the same nodes."""
