"""Fresh held-back capability questions (watchers, votes, ratios, story points per person, epics by
open children): one entry per question, three wordings each. `python gold_fresh.py --demo ... --build`
turns them into fresh-capabilities.jsonl. Spec format: gold.py, plus the ops of gold_fresh.py.
Written from the raw demo data, without reading how jirakg answers."""


def Q(qid, intent, category, spec, **forms):
    return {"id": qid, "intent": intent, "dataset": "demo", "category": category, "spec": spec, "forms": forms}


QUESTIONS = [
    Q("wat01", "ranking", "rank-watchers",
      {"op": "rank_issue_by", "filter": {"project": "MOB", "open": True}, "by": "watchers"},
      keywords="open MOB issue with the most watchers",
      chatty="People keep pinging me about some mobile ticket; which unresolved MOB issue has the most watchers on it?",
      paraphrase="which unfinished mobile app ticket are the most people following?"),
    Q("wat02", "ranking", "rank-watchers",
      {"op": "rank_issue_by", "filter": {"type": "Bug", "open": True}, "by": "watchers"},
      keywords="most watched open bug",
      chatty="Out of all the bugs still open across every project, which one has the biggest crowd watching it?",
      paraphrase="which unfixed defect is being followed by the most people?"),
    Q("vot01", "ranking", "rank-votes",
      {"op": "rank_issue_by", "filter": {"project": "MOB", "open": True}, "by": "votes"},
      keywords="open MOB issue with the most votes",
      chatty=("For the mobile roadmap chat I want to know what users care about: which open "
              "MOB ticket got the most votes?"),
      paraphrase="which unresolved mobile app ticket have people upvoted the most?"),
    Q("vot02", "ranking", "rank-votes",
      {"op": "rank_issue_by", "filter": {"project": "DATA", "type": "Bug", "open": True}, "by": "votes"},
      keywords="most voted open bug in DATA",
      chatty=("Which of the Data Platform bugs that are still open has collected the most "
              "votes? Want to fix the popular one first."),
      paraphrase="which unfixed data platform defect do the most people want fixed, going by votes?"),
    Q("rat01", "stats", "ratio",
      {"op": "ratio", "a": {"project": "MOB", "type": "Bug"}, "b": {"project": "MOB", "type": "Story"}},
      keywords="ratio of bugs to stories in MOB",
      chatty="Are we drowning in bugs on mobile? What's the ratio of bugs to stories in the MOB project?",
      paraphrase="how many defects does Mobile Apps have for every user story?"),
    Q("rat02", "stats", "ratio",
      {"op": "ratio", "a": {"project": "OPS", "type": "Task"}, "b": {"project": "OPS", "type": "Bug"}},
      keywords="OPS tasks to bugs ratio",
      chatty=("Operations question for the retro: how do the number of tasks compare to the "
              "number of bugs in OPS, as a ratio?"),
      paraphrase="in operations, how many tasks are there per bug?"),
    Q("pts01", "stats", "points-per-person",
      {"op": "points_by_person", "filter": {"project": "DATA", "open": True}},
      keywords="story points per person on open DATA issues",
      chatty=("I'm balancing load on the data team: how many story points does each person "
              "have on unresolved DATA issues?"),
      paraphrase="how much estimated open data platform work sits with each assignee, in points?"),
    Q("pts02", "stats", "points-per-person",
      {"op": "points_by_person", "filter": {"active_sprint": "WEB"}},
      keywords="story points per assignee in the current WEB sprint",
      chatty=("Sprint check-in for the storefront: could you total up story points by assignee "
              "for the active WEB sprint?"),
      paraphrase="in the storefront's running sprint, how are the points split between people?"),
    Q("epc01", "ranking", "epics-open-children",
      {"op": "epics_by_open_children", "filter": {"project": "DATA"}},
      keywords="DATA epic with the most open children",
      chatty="On the data platform side, which epic has the most child issues that still aren't resolved?",
      paraphrase="which data platform epic has the biggest pile of unfinished work under it?"),
    Q("epc02", "ranking", "epics-open-children",
      {"op": "epics_by_open_children", "filter": {}},
      keywords="epic with the most open child issues",
      chatty=("Which epic still has the longest tail of unfinished child issues hanging off "
              "it? Trying to spot what's dragging."),
      paraphrase="which epic has the most of its work still not done?"),
]
