"""The words of cards, decks and hands, for a game written only in the language (the
engine's own procedure reads them; interpreter/decks.py implements them).

A `deck` is a shared pile of cards, face down, shuffled at set-up from the game's seeded
generator, with a discard pile beside it; each seat has one hand, hidden from the other
seats. A `card` belongs to one deck, in a number of copies, and its `play` effect is
ordinary effect language, run when a seat plays it from hand (then it is discarded, or
it stays in front of the seat with `stays`).

A deck may be built at set-up from its cards' tiers (`stack`: so many of a tier, each
tier shuffled alone, piled in the order written, the rest of each tier out of the game)
with one card at the very bottom (`bottom`). Beyond drawing, cards go on the bottom of
their deck, are set aside at set-up and shuffled into the top of their deck later, are
revealed face up onto the table,
and are laid face down (committed), seen by their owner alone until revealed. A seat
may look at the top cards of a deck (`look_at`): it alone knows them, in order, while
they stay there.
"""

from __future__ import annotations

from . import deck_stacks as stacks
from .ast import Call, Effect, walk_calls
from .core import MAX_PLAYERS
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import COUNT, NAME, RANGE, STRING, Primitive, flag, keyword, kind, param, ref
from .queues import revealed_decks
from .values import COUNT_OR_VALUE

DECK = ref("deck", "deck")
AMOUNT = param("amount", COUNT_OR_VALUE)  # a number, or a value by the player count

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
        keyword(
            "deal",
            "Cards each seat draws from it at set-up (a number, or a value by the player count).",
            param("amount", COUNT_OR_VALUE),
        ),
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
        keyword(
            "stack",
            "Build the deck from its cards' tiers: this many cards of a tier, drawn from "
            "that tier shuffled alone (only for these player counts, when given); the first "
            "line is the top of the deck, the next ones lie under it, and the cards of a tier "
            "not drawn are out of the game (without it, every card is shuffled in).",
            param("tier", NAME),
            AMOUNT,
            param("players", flag("players"), optional=True),
            param("counts", RANGE, optional=True, lo=1, hi=MAX_PLAYERS),
            repeat=True,
        ),
        keyword(
            "bottom",
            "The card put at the very bottom of the deck, or a tier of which one card drawn "
            "at random goes there (the rest of that tier is out of the game).",
            param("card", NAME),
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
            "deck",
            "The deck its copies are shuffled into (required, but for the back of a "
            "two-sided card).",
            param("deck", DECK),
        ),
        keyword(
            "copies", "How many of it the deck holds (1 without it).", param("copies", COUNT, lo=1)
        ),
        keyword(
            "play",
            "What playing it does (a card without it never reaches a hand: it can be a "
            "piece of the grid).",
            effect=True,
            frames={None: N_("When played: {effect}")},
        ),
        keyword(
            "tier",
            "The tier it belongs to, from which its deck's `stack` lines draw.",
            param("tier", NAME),
        ),
        keyword(
            "aside",
            "Its copies start face down beside its deck, not in it, until `shuffle_in` "
            "shuffles them into the deck's top.",
        ),
        keyword(
            "variant",
            "Its copies are in the game only when it is played with this variant (a "
            "module of cards); otherwise they are out of the game from the start.",
            param("variant", ref("variant", "variant")),
        ),
        keyword(
            "stays",
            "Once played, it stays face up in front of the seat that played it (until "
            "`clear` discards it) instead of being discarded.",
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
        "exchange",
        "Discard every card of a deck in the seat's hand, then draw as many from it (its "
        "reshuffle applies; as many as it has). Others see how many, not which; not "
        "possible without such a card.",
        (param("deck", DECK),),
        N_("discard every {deck} in your hand and draw as many"),
        example="optional exchange command",
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
        N_("at least one {deck} can be drawn"),
        condition=True,
        example="draw 1 wind if can_draw wind",
    ),
    Primitive(
        "put_bottom",
        "Choose a card of a deck in the seat's hand and put it face down on the bottom of "
        "that deck (others see that a card went there, not which).",
        (param("deck", DECK),),
        N_("put one {deck} from your hand on the bottom of its deck"),
        example="put_bottom command",
    ),
    Primitive(
        "shuffle_back",
        "Shuffle a deck's discard pile and put it under the cards left in the deck (a "
        "deck without `reshuffle` takes its discards back only this way); possible while "
        "the discard pile holds a card.",
        (param("deck", DECK),),
        N_("shuffle every discarded {deck} back into its deck"),
        example="shuffle_back enemies unless can_draw enemies",
    ),
    Primitive(
        "shuffle_in",
        "Shuffle this many of a deck's cards set aside (`aside`, drawn at random) with "
        "the deck's top cards, and put them all back on top (as many as there are).",
        (AMOUNT, param("deck", DECK), param("top", COUNT)),
        N_("shuffle {amount} {deck} set aside into the top {top} of their deck"),
        can_fail=False,
        example="shuffle_in 2 command 2",
    ),
    Primitive(
        "reveal",
        "Turn this many cards from the top of a deck face up onto the table, where "
        "everyone sees them until `clear` discards them.",
        (AMOUNT, param("deck", DECK)),
        N_("reveal {amount} {deck} onto the table"),
        can_fail=False,
        example="reveal 1 threat",
    ),
    Primitive(
        "clear",
        "Discard every card of a deck that is face up on the table or in front of a seat.",
        (param("deck", DECK),),
        N_("discard every {deck} lying face up"),
        can_fail=False,
        example="clear threat",
    ),
    Primitive(
        "commit",
        "Choose a card of a deck in the seat's hand and lay it face down in front of the "
        "seat: the seat knows which card it is, the others only that it is one of that deck.",
        (param("deck", DECK),),
        N_("lay one {deck} from your hand face down"),
        example="commit command",
    ),
    Primitive(
        "reveal_committed",
        "Turn every card of a deck laid face down, by any seat, face up: each stays in "
        "front of the seat that laid it.",
        (param("deck", DECK),),
        N_("turn up every {deck} laid face down"),
        can_fail=False,
        example="reveal_committed command",
    ),
    Primitive(
        "look_at",
        "The seat looks at this many cards from the top of a deck (as many as it has) "
        "and puts them back in the same order: it alone knows them while they lie there "
        "(until they are drawn or moved, or the deck is shuffled); the others see only "
        "that it looked, and how many.",
        (param("amount", COUNT, lo=1), param("deck", DECK)),
        N_("look at the top {amount} {deck}"),
        can_fail=False,
        example="look_at 2 threat",
    ),
    Primitive(
        "holds",
        "A condition: the seat holds a card of this kind in its hand (a role or ability "
        "card dealt to it).",
        (param("card", ref("card", "card")),),
        N_("you hold the {card} card"),
        condition=True,
        example="hit 1 beside if holds gunner",
    ),
    Primitive(
        "in_front",
        "A condition: at least this many cards of a deck lie face up in front of the seat.",
        (AMOUNT, param("deck", DECK)),
        N_("at least {amount} {deck} lie in front of you"),
        condition=True,
        example="in_front 2 crew -> gain 1 vp",
    ),
    Primitive(
        "on_table",
        "A condition: at least this many cards of a deck lie face up on the table.",
        (AMOUNT, param("deck", DECK)),
        N_("at least {amount} {deck} lie on the table"),
        condition=True,
        example="on_table 1 threat -> lose 1 life",
    ),
)

