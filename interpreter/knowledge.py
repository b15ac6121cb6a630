"""What a seat knows of the top of a deck after looking at it (`look_at`,
interpreter/decks.py): `cards.known[seat][deck]`, how many cards from the top of the pile
the seat uses of that deck (its own pile, of a deck per seat) it has seen and that still
lie there. Each card taken off the top is one fewer; a shuffle of the pile ends it. Kept
apart from the decks' primitives so that the observations read it without them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Engine, Seat


def _pile(engine: Engine, deck: str, seat: int) -> list[str]:
    """The draw pile `seat` uses of a deck (the top at the end)."""
    cards = engine.state["cards"]
    if engine.data.decks[deck].per_seat:
        return cards["seat_decks"][seat][deck]
    return cards["decks"][deck]


def known_cards(engine: Engine, seat: int) -> dict[str, list[str]]:
    """The cards at the top of each deck the seat knows, the top first."""
    return {
        deck: _pile(engine, deck, seat)[::-1][:count]
        for deck, count in sorted(engine.state["cards"]["known"][seat].items())
    }


def forget(engine: Engine, deck: str, seat: Seat, taken: int | None) -> None:
    """The seats that looked at the top of the pile `seat` uses of a deck know `taken`
    fewer of its cards (those taken off the top: gone, or public); None: nothing of it
    (it is shuffled)."""
    known_by = engine.state["cards"]["known"]
    seats = [seat] if engine.data.decks[deck].per_seat else range(len(known_by))
    for s in seats:
        known = known_by[s]
        left = 0 if taken is None else known.get(deck, 0) - taken
        if left > 0:
            known[deck] = left
        else:
            known.pop(deck, None)
