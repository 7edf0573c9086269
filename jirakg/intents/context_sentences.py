"""Sentences that tell the asker's story before the request ("The demos are embarrassing at conferences.
Show me …", "A Decapod 0.3 user is asking about old problems. Can you list …", "I want to back that up with data
for my one-on-one: how many …"): their names are no conditions ("demos" is not the Demos component, "0.3" not a
fix version, "data" not the DATA project), so the request is read alone — unless it points back into them
("… in Resolved status there?", "how many of its bugs …", "the ones he filed")."""
import re
from collections.abc import Callable

from jirakg.intents.conditions import ISSUE_NOUN, REGARDLESS
from jirakg.intents.follow_ups import POINTS_AT_PERSON, with_person
from jirakg.jql.keys import ISSUE_KEY_SHAPE

# A sentence ends at a full stop, a dash, or a colon a request follows ("…before I answer her again: how many…")
# (typed in lower case too: "yet. before I …"; not after an abbreviation: "e.g. the", "vs. last")
SENTENCE_END = re.compile(r"(?<=[.!?;])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bapprox\.)"
                          r"\s+(?=[\"'A-Za-z])|\s[-–]\s|(?<=:)\s+(?=(?i:which|what|who|how|can|could|would|"
                          r"please|list|show|give|find|count|pull|tell|are there|is there)\b)")
# A sentence that asks: a question, or a request word among its first few words ("For Kettle, could you…")
ASKS = re.compile(r"\?\s*$|^(?:\W*[\w']+\W+){0,4}?(?<!the )(?<!a )(?<!our )(?<!my )(?<!mailing )"  # not "the list"
                  # "We're auditing how many … were thrown away. Please list …": what the asker is doing, not asking
                  r"(?<!auditing )(?<!checking )(?<!reviewing )(?<!wondering )(?<!tracking )(?<!reconstructing )"
                  r"(?<!investigating )(?<!documenting )(?<!explaining )(?<!curious )(?<!curious about )"
                  r"(?<!comparing )(?<!looking at )(?<!working out )"
                  # "how many", not "I'm looking at how good our bug reports were"
                  # ("it bugs me how many …": a feeling about a number, not the question)
                  r"(?:which|what|who|(?<! me )(?<! us )how(?= (?:many|much|is|are|was|were|do|does|did|far|long|old|"
                  r"often)\b)|list|"
                  r"show|give|find|get|count|tell|pull|please|are there|is there|summari[sz]e|describe|explain|"
                  # "can you", not "he can never tell what…"
                  r"(?:can|could|would)(?= (?:you|u|ya|i|we|someone|somebody|anyone|please)\b))\b", re.IGNORECASE)
# A sentence that only says the asker wants something ("I want to back that up with data for my one-on-one"): the
# request when nothing asks after it, the story when a sentence that asks follows
WANTS = re.compile(r"\bi (?:\w+ )?(?:need|want|d like|would like)\b", re.IGNORECASE)
# The request points back into the story: the place, project, issue or time the story named ("during that week")
# ("are there" asks whether any exist: it points nowhere)
POINTS_BACK = re.compile(r"\b(?:(?<!are )(?<!is )(?<!were )(?<!was )there|its|their|it|they|them|those|these|he|she|"
                         r"him|her|his|hers|himself|herself|"
                         r"(?:that|this|the same) (?:\w+ )?(?:project|component|release|version|"
                         r"board|team|list|resolution|status|sprint|person|one)|"
                         r"(?:that|the same) (?:day|week|month|quarter|year|period|time))\b|\bones\b", re.IGNORECASE)
# …only at the project the story is set in ("Which bugs in that project…"): the project, not the whole story
THAT_PROJECT = re.compile(r"\b(?:(?P<that>that|this|the same) project|(?:in |over )?"
                          r"(?<!are )(?<!is )(?<!were )(?<!was )there)\b", re.IGNORECASE)  # not "are there any"
ITS = re.compile(r"\bits\b", re.IGNORECASE)
# "…held up during its 2020 push. Show me the bugs filed against SJRK that year.": the one year the story names
THAT_YEAR = re.compile(r"\b(?:in |during )?(?:that|the same) year\b", re.IGNORECASE)
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
THESE_PROJECTS = re.compile(r"\b(?:in |from |across |over )?(?:either|both|those|these|"
                            r"the two) projects?\b", re.IGNORECASE)
EXCLUDING = re.compile(r"\b(?:excluding|except|other than|besides|apart from|aside from|(?:anyone|anybody) but)\b",
                       re.IGNORECASE)
IT = re.compile(r"\b(?:it|its)\b(?!')", re.IGNORECASE)
IT_ALONE = re.compile(r"\bit\b(?!')", re.IGNORECASE)
# a sprint a story says has just begun, without its name
NEW_SPRINT = re.compile(r"\b(?:new|current|latest|fresh) (?:sprint|cycle|iteration)\b|\b(?:sprint|cycle|iteration) "
                        r"(?:that )?(?:has )?(?:just )?(?:started|began|begun|kicked off)\b", re.IGNORECASE)
