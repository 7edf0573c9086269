"""Read and write issue archives: one JSON object per line, gzip when the name ends in .gz."""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO


def read_issues(path: Path) -> Iterator[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}: line {number} is not valid JSON ({exc.msg})") from exc


def write_issues(path: Path, issues: Iterable[dict]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        raw: IO[bytes] | gzip.GzipFile = stack.enter_context(open(path, "wb"))
        if path.suffix == ".gz":
            # No name and a zero mtime in the gzip header keep output byte-identical across runs.
            raw = stack.enter_context(gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6))
        handle = stack.enter_context(io.TextIOWrapper(raw, encoding="utf-8", newline="\n"))
        count = 0
        for issue in issues:
            handle.write(json.dumps(issue, ensure_ascii=False, separators=(",", ":")))
            handle.write("\n")
            count += 1
    return count
