"""`ba:glossary`: the game's terms in English, Polish and German, side by side.

Every term comes from the rules and the catalogs the game is played with: the kinds of
card (with their help), the components, tracks, colours and phases the rules declare
(`dsl/text.py`, `content_words`). A mod's new noun appears with the translations its
own catalogs give, so the glossary is the vocabulary a player meets in `ba cards`,
`ba play` and this reference, in each language.
"""

from __future__ import annotations

from docutils import nodes

from ...dsl.extract import HELP
from ...dsl.meta import N_
from .reference import Reference, RulesDirective
from .tables import Cell, table

LANGUAGES = ("en", "pl", "de")
HEADERS = (N_("English"), N_("Polish"), N_("German"), N_("what it is"))
WHAT = {
    "component": N_("a component"),
    "track": N_("a track"),
    "color": N_("a colour"),
    "player_color": N_("a player colour"),
    "phase": N_("a part of the turn"),
}


class Glossary(RulesDirective):
    """One table: each term in the three languages and what it is, in the page's."""

    def render(self, ref: Reference) -> list[nodes.Node]:
        texts = {lang: ref.text.in_language(lang) for lang in LANGUAGES}
        rows: list[list[Cell]] = [
            [*(texts[lang].kind(kind) for lang in LANGUAGES), ref.text.tr.pgettext(HELP, help)]
            for kind, help in _card_kinds(ref)
        ]
        for key, word in ref.text.words.items():
            what = ref.say(WHAT[word.context]) if word.context in WHAT else ""
            rows.append([*(texts[lang].word(key) for lang in LANGUAGES), what])
        return [table([3, 3, 3, 6], [ref.say(h) for h in HEADERS], _unique(rows), "glossary")]


def _card_kinds(ref: Reference) -> list[tuple[str, str]]:
    kinds = ref.ruleset.vocabulary.kinds
    return [(kind, kinds[kind].help) for kind in ref.card_kinds() if ref.decls(kind)]


def _unique(rows: list[list[Cell]]) -> list[list[Cell]]:
    """Each term once (a kind and a component may be the same word), in order."""
    seen: set[str] = set()
    out = []
    for row in rows:
        term = str(row[0]).lower()
        if term not in seen:
            seen.add(term)
            out.append(row)
    return out