RELATIVE_THAT = re.compile(rf"(?P<noun>{ISSUE_NOUN.pattern}) that\b", re.IGNORECASE)
# "Show me what Justin raised": the issues are asked for without an issue noun (or by a type's name)
ISSUES_ASKED = re.compile(rf"{ISSUE_NOUN.pattern}|\b(?:improvements?|initiatives?|risks?)\b|"
                          r"\b(?:show|list|give|pull up|find|get|fetch)(?: me| us)? (?:what|everything)\b",
                          re.IGNORECASE)
# A clause that tells why before a comma and the request ("Since the Billing review is tomorrow, can you …", "I want to
# back it up with data, so how many …"): a sentence of its own; "Since October, which …" is a time, no clause
LEAD_CLAUSE = re.compile(r"^((?:(?:since|because|as|while|now that|given that|seeing that) [^,]*?(?:'s|\b(?:is|are|was|"
                         r"were|has|have|had|will|keeps?|kept|got|went|goes|wraps?|looks?))\b|"
                         r"[^,]*\bi (?:\w+ )?(?:want|need|d like|would like)\b|"
                         # "When I plan the next release train, which …": when the asker will use the answer
                         r"(?:when|whenever|once) (?:i|we)(?: \w+)? [^,]*)[^,]*),\s+(?:so\s+)?"
                         r"(?=(?:can|could|would|will) you\b|which\b|what\b|how (?:many|much)\b|please\b|list\b|"
                         r"show\b)", re.IGNORECASE)
SHORT_LEAD = 6  # words: a lead this short before a colon ("Quick one:", "For the OPS retro:") is read with the request
ANY_PROJECT = re.compile(r"\bprojects?\b", re.IGNORECASE)  # "for all the other projects": no scope to carry


