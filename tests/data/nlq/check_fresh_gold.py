#!/usr/bin/env python3
# Usage: jirakg devjira serve --data DEMO.jsonl.gz --port 8191 (demo: seed 1, 3000 issues, end 2026-11-01), then
#        python tests/data/nlq/check_fresh_gold.py tests/data/nlq/fresh-conditions.jsonl
"""Check each gold JQL of a fresh nlq file on devjira: non-empty, every top-level AND clause narrows it,
and the jql-form query returns the same issues."""
import json,sys,urllib.request,urllib.parse
def keys(jql):
    u="http://127.0.0.1:8191/rest/api/2/search?"+urllib.parse.urlencode({"jql":jql,"maxResults":1000,"fields":"key"})
    d=json.load(urllib.request.urlopen(u)); assert d["total"]<=1000
    return {i["key"] for i in d["issues"]}
ok=True
seen=set()
for line in open(sys.argv[1]):
    c=json.loads(line); g=c["jql"]
    full=keys(g)
    if g not in seen:
        seen.add(g)
        parts=g.split(" AND ")
        drops=[len(keys(" AND ".join(parts[:i]+parts[i+1:])))-len(full) for i in range(len(parts))] if len(parts)>1 else []
        print(c["category"], len(full), "drop-gains", drops)
        if not full or any(d<=0 for d in drops): ok=False; print("  BAD")
    if c["variant"]=="jql" and keys(c["query"])!=full: ok=False; print("  jql form differs", c["id"])
print("OK" if ok else "PROBLEMS")
