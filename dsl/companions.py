"""Companion cards, for a game written only in the language (interpreter/companions.py
runs them): a card that says `with CARD` is in play only when that card is. At set-up,
once every deck is built, a card every copy of which was left out of the game (by its
deck's `stack` or `bottom`) takes its companions out of the game with it, whatever
deck they lie in, and theirs in turn.
"""

from __future__ import annotations

from .diagnostics import Diagnostic
from .i18n import N_
from .meta import NAME, keyword, param

CARD_FIELDS = (
    keyword(
        "with",
        "The card this one goes with: when every copy of that card is left out of the "
        "game at set-up (by its deck's stack or bottom), so is this card.",
        param("card", NAME),
        example="with warlord",
    ),
)

UNKNOWN = N_("the card '{card}' goes with '{other}', which is no card")
CYCLE = N_("the cards {cards} go with one another in a circle: none could be left out first")
PER_SEAT = N_("the card '{card}' goes with another, but its deck '{deck}' is per seat")
A_BACK = N_(
    "the card '{card}' goes with '{other}', the back of another card: name that card's front"
)
NEVER_OUT = N_(
    "the card '{card}' goes with '{other}', whose deck '{deck}' leaves no card out of the "
    "game (no 'stack' or 'bottom'): 'with' does nothing"
)


def checks(by_kind: dict) -> list[Diagnostic]:
    """`with` names a card, in no circle; the companion lies in a shared deck; the card it
    follows can be left out (its deck is built from tiers)."""
    cards = {c.id: c for c in by_kind.get("card", []) if c.id is not None}
    decks = {d.id: d for d in by_kind.get("deck", []) if d.id is not None}
    out = []
    follows = {}
    for card in cards.values():
        other = card.value("with")
        if other is None:
            continue
        span = card.item.span
        if other not in cards:
            out.append(Diagnostic.of("E316", span, UNKNOWN, card=card.id, other=other))
            continue
        follows[card.id] = other
        if cards[other].value("deck") is None:  # a back is out of the game with its front
            out.append(Diagnostic.of("E316", span, A_BACK, card=card.id, other=other))
        deck = decks.get(card.value("deck"))
        if deck is not None and deck.first("per_seat") is not None:
            out.append(Diagnostic.of("E316", span, PER_SEAT, card=card.id, deck=deck.id))
        source = decks.get(cards[other].value("deck"))
        if source is not None and not (source.first("stack") or source.first("bottom")):
            values = {"card": card.id, "other": other, "deck": source.id}
            out.append(Diagnostic.of("E316", span, NEVER_OUT, **values))
    reported: set[str] = set()
    for start in follows:
        path, at = [], start
        while at in follows and at not in path:
            path.append(at)
            at = follows[at]
        if at in path and not reported & set(path):
            circle = path[path.index(at) :]
            reported |= set(circle)
            shown = ", ".join(f"'{c}'" for c in circle)
            out.append(Diagnostic.of("E316", cards[circle[0]].item.span, CYCLE, cards=shown))
    return out
