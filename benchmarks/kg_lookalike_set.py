"""Writes tests/data/kg/lookalikes/ (tuned on) and lookalikes-aside/ (other wordings, only scored): the
development graph (benchmarks/kg_devset.py) plus entities that
share a whole label with another of another kind — the film "Bergen" and the city, the footballer
"Lyon" and the city, the company "Glass Orchard" and the film, the album "Northern Static" and the
film — the lookalike often the better connected, and relations whose names do not say what they are
but whose rdfs:comment does ("resting place": "the place where the person is buried").

The entity a question means is the one that has what it asks ("Who directed Bergen?": the film), or
whose kind it names ("the album Northern Static"); the relation, the one its description matches.

    .venv/bin/python benchmarks/kg_lookalike_set.py    # rewrites both folders (deterministic)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyoxigraph

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kg_devset import DBO, DBR, LABEL, OUT, PREDICATE, RDF, XSD, triples

COMMENT = "http://www.w3.org/2000/01/rdf-schema#comment"
# Property → (label, comment): the comment says what the name does not.
DESCRIBED = {
    "restingPlace": ("resting place", "The place where the person is buried."),
    "almaMater": ("alma mater", "The university or school the person studied at."),
    "award": ("award", "An award or prize won by the person."),
    "influencedBy": ("influenced by", "People or works that inspired the subject."),
    "budget": ("budget", "The cost of making the film (in US dollars)."),
    "gross": ("gross", "Box office takings: the money the film earned in cinemas."),
    "areaCode": ("area code", "The telephone dialling prefix of the area."),
    "keyPerson": ("key person", "The chief executive or another person who leads the organisation."),
    "product": ("product", "Goods or services the company makes or sells."),
    "artist": ("artist", "The performer who recorded the work."),
    "genre": ("genre", "The style of the work."),
}
PLAIN = {"University_of_Tromsø": "University of Tromsø", "Nordic_Fiction_Prize": "Nordic Fiction Prize",
         "Marie_Curie": "Marie Curie", "Survey_instruments": "Survey instruments", "Ambient_music": "Ambient music",
         "Synth-pop": "Synth-pop", "Post-rock": "Post-rock", "Shoegaze": "Shoegaze", "Drone_music": "Drone music",
         "Harriet_Vale": "Harriet Vale"}
# Lookalikes: key → (class, label, [(predicate, value)]); values as kg_devset.term writes them.
DATE, INT, DOUBLE = f"^^<{XSD}date>", f"^^<{XSD}integer>", f"^^<{XSD}double>"
LOOKALIKES = {
    "Bergen_(2021_film)": ("Film", "Bergen", [
        ("director", "Henrik_Dahl"), ("releaseDate", '"2021-03-05"' + DATE), ("runtime", '"5700.0"' + DOUBLE),
        ("budget", '"2500000.0"' + DOUBLE), ("gross", '"9100000.0"' + DOUBLE),
        *[("starring", actor) for actor in ("Grace_Whitfield", "Tom_O'Hara", "Sofia_Alvarez", "Mina_Sato",
                                            "Leo_Brandt", "Priya_Raman", "Oskar_Nyberg", "Adele_Forsyth")]]),
    "Lyon_(footballer)": ("Person", "Lyon", [
        ("birthPlace", "Toronto"), ("birthDate", '"1996-07-14"' + DATE), ("team", "Kestrel_Rovers"),
        ("occupation", "Footballer")]),
    "Glass_Orchard_(company)": ("Company", "Glass Orchard", [
        ("foundedBy", "Leo_Brandt"), ("foundingDate", '"2011-08-30"' + DATE), ("headquarter", "Freiburg"),
        ("numberOfEmployees", '"45"' + INT), ("keyPerson", "Harriet_Vale"), ("product", "Survey_instruments")]),
    "Northern_Static_(album)": ("Album", "Northern Static", [
        ("artist", "Mina_Sato"), ("releaseDate", '"2017-11-03"' + DATE),
        *[("genre", g) for g in ("Ambient_music", "Synth-pop", "Post-rock", "Shoegaze", "Drone_music")]]),
}
# Relations with a description, on entities of the development graph.
DESCRIBED_FACTS = [("Jonas_Becker", "restingPlace", "Bergen"), ("Adele_Forsyth", "almaMater", "University_of_Tromsø"),
                   ("Adele_Forsyth", "award", "Nordic_Fiction_Prize"), ("Priya_Raman", "influencedBy", "Marie_Curie"),
                   ("Bergen", "areaCode", '"55"')]

# (question in the dialogue, the same question alone, subject key, relation)
DIALOGUES = [
    [("Who directed Bergen?", "Who directed Bergen?", "Bergen_(2021_film)", "director"),
     ("When was it released?", "When was Bergen released?", "Bergen_(2021_film)", "releaseDate"),
     ("How much did it cost to make?", "How much did Bergen cost to make?", "Bergen_(2021_film)", "budget"),
     ("How much money did the film earn?", "How much money did Bergen earn?", "Bergen_(2021_film)", "gross")],
    [("How many people live in Bergen?", "How many people live in Bergen?", "Bergen", "populationTotal"),
     ("What is its dialling code?", "What is Bergen's dialling code?", "Bergen", "areaCode"),
     ("Who is its mayor?", "Who is Bergen's mayor?", "Bergen", "leaderName")],
    [("When was Lyon born?", "When was Lyon born?", "Lyon_(footballer)", "birthDate"),
     ("Which team does he play for?", "Which team does Lyon play for?", "Lyon_(footballer)", "team"),
     ("Where was he born?", "Where was Lyon born?", "Lyon_(footballer)", "birthPlace")],
    [("What is the population of Lyon?", "What is the population of Lyon?", "Lyon", "populationTotal"),
     ("What time zone is it in?", "What time zone is Lyon in?", "Lyon", "timeZone")],
    [("Who founded Glass Orchard?", "Who founded Glass Orchard?", "Glass_Orchard_(company)", "foundedBy"),
     ("Who is its chief executive?", "Who is Glass Orchard's chief executive?", "Glass_Orchard_(company)",
      "keyPerson"),
     ("What does it sell?", "What does Glass Orchard sell?", "Glass_Orchard_(company)", "product"),
     ("How many employees does the company have?", "How many employees does Glass Orchard have?",
      "Glass_Orchard_(company)", "numberOfEmployees")],
    [("Who stars in Glass Orchard?", "Who stars in Glass Orchard?", "Glass_Orchard", "starring"),
     ("How long is it?", "How long is Glass Orchard?", "Glass_Orchard", "runtime")],
    [("When was the album Northern Static released?", "When was the album Northern Static released?",
      "Northern_Static_(album)", "releaseDate"),
     ("Who recorded it?", "Who recorded Northern Static?", "Northern_Static_(album)", "artist")],
    [("When was the film Northern Static released?", "When was the film Northern Static released?",
      "Northern_Static", "releaseDate"),
     ("Who directed it?", "Who directed Northern Static?", "Northern_Static", "director")],
    [("Where is Jonas Becker buried?", "Where is Jonas Becker buried?", "Jonas_Becker", "restingPlace"),
     ("When did he die?", "When did Jonas Becker die?", "Jonas_Becker", "deathDate")],
    [("Where did Adele Forsyth study?", "Where did Adele Forsyth study?", "Adele_Forsyth", "almaMater"),
     ("What prizes has she won?", "What prizes has Adele Forsyth won?", "Adele_Forsyth", "award"),
     ("Who is she married to?", "Who is Adele Forsyth married to?", "Adele_Forsyth", "spouse")],
    [("Who inspired Priya Raman?", "Who inspired Priya Raman?", "Priya_Raman", "influencedBy"),
     ("What does she do for a living?", "What does Priya Raman do for a living?", "Priya_Raman", "occupation")],
]

# Other wordings, for the same graph, written before being scored and not tuned on.
ASIDE = [
    [("Who was the director of Bergen?", "Who was the director of Bergen?", "Bergen_(2021_film)", "director"),
     ("What was its budget?", "What was the budget of Bergen?", "Bergen_(2021_film)", "budget"),
     ("What did the film make at the box office?", "What did Bergen make at the box office?", "Bergen_(2021_film)",
      "gross")],
    [("What is the elevation of Bergen?", "What is the elevation of Bergen?", "Bergen", "elevation"),
     ("What telephone prefix does it use?", "What telephone prefix does Bergen use?", "Bergen", "areaCode")],
    [("What is Lyon's date of birth?", "What is Lyon's date of birth?", "Lyon_(footballer)", "birthDate"),
     ("Which club does he play for?", "Which club does Lyon play for?", "Lyon_(footballer)", "team")],
    [("What country is Lyon in?", "What country is Lyon in?", "Lyon", "country")],
    [("Who set up Glass Orchard?", "Who set up Glass Orchard?", "Glass_Orchard_(company)", "foundedBy"),
     ("Who leads it?", "Who leads Glass Orchard?", "Glass_Orchard_(company)", "keyPerson"),
     ("What products does the company make?", "What products does Glass Orchard make?", "Glass_Orchard_(company)",
      "product")],
    [("Who acted in Glass Orchard?", "Who acted in Glass Orchard?", "Glass_Orchard", "starring")],
    [("What is the release date of the album Northern Static?", "What is the release date of the album Northern "
      "Static?", "Northern_Static_(album)", "releaseDate"),
     ("What genre is it?", "What genre is Northern Static?", "Northern_Static_(album)", "genre")],
    [("Where was Jonas Becker laid to rest?", "Where was Jonas Becker laid to rest?", "Jonas_Becker", "restingPlace")],
    [("Which university did Adele Forsyth attend?", "Which university did Adele Forsyth attend?", "Adele_Forsyth",
      "almaMater"),
     ("What award did she receive?", "What award did Adele Forsyth receive?", "Adele_Forsyth", "award")],
    [("Who influenced Priya Raman?", "Who influenced Priya Raman?", "Priya_Raman", "influencedBy")],
]


def value(raw: str) -> str:
    return raw if raw.startswith('"') else f"<{DBR}{raw}>"


def extra_triples() -> list[str]:
    lines = [f"<{DBO}Album> <{RDF}type> <http://www.w3.org/2002/07/owl#Class> .",
             f'<{DBO}Album> <{LABEL}> "album"@en .']
    for name, (label, comment) in DESCRIBED.items():
        lines += [f"<{DBO}{name}> <{RDF}type> <{RDF}Property> .", f"<{DBO}{name}> <{LABEL}> {json.dumps(label)}@en .",
                  f"<{DBO}{name}> <{COMMENT}> {json.dumps(comment)}@en ."]
    for key, label in PLAIN.items():
        lines.append(f"<{DBR}{key}> <{LABEL}> {json.dumps(label, ensure_ascii=False)}@en .")
    for key, (kind, label, facts) in LOOKALIKES.items():
        lines += [f"<{DBR}{key}> <{RDF}type> <{DBO}{kind}> .", f"<{DBR}{key}> <{LABEL}> {json.dumps(label)}@en ."]
        lines += [f"<{DBR}{key}> <{_predicate(p)}> {value(v)} ." for p, v in facts]
    lines += [f"<{DBR}{s}> <{_predicate(p)}> {value(v)} ." for s, p, v in DESCRIBED_FACTS]
    return lines


def _predicate(name: str) -> str:
    return PREDICATE.get(name, DBO + name)


def main() -> None:
    lines = triples() + extra_triples()
    store = pyoxigraph.Store()
    store.load("\n".join(lines).encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    for folder, dialogues in (("lookalikes", DIALOGUES), ("lookalikes-aside", ASIDE)):
        write(store, lines, OUT / folder, dialogues)


def write(store: pyoxigraph.Store, lines: list[str], target: Path, dialogues: list) -> None:
    target.mkdir(parents=True, exist_ok=True)
    (target / "kg.nt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = []
    for n, turns in enumerate(dialogues):
        written = []
        for question, alone, subject, relation in turns:
            sparql = f"SELECT ?o WHERE {{ <{DBR}{subject}> <{_predicate(relation)}> ?o }}"
            answers = sorted(str(row["o"].value) for row in store.query(sparql))
            assert answers, sparql
            written.append({"question": question, "self_contained": alone, "sparql": sparql, "answers": answers})
        seed = DBR + turns[0][2]
        label = next(iter(store.query(f"SELECT ?l WHERE {{ <{seed}> <{LABEL}> ?l }}")))["l"].value
        prefix = "la" if target.name.endswith("aside") else "l"
        out.append({"id": f"{prefix}{n:03d}", "seed_entity": seed, "seed_label": label, "turns": written})
    (target / "dialogues.jsonl").write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in out),
                                           encoding="utf-8")
    print(f"{target.name}: {len(out)} dialogues, {sum(len(d['turns']) for d in out)} turns, {len(lines)} triples")


if __name__ == "__main__":
    main()
