#!/usr/bin/env python3
"""Check each gold JQL of a fresh NLQ file on devjira: it returns issues, every top-level AND clause
narrows it, and the jql-form query returns the same issues.

    jirakg devjira serve --data DEMO.jsonl.gz --port 8191   # seed 1, 3000 issues, end 2026-11-01
    python tests/data/nlq/check_fresh_gold.py tests/data/nlq/fresh-conditions.jsonl
"""
import json
import sys
import urllib.parse
import urllib.request

BASE = "http://127.0.0.1:8191/rest/api/2/search?"


def keys(jql):
    d = json.load(urllib.request.urlopen(BASE + urllib.parse.urlencode({"jql": jql, "maxResults": 1000,
                                                                        "fields": "key"})))
    assert d["total"] <= 1000
    return {i["key"] for i in d["issues"]}


def main(path):
    ok, seen = True, set()
    for line in open(path, encoding="utf-8"):
        c = json.loads(line)
        gold = c["jql"]
        full = keys(gold)
        if gold not in seen:
            seen.add(gold)
            parts = gold.split(" AND ")
            gains = [len(keys(" AND ".join(parts[:i] + parts[i + 1:]))) - len(full)
                     for i in range(len(parts))] if len(parts) > 1 else []
            print(c["category"], len(full), "dropping each clause adds", gains)
            if not full or any(g <= 0 for g in gains):
                ok = False
                print("  BAD")
        if c["variant"] == "jql" and keys(c["query"]) != full:
            ok = False
            print("  jql form differs", c["id"])
    print("OK" if ok else "PROBLEMS")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
