"""Cards, decks and hands of a game written only in the language (dsl/decks.py): their
runtime tables, set-up, primitives, what each seat may see of them, and their log lines.

State (only when the rules declare decks): `cards.decks[deck]` a shared deck's cards,
the top at the end, face down; `cards.discards[deck]` its discard pile, face up;
`cards.aside[deck]` a shared deck's cards set aside face down, to be shuffled into it later;
`cards.tiered[deck]` whether a shared deck is still in the order of its build from tiers;
`cards.seat_decks[seat][deck]` and `cards.seat_discards[seat][deck]` the same for a deck
each seat has its own of (`per_seat`); `cards.hands[seat]` each seat's hand, seen by that
seat alone; `cards.in_play` the cards whose effect is being carried out; `cards.out[deck]`
the cards a deck built from tiers left out of the game (interpreter/deck_stacks.py), seen
by nobody; `cards.table` the cards face up on the table, as [seat, card] (the seat whose
deck it came from, or who revealed it); `cards.kept[seat]` the cards face up in front of a
seat (played cards that stay, revealed commitments); `cards.committed[seat]` the cards a
seat laid face down, seen by that seat alone; `cards.known[seat][deck]` how many cards
from the top of a deck (the seat's own pile of a deck per seat) the seat has looked at
(`look_at`) and still knows, seen by that seat alone. A card is named
by its kind (its id): the copies of a kind are alike. Every shuffle draws from the
game's own generator, so the same seed and choices give the same game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..dsl.ast import walk_calls
from ..dsl.card_sides import backs
from ..dsl.i18n import N_
from . import companions, deck_stacks, knowledge
from .game import NO_ANSWER, Frame, Implementation, take_answer
from .rng import Rng

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat
    from .program import Program

PLAY_PROMPT = N_("Play one of your {deck}")
DISCARD_PROMPT = N_("Discard one of your {deck}")
BOTTOM_PROMPT = N_("Put one of your {deck} on the bottom of its deck")
COMMIT_PROMPT = N_("Lay one of your {deck} face down")
CARD_OPTION = N_("{card}: {effect}")
DRAWS = N_("  {who} draws {cards}")
DRAWS_HIDDEN = N_("  {who} draws {amount} {deck}")
DRAWS_NOTHING = N_("  {who} finds no {deck} to draw")
PLAYS = N_("  {who} plays {card}")
DISCARDS = N_("  {who} discards {card}")
RESHUFFLES = N_("  the discarded {deck} are shuffled into a new deck")
BOTTOMS = N_("  {who} puts {card} on the bottom of its deck")
BOTTOMS_HIDDEN = N_("  {who} puts one {deck} on the bottom of its deck")
SHUFFLES_IN = N_("  {amount} {deck} set aside, shuffled into the top of their deck")
REVEALS = N_("  {who} reveals {cards}")
CLEARS = N_("  the {deck} lying face up are discarded: {cards}")
EXCHANGES = N_("  {who} discards {cards} to draw as many")
EXCHANGES_HIDDEN = N_("  {who} discards {amount} {deck} to draw as many")
COMMITS = N_("  {who} lays {card} face down")
COMMITS_HIDDEN = N_("  {who} lays one {deck} face down")
LOOKS = N_("  {who} looks at the top {amount} {deck}: {cards}")
LOOKS_HIDDEN = N_("  {who} looks at the top {amount} {deck}")
LOOKS_NOTHING = N_("  {who} finds no {deck} to look at")
KNOWN = N_("{deck} you saw on top of their deck (top first): {cards}")
FACE_DOWN = N_("face down: {cards}")
ON_TABLE = N_("on the table: {cards}")
IN_FRONT = N_("{who}: {cards} face up, {down} face down")
REVEALS_COMMITTED = N_("  the cards laid face down are turned up: {cards}")


@dataclass(frozen=True)
class Deck:
    deal: int | str  # cards each seat draws at set-up (a number, or a value's name)
    reshuffle: bool  # an empty deck takes back its discard pile, shuffled
    per_seat: bool  # each seat has its own copy of the deck (and its own discard pile)
    cards: tuple[str, ...]  # one entry per copy, in declaration order (before shuffling)
    aside: tuple[str, ...] = ()  # the same for the cards set aside beside it at set-up
    # built from tiers (interpreter/deck_stacks.py): (tier, amount, player counts or None),
    # the top first; and the card or tier at the very bottom
    stacks: tuple[tuple[str, int, tuple[int, int] | None], ...] = ()
    bottom: str | None = None


@dataclass(frozen=True)
class Card:
    deck: str
    copies: int
    effect: int | None  # the number of its `play` effect in the program (None: none)
    tier: str | None = None  # the tier its deck's `stack` lines draw from
    aside: bool = False  # set aside beside its deck at set-up, to be shuffled in later
    stays: bool = False  # once played, it stays in front of its seat instead of discarded
    variant: str | None = None  # in the game only when played with this variant


def tables(ruleset: RuleSet, program: Program) -> tuple[dict[str, Deck], dict[str, Card]]:
    """The decks and cards the rules declare, the cards' effects numbered in the program."""
    cards: dict[str, Card] = {}
    fronts = backs(ruleset.of_kind("card"))  # the back of a two-sided card: its front
    for decl in ruleset.of_kind("card"):
        use = decl.first("play")
        if decl.id is not None:
            # a card with no `play` is never in a hand (a piece of the grid, zones.py)
            effect = program.lower_required(use.effect) if use is not None else None
            front = ruleset.by_id[fronts[decl.id]] if decl.id in fronts else None
            # a back has no copies of its own: its front's copies carry it
            cards[decl.id] = Card(
                decl.value("deck") if front is None else front.value("deck"),
                decl.value("copies", default=1) if front is None else 0,
                effect,
                tier=decl.value("tier"),
                stays=decl.first("stays") is not None,
                aside=decl.first("aside") is not None,
                variant=decl.value("variant"),
            )
    decks: dict[str, Deck] = {}
    for decl in ruleset.of_kind("deck"):
        if decl.id is None:
            continue
        copies = [name for name, card in cards.items() if card.deck == decl.id]
        aside = [name for name in copies if cards[name].aside]
        decks[decl.id] = Deck(
            decl.value("deal", default=0),
            decl.first("reshuffle") is not None,
            decl.first("per_seat") is not None,
            tuple(name for name in copies if name not in aside for _ in range(cards[name].copies)),
            tuple(name for name in aside for _ in range(cards[name].copies)),
            tuple(
                (use.args["tier"], use.args["amount"], use.args.get("counts"))
                for use in decl.fields.get("stack", [])
            ),
            decl.value("bottom"),
        )
    return decks, cards


