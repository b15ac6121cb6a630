"""What a scenario file can set in a game written only in the language (docs/scenarios.md):
where its cards lie, so that a value naming a card takes one of its alike copies from a
pile (the decks first, then the discard piles, the cards left out or set aside; never
from a hand, the table or the grid, where a copy is somebody's or in play), a seat's
`hand`, a piece `at` a cell of the grid, and where a card a value pushes out goes (the
bottom of its deck, its discard pile, out of the game). Every copy stays counted, so the
invariants of a game with copies hold after the overrides. A card of a deck that each
seat has its own of cannot be pushed out: it has no one deck to go back to.
"""

from __future__ import annotations

import re

from .game import ScenarioForms
from .piles import Pile
from .program import Program
from .scenario import (
    NONE,
    PUSHED_OUT,
    ScenarioError,
    apply_set,
    known_ids_hint,
    send_back,
    take_out,
    unknown_keys,
)
from .zones import ABOVE

CARD = "card"
# every place a card lies; a value takes a copy from the first of the first six holding one
PILES = (
    Pile("cards.decks.*", CARD, "a shared deck, the top at the end"),
    Pile("cards.discards.*", CARD, "a shared deck's discard pile"),
    Pile("cards.out.*", CARD, "cards a deck left out of the game"),
    Pile("cards.aside.*", CARD, "cards set aside beside their deck"),
    Pile("cards.seat_decks.*.*", CARD, "a seat's own deck"),
    Pile("cards.seat_discards.*.*", CARD, "a seat's own discard pile"),
    Pile("cards.hands.*", CARD, "a seat's hand"),
    Pile("cards.kept.*", CARD, "cards face up in front of a seat"),
    Pile("cards.committed.*", CARD, "cards a seat laid face down"),
    Pile("cards.in_play", CARD, "cards whose effect is being carried out"),
    Pile("cards.table", CARD, "cards face up on the table, as [seat, card]", field=1),
    Pile("grid.cells.*", CARD, "a row of the grid's cells", fixed=True, field="card"),
    Pile("grid.above", CARD, "the line above the first open row", fixed=True, field="card"),
    Pile("queues.*.slots.*", CARD, "a queue's slot: a place per layer", fixed=True, field="card"),
)


def items(data: Program) -> dict[str, list[str]]:
    return {CARD: list(data.cards)}


def _deck(data: Program, item: str) -> str:
    """The shared deck a card belongs to (a card showing its back: its front's)."""
    deck = data.cards[data.fronts.get(item, item)].deck
    if data.decks[deck].per_seat:
        raise ScenarioError(
            f"'{item}' is a card of {deck}, a deck each seat has its own of: it has no one "
            "deck to go back to (set that seat's deck with a path instead)"
        )
    return deck


def home(data: Program, state: dict, item: str) -> None:
    """To the bottom of its deck."""
    state["cards"]["decks"][_deck(data, item)].insert(0, data.fronts.get(item, item))


def discard(data: Program, state: dict, item: str) -> None:
    state["cards"]["discards"][_deck(data, item)].append(data.fronts.get(item, item))


def remove(data: Program, state: dict, item: str) -> None:
    """Out of the game, where the cards a deck leaves out lie."""
    state["cards"]["out"][_deck(data, item)].append(data.fronts.get(item, item))


def set_hand(data: Program, state: dict, who: int, value, where: str, pushed_out="home") -> None:
    """`[[set]] player = N`, `hand = [...]`: exactly these cards in the seat's hand; those
    it held go as `pushed_out` says."""
    if "cards" not in state:
        raise ScenarioError(f"{where}: {data.title} has no cards, so no hands")
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ScenarioError(f'{where}: hand must be a list of cards, e.g. ["shot", "repair"]')
    apply_set(data, state, ["cards", "hands", who], value, where, pushed_out)


def _cell(data: Program, state: dict, text, where: str) -> tuple[int, int]:
    """(row, column), 0-based, of a cell named as the log names it ("b3"; "^3" above)."""
    grid = data.zones.grid
    assert grid is not None  # checked by place_piece
    rows = ", ".join(grid.rows)
    found = re.fullmatch(r"(\^|\D+)(\d+)", str(text))
    head, number = found.groups() if found else ("", "0")
    if not 1 <= int(number) <= grid.columns:
        raise ScenarioError(
            f"{where}: '{text}' is not a cell; write a row ({rows}) and a column "
            f"1..{grid.columns}, e.g. {grid.rows[0]}1" + (", or ^1 above" if grid.above else "")
        )
    column = int(number) - 1
    if head == "^":
        if not grid.above:
            raise ScenarioError(f"{where}: the grid has no line above its rows ('{text}')")
        return ABOVE, column
    if head not in grid.rows:
        raise ScenarioError(f"{where}: the grid has no row '{head}' (rows: {rows})")
    row = grid.rows.index(head)
    if row < state["grid"]["closed"]:
        raise ScenarioError(f"{where}: row {head} is closed")
    return row, column


def _a_piece(data: Program, name) -> bool:
    """A card that can lie on the grid: one no hand holds (it has no play effect, and its
    deck deals none)."""
    card = data.cards.get(data.fronts.get(name, name)) if isinstance(name, str) else None
    return card is not None and card.effect is None and data.decks[card.deck].deal == 0


def place_piece(data: Program, state: dict, entry: dict, players: int, where: str) -> None:
    """`[[set]] at = "b2"`, `piece = "CARD"` (or "none"), `damage = N`: that cell holds a
    piece of that card (a copy taken from its pile) or nothing; a piece it replaces goes
    as `pushed_out` says."""
    unknown_keys(entry, {"at", "piece", "damage", "pushed_out", "note"}, where)
    if data.zones.grid is None or "grid" not in state:
        raise ScenarioError(f"{where}: {data.title} has no grid for 'at' to name a cell of")
    if "piece" not in entry:
        raise ScenarioError(f"{where}: 'at' needs a 'piece' (a card, or \"none\")")
    row, column = _cell(data, state, entry["at"], where)
    name, damage = entry["piece"], entry.get("damage", 0)
    line = state["grid"]["above"] if row == ABOVE else state["grid"]["cells"][row]
    old, new = line[column], None
    if name == NONE:
        if "damage" in entry:
            raise ScenarioError(f"{where}: an empty cell takes no damage")
    else:
        piece = data.zones.pieces.get(name) if _a_piece(data, name) else None
        if piece is None:
            raise ScenarioError(
                f"{where}: no card '{name}' that can be a piece{known_ids_hint(data, str(name))}"
            )
        if not isinstance(damage, int) or isinstance(damage, bool) or not 0 <= damage < piece.life:
            raise ScenarioError(
                f"{where}: damage must be a whole number from 0 to {piece.life - 1} "
                f"({name} has {piece.life} life)"
            )
        take_out(data, state, data.fronts.get(name, name), None, where)
        state["grid"]["serial"] += 1
        new = {"id": state["grid"]["serial"], "card": name, "damage": damage}
    line[column] = new
    if old is not None:
        send_back(data, state, old["card"], entry.get("pushed_out", PUSHED_OUT[0]), where)


SCENARIO_FORMS: ScenarioForms[Program] = ScenarioForms(
    player_keys={"hand": set_hand},
    place_at=place_piece,
    home=home,
    remove=remove,
    discard=discard,
    piles=PILES,
    items=items,
    takes_from=tuple(pile.path for pile in PILES[:6]),
)
