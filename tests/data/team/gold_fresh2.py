#!/usr/bin/env python3
"""Gold expectations for fresh2.jsonl (questions_fresh2.py), on the demo organisation and the Fluid archive.

Standalone like gold.py (standard library, no import of jirakg): it reuses gold.py's loading, filters,
ops and conventions and adds the one op these questions need.

    python gold_fresh2.py --demo /tmp/demo.jsonl --fluid .../issues.jsonl.gz --build   # (re)write fresh2.jsonl
    python gold_fresh2.py --demo /tmp/demo.jsonl --fluid .../issues.jsonl.gz --check   # exit 1 if one differs

Demo data: ``jirakg demo-data generate --seed 1 --issues 3000 --end-date 2026-11-01`` (gunzipped; its
.meta.json next to it).

Extra op
--------
  created_resolved {filter, window}  issues of the filter created in the window and issues of the filter
                   with a resolutiondate in it (the window as in gold.py's activity);
                   pairs ["created", n], ["resolved", n]. Refused when the scope has no resolution dates.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fresh2.jsonl")


def _load(name):
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


gold = _load("gold")


def op_created_resolved(data, spec):
    issues = gold.select(data, spec.get("filter"))
    gold.need(any(i.resolved for i in issues), "no resolution dates in scope")
    win = gold.window(spec["window"])
    created = sum(1 for i in issues if gold._in_window(i.created, win))
    resolved = sum(1 for i in issues if gold._in_window(i.resolved, win))
    gold.need(created or resolved, "nothing in the window")
    return gold.expect(pairs=[("created", created), ("resolved", resolved)])


OPS = {"created_resolved": op_created_resolved}


def compute(data, spec):
    if spec["op"] in OPS:
        e = OPS[spec["op"]](data, spec)
        if spec.get("absent"):
            e["absent"] = list(spec["absent"])
        return e
    return gold.compute(data, spec)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--demo", required=True)
    ap.add_argument("--demo-meta")
    ap.add_argument("--fluid", required=True)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--build", action="store_true")
    g.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    datasets = {"demo": gold.load_demo(args.demo, args.demo_meta), "fluid": gold.load_fluid(args.fluid)}
    cases = (gold.build_cases("fresh2", _load("questions_fresh2").QUESTIONS) if args.build
             else gold.read_cases(OUT))
    differ = failed = 0
    for c in cases:
        try:
            e = compute(datasets[c["dataset"]], c["spec"])
        except gold.GoldError as exc:
            print(f"{c['id']}: {exc}", file=sys.stderr)
            failed += 1
            continue
        if c["expect"] != e:
            differ += 1
            if args.check:
                print(f"{c['id']}: stored {json.dumps(c['expect'])} != gold {json.dumps(e)}", file=sys.stderr)
            c["expect"] = e
    if args.build:
        if failed:
            print(f"{failed} cases refused; nothing written", file=sys.stderr)
            return 1
        gold.write_cases(OUT, cases)
        print(f"{os.path.basename(OUT)}: {len(cases)} cases written")
        return 0
    print(f"{os.path.basename(OUT)}: {len(cases)} cases, {differ} differ, {failed} refused")
    return 1 if differ or failed else 0


if __name__ == "__main__":
    sys.exit(main())
