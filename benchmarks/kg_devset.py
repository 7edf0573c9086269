"""Writes jirakg's own knowledge-graph development set: a DBpedia/YAGO-shaped graph (kg.nt) and
dialogues in people's own words (dialogues.jsonl), gold answers computed from the graph by pyoxigraph.

Two folders, split by entity and by wording so one can be scored without having been tuned on:
- tests/data/kg/dev/: the rules may be tuned on it;
- tests/data/kg/aside/: other entities, other phrasings of the same relations; only scored.

    .venv/bin/python benchmarks/kg_devset.py        # rewrites both folders (deterministic)
"""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "kg"
DBR, DBO = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/"
DBP = "http://dbpedia.org/property/"
FOAF, SCHEMA = "http://xmlns.com/foaf/0.1/", "http://schema.org/"
YAGO = "http://yago-knowledge.org/resource/"
RDFS, RDF = "http://www.w3.org/2000/01/rdf-schema#", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XSD = "http://www.w3.org/2001/XMLSchema#"
LABEL = RDFS + "label"

# Property IRI → its schema label (None: the property has none, as foaf:gender in DBpedia).
PROPERTIES: dict[str, str | None] = {
    DBO + "birthPlace": "birth place", DBO + "birthDate": "birth date", DBO + "deathDate": "death date",
    FOAF + "gender": None, FOAF + "surname": None, FOAF + "givenName": None, DBO + "occupation": "occupation",
    DBO + "citizenship": "citizenship", DBO + "height": "height", DBO + "spouse": "spouse",
    DBO + "populationTotal": "population total", DBO + "elevation": "elevation (m)", DBO + "timeZone": "time zone",
    DBO + "postalCode": "postal code", DBO + "country": "country", DBO + "areaTotal": "area total (m2)",
    DBO + "leaderName": "leader name", DBO + "releaseDate": "release date", DBO + "director": "director",
    DBO + "basedOn": "based on", DBO + "starring": "starring", DBO + "runtime": "runtime (s)",
    DBO + "foundingDate": "founding date", DBO + "foundedBy": "founded by", DBO + "headquarter": "headquarter",
    DBO + "numberOfEmployees": "number of employees", SCHEMA + "startDate": None, SCHEMA + "endDate": None,
    SCHEMA + "location": None, YAGO + "participant": None, DBO + "team": "team", DBP + "beganskating": None,
}
DATATYPES = {"http://dbpedia.org/datatype/Area": "Area", "http://dbpedia.org/datatype/Density": "Density",
             "http://dbpedia.org/datatype/squareKilometre": "square kilometre"}
CLASSES = {DBO + "Person": "person", DBO + "City": "city", DBO + "Film": "film", DBO + "Company": "company",
           DBO + "Event": "event"}

# A fact's value: ("r", key) a resource of this graph, ("d", "1975-03-02") a date, ("i", 5) an integer,
# ("f", 1.8) a decimal, ("s", "male") a plain string.
Value = tuple[str, object]


def person(label, born_in, born, gender, surname, job, citizen, height=None, died=None, spouse=None, team=None):
    facts = {"birthPlace": ("r", born_in), "birthDate": ("d", born), "gender": ("s", gender),
             "surname": ("s", surname), "occupation": ("r", job), "citizenship": ("r", citizen)}
    for name, value in (("height", ("f", height)), ("deathDate", ("d", died)), ("spouse", ("r", spouse)),
                        ("team", ("r", team))):
        if value[1] is not None:
            facts[name] = value
    return "Person", label, facts


def city(label, population, elevation, zone, postcode, country, area, leader=None):
    facts = {"populationTotal": ("i", population), "elevation": ("f", elevation), "timeZone": ("r", zone),
             "postalCode": ("s", postcode), "country": ("r", country), "areaTotal": ("f", area)}
    if leader:
        facts["leaderName"] = ("r", leader)
    return "City", label, facts


