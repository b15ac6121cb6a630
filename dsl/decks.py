"""The words of cards, decks and hands, for a game written only in the language (the
engine's own procedure reads them; interpreter/decks.py implements them).

A `deck` is a shared pile of cards, face down, shuffled at set-up from the game's seeded
generator, with a discard pile beside it; each seat has one hand, hidden from the other
seats. A `card` belongs to one deck, in a number of copies, and its `play` effect is
ordinary effect language, run when a seat plays it from hand (then it is discarded).
"""

from __future__ import annotations

from .ast import Call, Effect, walk_calls
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import COUNT, STRING, Primitive, flag, keyword, kind, param, ref
from .queues import revealed_decks

DECK = ref("deck", "deck")
AMOUNT = param("amount", COUNT)

KINDS = (
    kind(
        "deck",
        "A shared pile of cards, face down and shuffled at set-up, with its discard pile; "
        "its cards are the cards that name it.",
        keyword(
            "noun",
            "Singular and plural name of its cards in text.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        keyword("deal", "Cards each seat draws from it at set-up.", param("amount", COUNT)),
        keyword(
            "reshuffle",
            "When it runs out, its discard pile is shuffled to become it again (without "
            "this, a draw from an empty deck gets nothing).",
            param("when", flag("when_empty")),
        ),
        keyword(
            "per_seat",
            "Each seat has its own copy of the deck and its own discard pile (without "
            "this, one deck is shared).",
        ),
        referenced=True,
        example='deck wind {\n  noun "wind card" "wind cards"\n  deal 3\n  reshuffle when_empty\n}',
    ),
    kind(
        "card",
        "A kind of card of a deck: its copies lie in that deck; played from a hand, its "
        "effect is carried out and the card is discarded.",
        keyword(
            "noun",
            "Singular and plural name in text.",
            param("one", STRING),
            param("many", STRING),
            required=True,
        ),
        keyword(
            "deck", "The deck its copies are shuffled into.", param("deck", DECK), required=True
        ),
        keyword(
            "copies", "How many of it the deck holds (1 without it).", param("copies", COUNT, lo=1)
        ),
        keyword(
            "play",
            "What playing it does.",
            effect=True,
            required=True,
            frames={None: N_("When played: {effect}")},
        ),
        card=True,
        example=(
            'card gust {\n  noun "gust" "gusts"\n  deck wind\n  copies 4\n'
            "  play: gain 3 position\n}"
        ),
    ),
)

PRIMITIVES = (
    Primitive(
        "draw",
        "Draw cards from a deck into the seat's hand, as many as it has (others see how "
        "many, not which).",
        (AMOUNT, param("deck", DECK)),
        N_("draw {amount} {deck}"),
        can_fail=False,
        example="draw 1 wind",
    ),
    Primitive(
        "refill",
        "Draw from a deck until the seat holds this many of its cards (a hand limit to "
        "fill up to; as many as the deck has).",
        (AMOUNT, param("deck", DECK)),
        N_("draw {deck} until you hold {amount}"),
        can_fail=False,
        example="refill 5 wind",
    ),
    Primitive(
        "play",
        "Choose a card of a deck in the seat's hand, carry out its effect, then discard it.",
        (param("deck", DECK),),
        N_("play one of your {deck}"),
        example="play wind",
    ),
    Primitive(
        "discard",
        "Choose a card of a deck in the seat's hand and discard it without its effect.",
        (param("deck", DECK),),
        N_("discard one of your {deck}"),
        example="discard wind",
    ),
    Primitive(
        "hand_size",
        "A condition: the seat holds at least this many cards of a deck.",
        (AMOUNT, param("deck", DECK)),
        N_("you hold at least {amount} {deck}"),
        condition=True,
        example="hand_size 2 wind -> gain 1 position",
    ),
    Primitive(
        "can_draw",
        "A condition: a card can be drawn from the deck (it, or its discard pile when it "
        "reshuffles, is not empty).",
        (param("deck", DECK),),
        N_("a card of {deck} can be drawn"),
        condition=True,
        example="draw 1 wind if can_draw wind",
    ),
)


def checks(by_kind: dict) -> list[Diagnostic]:
    """A deck that no card names has nothing to draw or deal, and the cards of a deck that
    nothing deals or draws are never used; a card whose effect plays a card (itself, or
    through a phase it runs) could go on without end."""
    filled = {c.value("deck") for c in by_kind.get("card", [])}
    phases = {
        p.id: [use.effect for use in p.fields.get("step", [])] for p in by_kind.get("phase", [])
    }
    loops = [
        Diagnostic.of(
            "E301",
            card.item.span,
            N_("the card '{card}' plays a card when it is played: that could go on forever"),
            card=card.id,
        )
        for card in by_kind.get("card", [])
        if card.first("play") is not None and _plays(card.first("play").effect, phases, set())
    ]
    drawn = {
        call.values[1]
        for decls in by_kind.values()
        for decl in decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
        if call.name in ("draw", "refill") and len(call.values) == 2
    } | revealed_decks(by_kind)
    unreached = [
        Diagnostic.of(
            "W401",
            deck.item.span,
            N_("the cards of the deck '{deck}' never reach a hand: nothing deals or draws them"),
            deck=deck.id,
        )
        for deck in by_kind.get("deck", [])
        if deck.id in filled and deck.id not in drawn and not deck.value("deal")
    ]
    return (
        loops
        + unreached
        + [
            Diagnostic.of(
                "E304",
                deck.item.span,
                N_("the deck '{deck}' has no cards: no card names it with 'deck {deck}'"),
                deck=deck.id,
            )
            for deck in by_kind.get("deck", [])
            if deck.id is not None and deck.id not in filled
        ]
    )


def _plays(effect: Effect | None, phases: dict[str, list], seen: set[str]) -> bool:
    """Whether an effect plays a card, itself or in a phase it runs."""
    for call in walk_calls(effect):
        if call.name == "play":
            return True
        if _runs(call, phases, seen):
            return True
    return False


def _runs(call: Call, phases: dict[str, list], seen: set[str]) -> bool:
    """Whether a `run PHASE` call runs a phase (not looked at yet) that plays a card."""
    phase = call.values[0] if call.name == "run" and call.values else None
    if not isinstance(phase, str) or phase in seen or phase not in phases:
        return False
    seen.add(phase)
    return any(_plays(step, phases, seen) for step in phases[phase])