# the primitives that put cards elsewhere than in decks, discard piles and hands
PLACES = ("put_bottom", "shuffle_in", "reveal", "clear", "commit", "reveal_committed")


def looks(ruleset: RuleSet) -> dict[str, int]:
    """The decks the rules look at (`look_at`), each with the most cards one look sees:
    what observations show of the cards a seat knows."""
    out: dict[str, int] = {}
    for decl in ruleset.decls:
        for uses in decl.fields.values():
            for use in uses:
                for call in walk_calls(use.effect):
                    if call.name == "look_at" and len(call.values) == 2:
                        amount, deck = call.values
                        out[deck] = max(out.get(deck, 0), amount)
    return out


def uses_places(ruleset: RuleSet) -> bool:
    """Whether the rules put cards on the table, in front of seats, face down or out of the
    game (or under or into a deck): a deck built from tiers, a card that stays, or one of
    the primitives that do so."""
    if any(
        d.first("stays") is not None or d.first("variant") is not None
        for d in ruleset.of_kind("card")
    ):
        return True
    if any(d.first("stack") or d.first("bottom") for d in ruleset.of_kind("deck")):
        return True
    return any(
        call.name in PLACES
        for decl in ruleset.decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
    )


# ---- set-up ---------------------------------------------------------------------------
def setup(program: Program, state: dict, players: int) -> None:
    """Every deck shuffled from the game's generator (a deck per seat: each seat's copy in
    seat order); then each seat, in turn, is dealt each deck's `deal`."""
    if not program.decks:
        return
    rng = Rng(state)
    shared = [name for name, deck in program.decks.items() if not deck.per_seat]
    own = [name for name, deck in program.decks.items() if deck.per_seat]
    cards: dict[str, Any] = {
        "decks": {name: list(program.decks[name].cards) for name in shared},
        "discards": {name: [] for name in shared},
        "seat_decks": [
            {name: list(program.decks[name].cards) for name in own} for _ in range(players)
        ],
        "seat_discards": [{name: [] for name in own} for _ in range(players)],
        "hands": [[] for _ in range(players)],
        "in_play": [],
        "out": {name: [] for name in shared},
        "aside": {name: list(program.decks[name].aside) for name in shared},
        "tiered": {name: deck_stacks.built(program.decks[name]) for name in shared},
        "table": [],
        "kept": [[] for _ in range(players)],
        "committed": [[] for _ in range(players)],
        "known": [{} for _ in range(players)],
    }
    state["cards"] = cards
    for name, pile in cards["decks"].items():
        deck = program.decks[name]
        if deck_stacks.built(deck):
            pile[:], cards["out"][name] = deck_stacks.build(deck, program.cards, players, rng)
        else:
            rng.shuffle(pile)
        if cards["aside"][name]:
            rng.shuffle(cards["aside"][name])
    companions.leave_out(program, cards)
    for pile in (p for d in cards["seat_decks"] for p in d.values()):
        rng.shuffle(pile)
    _leave_out_variants(program, state)
    for name, deck in program.decks.items():
        for seat, hand in enumerate(cards["hands"]):
            pile = _piles(cards, deck, name, seat)[0]
            for _ in range(min(program.count(deck.deal, players), len(pile))):
                hand.append(pile.pop())