def film(label, released, director, based_on, stars, runtime):
    facts = {"releaseDate": ("d", released), "director": ("r", director), "runtime": ("f", runtime)}
    if based_on:
        facts["basedOn"] = ("r", based_on)
    return "Film", label, facts | {"starring": ("r", stars)}


def company(label, founded, founder, headquarter, employees):
    return "Company", label, {"foundingDate": ("d", founded), "foundedBy": ("r", founder),
                              "headquarter": ("r", headquarter), "numberOfEmployees": ("i", employees)}


def event(label, start, end, where, participant):
    return "Event", label, {"startDate": ("d", start), "endDate": ("d", end), "location": ("r", where),
                            "participant": ("r", participant)}


PREDICATE = {iri.rsplit("/", 1)[-1].rsplit("#", 1)[-1]: iri for iri in PROPERTIES}  # "birthPlace" → its IRI
# Things that are only values (occupations, countries, time zones …): a label, no facts of their own.
PLAIN = {"Footballer": "Footballer", "Musician": "Musician", "Actor": "Actor", "Novelist": "Novelist",
         "Architect": "Architect", "Chemist": "Chemist", "Journalist": "Journalist", "Painter": "Painter",
         "Figure_skater": "Figure skater", "United_Kingdom": "United Kingdom", "Australia": "Australia",
         "France": "France", "Canada": "Canada", "Germany": "Germany", "Norway": "Norway",
         "Central_European_Time": "Central European Time", "Greenwich_Mean_Time": "Greenwich Mean Time",
         "Australian_Eastern_Standard_Time": "Australian Eastern Standard Time",
         "Eastern_Time_Zone": "Eastern Time Zone", "The_Quiet_Harbour_(novel)": "The Quiet Harbour (novel)",
         "Winter_Roads_(novel)": "Winter Roads (novel)", "Brightwater_Town_FC": "Brightwater Town F.C.",
         "Kestrel_Rovers": "Kestrel Rovers"}

