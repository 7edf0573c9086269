"""A ~1M-triple knowledge graph for the scale benchmark: jirakg's development graph (tests/data/kg/dev)
plus entities built to mislead entity linking, all with the same DBpedia-shaped predicates:

- near-duplicates of every development entity: "Ron Newman", "Ron Newman (cricketer)", "Lyon, Ontario";
- common-noun labels made of the questions' own words: "The Red Date", "Born", "Member of Hozel", "Height";
- filler people, places and films with invented names, each with its facts, until the graph has
  about `triples` triples.

    .venv/bin/python benchmarks/kg_scale_graph.py --triples 1000000 --out /tmp/kg-scale.nt
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT / "tests" / "data" / "kg" / "dev" / "kg.nt"
DBR, DBO, FOAF = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/", "http://xmlns.com/foaf/0.1/"
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"
TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
XSD = "http://www.w3.org/2001/XMLSchema#"
SYLLABLES = "ka lo mi ne ra to vi su dan bel hoz mar tin gre wal sor fen lid cor ast bru nel pik har ost".split()
DISAMBIGUATORS = ["footballer", "cricketer", "politician", "musician", "actor", "painter", "band", "album", "film",
                  "novel", "song", "ship", "horse", "software"]
ADJECTIVES = "Red Green Blue Silent Long Last First Quiet Golden Broken Hidden Little Great Old New".split()
NOUNS = ("Date Start End Event City Film Height Zone Code Name Living Job Place Time Area Team Club Book Birth "
         "Death Founder Director Star Member Work People Country Town").split()
SINGLE = "Born There Live Height Population Area Married Die Job Living Founded Released Director Event End".split()


def invented(rng: random.Random, words: int = 2) -> str:
    return " ".join("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
                    for _ in range(words))


def slug(label: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "(),._-'" else "_" for ch in label)


def date(rng: random.Random) -> str:
    return f'"{rng.randint(1900, 2015)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"^^<{XSD}date>'


class Writer:
    def __init__(self, out) -> None:
        self.out = out
        self.count = 0

    def triple(self, s: str, p: str, o: str) -> None:
        self.out.write(f"{s} {p} {o} .\n")
        self.count += 1


def person(w: Writer, rng: random.Random, iri: str, label: str, places: list[str]) -> None:
    w.triple(iri, TYPE, f"<{DBO}Person>")
    w.triple(iri, LABEL, json.dumps(label, ensure_ascii=False) + "@en")
    w.triple(iri, f"<{DBO}birthPlace>", rng.choice(places))
    w.triple(iri, f"<{DBO}birthDate>", date(rng))
    w.triple(iri, f"<{FOAF}gender>", '"male"' if rng.random() < 0.5 else '"female"')
    w.triple(iri, f"<{FOAF}surname>", json.dumps(label.split(" (")[0].split()[-1]))
    w.triple(iri, f"<{DBO}height>", f'"{rng.randint(150, 200) / 100}"^^<{XSD}double>')
    w.triple(iri, f"<{DBO}occupation>", f"<{DBR}{rng.choice(['Footballer', 'Actor', 'Chemist', 'Painter'])}>")


def place(w: Writer, rng: random.Random, iri: str, label: str) -> None:
    w.triple(iri, TYPE, f"<{DBO}City>")
    w.triple(iri, LABEL, json.dumps(label, ensure_ascii=False) + "@en")
    w.triple(iri, f"<{DBO}populationTotal>", f'"{rng.randint(100, 3_000_000)}"^^<{XSD}integer>')
    w.triple(iri, f"<{DBO}elevation>", f'"{rng.randint(0, 2000)}.0"^^<{XSD}double>')
    w.triple(iri, f"<{DBO}postalCode>", json.dumps(str(rng.randint(1000, 99999))))
    w.triple(iri, f"<{DBO}country>", f"<{DBR}{rng.choice(['France', 'Norway', 'Canada', 'Germany'])}>")


def thing(w: Writer, rng: random.Random, iri: str, label: str, people: list[str]) -> None:
    w.triple(iri, TYPE, f"<{DBO}Film>")
    w.triple(iri, LABEL, json.dumps(label, ensure_ascii=False) + "@en")
    w.triple(iri, f"<{DBO}releaseDate>", date(rng))
    w.triple(iri, f"<{DBO}director>", rng.choice(people))
    w.triple(iri, f"<{DBO}starring>", rng.choice(people))
    w.triple(iri, f"<{DBO}runtime>", f'"{rng.randint(3000, 9000)}.0"^^<{XSD}double>')


def dev_labels() -> list[tuple[str, str]]:
    """(IRI, label) of the development graph's entities that have facts (people, places, films …)."""
    labels, typed = {}, set()
    for line in DEV.read_text(encoding="utf-8").splitlines():
        subject, predicate, rest = line.split(" ", 2)
        if predicate == LABEL and rest.endswith('@en .'):
            labels[subject] = json.loads(rest[: -len("@en .")])
        if predicate == TYPE and rest.startswith(f"<{DBO}"):
            typed.add(subject)
    return [(s, label) for s, label in labels.items() if s in typed]


def generate(out_path: Path, triples: int, seed: int = 7) -> int:
    rng = random.Random(seed)
    with out_path.open("w", encoding="utf-8") as out:
        out.write(DEV.read_text(encoding="utf-8"))
        w = Writer(out)
        w.count = sum(1 for _ in DEV.open(encoding="utf-8"))
        places = [f"<{DBR}Filler_place_{n}>" for n in range(2000)]
        for n, iri in enumerate(places):
            place(w, rng, iri, f"{invented(rng, 1)}, {invented(rng, 1)}" if n % 3 == 0 else invented(rng, 1))
        people = [f"<{DBR}Filler_person_{n}>" for n in range(2000)]
        for iri in people:
            person(w, rng, iri, invented(rng), places)
        # Near-duplicates of every development entity: the bare name and other disambiguators.
        for n, (_, label) in enumerate(dev_labels()):
            base = label.split(" (")[0].split(",")[0]
            for variant in [base, *(f"{base} ({d})" for d in rng.sample(DISAMBIGUATORS, 3)),
                            f"{base}, {invented(rng, 1)}"]:
                if variant != label:
                    person(w, rng, f"<{DBR}Near_{n}_{slug(variant)}>", variant, places)
        # Common-noun labels built from the questions' words.
        for word in SINGLE:
            thing(w, rng, f"<{DBR}{slug(word)}_(common)>", word, people)
        n = 0
        while w.count < triples:
            kind = n % 4
            if kind == 0:
                thing(w, rng, f"<{DBR}Common_{n}>", f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}", people)
            elif kind == 1:
                thing(w, rng, f"<{DBR}Member_{n}>", f"{rng.choice(NOUNS)} of {invented(rng, 1)}", people)
            elif kind == 2:
                person(w, rng, f"<{DBR}Person_{n}>", invented(rng), places)
            else:
                place(w, rng, f"<{DBR}Place_{n}>", invented(rng, 1))
            n += 1
    return w.count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triples", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/kg-scale.nt"))
    args = parser.parse_args()
    print(f"{generate(args.out, args.triples)} triples → {args.out}")


if __name__ == "__main__":
    main()
