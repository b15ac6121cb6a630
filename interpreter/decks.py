"""Cards, decks and hands of a game written only in the language (dsl/decks.py): their
runtime tables, set-up, primitives, what each seat may see of them, and their log lines.

State (only when the rules declare decks): `cards.decks[deck]` a shared deck's cards,
the top at the end, face down; `cards.discards[deck]` its discard pile, face up;
`cards.seat_decks[seat][deck]` and `cards.seat_discards[seat][deck]` the same for a deck
each seat has its own of (`per_seat`); `cards.hands[seat]` each seat's hand, seen by that
seat alone; `cards.in_play` the cards whose effect is being carried out. A card is named
by its kind (its id): the copies of a kind are alike. Every shuffle draws from the
game's own generator, so the same seed and choices give the same game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..dsl.i18n import N_
from .game import NO_ANSWER, Frame, Implementation, take_answer
from .rng import Rng

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat
    from .program import Program

PLAY_PROMPT = N_("Play one of your {deck}")
DISCARD_PROMPT = N_("Discard one of your {deck}")
CARD_OPTION = N_("{card}: {effect}")
DRAWS = N_("  {who} draws {cards}")
DRAWS_HIDDEN = N_("  {who} draws {amount} {deck}")
DRAWS_NOTHING = N_("  {who} finds no {deck} to draw")
PLAYS = N_("  {who} plays {card}")
DISCARDS = N_("  {who} discards {card}")
RESHUFFLES = N_("  the discarded {deck} are shuffled into a new deck")


@dataclass(frozen=True)
class Deck:
    deal: int  # cards each seat draws at set-up
    reshuffle: bool  # an empty deck takes back its discard pile, shuffled
    per_seat: bool  # each seat has its own copy of the deck (and its own discard pile)
    cards: tuple[str, ...]  # one entry per copy, in declaration order (before shuffling)


@dataclass(frozen=True)
class Card:
    deck: str
    copies: int
    effect: int  # the number of its `play` effect in the program


def tables(ruleset: RuleSet, program: Program) -> tuple[dict[str, Deck], dict[str, Card]]:
    """The decks and cards the rules declare, the cards' effects numbered in the program."""
    cards: dict[str, Card] = {}
    for decl in ruleset.of_kind("card"):
        use = decl.first("play")
        if decl.id is not None and use is not None:
            effect = program.lower_required(use.effect)
            cards[decl.id] = Card(decl.value("deck"), decl.value("copies", default=1), effect)
    decks: dict[str, Deck] = {}
    for decl in ruleset.of_kind("deck"):
        if decl.id is None:
            continue
        copies = [name for name, card in cards.items() if card.deck == decl.id]
        decks[decl.id] = Deck(
            decl.value("deal", default=0),
            decl.first("reshuffle") is not None,
            decl.first("per_seat") is not None,
            tuple(name for name in copies for _ in range(cards[name].copies)),
        )
    return decks, cards


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
    }
    state["cards"] = cards
    for pile in [*cards["decks"].values(), *(p for d in cards["seat_decks"] for p in d.values())]:
        rng.shuffle(pile)
    for name, deck in program.decks.items():
        for seat, hand in enumerate(cards["hands"]):
            pile = _piles(cards, deck, name, seat)[0]
            for _ in range(min(deck.deal, len(pile))):
                hand.append(pile.pop())


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
        engine.log("reshuffle", deck=deck, seat=seat)
    return pile.pop() if pile else None


def draw(engine: Engine, frame: Frame) -> None:
    amount, deck = frame["args"]
    _draw(engine, frame["seat"], deck, amount)
    engine.finish(frame)


