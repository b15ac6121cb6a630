"""Words in placeholders: which word can stand where, and under which message context it
is translated.

A template such as "take {amount} {item} from the general supply" shows a word in
`{item}`: a noun the rules declare (`component ship { noun "ship" "ships" }`). Polish
and German need the noun in the form that the sentence around it asks for (a case,
and after a number one of the plural forms), and that form depends on the sentence,
not on the noun. So every placeholder that shows a word is a *slot* with a name,
`take.item` (primitive and parameter) or one of the game's own texts (`BUY_DIE.color`,
declared in the vocabulary's `slots`), and each word that can stand in a slot is a
message of its own under that context:

    msgctxt "take.item"
    msgid "robot"
    msgid_plural "robots"
    msgstr[0] "robota"      (Polish: the accusative that "weź" asks for)
    msgstr[1] "roboty"
    msgstr[2] "robotów"

A word shown on its own (a card's facts, a colour in a list) takes its *base* context:
the kind of the declaration that names it (`component`, `track`, `color`,
`player_color`, `phase`), or `word` for a word of the game module (an enumeration
value, a fixed noun of the vocabulary).

`dsl/extract.py` lists every (slot, word) pair for the catalogs; `dsl/text.py` looks
them up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .meta import ParamType, Vocabulary

# {param} or {param:noun key} in a primitive's template
PLACEHOLDER = re.compile(r"\{(\w+)(?::([^}]+))?\}")

# Declaration kinds whose entries are words, with whether the word has a plural.
CONTENT_WORDS = {
    "component": True,
    "track": True,
    "deck": True,
    "card": True,
    "token": True,
    "selector": True,
    "layer": True,
    "queue": True,
    "color": False,
    "player_color": False,
    "phase": False,
}
WORD = "word"  # the base context of the game module's own words


@dataclass(frozen=True)
class Slot:
    """A placeholder that shows a word: its context, the words that may stand in it (a
    parameter type) or the one fixed noun it shows, and the text it belongs to."""

    context: str
    type: ParamType | None
    noun: str | None
    where: str


def shows_words(type_: ParamType) -> bool:
    return type_.form in ("ref", "words")


def shows_text(type_: ParamType) -> bool:
    """Whether a slot shows a text of its own (a name the game makes, meta.texts)."""
    return type_.form == "texts"


def slots(vocabulary: Vocabulary) -> dict[str, Slot]:
    """Every slot of a vocabulary: the primitives' placeholders and the game's own."""
    found: dict[str, Slot] = {}
    for prim in vocabulary.primitives.values():
        params = {p.name: p for p in prim.params}
        for template in prim.templates:
            for match in PLACEHOLDER.finditer(template):
                name, noun = match.group(1), match.group(2)
                context = f"{prim.name}.{name}"
                if context in found:
                    continue
                if noun:
                    found[context] = Slot(context, None, noun, template)
                elif name in params and shows_words(params[name].type):
                    found[context] = Slot(context, params[name].type, None, template)
    for context, type_ in vocabulary.slots.items():
        found[context] = Slot(context, type_, None, context.split(".")[0])
    return found


def content_word(kind: str, switches: set[str], type_: ParamType) -> bool:
    """Whether a declaration of `kind` (with these switches) can stand in a slot."""
    return (
        type_.form == "ref"
        and kind in type_.refs
        and (type_.having is None or type_.having in switches)
    )


def game_words(slot: Slot) -> list[str]:
    """The words of the game module (not declared in content) that can stand in a slot."""
    if slot.noun is not None:
        return [slot.noun]
    assert slot.type is not None
    return list(slot.type.words) if shows_words(slot.type) or shows_text(slot.type) else []


def english(vocabulary: Vocabulary, key: str) -> tuple[str, str | None]:
    """A game word in English: (singular, plural) for a fixed noun, (text, None) else."""
    if key in vocabulary.nouns:
        one, many = vocabulary.nouns[key]
        return one, many
    return vocabulary.shown.get(key, key), None


def phase_name(phase_id: str) -> str:
    """How a phase is named in English text: its id with spaces ("sequence a")."""
    return phase_id.replace("_", " ")


def fact_words(vocabulary: Vocabulary) -> list[tuple[str, str]]:
    """Game words that a card's facts can show on their own: (kind, word), from the
    enumerations of the card kinds' keywords."""
    found: list[tuple[str, str]] = []
    for kind_key, spec in vocabulary.kinds.items():
        if not spec.card:
            continue
        for field_spec in spec.fields.values():
            if field_spec.effect or field_spec.block:
                continue
            for param in field_spec.params:
                if param.type.form == "words":
                    found.extend((kind_key, w) for w in param.type.words)
    return found
