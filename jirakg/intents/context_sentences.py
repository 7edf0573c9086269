"""Sentences that tell the asker's story before the request ("The demos are embarrassing at conferences.
Show me …", "A Decapod 0.3 user is asking about old problems. Can you list …"): their names are no
conditions ("demos" is not the Demos component, "0.3" not a fix version), so the request is read alone —
unless it points back into them ("… in Resolved status there?", "how many of its bugs …", "the ones he filed")."""
import re

from jirakg.intents.conditions import ISSUE_NOUN
from jirakg.jql.keys import ISSUE_KEY_SHAPE

SENTENCE_END = re.compile(r"(?<=[.!])\s+(?=[\"'A-Z])|\s[-–]\s")
# A sentence that asks: a question, or a request word among its first few words ("For Kettle, could you…")
ASKS = re.compile(r"\?\s*$|^(?:\W*[\w']+\W+){0,4}?(?:which|what|who|how|list|show|give|find|get|count|tell|pull|"
                  r"can|could|would|please|are there|is there)\b|\bi (?:need|want|d like|would like)\b",
                  re.IGNORECASE)
# The request points back into the story: the place, project, issue or time the story named ("during that week")
POINTS_BACK = re.compile(r"\b(?:there|its|their|it|they|them|those|these|he|she|him|her|his|hers|himself|herself|"
                         r"(?:that|this|the same) (?:\w+ )?(?:project|component|release|version|"
                         r"board|team|list|resolution|status|sprint|person|one)|"
                         r"(?:that|the same) (?:day|week|month|quarter|year|period|time))\b|\bones\b", re.IGNORECASE)
RELATIVE_THAT = re.compile(rf"(?P<noun>{ISSUE_NOUN.pattern}) that\b", re.IGNORECASE)
ANY_PROJECT = re.compile(r"\bprojects?\b", re.IGNORECASE)  # "for all the other projects": no scope to carry


def without_story(text: str, projects: dict[str, str]) -> tuple[str, str]:
    """`text` without the statements before its first request, when the request does not point back, and
    the statements left out (for the answer to name their condition words as not used).
    `projects`: each project's name (lower case) and key (as typed) to the name to read."""
    sentences = SENTENCE_END.split(text.strip())
    first = next((i for i, s in enumerate(sentences) if ASKS.search(s.replace("'", " "))), 0)
    story = sentences[:first]
    # "the issues that affect version 0.3": "that" after an issue noun starts a clause, it points at nothing
    asked = RELATIVE_THAT.sub(r"\g<noun> which", " ".join(sentences[first:]))
    if (not story or POINTS_BACK.search(asked)
            or not ISSUE_NOUN.search(" ".join(sentences[first:]))  # "Core Platform bugs in May. Which are open?"
            or any(re.search(ISSUE_KEY_SHAPE, s, re.I) for s in story)):
        return text, ""
    request = " ".join(sentences[first:])
    scopes = {_project_in(s, projects) for s in story} - {None}
    if len(scopes) == 1 and not _project_in(request, projects) and not ANY_PROJECT.search(request):
        scope = scopes.pop()
        request = re.sub(r"([.!?]*)\s*$", lambda m: f" in the {scope} project{m.group(1)}", request, count=1)
    return request, " ".join(story)


def _project_in(sentence: str, projects: dict[str, str]) -> str | None:
    lowered = " ".join(re.findall(r"[\w-]+", sentence.lower()))
    for name, label in projects.items():
        said = re.search(rf"\b{re.escape(name)}\b", sentence if name.isupper() else lowered)
        if said:
            return label
    return None
