"""What a card or tile shows on a table: its face, drawn from the rules in the game's
language (the text `ba cards` prints), for the web table (reached through the game's
`faces` hook, so the web names no game).

A face is plain data: the kind and colour (words, and the colour's key for drawing),
the cost where the card lies (a display space or an advanced slot), the facts
(reward, revealed tiles, target...), each effect in words (for an option's text) and
in a short form (for the table), and the full rules text, one line per effect (a Hal
card's two halves are two lines).

A card played face down beside another seat's board reaches this module in its public
form only ("mission-orange", "ravager": face_down.py): its face is its kind and colour
and a line saying it lies face down, never an id or a text.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ...dsl.checker import Decl
from ...dsl.i18n import N_
from ...dsl.text import TextRenderer
from .display import advanced_cost, tile_cost
from .face_down import RAVAGER
from .tables import BlackAngelProgram, Engine

FACE_DOWN = N_("Played face down: only its kind and colour are known.")
COST = N_("cost {cost}")  # TRANSLATORS: activations a tile of the display costs
SHORT = 44  # characters of an effect's short form on the table
# the kinds' names on a face (the language's keywords "tech", "hal_card" are no words)
KINDS = {
    "mission": N_("Mission card"),
    "ravager": N_("Ravager card"),
    "tech": N_("technology tile"),
    "start_tile": N_("starting tile"),
    "advanced": N_("advanced tile"),
    "hal_card": N_("Hal card"),
    "aid": N_("player aid"),
}


def decl_id(instance: str) -> str:
    """A card's or tile's declaration: copies of a tile are s1#1, s1#2..."""
    return instance.split("#")[0]


def faces(engine: Engine, ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The face of each card or tile id a viewer sees (an id or a public form); an id
    that names no card is left out."""
    data = engine.data
    costs = _costs(engine)
    out = {}
    for shown in ids:
        face = face_of(data, shown)
        if face is None:
            continue
        if shown in costs:
            face = {**face, "cost": data.text.fill(COST, {"cost": costs[shown]})}
        out[shown] = face
    return out


def face_of(data: BlackAngelProgram, shown: str) -> dict[str, Any] | None:
    """The face of one card or tile (without a cost, which depends on where it lies)."""
    face = _faces(data, data.text.lang).get(decl_id(shown))
    return {**face, "id": shown} if face else _public(data, shown)


def effect_words(data: BlackAngelProgram, shown: str) -> str:
    """A card's effects in words, without their frames ("take 1 debris... / use one
    green die..."), for the text of an option that names it."""
    face = face_of(data, shown)
    return " / ".join(face["effects"]) if face else ""


def _costs(engine: Engine) -> dict[str, int]:
    """What each tile of the display and each advanced tile on the board costs."""
    state = engine.state
    costs = {tile: tile_cost(engine, i) for i, tile in enumerate(state["display"]) if tile}
    costs.update({tile: advanced_cost(engine) for tile in state["advanced_slots"] if tile})
    return costs


@lru_cache(maxsize=16)
def _faces(data: BlackAngelProgram, lang: str) -> dict[str, dict[str, Any]]:
    """Every card's and tile's face in the program's language, by declaration id."""
    text = data.text
    kinds = {k for k, spec in data.vocabulary.kinds.items() if spec.card and k != "strip"}
    return {
        decl.id: _face(text, decl)
        for decl in text.decls
        if decl.id is not None and decl.kind in kinds
    }


def _face(text: TextRenderer, decl: Decl) -> dict[str, Any]:
    colour = decl.value("color") if "color" in decl.spec.fields else None
    effects = [use.effect for uses in decl.fields.values() for use in uses if use.effect]
    return {
        "id": decl.id,
        "kind": _kind(text, decl.kind),
        "color": colour,
        "colour": text.word(colour) if isinstance(colour, str) else None,
        "facts": text.fact_line(decl),
        "effects": [text.effect(effect) for effect in effects],
        "short": [_shorten(text.effect(effect)) for effect in effects],
        "lines": text.card_lines(decl),
    }


def _public(data: BlackAngelProgram, shown: str) -> dict[str, Any] | None:
    """The face of a card played face down, from its public form."""
    text = data.text
    if shown == RAVAGER:
        kind, colour = "ravager", None
    elif shown.startswith("mission-") and shown[len("mission-") :] in data.colors:
        kind, colour = "mission", shown[len("mission-") :]
    else:
        return None
    return {
        "id": None,
        "kind": _kind(text, kind),
        "color": colour,
        "colour": text.word(colour) if colour else None,
        "facts": "",
        "effects": [],
        "short": [],
        "lines": [text._(FACE_DOWN)],
    }


def _kind(text: TextRenderer, kind: str) -> str:
    return text._(KINDS[kind]) if kind in KINDS else text.kind(kind)


def _shorten(words: str) -> str:
    return words if len(words) <= SHORT else words[: SHORT - 1].rstrip(" ,;:") + "…"
