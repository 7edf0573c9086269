"""Retrieval finds facts and answer/ words them: no retrieval module imports answer/, so the two
packages do not import each other."""

from __future__ import annotations

import ast
from pathlib import Path

import jirakg

RETRIEVAL = Path(jirakg.__file__).parent / "retrieval"


def imported(file: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_retrieval_never_imports_answer() -> None:
    offenders = {str(f.relative_to(RETRIEVAL)): sorted(n for n in imported(f) if n.startswith("jirakg.answer"))
                 for f in RETRIEVAL.rglob("*.py")}
    assert {f: names for f, names in offenders.items() if names} == {}