ENTITIES: dict[str, tuple[str, str, dict[str, Value]]] = {
    # --- people
    "Ron_Newman_(footballer)": person("Ron Newman (footballer)", "Hallam,_Victoria", "1934-01-13", "male",
                                      "Newman", "Footballer", "United_Kingdom", 1.78, "2018-06-30",
                                      team="Brightwater_Town_FC"),
    "Ron_Newman_(musician)": person("Ron Newman (musician)", "Lyon", "1961-09-04", "male", "Newman", "Musician",
                                    "France", 1.70),
    "Adele_Forsyth": person("Adele Forsyth", "Tromsø", "1972-03-11", "female", "Forsyth", "Novelist", "Norway",
                            1.66, spouse="Marcus_Lindqvist"),
    "Marcus_Lindqvist": person("Marcus Lindqvist", "Bergen", "1969-07-21", "male", "Lindqvist", "Architect",
                               "Norway", 1.91, spouse="Adele_Forsyth"),
    "Priya_Raman": person("Priya Raman", "Toronto", "1988-12-02", "female", "Raman", "Chemist", "Canada", 1.60),
    "Jonas_Becker": person("Jonas Becker", "Freiburg", "1955-05-30", "male", "Becker", "Journalist", "Germany",
                           1.84, "2011-10-09"),
    "Elodie_Marchand": person("Élodie Marchand", "Lyon", "1993-02-14", "female", "Marchand", "Figure_skater",
                              "France", 1.58),
    "Tom_O'Hara": person("Tom O'Hara", "Hallam,_Victoria", "1979-08-08", "male", "O'Hara", "Actor", "Australia",
                         1.80, spouse="Grace_Whitfield"),
    "Grace_Whitfield": person("Grace Whitfield", "Brightwater", "1981-04-19", "female", "Whitfield", "Actor",
                              "United_Kingdom", 1.72, spouse="Tom_O'Hara"),
    "Henrik_Dahl": person("Henrik Dahl", "Bergen", "1948-11-23", "male", "Dahl", "Painter", "Norway", 1.75,
                          "2020-01-05"),
    "Sofia_Alvarez": person("Sofia Alvarez", "Toronto", "1990-06-27", "female", "Alvarez", "Footballer", "Canada",
                            1.68, team="Kestrel_Rovers"),
    "Leo_Brandt": person("Leo Brandt", "Freiburg", "1966-01-02", "male", "Brandt", "Architect", "Germany", 1.88),
    "Mina_Sato": person("Mina Sato", "Brightwater", "1985-09-15", "female", "Sato", "Journalist", "United_Kingdom",
                        1.63),
    "Oskar_Nyberg": person("Oskar Nyberg", "Tromsø", "1977-03-03", "male", "Nyberg", "Chemist", "Norway", 1.81),
    # --- places
    "Hallam,_Victoria": city("Hallam, Victoria", 11500, 40.0, "Australian_Eastern_Standard_Time", "3803",
                             "Australia", 12.4),
    "Lyon": city("Lyon", 522000, 173.0, "Central_European_Time", "69000", "France", 47.87, "Jonas_Becker"),
    "Tromsø": city("Tromsø", 77500, 10.0, "Central_European_Time", "9008", "Norway", 2558.0),
    "Bergen": city("Bergen", 286000, 12.0, "Central_European_Time", "5003", "Norway", 464.7, "Henrik_Dahl"),
    "Toronto": city("Toronto", 2794000, 76.0, "Eastern_Time_Zone", "M5H", "Canada", 630.2),
    "Freiburg": city("Freiburg", 231000, 278.0, "Central_European_Time", "79098", "Germany", 153.1),
    "Brightwater": city("Brightwater", 43000, 55.0, "Greenwich_Mean_Time", "BW1", "United_Kingdom", 28.3,
                        "Mina_Sato"),
    # --- films
    "Harbour_Lights_(film)": film("Harbour Lights (film)", "2004-10-22", "Marcus_Lindqvist",
                                  "The_Quiet_Harbour_(novel)", "Grace_Whitfield", 6420.0),
    "Winter_Roads": film("Winter Roads", "2012-02-03", "Leo_Brandt", "Winter_Roads_(novel)", "Tom_O'Hara", 5880.0),
    "The_Long_Table": film("The Long Table", "1998-05-15", "Henrik_Dahl", None, "Grace_Whitfield", 7200.0),
    "Northern_Static": film("Northern Static", "2019-09-06", "Adele_Forsyth", None, "Tom_O'Hara", 5400.0),
    "Glass_Orchard": film("Glass Orchard", "2009-03-27", "Leo_Brandt", None, "Sofia_Alvarez", 6000.0),
    # --- companies
    "Fjordline_Instruments": company("Fjordline Instruments", "1987-04-01", "Oskar_Nyberg", "Tromsø", 1200),
    "Maple_&_Birch": company("Maple & Birch", "2001-11-12", "Priya_Raman", "Toronto", 340),
    "Kestrel_Works": company("Kestrel Works", "1965-06-06", "Jonas_Becker", "Freiburg", 8700),
    "Brightwater_Brewing_Co.": company("Brightwater Brewing Co.", "1890-02-20", "Mina_Sato", "Brightwater", 95),
    # --- events
    "Lyon_Skating_Open_2015": event("Lyon Skating Open 2015", "2015-01-20", "2015-01-25", "Lyon",
                                    "Elodie_Marchand"),
    "Bergen_Film_Week_2018": event("Bergen Film Week 2018", "2018-09-18", "2018-09-26", "Bergen", "Grace_Whitfield"),
    "Toronto_Chemistry_Summit": event("Toronto Chemistry Summit", "2016-05-02", "2016-05-04", "Toronto",
                                      "Priya_Raman"),
}
# YAGO-shaped extras.
ENTITIES["Elodie_Marchand"][2]["beganskating"] = ("i", 1997)