def without_story(text: str, projects: dict[str, str], names_person: Callable[[str], bool] = lambda _: False,
                  sprints: dict[str, str] | None = None,
                  fits: Callable[[str, str], bool] = lambda _request, _project: True,
                  person_in: Callable[[str], str | None] = lambda _: None) -> tuple[str, str]:
    """`text` without the statements before its first request, when the request does not point back, and
    the statements left out (for the answer to name their condition words as not used).
    `projects`: each project's name (lower case) and key (as typed) to the name to read. `names_person`: whether a
    sentence names the one person the question names (a pronoun beside them points at them, not into the story).
    `sprints`: each sprint's name (lower case) to the name to read. `fits`: whether the request may be set in the
    project the story names (a component of another project in the request says it is not). `person_in`: the one
    person a sentence names, if it names exactly one."""
    sentences: list[str] = []
    for sentence in SENTENCE_END.split(text.strip()):  # "each component of OPS: how many…" is one request
        if sentences and sentences[-1].endswith(":") and len(sentences[-1].split()) < SHORT_LEAD:
            sentences[-1] += " " + sentence
        else:
            sentences += [part for part in LEAD_CLAUSE.split(sentence, maxsplit=1) if part]
    first = _request_start(sentences)
    story = sentences[:first]
    # "the issues that affect version 0.3": "that" after an issue noun starts a clause, it points at nothing; only the
    # sentence that asks can point back ("Just those, please." after it points at what it asked for)
    # ("whatever its state", "regardless of who fixed it" point at nothing either)
    asked = REGARDLESS.sub("", RELATIVE_THAT.sub(r"\g<noun> which", sentences[first] if story else ""))
    scopes = {_project_in(s, projects) for s in story} - {None}
    told_projects = _projects_in(" ".join(story), projects)
    if len(told_projects) > 1 and THESE_PROJECTS.search(asked):
        # "the Floe and IDI sites share some code. show me the bugs in either project": the projects the story names
        sentences[first] = THESE_PROJECTS.sub(f"in {' or '.join(told_projects)}", sentences[first])
        asked = THESE_PROJECTS.sub("", asked)
    if len(scopes) == 1 and THAT_PROJECT.search(asked) and not POINTS_BACK.search(THAT_PROJECT.sub("", asked)):
        # "… in that project": the one project the story is set in, named where the request points at it
        scope = next(iter(scopes))
        sentences[first] = THAT_PROJECT.sub(lambda m: f"{'the' if m.group('that') else 'in the'} {scope} project",
                                            sentences[first])
        asked = ""
    years = {year for sentence in story for year in YEAR.findall(sentence)}
    that_year = f"in {years.pop()}" if len(years) == 1 and THAT_YEAR.search(asked) else None
    if that_year:  # "… trouble the video player had in 2012. How many … were opened for it that year?"
        sentences[first] = THAT_YEAR.sub(that_year, sentences[first])
        asked = "" if not POINTS_BACK.search(THAT_YEAR.sub("", asked)) else THAT_YEAR.sub("", asked)
    sprint_told = len(scopes) == 1 and any(NEW_SPRINT.search(s) for s in story) and bool(IT_ALONE.search(asked))
    if sprint_told:
        # "core platform kicked off a new sprint yesterday. what's in it?": the project's current sprint
        sentences[first] = IT_ALONE.sub(f"the current {next(iter(scopes))} sprint", sentences[first], count=1)
        asked = IT_ALONE.sub("", asked)
    if ITS.search(asked) and not POINTS_BACK.search(ITS.sub("", asked)):  # every sprint looked for only then
        told = " ".join(re.findall(r"[\w.-]+", " ".join(story).lower()))
        named_sprints = {label for name, label in (sprints or {}).items() if _says(told, name)}
        if len(named_sprints) == 1:
            # "MOB Sprint 52 has just closed … Which of its issues didn't get resolved?": the sprint the story names
            sprint = named_sprints.pop()
            sentences[first] = ITS.sub(lambda _: f"the {sprint}", sentences[first])  # the name, never a template
            asked = ""
    told_people = {person for sentence in story if (person := person_in(sentence))}
    if POINTS_AT_PERSON.search(asked) and len(told_people) == 1 and not person_in(asked) \
            and not EXCLUDING.search(asked):
        # "Ana is going on leave next week. What does she have in progress?": the one person the story names
        # (beside an exclusion, "anyone other than him", the reader resolves the pronoun in the whole text)
        sentences[first] = with_person(sentences[first], told_people.pop())
        asked = ""
    request = " ".join(sentences[first:])
    told_keys = {key.upper() for sentence in story for key in re.findall(ISSUE_KEY_SHAPE, sentence, re.I)}
    introduced = len(told_keys) == 1 and not re.search(ISSUE_KEY_SHAPE, request) and bool(IT.search(asked))
    if introduced:
        # "MOB-152 has been open forever. How many of its sub-tasks are done?": the issue the story introduced
        key = told_keys.pop()
        request, asked = (IT.sub(lambda m: key if m.group(0).lower() == "it" else f"{key}'s", said)
                          for said in (request, asked))
    # "How many tickets did Gregor report that are assigned to somebody other than him?" (only a sentence with such
    # a pronoun is scanned for the person it names)
    if POINTS_AT_PERSON.search(asked) and names_person(asked):
        asked = POINTS_AT_PERSON.sub("", asked)
    if re.search(ISSUE_KEY_SHAPE, asked):  # "for DECA-188, who reported it?": "it" is the issue the request names
        asked = re.sub(r"\bit(?:s|'s)?\b", "", asked, flags=re.IGNORECASE)
    if (not story or POINTS_BACK.search(asked)
            # "Core Platform bugs in May. Which are open?" (a request about a named issue asks about issues)
            or not (ISSUES_ASKED.search(request) or introduced or sprint_told or re.search(ISSUE_KEY_SHAPE, request))
            or any(key.upper() not in request.upper()  # a key the request does not name again
                   for s in story for key in re.findall(ISSUE_KEY_SHAPE, s, re.I))):
        return (THAT_YEAR.sub(that_year, text) if that_year else text), ""
    scope = next(iter(scopes)) if len(scopes) == 1 else None
    if scope and not _project_in(request, projects) and not ANY_PROJECT.search(request) and fits(request, scope) \
            and not re.search(ISSUE_KEY_SHAPE, request):  # a named issue is its own scope
        request = re.sub(r"([.!?]*)\s*$", lambda m: f" in the {scope} project{m.group(1)}", request, count=1)
    return request, " ".join(story)


def _request_start(sentences: list[str]) -> int:
    """The first sentence that asks; one that only wants ("I'd like real numbers") when none asks outright."""
    for pattern in (ASKS, WANTS):
        found = next((i for i, s in enumerate(sentences) if pattern.search(s.replace("'", " "))), None)
        if found is not None:
            return found
    return 0


def _projects_in(text: str, projects: dict[str, str]) -> list[str]:
    """The projects `text` names, in the order of `projects`: a key as typed in capitals, a name in any case."""
    typed = " ".join(re.findall(r"[\w-]+", text))
    lowered = typed.lower()
    return list(dict.fromkeys(label for name, label in projects.items()
                              if _says(typed if name.isupper() else lowered, name)))


def _project_in(sentence: str, projects: dict[str, str]) -> str | None:
    return next(iter(_projects_in(sentence, projects)), None)


def _says(words: str, name: str) -> bool:
    """Whether `words` (space-separated) say `name` as whole words; no pattern per name, which would flood the
    regular-expression cache that every other pattern of the parser relies on."""
    return f" {name} " in f" {words} "
