"""Setting up a game: the board, space, decks, tiles and each player's starting material.

The dice rolls, the first ravagers and the player aids happen in the game loop's
first steps (turn.py), as the set-up's last steps.
"""

from __future__ import annotations

from ...dsl.errors import ArgumentError
from ..rng import Rng
from . import hal, space
from .boosts import ADVANCED
from .layout import new_player
from .tables import BlackAngelProgram


def setup(data: BlackAngelProgram, state: dict, players: int) -> None:
    """Fill a new state for `players` players (1-4; solo: against an automated opponent)."""
    if players not in data.setups:
        raise ArgumentError(f"no set-up for {players} players")
    setup = data.setups[players]
    state.update(
        {
            "players": [new_player(data, seat) for seat in range(players)],
            "neutral": None,
            "hal": None,
            "hal_cards_in_box": sorted(data.hal_cards),
            "dice": [],
            "actions": [{"damage": 0, "ravagers": [], "held": {}} for _ in data.actions],
            "display": [None] * data.numbers["board.display_length"],
            "stacks": {},
            "tile_discard": [],
            "spent_tiles": [],
            "advanced_deck": [],
            "advanced_slots": [],
            "mission_deck": {},
            "mission_discard": {c: [] for c in data.colors},
            "ravager_deck": [],
            "ravager_discard": [],
            "ravagers_in_box": [],
            "tiles_in_box": [],
            "removed": {"missions": [], "ravagers": [], "tiles": []},
            "space": {},
            "sides": {},  # technology tiles in view: boost or standard (advanced rules)
            "turn": {
                "seat": 0,
                "first": 0,
                "round": 1,
                "end_trigger": None,
                "final_round": False,
                "last_seat_of_round": players - 1,
                "spes_reached": False,
                "game_over": False,
                "turns": 0,
            },
            "context": {},
        }
    )
    rng = Rng(state)
    # dice
    for colour in data.colors:
        for _ in range(setup.dice_per_color):
            state["dice"].append(
                {"color": colour, "value": 0, "damaged": False, "owner": None, "reserved": False}
            )
    # space strips: random choice of strips and faces; the Spes token on the farthest
    piles = data.unshuffled
    strip_ids = list(piles.strips)
    rng.shuffle(strip_ids)
    order = strip_ids[: setup.strips]
    state["space"] = {
        "order": order,
        "offset": space.offsets_along(order),
        "face": {s: ("a", "b")[rng.below(2)] for s in order},
        "black_angel": [order[len(order) // 2], data.numbers["space.start_hex"]],
        "cards": {},
        "ships": {},
        "spes_token": order[-1],
        "spes_tile": None,
        "unused_strips": strip_ids[setup.strips :],
    }
    # technology stacks and the display
    for colour in data.colors:
        stack = list(piles.tech[colour])
        rng.shuffle(stack)
        state["stacks"][colour] = stack
    first = [state["stacks"][c].pop() for c in data.colors]
    rng.shuffle(first)
    state["display"][: len(first)] = first
    if ADVANCED in state["variants"]:
        state["sides"] = {tile: "boost" for tile in first}
    advanced = list(piles.advanced)
    rng.shuffle(advanced)
    slots = data.numbers["board.advanced_slots"]
    state["advanced_slots"] = [advanced.pop() for _ in range(slots)]
    state["advanced_deck"] = advanced
    # decks
    for colour in data.colors:
        deck = list(piles.missions[colour])
        rng.shuffle(deck)
        state["mission_deck"][colour] = deck
    ravagers = list(piles.ravagers)
    rng.shuffle(ravagers)
    removed = setup.ravagers_removed
    state["ravagers_in_box"] = ravagers[:removed]
    state["ravager_deck"] = ravagers[removed:]
    # players: starting tiles on the highlighted cells, hands
    start_ids = sorted({data.tiles[t].id for t in data.tile_copies["start_tile"]})
    size = data.grid_size
    for seat, player in enumerate(state["players"]):
        tiles = [t for t in data.tile_copies["start_tile"] if t.endswith(f"#{seat + 1}")]
        if len(tiles) != len(start_ids):
            tiles = [f"{s}#{seat + 1}" for s in start_ids]
        rng.shuffle(tiles)
        for (row, column), tile in zip(data.start_cells, tiles):
            player["grid"][(row - 1) * size + (column - 1)] = tile
        for colour in data.colors:
            for _ in range(data.numbers["player_start.hand_missions"]):
                player["hand"].append(state["mission_deck"][colour].pop())
        for _ in range(data.numbers["player_start.hand_ravagers"]):
            player["ravagers"].append(state["ravager_deck"].pop())
    dealt = {t for p in state["players"] for t in p["grid"] if t is not None}
    state["tiles_in_box"] = sorted(t for t in data.tile_copies["start_tile"] if t not in dealt)
    if setup.neutral_player:
        state["neutral"] = {"workstations": {c: 1 for c in data.colors}}
    if setup.opponent is not None:
        hal.set_up(data, state, setup.opponent)
