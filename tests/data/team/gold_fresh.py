#!/usr/bin/env python3
"""Gold expectations for fresh-capabilities.jsonl (questions_fresh.py).

Standalone like gold.py (standard library, no import of jirakg): it reuses gold.py's loading,
filters and conventions and adds the ops these questions need. Watchers and votes are read from
the raw issues' ``watches.watchCount`` and ``votes.votes``.

    python gold_fresh.py --demo /tmp/demo.jsonl --build    # (re)write fresh-capabilities.jsonl
    python gold_fresh.py --demo /tmp/demo.jsonl --check    # exit 1 if a stored expect differs

Demo data: ``jirakg demo-data generate --seed 1 --issues 3000 --end-date 2026-11-01`` (gunzipped;
its .meta.json next to it).

Extra ops
---------
  rank_issue_by  {filter, by: watchers|votes}  lead: the issue key(s) tied at the top and the number
                 (refused when more than 4 tie or the top is 0).
  ratio          {a: filter, b: filter}  mentions: the two counts (a's, then b's); the ratio itself is
                 not required, since it may be written as "0.44", "1:2.3" or "about 1 in 2".
  points_by_person {filter}  Story Points summed per assignee over assigned issues with points;
                 pairs: the 3 largest [person, points] (ties at the cut skipped).
  epics_by_open_children {filter}  epics of the filter, ranked by unresolved issues whose parent is
                 the epic; lead: the epic key(s) tied at the top and the count.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fresh-capabilities.jsonl")


def _load(name):
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


gold = _load("gold")


def raw_counts(path):
    """key -> (watchers, votes) from the raw issues (gold.Issue does not keep them)."""
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                raw = json.loads(line)
                f = raw["fields"]
                out[raw["key"]] = ((f.get("watches") or {}).get("watchCount", 0),
                                   (f.get("votes") or {}).get("votes", 0))
    return out


def _tied_lead(counter):
    keys, best = gold.tied_top(counter)
    gold.need(best > 0, "top is 0")
    gold.need(len(keys) <= 4, f"{len(keys)} tie at the top")
    return gold.expect(lead=[*keys, gold.num_text(best)])


def op_rank_issue_by(data, spec, counts):
    idx = {"watchers": 0, "votes": 1}[spec["by"]]
    issues = gold.select(data, spec.get("filter"))
    gold.need(issues, "empty scope")
    return _tied_lead(Counter({i.key: counts[i.key][idx] for i in issues}))


def op_ratio(data, spec, counts):
    a, b = len(gold.select(data, spec["a"])), len(gold.select(data, spec["b"]))
    gold.need(a and b, "empty side")
    return gold.expect(mentions=[str(a), str(b)])


def op_points_by_person(data, spec, counts):
    c = Counter()
    for i in gold.select(data, spec.get("filter")):
        if i.assignee and i.points is not None:
            c[i.assignee] += i.points
    gold.need(c, "no points in scope")
    pairs = gold.top_k(c, 3)
    gold.need(pairs, "ties")
    return gold.expect(pairs=[(p, int(n) if float(n).is_integer() else n) for p, n in pairs])


def op_epics_by_open_children(data, spec, counts):
    epics = {i.key for i in gold.select(data, {**(spec.get("filter") or {}), "type": "Epic"})}
    c = Counter(dict.fromkeys(epics, 0))
    for i in data.issues:
        if i.parent in epics and i.open:
            c[i.parent] += 1
    return _tied_lead(c)


OPS = {"rank_issue_by": op_rank_issue_by, "ratio": op_ratio, "points_by_person": op_points_by_person,
       "epics_by_open_children": op_epics_by_open_children}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--demo", required=True)
    ap.add_argument("--demo-meta")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--build", action="store_true")
    g.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    data = gold.load_demo(args.demo, args.demo_meta)
    counts = raw_counts(args.demo)
    cases = (gold.build_cases("fresh", _load("questions_fresh").QUESTIONS) if args.build
             else gold.read_cases(OUT))
    differ = 0
    for c in cases:
        spec = c["spec"]
        e = OPS[spec["op"]](data, spec, counts) if spec["op"] in OPS else gold.compute(data, spec)
        if c["expect"] != e:
            differ += 1
            if args.check:
                print(f"{c['id']}: stored {json.dumps(c['expect'])} != gold {json.dumps(e)}", file=sys.stderr)
            c["expect"] = e
    if args.build:
        gold.write_cases(OUT, cases)
        print(f"{os.path.basename(OUT)}: {len(cases)} cases written")
        return 0
    print(f"{os.path.basename(OUT)}: {len(cases)} cases, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