def _leave_out_variants(program: Program, state: dict) -> None:
    """The cards of a variant the game is not played with are out of the game (a deck
    per seat has no such cards: dsl/deck_stacks.py)."""
    cards, chosen = state["cards"], set(state["variants"])

    def playing(card: str) -> bool:
        variant = program.cards[card].variant
        return variant is None or variant in chosen

    for name in cards["decks"]:
        for pile in (cards["decks"][name], cards["aside"][name]):
            cards["out"][name] += [card for card in pile if not playing(card)]
            pile[:] = [card for card in pile if playing(card)]


def _piles(cards: dict, deck: Deck, name: str, seat: Seat) -> tuple[list[str], list[str]]:
    """The draw pile and the discard pile a seat uses of a deck."""
    if deck.per_seat:
        return cards["seat_decks"][seat][name], cards["seat_discards"][seat][name]
    return cards["decks"][name], cards["discards"][name]


# ---- primitives -----------------------------------------------------------------------
def _top(engine: Engine, deck: str, seat: Seat) -> str | None:
    """Take the top card of a deck, first reshuffling its discards if it is empty and
    reshuffles; None when there is nothing to draw."""
    spec = engine.data.decks[deck]
    pile, discards = _piles(engine.state["cards"], spec, deck, seat)
    if not pile and spec.reshuffle and discards:
        pile.extend(discards)
        discards.clear()
        engine.rng.shuffle(pile)
        if not spec.per_seat:
            engine.state["cards"]["tiered"][deck] = False  # its tiers are mixed now
        engine.log("reshuffle", deck=deck, seat=seat)
    if not pile:
        return None
    knowledge.forget(engine, deck, seat, 1)
    return pile.pop()


def shuffle_back(engine: Engine, frame: Frame) -> None:
    """The discard pile, shuffled, goes under the cards left (the top is the end)."""
    (deck,) = frame["args"]
    seat, spec = frame["seat"], engine.data.decks[deck]
    pile, discards = _piles(engine.state["cards"], spec, deck, seat)
    if not discards:  # run where it was not checked first (a piece's activation)
        engine.finish(frame, False)
        return
    back = list(discards)
    discards.clear()
    engine.rng.shuffle(back)
    pile[:0] = back
    if not spec.per_seat:
        engine.state["cards"]["tiered"][deck] = False  # its tiers are mixed now
    engine.log("reshuffle", deck=deck, seat=seat)
    engine.finish(frame)


