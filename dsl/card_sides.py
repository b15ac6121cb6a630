"""Two-sided cards, for a game written only in the language (interpreter/card_sides.py
runs them): a card that says `back CARD` has that card printed on its other side. The
back is a card of its own (its noun, life, values, marks and effects) with no deck and
no copies: it is only ever seen by turning its front over. `turn_over SELECTOR` turns the
piece of the grid the selector picks to its other side, front to back or back to front.
"""

from __future__ import annotations

from .ast import walk_calls
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import NAME, Primitive, keyword, param, ref

CARD_FIELDS = (
    keyword(
        "back",
        "The card printed on this card's other side (a card with no deck and no copies of "
        "its own); 'turn_over' shows it. The back may name its front with 'back' too.",
        param("card", NAME),
        example="back warlord_enraged",
    ),
)

PRIMITIVES = (
    Primitive(
        "turn_over",
        "Turn the piece a selector picks (one with two sides) to its other side: it keeps "
        "its damage, and is defeated if that reaches the other side's life.",
        (param("selector", ref("selector", "selector")),),
        N_("turn {selector} over"),
        example="turn_over the_warlord",
    ),
)

# what a card does in a deck or a hand, which a back never is in
DECK_KEYWORDS = ("play", "tier", "aside", "stays", "with")
UNKNOWN = N_("the back of the card '{card}' is '{other}', which is no card")
BACK_IN_DECK = N_(
    "the card '{card}' is the back of '{front}': it has no '{keyword}' of its own (its front's "
    "copies carry it)"
)
TWO_FRONTS = N_("the card '{card}' is the back of two cards: {fronts}")
NOT_MUTUAL = N_("the card '{card}' names '{other}' as its back, but '{other}' names '{third}'")
OWN_BACK = N_("the card '{card}' names itself as its back")
BACK_ONLY_SIDE = N_(
    "the card '{card}' is the back of '{front}': its '{keyword}' does nothing (a back is only "
    "the other side of a piece)"
)
NO_DECK = N_("the card '{card}' has no 'deck': only the back of another card has none")
NOTHING_TURNS = N_("'turn_over' but no card has two sides: give a card 'back'")
NEVER_TURNED = N_("the card '{card}' has a back, but nothing turns a piece over ('turn_over')")


def backs(decls) -> dict[str, str]:
    """Each back card and its front (the first front, where the checker refuses two)."""
    cards = {c.id: c for c in decls if c.id is not None}
    return {back: named[0] for back, named in _fronts(cards).items()}


def _fronts(cards: dict) -> dict[str, list[str]]:
    """Each back card (one with no deck, named by `back`) and the cards naming it."""
    out: dict[str, list[str]] = {}
    named = [(c, c.value("back")) for c in cards.values() if c.value("back") in cards]
    for card, other in named:
        if other != card.id and cards[other].value("deck") is None:
            out.setdefault(other, []).append(card.id)
    for card, other in named:  # a back that names its front, which does not name it
        alone = card.value("deck") is None and cards[other].value("back") is None
        if alone and card.id not in out and cards[other].value("deck") is not None:
            out[card.id] = [other]
    return out


def checks(by_kind: dict) -> list[Diagnostic]:
    """A back is a card with no deck or copies, the back of one card; `back` on both sides
    names each other; a card without a deck is a back; `turn_over` has cards to turn and
    a back something to show it."""
    cards = {c.id: c for c in by_kind.get("card", []) if c.id is not None}
    fronts = _fronts(cards)
    out = []
    for card in cards.values():
        span, other = card.item.span, card.value("back")
        if other is not None and other not in cards:
            out.append(Diagnostic.of("E316", span, UNKNOWN, card=card.id, other=other))
        elif other == card.id:
            out.append(Diagnostic.of("E316", span, OWN_BACK, card=card.id))
        elif other is not None and card.value("deck") is not None:
            if cards[other].value("deck") is not None:
                values = {"card": other, "front": card.id, "keyword": "deck"}
                out.append(Diagnostic.of("E316", span, BACK_IN_DECK, **values))
            third = cards[other].value("back")
            if third is not None and third != card.id:
                values = {"card": card.id, "other": other, "third": third}
                out.append(Diagnostic.of("E316", span, NOT_MUTUAL, **values))
        if card.value("deck") is None and card.id not in fronts:
            out.append(Diagnostic.of("E111", span, NO_DECK, card=card.id))
        elif card.id in fronts and card.first("copies"):
            values = {"card": card.id, "front": fronts[card.id][0], "keyword": "copies"}
            out.append(Diagnostic.of("E316", span, BACK_IN_DECK, **values))
        if card.id in fronts and card.value("deck") is None:
            out += [
                Diagnostic.of(
                    "E316",
                    span,
                    BACK_ONLY_SIDE,
                    card=card.id,
                    front=fronts[card.id][0],
                    keyword=key,
                )
                for key in DECK_KEYWORDS
                if card.first(key) is not None
            ]
    for back, named in fronts.items():
        if len(named) > 1:
            shown = ", ".join(f"'{c}'" for c in named)
            out.append(
                Diagnostic.of("E316", cards[back].item.span, TWO_FRONTS, card=back, fronts=shown)
            )
    turns = [
        call
        for decls in by_kind.values()
        for decl in decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
        if call.name == "turn_over"
    ]
    if turns and not fronts:
        out += [Diagnostic.of("E316", call.span, NOTHING_TURNS) for call in turns]
    if fronts and not turns:
        out += [
            Diagnostic.of("W401", cards[named[0]].item.span, NEVER_TURNED, card=named[0])
            for named in fronts.values()
        ]
    if by_kind.get("grid") is None:
        out += [
            Diagnostic.of(
                "E114",
                call.span,
                N_("'{word}' needs a grid: the rules declare none"),
                word="turn_over",
            )
            for call in turns
        ]
    return out
