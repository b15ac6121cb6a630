"""Black Angel's state layout: where every card, tile, die, robot and item lives.

The state is plain data (dicts, lists, ints, strings). Seats are 0..n-1; the
2-player game's neutral player is "neutral", and the solo game's automated opponent,
Hal, is "hal" (an owner of dice and cards, never a seat that decides). Beside the
engine's own keys
(see interpreter/engine.py) the state holds:

    players[seat]  vp, storage{ship, resource, debris}, break_room (robots),
                   workstations{colour: robots}, supply_robots, hand, ravagers,
                   grid (row-major, row 0 at the top), debris_on (per grid cell),
                   ejected, advanced_spaces, advanced_aside, slots (rows, then columns),
                   tucked{colour}, aid (turn position)
    dice[i]        colour, value, damaged, owner (seat, "neutral" or None: supply), reserved
    actions[n-1]   damage (cubes), ravagers (bottom first), held{ravager: [seats]}
    display, stacks{colour}, advanced_slots, advanced_deck, mission decks and discards,
    ravager deck and discard, the boxes of unused cards and tiles (PILES below)
    removed        missions, ravagers, tiles: taken out of play (by a scenario)
    space          order (strip ids, first strip first), offset{strip: 0|1} (half a hex
                   up or down, kept as the line shifts), face{strip: a|b},
                   black_angel [strip, position], cards{"strip/pos": {mission, owner, robot}},
                   ships{"strip/pos": [seats]}, spes_token (strip), spes_tile (strip),
                   unused_strips
    neutral        None, or {workstations{colour: robots}} in the 2-player game
    hal            None, or in the solo game {automa (its declaration), vp, break_room,
                   workstations{colour: robots}, deck (top last), discard, revealed
                   ([card] or []), taken (tiles he took), die (the one he uses this turn),
                   after (the player's last sequence: a, b or pass)}; see hal.py
    hal_cards_in_box  Hal's cards when he does not play
    turn           seat, first, round, end_trigger, final_round, last_seat_of_round,
                   spes_reached, game_over, turns
    context        what the current turn is doing (sequence, die, die_color)

`PILES` lists every place a card or tile can be; invariants, scenarios and the
documentation all read it.
"""

from __future__ import annotations

from ..piles import Pile
from .tables import BlackAngelProgram

NEUTRAL = "neutral"
HAL = "hal"
STOCK = ("ship", "resource", "debris")

PILES = (
    Pile("mission_deck.*", "mission", "face-down mission deck of each colour (top last)"),
    Pile("mission_discard.*", "mission", "discarded missions of each colour"),
    Pile("players.*.hand", "mission", "missions in a player's hand"),
    Pile("players.*.tucked.*", "mission", "ejected missions tucked under a board, by colour"),
    Pile(
        "players.*.slots",
        "mission|ravager",
        "cards played beside the grid, as [kind, id] (rows, then columns; None: empty)",
        fixed=True,
        field=1,
        kind_at=0,
    ),
    Pile(
        "space.cards", "mission", "missions in space, by hex, with owner and robot", field="mission"
    ),
    Pile("stack.*.drawn", "mission", "missions drawn by an effect, not yet kept or discarded"),
    Pile("ravager_deck", "ravager", "the ravager deck (top last)"),
    Pile("ravager_discard", "ravager", "discarded ravagers"),
    Pile("ravagers_in_box", "ravager", "ravagers removed at set-up"),
    Pile("players.*.ravagers", "ravager", "ravagers in a player's hand"),
    Pile("actions.*.ravagers", "ravager", "ravagers attacking an action (bottom first)"),
    Pile("display", "tile", "the technology display (first spaces first)", fixed=True),
    Pile("advanced_slots", "tile", "face-up advanced tiles on the board", fixed=True),
    Pile("players.*.grid", "tile", "a player's technology grid (row-major)", fixed=True),
    Pile(
        "players.*.advanced_spaces",
        "tile",
        "ejected advanced tiles on a player's spaces, one per colour",
        fixed=True,
    ),
    Pile("stacks.*", "tile", "face-down technology stack of each colour (top last)"),
    Pile("advanced_deck", "tile", "face-down advanced tiles"),
    Pile("tile_discard", "tile", "tiles pushed out of the display"),
    Pile("spent_tiles", "tile", "tiles given up to pay for missions"),
    Pile("tiles_in_box", "tile", "starting tiles not dealt"),
    Pile("players.*.ejected", "tile", "technology tiles ejected from a grid"),
    Pile("players.*.advanced_aside", "tile", "ejected advanced tiles with no space left"),
    Pile("stack.*.taken", "tile", "tiles taken by Discover, not yet injected"),
    Pile("stack", "tile", "an ejected advanced tile waiting for its space", field="advanced_tile"),
    Pile("removed.missions", "mission", "missions out of play (a scenario's `remove`)"),
    Pile("removed.ravagers", "ravager", "ravagers out of play (a scenario's `remove`)"),
    Pile("removed.tiles", "tile", "tiles out of play (a scenario's `remove`)"),
    Pile("hal.taken", "tile", "tiles Hal took (scored at once, out of play)"),
    Pile("hal.deck", "hal_card", "Hal's face-down deck (top last)"),
    Pile("hal.revealed", "hal_card", "the card Hal plays this turn (at most one)"),
    Pile("hal.discard", "hal_card", "Hal's discarded cards"),
    Pile("hal_cards_in_box", "hal_card", "Hal's cards in a game without him"),
)


def hex_key(strip: str, pos: int) -> str:
    return f"{strip}/{pos}"


def new_player(data: BlackAngelProgram, seat: int) -> dict:
    n = data.numbers
    storage = {item: 0 for item in STOCK}
    for amount, item in data.start_storage:
        storage[item] += amount
    cells = data.grid_size * data.grid_size
    return {
        "vp": n["game.start_score"],
        "storage": storage,
        "break_room": n["player_start.break_room"],
        "workstations": {c: n["player_start.workstation"] for c in data.colors},
        "supply_robots": n["player_start.supply_robots"],
        "hand": [],
        "ravagers": [],
        "grid": [None] * cells,
        "debris_on": [False] * cells,
        "ejected": [],
        "advanced_spaces": [None] * n["board.advanced_spaces"],
        "advanced_aside": [],
        "slots": [None] * n["board.card_slots"],
        "tucked": {c: [] for c in data.colors},
        "aid": seat + 1,
    }


def robots_of(state: dict, seat: int) -> int:
    """Robots of one player on the table (for the conservation invariant)."""
    p = state["players"][seat]
    count = p["break_room"] + sum(p["workstations"].values()) + p["supply_robots"]
    count += sum(1 for card in state["space"]["cards"].values() if card["robot"] == seat)
    count += sum(seats.count(seat) for seats in state["space"]["ships"].values())
    count += sum(held.count(seat) for a in state["actions"] for held in a["held"].values())
    count += sum(1 for frame in state["stack"] if frame.get("pilot") == seat)
    return count


def hal_robots(state: dict) -> int:
    """Hal's robots on the table: break room, workstations, and on his cards in space."""
    hal = state["hal"]
    count = hal["break_room"] + sum(hal["workstations"].values())
    return count + sum(1 for card in state["space"]["cards"].values() if card["robot"] == HAL)