def can_shuffle_back(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    (deck,) = args
    return bool(_piles(engine.state["cards"], engine.data.decks[deck], deck, seat)[1])


def draw(engine: Engine, frame: Frame) -> None:
    amount, deck = frame["args"]
    _draw(engine, frame["seat"], deck, engine.data.count(amount, engine.players))
    engine.finish(frame)


def refill(engine: Engine, frame: Frame) -> None:
    """Draw up to a number of cards of the deck in hand."""
    amount, deck = frame["args"]
    seat = frame["seat"]
    missing = engine.data.count(amount, engine.players) - _count(engine, seat, deck)
    if missing > 0:  # a full hand draws nothing, and the log says nothing of it
        _draw(engine, seat, deck, missing)
    engine.finish(frame)


def _count(engine: Engine, seat: Seat, deck: str) -> int:
    """How many cards of a deck the seat holds."""
    kinds = engine.data.cards
    return sum(kinds[name].deck == deck for name in engine.state["cards"]["hands"][seat])


def _draw(engine: Engine, seat: Seat, deck: str, amount: int) -> None:
    drawn = []
    for _ in range(amount):
        card = _top(engine, deck, seat)
        if card is None:
            break
        drawn.append(card)
    engine.state["cards"]["hands"][seat].extend(drawn)
    engine.log("draw", seat=seat, deck=deck, cards=drawn, amount=len(drawn))


def can_draw(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    (deck,) = args
    spec = engine.data.decks[deck]
    pile, discards = _piles(engine.state["cards"], spec, deck, seat)
    return bool(pile) or (spec.reshuffle and bool(discards))


def _held(engine: Engine, seat: Seat, deck: str) -> list[str]:
    """The kinds of card of a deck in a seat's hand, in declaration order."""
    hand = set(engine.state["cards"]["hands"][seat])
    return [name for name, card in engine.data.cards.items() if card.deck == deck and name in hand]


def _playable(engine: Engine, seat: Seat, deck: str) -> list[str]:
    cards = engine.data.cards
    return [
        name
        for name in _held(engine, seat, deck)
        if cards[name].effect is not None and engine.can(seat, cards[name].effect, {"card": name})
    ]


def _choose(engine: Engine, frame: Frame, kind: str, prompt: str, names: list[str]) -> Any:
    """The card the seat picks among `names` (NO_ANSWER while it has not answered)."""
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        return answer
    text = engine.data.text
    options = [
        (
            f"card:{name}",
            (CARD_OPTION, None, 1, (("card", text.word(name)), ("effect", _effect(engine, name)))),
            name,
        )
        for name in names
    ]
    deck = frame["args"][0]
    return engine.ask_or_force(
        frame["seat"], kind, (prompt, None, 1, (("deck", text.word(deck, None, 2)),)), options
    )


def _effect(engine: Engine, name: str) -> str:
    effect = engine.data.cards[name].effect
    return engine.describe(effect) if effect is not None else ""


def play(engine: Engine, frame: Frame) -> None:
    """Choose a card, move it from the hand into play, carry out its effect; when that is
    over, discard it."""
    cards = engine.state["cards"]
    played = frame.get("played")
    if played is not None:
        cards["in_play"].remove(played)
        deck = engine.data.cards[played].deck
        if engine.data.cards[played].stays:
            cards["kept"][frame["seat"]].append(played)
        else:
            _piles(cards, engine.data.decks[deck], deck, frame["seat"])[1].append(played)
        engine.finish(frame, engine.state["result"])
        return
    seat, deck = frame["seat"], frame["args"][0]
    name = _choose(engine, frame, "play_card", PLAY_PROMPT, _playable(engine, seat, deck))
    if name is NO_ANSWER:
        return
    cards["hands"][seat].remove(name)
    cards["in_play"].append(name)
    frame["played"] = name
    engine.log("play_card", seat=seat, card=name)
    effect = engine.data.cards[name].effect
    assert effect is not None  # only a card with a `play` effect is playable
    engine.run_effect(seat, effect, {"card": name})


def can_play(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return bool(_playable(engine, seat, args[0]))


def discard(engine: Engine, frame: Frame) -> None:
    seat, deck = frame["seat"], frame["args"][0]
    name = _choose(engine, frame, "discard_card", DISCARD_PROMPT, _held(engine, seat, deck))
    if name is NO_ANSWER:
        return
    cards = engine.state["cards"]
    cards["hands"][seat].remove(name)
    _piles(cards, engine.data.decks[deck], deck, seat)[1].append(name)
    engine.log("discard_card", seat=seat, card=name)
    engine.finish(frame)


def can_discard(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return bool(_held(engine, seat, args[0]))


def exchange(engine: Engine, frame: Frame) -> None:
    """Every card of the deck in the seat's hand to its discard pile, then as many drawn
    (after the discards, so a deck that reshuffles may give some of them back)."""
    seat, deck = frame["seat"], frame["args"][0]
    cards, kinds = engine.state["cards"], engine.data.cards
    hand = cards["hands"][seat]
    given = [card for card in hand if kinds[card].deck == deck]
    hand[:] = [card for card in hand if kinds[card].deck != deck]
    _piles(cards, engine.data.decks[deck], deck, seat)[1].extend(given)
    engine.log("exchange", seat=seat, deck=deck, cards=given, amount=len(given))
    _draw(engine, seat, deck, len(given))
    engine.finish(frame)


def hand_size(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    amount, deck = args
    return _count(engine, seat, deck) >= engine.data.count(amount, engine.players)


def put_bottom(engine: Engine, frame: Frame) -> None:
    """Choose a card in hand and put it under the seat's pile of its deck."""
    seat, deck = frame["seat"], frame["args"][0]
    name = _choose(engine, frame, "bottom_card", BOTTOM_PROMPT, _held(engine, seat, deck))
    if name is NO_ANSWER:
        return
    cards = engine.state["cards"]
    cards["hands"][seat].remove(name)
    _piles(cards, engine.data.decks[deck], deck, seat)[0].insert(0, name)
    engine.log("put_bottom", seat=seat, deck=deck, card=name)
    engine.finish(frame)


def shuffle_in(engine: Engine, frame: Frame) -> None:
    """Cards set aside beside a deck (already shuffled) shuffled with its top cards, and
    put back on top."""
    amount, deck, top = frame["args"]
    amount = engine.data.count(amount, engine.players)
    seat, cards = frame["seat"], engine.state["cards"]
    aside = cards["aside"].get(deck, [])
    pile = _piles(cards, engine.data.decks[deck], deck, seat)[0]
    moved = [aside.pop() for _ in range(min(amount, len(aside)))]
    mixed = moved + [pile.pop() for _ in range(min(top, len(pile)))]
    engine.rng.shuffle(mixed)
    knowledge.forget(engine, deck, seat, None)  # the top is shuffled
    pile.extend(mixed)
    engine.log("shuffle_in", seat=seat, deck=deck, amount=len(moved), top=len(mixed))
    engine.finish(frame)


def reveal(engine: Engine, frame: Frame) -> None:
    """Cards from the top of a deck, face up onto the table."""
    amount, deck = frame["args"]
    amount = engine.data.count(amount, engine.players)
    seat = frame["seat"]
    shown = []
    for _ in range(amount):
        card = _top(engine, deck, seat)
        if card is None:
            break
        shown.append(card)
    engine.state["cards"]["table"].extend([seat, card] for card in shown)
    engine.log("reveal", seat=seat, deck=deck, cards=shown)
    engine.finish(frame)


def clear(engine: Engine, frame: Frame) -> None:
    """Every card of a deck face up on the table or in front of a seat, discarded (onto
    the discard pile of the seat it lies with, for a deck per seat)."""
    (deck,) = frame["args"]
    cards, kinds, spec = engine.state["cards"], engine.data.cards, engine.data.decks[deck]
    lying = [(seat, card) for seat, card in cards["table"] if kinds[card].deck == deck]
    cards["table"] = [entry for entry in cards["table"] if kinds[entry[1]].deck != deck]
    for seat, kept in enumerate(cards["kept"]):
        lying += [(seat, card) for card in kept if kinds[card].deck == deck]
        kept[:] = [card for card in kept if kinds[card].deck != deck]
    for seat, card in lying:
        _piles(cards, spec, deck, seat)[1].append(card)
    engine.log("clear", deck=deck, cards=[card for _, card in lying])
    engine.finish(frame)


def commit(engine: Engine, frame: Frame) -> None:
    """Choose a card in hand and lay it face down in front of the seat."""
    seat, deck = frame["seat"], frame["args"][0]
    name = _choose(engine, frame, "commit_card", COMMIT_PROMPT, _held(engine, seat, deck))
    if name is NO_ANSWER:
        return
    cards = engine.state["cards"]
    cards["hands"][seat].remove(name)
    cards["committed"][seat].append(name)
    engine.log("commit", seat=seat, deck=deck, card=name)
    engine.finish(frame)


def reveal_committed(engine: Engine, frame: Frame) -> None:
    """Every seat's face-down cards of a deck turned face up, in front of that seat."""
    (deck,) = frame["args"]
    cards, kinds = engine.state["cards"], engine.data.cards
    shown = []
    for seat, laid in enumerate(cards["committed"]):
        turned = [card for card in laid if kinds[card].deck == deck]
        laid[:] = [card for card in laid if kinds[card].deck != deck]
        cards["kept"][seat].extend(turned)
        shown += [[seat, card] for card in turned]
    engine.log("reveal_committed", deck=deck, cards=shown)
    engine.finish(frame)


def look_at(engine: Engine, frame: Frame) -> None:
    """The seat sees the top cards of its pile of the deck, which stay where they are: it
    knows as many from the top as its largest look since they were last moved."""
    amount, deck = frame["args"]
    seat, cards = frame["seat"], engine.state["cards"]
    pile = _piles(cards, engine.data.decks[deck], deck, seat)[0]
    seen = pile[::-1][:amount]  # the top first
    if seen:
        known = cards["known"][seat]
        known[deck] = max(known.get(deck, 0), len(seen))
    engine.log("look", seat=seat, deck=deck, cards=seen, amount=len(seen))
    engine.finish(frame)


def holds(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return args[0] in engine.state["cards"]["hands"][seat]


def in_front(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    amount, deck = args
    kinds, least = engine.data.cards, engine.data.count(amount, engine.players)
    return sum(kinds[c].deck == deck for c in engine.state["cards"]["kept"][seat]) >= least


def on_table(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    amount, deck = args
    kinds, least = engine.data.cards, engine.data.count(amount, engine.players)
    return sum(kinds[c].deck == deck for _, c in engine.state["cards"]["table"]) >= least


def _nothing(engine: Engine, frame: Frame) -> None:
    """A condition run as an effect (a guard before `->`): its check was the point."""
    engine.finish(frame)


IMPLEMENTATIONS = {
    "draw": Implementation(draw),
    "refill": Implementation(refill),
    "play": Implementation(play, can_play),
    "discard": Implementation(discard, can_discard),
    "exchange": Implementation(exchange, can_discard),
    "hand_size": Implementation(_nothing, hand_size),
    "can_draw": Implementation(_nothing, can_draw),
    "put_bottom": Implementation(put_bottom, can_discard),
    "shuffle_back": Implementation(shuffle_back, can_shuffle_back),
    "shuffle_in": Implementation(shuffle_in),
    "reveal": Implementation(reveal),
    "clear": Implementation(clear),
    "commit": Implementation(commit, can_discard),
    "reveal_committed": Implementation(reveal_committed),
    "look_at": Implementation(look_at),
    "holds": Implementation(_nothing, holds),
    "in_front": Implementation(_nothing, in_front),
    "on_table": Implementation(_nothing, on_table),
}


# ---- the shape of a saved game's cards (interpreter/state_check.py) ---------------------
def state_shape(data: Program, players: int) -> dict[str, dict]:
    """The schemas of the places a freshly set-up state may leave empty (or, for the
    table, holding a pair whose items would be read as one type): a card is one of the
    rules' cards, the table's entries [seat, card]."""
    card = {"enum": sorted(data.cards)}
    seat = {"type": "integer", "minimum": 0, "maximum": players - 1}
    rows = {"type": "array", "items": {"type": "array", "items": card}}
    pair = {"type": "array", "prefixItems": [seat, card], "minItems": 2, "maxItems": 2}
    return {
        "cards.table": {"type": "array", "items": pair},
        "cards.kept": {**rows, "minItems": players, "maxItems": players},
        "cards.committed": {**rows, "minItems": players, "maxItems": players},
        "cards.known": {
            "type": "array",
            "items": {
                "type": "object",
                "propertyNames": {"enum": sorted(data.decks)},
                "additionalProperties": {"type": "integer", "minimum": 1},
            },
            "minItems": players,
            "maxItems": players,
        },
        "cards.out": {"type": "object", "additionalProperties": {"type": "array", "items": card}},
        "cards.aside": {"type": "object", "additionalProperties": {"type": "array", "items": card}},
    }


# ---- what each seat may see -----------------------------------------------------------
HIDDEN_CHOICES = ("play_card", "discard_card")
SECRET_CHOICES = ("bottom_card", "commit_card")  # the card chosen stays hidden too
SECRET_CARDS = ("put_bottom", "commit")  # events whose card only their seat sees


def seen_event(engine: Engine, event: dict, viewer: int | None) -> dict:
    """Another seat's draw, the cards it gives up to exchange them and those it looks
    at show how many cards, not which; its choice of a card to play
    or discard keeps the card it chose (now public) but not the options it had; a card it
    lays face down or puts under its deck shows only its deck, and the choice of it
    nothing (neither the option nor its label)."""
    if event.get("seat") == viewer:
        return event
    if event["event"] in ("draw", "exchange", "look"):
        return {**event, "cards": None}
    if event["event"] in SECRET_CARDS:
        return {**event, "card": None}
    if event["event"] in ("choice", "forced") and event.get("kind") in SECRET_CHOICES:
        hidden = {k: v for k, v in event.items() if k != "options"}
        return {**hidden, "option": None, "label": None}
    if event["event"] in ("choice", "forced") and event.get("kind") in HIDDEN_CHOICES:
        return {k: v for k, v in event.items() if k != "options"}
    return event


def determinize(engine: Engine, seat: int, rng: Rng) -> None:
    """Deal again what `seat` cannot see: a shared deck with the cards of it in the other
    seats' hands and laid face down by them, and those out of the game or set aside,
    shuffled together (in a deck built from tiers or with cards set aside, each tier and
    the cards set aside among their own places), each of those hands and
    face-down rows getting back as many as it had; a deck of each seat's own, each seat's
    with that seat's hand and face-down cards (the viewer's own deck shuffled alone:
    nobody knows its order). The cards at the top of a pile that `seat` looked at and
    still knows stay where they are; those only other seats know are dealt again."""
    cards = engine.state.get("cards")
    if cards is None:
        return
    others = [s for s in range(len(cards["hands"])) if s != seat]
    known = cards["known"][seat]
    for deck, spec in engine.data.decks.items():
        if not spec.per_seat:
            pile = cards["decks"][deck]
            cards["decks"][deck] = _deal_again(engine, rng, deck, pile, others, known.get(deck, 0))
            continue
        for s in range(len(cards["hands"])):
            own = cards["seat_decks"][s][deck]
            mine = known.get(deck, 0) if s == seat else 0
            cards["seat_decks"][s][deck] = _deal_again(
                engine, rng, deck, own, [s] if s != seat else [], mine
            )


def _deal_again(
    engine: Engine, rng: Rng, deck: str, whole: list[str], seats: list[int], kept: int
) -> list:
    """A pile but its `kept` top cards shuffled with the cards of its deck in the hands and
    face-down rows of `seats` and out of the game, each of those dealt back as many as it
    had; the new pile, the `kept` cards back on top."""
    top = whole[len(whole) - kept :]
    return _deal_below(engine, rng, deck, whole[: len(whole) - kept], seats) + top


def _deal_below(engine: Engine, rng: Rng, deck: str, pile: list[str], seats: list[int]) -> list:
    """`_deal_again` for the pile below the cards kept in place."""
    cards, kinds = engine.state["cards"], engine.data.cards
    hands, laid = cards["hands"], cards["committed"]
    out = cards["out"].get(deck, []) + cards["aside"].get(deck, [])
    held = {s: [c for c in hands[s] if kinds[c].deck == deck] for s in seats}
    down = {s: [c for c in laid[s] if kinds[c].deck == deck] for s in seats}
    pool = pile + [c for s in seats for c in held[s]] + [c for s in seats for c in down[s]] + out
    spec = engine.data.decks[deck]
    if deck_stacks.built(spec) or spec.aside:  # each card back to a place of its kind
        deck_stacks.shuffle_alike(pool, kinds, rng, cards["tiered"].get(deck, False))
        start = len(pile)
        for s, mine in [*((s, held) for s in seats), *((s, down) for s in seats)]:
            rows = hands if mine is held else laid
            end = start + len(mine[s])
            rows[s] = [c for c in rows[s] if kinds[c].deck != deck] + pool[start:end]
            start = end
        if deck in cards["out"]:
            cards["out"][deck], cards["aside"][deck] = _split(pool[start:], cards, deck)
        return pool[: len(pile)]
    rng.shuffle(pool)
    for s in seats:
        hands[s] = [c for c in hands[s] if kinds[c].deck != deck] + [pool.pop() for _ in held[s]]
    for s in seats:
        laid[s] = [c for c in laid[s] if kinds[c].deck != deck] + [pool.pop() for _ in down[s]]
    if deck in cards["out"]:
        cards["out"][deck], cards["aside"][deck] = _split([pool.pop() for _ in out], cards, deck)
    return pool


def _split(cards_back: list[str], cards: dict, deck: str) -> tuple[list[str], list[str]]:
    """Cards dealt back to the out-of-the-game pile and the pile set aside, as many each
    as they held."""
    count = len(cards["out"][deck])
    return cards_back[:count], cards_back[count:]


def invariants(engine: Engine, elsewhere: list[str]) -> list[str]:
    """Every copy of every card in exactly one place (a pile, a hand, out of the game, on
    the table, in front of a seat face up or down, in play, or `elsewhere`: the cards out
    of the piles and hands, on a grid), counted by kind (copies are alike): none lost,
    none made; no seat knows more cards of a pile than it holds."""
    cards = engine.state.get("cards")
    if cards is None:
        return []
    piles = [*cards["decks"].values(), *cards["discards"].values(), *cards["hands"]]
    piles += [
        *cards["out"].values(),
        *cards["aside"].values(),
        *cards["kept"],
        *cards["committed"],
        cards["in_play"],
    ]
    for own in (*cards["seat_decks"], *cards["seat_discards"]):
        piles += own.values()
    table = [c for _, c in cards["table"]]
    where = Counter([c for pile in piles for c in pile] + table + elsewhere)
    seats = len(cards["hands"])
    out = []
    for name, card in engine.data.cards.items():
        copies = card.copies * (seats if engine.data.decks[card.deck].per_seat else 1)
        if where[name] != copies:
            out.append(f"{where[name]} copies of card {name} in play, not {copies}")
    for seat, known in enumerate(cards["known"]):
        for deck, count in known.items():
            pile = _piles(cards, engine.data.decks[deck], deck, seat)[0]
            if count > len(pile):
                out.append(f"seat {seat} knows {count} cards of {deck}, which holds {len(pile)}")
    return out


def narrate(event: dict, who: str, text: TextRenderer) -> str | None:
    """A line of the log for an event of cards; None for any other event."""
    kind = event["event"]
    if kind == "draw":
        if not event["amount"]:
            return text.fill(DRAWS_NOTHING, {"who": who, "deck": text.word(event["deck"], None, 2)})
        if event["cards"] is None:
            amount = event["amount"]
            values = {"who": who, "amount": amount, "deck": text.word(event["deck"], None, amount)}
            return text.fill(DRAWS_HIDDEN, values)
        names = text.join([text.word(c) for c in event["cards"]])
        return text.fill(DRAWS, {"who": who, "cards": names})
    if kind == "exchange":
        if event["cards"] is None:
            amount = event["amount"]
            deck = text.word(event["deck"], None, amount)
            return text.fill(EXCHANGES_HIDDEN, {"who": who, "amount": amount, "deck": deck})
        names = text.join([text.word(c) for c in event["cards"]])
        return text.fill(EXCHANGES, {"who": who, "cards": names})
    if kind in ("play_card", "discard_card"):
        template = PLAYS if kind == "play_card" else DISCARDS
        return text.fill(template, {"who": who, "card": text.word(event["card"])})
    if kind == "reshuffle":
        return text.fill(RESHUFFLES, {"deck": text.word(event["deck"], None, 2)})
    return _narrate_places(event, who, text)


def _narrate_places(event: dict, who: str, text: TextRenderer) -> str | None:
    """A line for a card put under a deck, shuffled in, revealed, cleared or laid face
    down (whose card a viewer may not see is None in the event it reads)."""
    kind = event["event"]
    if kind in SECRET_CARDS:
        bottom = kind == "put_bottom"
        shown, hidden = (BOTTOMS, BOTTOMS_HIDDEN) if bottom else (COMMITS, COMMITS_HIDDEN)
        if event["card"] is None:
            return text.fill(hidden, {"who": who, "deck": text.word(event["deck"], None, 1)})
        return text.fill(shown, {"who": who, "card": text.word(event["card"])})
    if kind == "look":
        return _narrate_look(event, who, text)
    if kind == "shuffle_in":
        values = {
            "amount": event["amount"],
            "deck": text.word(event["deck"], None, event["amount"]),
        }
        return text.fill(SHUFFLES_IN, values)
    if kind in ("reveal", "clear", "reveal_committed"):
        names = [c if isinstance(c, str) else c[1] for c in event["cards"]]
        cards = text.join([text.word(c) for c in names]) if names else "-"
        template = {"reveal": REVEALS, "clear": CLEARS, "reveal_committed": REVEALS_COMMITTED}
        deck = text.word(event["deck"], None, 2)
        return text.fill(template[kind], {"who": who, "cards": cards, "deck": deck})
    return None


def _narrate_look(event: dict, who: str, text: TextRenderer) -> str:
    """A look at the top of a deck: the cards, top first, for the seat that looked."""
    amount = event["amount"]
    if not amount:
        return text.fill(LOOKS_NOTHING, {"who": who, "deck": text.word(event["deck"], None, 2)})
    values = {"who": who, "amount": amount, "deck": text.word(event["deck"], None, amount)}
    if event["cards"] is None:
        return text.fill(LOOKS_HIDDEN, values)
    names = text.join([text.word(c) for c in event["cards"]])
    return text.fill(LOOKS, {**values, "cards": names})


def hand_text(engine: Engine, seat: int) -> str:
    """A seat's hand in words, for the seat itself (with its face-down cards and the top
    cards of decks it knows)."""
    text = engine.data.text
    hand = engine.state["cards"]["hands"][seat]
    shown = text.join([text.word(name) for name in sorted(hand)]) if hand else "-"
    laid = engine.state["cards"]["committed"][seat]
    if laid:
        names = text.join([text.word(name) for name in sorted(laid)])
        shown += " | " + text.fill(FACE_DOWN, {"cards": names})
    for deck, known in knowledge.known_cards(engine, seat).items():
        names = text.join([text.word(name) for name in known])
        shown += " | " + text.fill(KNOWN, {"deck": text.word(deck, None, 2), "cards": names})
    return shown


def places_lines(engine: Engine, names: list[str]) -> list[tuple[str, str]]:
    """The cards face up on the table, and before each seat those face up and how many
    face down (which ones, only the seat's own hand line says), each line with a key."""
    cards, text = engine.state["cards"], engine.data.text

    def listed(shown: list[str]) -> str:
        return text.join([text.word(card) for card in shown]) if shown else "-"

    lines = [("table", text.fill(ON_TABLE, {"cards": listed([c for _, c in cards["table"]])}))]
    for seat, kept in enumerate(cards["kept"]):
        who = names[seat] if seat < len(names) else str(seat + 1)
        values = {"who": who, "cards": listed(kept), "down": len(cards["committed"][seat])}
        lines.append((f"{seat}:front", text.fill(IN_FRONT, values)))
    return lines