# Each relation in people's words: (dev phrasings, aside phrasings). "{it}" is the referring word as
# asked ("he", "she", "it", "they"), "{its}" its possessive; in the self-contained form both become the name.
WORDING: dict[str, tuple[list[str], list[str]]] = {
    "gender": (["Is {it} male or female?", "What gender is {it}?", "Is {it} a man or a woman?"],
               ["Male or female, {it}?", "What's {its} sex?"]),
    "surname": (["What is {its} last name?", "What's {its} family name?"], ["What surname does {it} have?"]),
    "occupation": (["What does {it} do for a living?", "What is {its} job?", "What's {its} profession?"],
                   ["What does {it} work as?", "What is {its} occupation?"]),
    "citizenship": (["Which country is {it} a citizen of?", "What is {its} nationality?"],
                    ["What citizenship does {it} hold?"]),
    "birthPlace": (["Where was {it} born?", "Which city was {it} born in?", "What's {its} birthplace?"],
                   ["In what town was {it} born?", "Where does {it} come from?"]),
    "birthDate": (["When was {it} born?", "What is {its} date of birth?", "What's {its} birthday?"],
                  ["On what date was {it} born?"]),
    "deathDate": (["When did {it} die?", "When did {it} pass away?"], ["What is {its} date of death?"]),
    "height": (["How tall is {it}?", "What is {its} height?"], ["What height is {it}?"]),
    "spouse": (["Who is {it} married to?", "Who is {its} spouse?"], ["Whom did {it} marry?"]),
    "team": (["Which team did {it} play for?", "What club is {it} with?"], ["For which club did {it} play?"]),
    "populationTotal": (["How many people live there?", "What is {its} population?",
                         "How many inhabitants does {it} have?"], ["How many residents does {it} have?",
                                                                   "How populous is {it}?"]),
    "elevation": (["How high is {it}?", "What's {its} elevation?", "How far above sea level is {it}?"],
                  ["At what altitude is {it}?"]),
    "timeZone": (["What time zone is {it} in?", "Which timezone does {it} use?"], ["What's {its} time zone?"]),
    "postalCode": (["What is {its} postal code?", "What's {its} zip code?"], ["What postcode does {it} have?"]),
    "country": (["Which country is {it} in?", "In what country is {it}?"], ["What country does {it} belong to?"]),
    "areaTotal": (["How big is {it}?", "What is {its} area?"], ["How large is {it}?"]),
    "leaderName": (["Who is {its} mayor?", "Who leads {it}?"], ["Who runs {it}?"]),
    "releaseDate": (["When did {it} come out?", "When was {it} released?"], ["What is {its} release date?"]),
    "director": (["Who directed {it}?", "Who is {its} director?"], ["Who was {it} directed by?"]),
    "basedOn": (["What is {it} based on?", "Which book is {it} adapted from?"], ["What is {it} an adaptation of?"]),
    "starring": (["Who stars in {it}?", "Who acted in {it}?"], ["Which actor is in {it}?"]),
    "runtime": (["How long is {it}?", "What is {its} running time?"], ["What's {its} runtime?"]),
    "foundingDate": (["When was {it} founded?", "When was {it} set up?"], ["When was {it} established?"]),
    "foundedBy": (["Who founded {it}?", "Who started {it}?"], ["Who is {its} founder?"]),
    "headquarter": (["Where is {it} based?", "Where are {its} headquarters?"], ["Where is {its} head office?"]),
    "numberOfEmployees": (["How many people work there?", "How many employees does {it} have?"],
                          ["How big is {its} workforce?"]),
    "startDate": (["When did {it} begin?", "When did {it} start?"], ["What day did {it} open?"]),
    "endDate": (["When did {it} end?", "When was {it} over?"], ["When did {it} finish?"]),
    "location": (["Where did {it} take place?", "Where was {it} held?"], ["In which city was {it}?"]),
    "participant": (["Who took part in {it}?", "Who participated in {it}?"], ["Who competed in {it}?"]),
    "beganskating": (["When did {it} begin skating?"], ["What year did {it} start skating?"]),
}
# Relations asked per kind of entity, in dialogue order; "there" follow-ups hop to the answer.
ASKED = {"Person": ["birthPlace", "gender", "occupation", "birthDate", "surname", "citizenship", "height", "spouse",
                    "deathDate", "team", "beganskating"],
         "City": ["populationTotal", "country", "elevation", "timeZone", "postalCode", "areaTotal", "leaderName"],
         "Film": ["director", "releaseDate", "basedOn", "starring", "runtime"],
         "Company": ["foundedBy", "foundingDate", "headquarter", "numberOfEmployees"],
         "Event": ["startDate", "location", "endDate", "participant"]}
