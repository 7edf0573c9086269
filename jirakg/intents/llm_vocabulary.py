"""The instance's values a model is shown for one question: a kind with few values whole, a larger
one as the values closest to the question's words (named outright first, then the most alike), so a
large instance's people and components are never cut off by a fixed list."""

from __future__ import annotations

from jirakg.intents.grounding import COMMON_WORDS, Grounder
from jirakg.intents.lexicon import Lexicon, Term
from jirakg.text.phrase_index import similarity
from jirakg.text.words import unicode_words

SHOWN_WHOLE = 40  # a kind with at most this many values is listed whole
CLOSEST = 15  # otherwise: at most this many values, the closest to the question's words
ALIKE = 0.75  # a word at least this alike to a word of a value's name brings the value in
# The vocabulary the model's words are grounded in, by lexicon kind, in the order the prompt lists it.
TITLES = {"project": "Projects", "type": "Issue types", "status": "Statuses", "category": "Status categories",
          "priority": "Priorities", "resolution": "Resolutions", "link": "Link types (for link_type and links)",
          "component": "Components", "label": "Labels", "version": "Versions", "sprint": "Sprints",
          "person": "People"}


class Vocabulary:
    def __init__(self, lexicon: Lexicon, grounder: Grounder) -> None:
        self.lexicon = lexicon
        self.grounder = grounder

    def for_question(self, text: str) -> str:
        """The prompt's vocabulary lines for `text`."""
        words = [w for w in unicode_words(text).split() if len(w) >= 3 and w not in COMMON_WORDS]
        lines = []
        for kind, title in TITLES.items():
            terms = self.lexicon.of(kind)
            shown = terms if len(terms) <= SHOWN_WHOLE else self.closest(kind, text, words)
            if len(shown) == len(terms):
                lines.append(f"{title}: {', '.join(_shown(kind, t) for t in shown)}")
            elif shown:
                lines.append(f"{title} (the {len(shown)} closest to the question of {len(terms)}): "
                             f"{', '.join(_shown(kind, t) for t in shown)}")
            else:
                lines.append(f"{title}: none close to the question's words ({len(terms)} in all)")
        return "\n".join(lines)

    def closest(self, kind: str, text: str, words: list[str]) -> list[Term]:
        named = [m.term for m in self.grounder.scan(text, {kind})]
        scored = []
        for term in self.lexicon.of(kind):
            best = max((similarity(word, alias_word, ALIKE) or 0.0 for word in words
                        for alias in term.aliases for alias_word in alias.split()), default=0.0)
            if best:
                scored.append((-best, term.label, term))
        alike = [term for _, _, term in sorted(scored, key=lambda s: s[:2])]
        return list({id(t): t for t in [*named, *alike]}.values())[:CLOSEST]


def _shown(kind: str, term: Term) -> str:
    return f"{term.value} ({term.label})" if kind == "project" else term.label