# the primitives that take cards out of a deck, by the place of the deck among their
# values: into a hand (draw, refill), onto the table (reveal), onto the grid (place and
# fill, dsl/zones.py)
FROM_DECK = {
    "draw": 1,
    "refill": 1,
    "reveal": 1,
    "place": 0,
    "fill": 0,
    "place_above": 0,
    "place_below": 0,
}


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
    calls = [
        call
        for decls in by_kind.values()
        for decl in decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
    ]
    declared = {deck.id for deck in by_kind.get("deck", [])}
    # the calls that name a deck declared (an unknown one is E106 already)
    shuffled_in = [
        c for c in calls if c.name == "shuffle_in" and len(c.values) > 1 and c.values[1] in declared
    ]
    drawn = {
        call.values[FROM_DECK[call.name]]
        for call in calls
        if call.name in FROM_DECK and len(call.values) > FROM_DECK[call.name]
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
        + stacks.checks(by_kind, shuffled_in)
        + _never_revealed([c for c in calls if c.values and c.values[0] in declared])
        + _nothing_to_see(by_kind, [c for c in calls if c.name == "look_at"])
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


def _never_revealed(calls: list[Call]) -> list[Diagnostic]:
    """A card laid face down stays hidden for good unless something reveals its deck."""
    calls = [c for c in calls if c.name in ("commit", "reveal_committed") and c.values]
    revealed = {call.values[0] for call in calls if call.name == "reveal_committed"}
    return [
        Diagnostic.of(
            "E309",
            call.span,
            N_(
                "cards of '{deck}' are laid face down, but nothing reveals them: add "
                "'reveal_committed {deck}'"
            ),
            deck=call.values[0],
        )
        for call in calls
        if call.name == "commit" and call.values[0] not in revealed
    ]


def _nothing_to_see(by_kind: dict, looks: list[Call]) -> list[Diagnostic]:
    """A deck whose cards are all copies of one card has an order that hides nothing:
    looking at its top tells the seat nothing it did not know."""
    kinds: dict[str, set[str]] = {}
    for card in by_kind.get("card", []):
        if card.id is not None and card.value("deck") is not None:
            kinds.setdefault(card.value("deck"), set()).add(card.id)
    return [
        Diagnostic.of(
            "W404",
            call.span,
            N_(
                "every card of the deck '{deck}' is a '{card}': looking at its top shows "
                "nothing the seat does not know"
            ),
            deck=call.values[1],
            card=next(iter(kinds[call.values[1]])),
        )
        for call in looks
        if len(call.values) > 1 and len(kinds.get(call.values[1], ())) == 1
    ]