PRONOUN = {"male": ("he", "his"), "female": ("she", "her")}
DESCRIPTION = {"City": "the city", "Film": "the film", "Company": "the company", "Event": "the event"}
ASIDE = {"Ron_Newman_(musician)", "Priya_Raman", "Henrik_Dahl", "Mina_Sato", "Toronto", "Freiburg",
         "Glass_Orchard", "Kestrel_Works", "Toronto_Chemistry_Summit", "Oskar_Nyberg"}


def term(value: Value) -> str:
    kind, raw = value
    if kind == "r":
        return f"<{DBR}{raw}>"
    if kind == "d":
        return f'"{raw}"^^<{XSD}date>'
    if kind == "i":
        return f'"{raw}"^^<{XSD}integer>'
    if kind == "f":
        return f'"{raw}"^^<{XSD}double>'
    return json.dumps(raw, ensure_ascii=False)


def triples() -> list[str]:
    lines = []
    for prop, label in PROPERTIES.items():
        lines.append(f"<{prop}> <{RDF}type> <{RDF}Property> .")
        if label:
            lines.append(f"<{prop}> <{LABEL}> {json.dumps(label)}@en .")
    for thing, label in DATATYPES.items():
        lines += [f"<{thing}> <{RDF}type> <{RDFS}Datatype> .", f"<{thing}> <{LABEL}> {json.dumps(label)}@en ."]
    for thing, label in CLASSES.items():
        lines += [f"<{thing}> <{RDF}type> <http://www.w3.org/2002/07/owl#Class> .",
                  f"<{thing}> <{LABEL}> {json.dumps(label)}@en ."]
    for key, label in PLAIN.items():
        lines.append(f"<{DBR}{key}> <{LABEL}> {json.dumps(label, ensure_ascii=False)}@en .")
    for key, (kind, label, facts) in ENTITIES.items():
        lines.append(f"<{DBR}{key}> <{RDF}type> <{DBO}{kind}> .")
        # DBpedia labels come in several languages: the relation ranking must not count a predicate per label.
        lines.append(f"<{DBR}{key}> <{LABEL}> {json.dumps(label, ensure_ascii=False)}@en .")
        lines.append(f"<{DBR}{key}> <{LABEL}> {json.dumps(label, ensure_ascii=False)}@de .")
        for name, value in facts.items():
            lines.append(f"<{DBR}{key}> <{PREDICATE[name]}> {term(value)} .")
    return lines


def gold(store: pyoxigraph.Store, subject: str, relation: str) -> list[str]:
    query = f"SELECT DISTINCT ?o WHERE {{ <{DBR}{subject}> <{PREDICATE[relation]}> ?o }}"
    return sorted(str(row["o"].value) for row in store.query(query))


# Yes/no checks of a value, by its label: (dev phrasings, aside phrasings) and the values to check against.
CHECKED = {
    "occupation": ((["Is {it} {a} {value}?", "Does {it} work as {a} {value}?"], ["Is {it} by profession {a} {value}?"]),
                   ["Footballer", "Musician", "Actor", "Novelist", "Architect", "Chemist", "Journalist", "Painter"]),
    "citizenship": ((["Is {it} a citizen of {value}?"], ["Does {it} hold citizenship of {value}?"]),
                    ["United_Kingdom", "Australia", "France", "Canada", "Germany", "Norway"]),
    "country": ((["Is {it} in {value}?"], ["Does {it} lie in {value}?"]),
                ["United_Kingdom", "Australia", "France", "Canada", "Germany", "Norway"]),
}