def refill(engine: Engine, frame: Frame) -> None:
    """Draw up to a number of cards of the deck in hand."""
    amount, deck = frame["args"]
    seat = frame["seat"]
    held = _count(engine, seat, deck)
    _draw(engine, seat, deck, max(0, amount - held))
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
    return [
        name
        for name in _held(engine, seat, deck)
        if engine.can(seat, engine.data.cards[name].effect, {"card": name})
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
    return engine.describe(engine.data.cards[name].effect)


def play(engine: Engine, frame: Frame) -> None:
    """Choose a card, move it from the hand into play, carry out its effect; when that is
    over, discard it."""
    cards = engine.state["cards"]
    played = frame.get("played")
    if played is not None:
        cards["in_play"].remove(played)
        deck = engine.data.cards[played].deck
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
    engine.run_effect(seat, engine.data.cards[name].effect, {"card": name})


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


def hand_size(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    amount, deck = args
    return _count(engine, seat, deck) >= amount


def _nothing(engine: Engine, frame: Frame) -> None:
    """A condition run as an effect (a guard before `->`): its check was the point."""
    engine.finish(frame)


IMPLEMENTATIONS = {
    "draw": Implementation(draw),
    "refill": Implementation(refill),
    "play": Implementation(play, can_play),
    "discard": Implementation(discard, can_discard),
    "hand_size": Implementation(_nothing, hand_size),
    "can_draw": Implementation(_nothing, can_draw),
}


# ---- what each seat may see -----------------------------------------------------------
HIDDEN_CHOICES = ("play_card", "discard_card")


def seen_event(engine: Engine, event: dict, viewer: int | None) -> dict:
    """Another seat's draw shows how many cards, not which; its choice of a card to play
    or discard keeps the card it chose (now public) but not the options it had."""
    if event.get("seat") == viewer:
        return event
    if event["event"] == "draw":
        return {**event, "cards": None}
    if event["event"] in ("choice", "forced") and event.get("kind") in HIDDEN_CHOICES:
        return {k: v for k, v in event.items() if k != "options"}
    return event


def determinize(engine: Engine, seat: int, rng: Rng) -> None:
    """Deal again what `seat` cannot see: a shared deck with the cards of it in the other
    seats' hands, shuffled together, each of those hands getting back as many as it had;
    a deck of each seat's own, each seat's with that seat's hand (the viewer's own deck
    shuffled alone: nobody knows its order)."""
    cards = engine.state.get("cards")
    if cards is None:
        return
    others = [s for s in range(len(cards["hands"])) if s != seat]
    for deck, spec in engine.data.decks.items():
        if not spec.per_seat:
            cards["decks"][deck] = _deal_again(engine, rng, deck, cards["decks"][deck], others)
            continue
        for s in range(len(cards["hands"])):
            own = cards["seat_decks"][s][deck]
            cards["seat_decks"][s][deck] = _deal_again(
                engine, rng, deck, own, [s] if s != seat else []
            )


def _deal_again(engine: Engine, rng: Rng, deck: str, pile: list[str], seats: list[int]) -> list:
    """A pile shuffled with the cards of its deck in the hands of `seats`, those hands
    dealt back as many as they had; the new pile."""
    hands, kinds = engine.state["cards"]["hands"], engine.data.cards
    held = {s: [c for c in hands[s] if kinds[c].deck == deck] for s in seats}
    pool = pile + [c for s in seats for c in held[s]]
    rng.shuffle(pool)
    for s in seats:
        hands[s] = [c for c in hands[s] if kinds[c].deck != deck] + [pool.pop() for _ in held[s]]
    return pool


def invariants(engine: Engine, elsewhere: list[str]) -> list[str]:
    """Every copy of every card in exactly one place, counted by kind (copies are alike):
    none lost, none made. `elsewhere`: the cards that lie outside the decks' own places
    (in a queue)."""
    cards = engine.state.get("cards")
    if cards is None:
        return []
    piles = [*cards["decks"].values(), *cards["discards"].values(), *cards["hands"]]
    for own in (*cards["seat_decks"], *cards["seat_discards"]):
        piles += own.values()
    where = Counter([c for pile in piles for c in pile] + cards["in_play"] + elsewhere)
    seats = len(cards["hands"])
    out = []
    for name, card in engine.data.cards.items():
        copies = card.copies * (seats if engine.data.decks[card.deck].per_seat else 1)
        if where[name] != copies:
            out.append(f"{where[name]} copies of card {name} in play, not {copies}")
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
    if kind in ("play_card", "discard_card"):
        template = PLAYS if kind == "play_card" else DISCARDS
        return text.fill(template, {"who": who, "card": text.word(event["card"])})
    if kind == "reshuffle":
        return text.fill(RESHUFFLES, {"deck": text.word(event["deck"], None, 2)})
    return None


def hand_text(engine: Engine, seat: int) -> str:
    """A seat's hand in words, for the seat itself."""
    text = engine.data.text
    hand = engine.state["cards"]["hands"][seat]
    return text.join([text.word(name) for name in sorted(hand)]) if hand else "-"