def checked(store: pyoxigraph.Store, key: str, relation: str, name: str, it: str, true: bool, aside: bool) -> dict:
    """"Is she a novelist?": the entity's own value when `true`, another one otherwise."""
    (dev, other), choices = CHECKED[relation]
    own = str(ENTITIES[key][2][relation][1])
    value = own if true else next(c for c in choices if c != own)
    template = (other if aside else dev)[len(name) % len(other if aside else dev)]
    text = PLAIN[value].lower() if relation == "occupation" else PLAIN[value]
    article = "an" if text[0] in "aeiou" else "a"
    question = template.format(it=it, a=article, value=text)
    answer = store.query(f"ASK {{ <{DBR}{key}> <{PREDICATE[relation]}> <{DBR}{value}> }}")
    return {"question": question[0].upper() + question[1:],
            "self_contained": template.format(it=name, a=article, value=text),
            "sparql": f"ASK {{ <{DBR}{key}> <{PREDICATE[relation]}> <{DBR}{value}> }}",
            "answers": ["true" if bool(answer) else "false"]}


def dialogues(store: pyoxigraph.Store, aside: bool) -> list[dict]:
    out = []
    turn_no = 0
    for key, (kind, label, facts) in ENTITIES.items():
        if (key in ASIDE) != aside:
            continue
        it, its = PRONOUN.get(facts.get("gender", ("s", ""))[1], ("it", "its"))  # type: ignore[arg-type]
        turns = []
        relations = [r for r in ASKED[kind] if r in facts]
        for n, relation in enumerate(relations):
            phrasings = WORDING[relation][1 if aside else 0]
            template = phrasings[turn_no % len(phrasings)]
            turn_no += 1
            name = label
            alone = template.replace("there", "in {it}") if "there" in template else template
            self_contained = alone.format(it=name, its=f"{name}'s")
            if n == 0:
                question = self_contained
            else:
                # Every third follow-up of a thing uses a definite description ("the film") instead of "it".
                word = DESCRIPTION[kind] if kind in DESCRIPTION and n % 3 == 2 else it
                word_s = f"{word}'s" if word.startswith("the ") else its
                question = template.format(it=word, its=word_s)
            turns.append({"question": question[0].upper() + question[1:], "self_contained": self_contained,
                          "sparql": f"SELECT ?o WHERE {{ <{DBR}{key}> <{PREDICATE[relation]}> ?o }}",
                          "answers": gold(store, key, relation)})
            if relation in CHECKED:
                turns.append(checked(store, key, relation, name, it, turn_no % 2 == 0, aside))
                turn_no += 1
            # A hop to the answer: "Where was he born?" → "How many people live there?"
            if relation == "birthPlace" and facts[relation][1] in ENTITIES:
                place = facts[relation][1]
                hop = WORDING["populationTotal"][1 if aside else 0][turn_no % 2]
                turn_no += 1
                place_label = ENTITIES[str(place)][1]
                asked = hop.format(it="it", its="its")
                turns.append({"question": asked[0].upper() + asked[1:],
                              "self_contained": hop.replace("there", "in {it}").format(it=place_label,
                                                                                       its=f"{place_label}'s"),
                              "sparql": f"SELECT ?o WHERE {{ <{DBR}{place}> <{PREDICATE['populationTotal']}> ?o }}",
                              "answers": gold(store, str(place), "populationTotal")})
        out.append({"id": f"{'a' if aside else 'd'}{len(out):03d}", "seed_entity": DBR + key, "seed_label": label,
                    "turns": turns})
    return out


def main() -> None:
    lines = triples()
    store = pyoxigraph.Store()
    store.load("\n".join(lines).encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    for folder, aside in (("dev", False), ("aside", True)):
        target = OUT / folder
        target.mkdir(parents=True, exist_ok=True)
        (target / "kg.nt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        written = dialogues(store, aside)
        (target / "dialogues.jsonl").write_text(
            "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in written), encoding="utf-8")
        turns = sum(len(d["turns"]) for d in written)
        print(f"{folder}: {len(written)} dialogues, {turns} turns, {len(lines)} triples")


if __name__ == "__main__":
    main()
