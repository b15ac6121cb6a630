"""Game state as plain data (dicts, lists, ints, strings) and the set-up that creates it.

Everything the game needs to continue is in the state, the random generator
included, so `json.dumps(state)` is a complete save and a deep copy is a clone.

Layout (seats are 0..n-1; the neutral player of the 2-player game is "neutral"):
    players[seat]: vp, storage{ship,resource,debris}, break_room, workstations{colour},
        supply_robots, hand[mission ids], ravagers[ravager ids], grid[9 tile ids|None]
        (row-major, row 0 at the top), debris_on[9 bool], ejected[tile ids],
        advanced_spaces[3 tile|None], advanced_aside[tiles], slots[6 card|None]
        (0-2 the rows, 3-5 the columns), tucked{colour: [mission ids]}, aid
    dice[i]: colour, value, damaged, owner (seat, "neutral" or None = supply), reserved
    actions[number-1]: damage (0..2), ravagers [ids, bottom first], held{ravager: [seats]}
    display[tile|None], stacks{colour: [tiles, top last]}, advanced_deck, advanced_slots[4]
    mission_deck{colour}, mission_discard{colour}, ravager_deck, ravager_discard
    space: order[strip ids, first strip first], face{strip: a|b}, black_angel [strip, pos],
        cards{"strip/pos": {mission, owner, robot}}, ships{"strip/pos": [seats]},
        spes_token strip|None, spes_tile strip|None
    turn: seat, first, round, end_trigger, final_round, last_round_seat, game_over
"""

from __future__ import annotations

from .data import GameData
from .rng import Rng, seed_state

STATE_VERSION = 1
STOCK = ("ship", "resource", "debris")


def hex_key(strip: str, pos: int) -> str:
    return f"{strip}/{pos}"


def new_player(data: GameData, seat: int) -> dict:
    n = data.numbers
    storage = {item: 0 for item in STOCK}
    for amount, item in data.start_storage:
        storage[item] += amount
    return {
        "vp": n["game.start_score"],
        "storage": storage,
        "break_room": n["player_start.break_room"],
        "workstations": {c: n["player_start.workstation"] for c in data.colors},
        "supply_robots": n["player_start.supply_robots"],
        "hand": [],
        "ravagers": [],
        "grid": [None] * 9,
        "debris_on": [False] * 9,
        "ejected": [],
        "advanced_spaces": [None] * n["board.advanced_spaces"],
        "advanced_aside": [],
        "slots": [None] * n["board.card_slots"],
        "tucked": {c: [] for c in data.colors},
        "aid": seat + 1,
    }


def new_state(data: GameData, players: int, seed: int, rulings: dict) -> dict:
    """Set up a game for `players` players (2-4; solo is not implemented yet)."""
    if players not in data.setups:
        raise ValueError(f"no set-up for {players} players")
    setup = data.setups[players]
    state: dict = {
        "version": STATE_VERSION,
        "content_hash": data.content_hash,
        "seed": seed,
        "rng": seed_state(seed),
        "rulings": dict(rulings),
        "players": [new_player(data, seat) for seat in range(players)],
        "neutral": None,
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
        "space": {},
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
        "stack": [],
        "pending": None,
        "log": [],
        "scores": None,
    }
    rng = Rng(state)
    # dice
    for colour in data.colors:
        for _ in range(setup["dice_per_color"]):
            state["dice"].append(
                {"color": colour, "value": 0, "damaged": False, "owner": None, "reserved": False}
            )
    # space strips: random choice of strips and faces; the Spes token on the farthest
    strip_ids = sorted(data.strips)
    rng.shuffle(strip_ids)
    order = strip_ids[: setup["strips"]]
    state["space"] = {
        "order": order,
        "face": {s: ("a", "b")[rng.below(2)] for s in order},
        "black_angel": [order[len(order) // 2], data.numbers["space.start_hex"]],
        "cards": {},
        "ships": {},
        "spes_token": order[-1],
        "spes_tile": None,
        "unused_strips": strip_ids[setup["strips"] :],
    }
    # technology stacks and the display
    for colour in data.colors:
        stack = sorted(t for t in data.tile_copies["tech"] if data.tiles[t].color == colour)
        rng.shuffle(stack)
        state["stacks"][colour] = stack
    first = [state["stacks"][c].pop() for c in data.colors]
    rng.shuffle(first)
    state["display"][: len(first)] = first
    advanced = sorted(data.tile_copies["advanced"])
    rng.shuffle(advanced)
    slots = data.numbers["board.advanced_slots"]
    state["advanced_slots"] = [advanced.pop() for _ in range(slots)]
    state["advanced_deck"] = advanced
    # decks
    for colour in data.colors:
        deck = sorted(m for m, mission in data.missions.items() if mission.color == colour)
        rng.shuffle(deck)
        state["mission_deck"][colour] = deck
    ravagers = sorted(data.ravagers)
    rng.shuffle(ravagers)
    removed = setup["ravagers_removed"]
    state["ravagers_in_box"] = ravagers[:removed]
    state["ravager_deck"] = ravagers[removed:]
    # players: starting tiles on the highlighted cells, hands
    start_ids = sorted({data.tiles[t].id for t in data.tile_copies["start_tile"]})
    for seat, player in enumerate(state["players"]):
        tiles = [t for t in data.tile_copies["start_tile"] if t.endswith(f"#{seat + 1}")]
        if len(tiles) != len(start_ids):
            tiles = [f"{s}#{seat + 1}" for s in start_ids]
        rng.shuffle(tiles)
        for (row, column), tile in zip(data.start_cells, tiles):
            player["grid"][(row - 1) * 3 + (column - 1)] = tile
        for colour in data.colors:
            for _ in range(data.numbers["player_start.hand_missions"]):
                player["hand"].append(state["mission_deck"][colour].pop())
        for _ in range(data.numbers["player_start.hand_ravagers"]):
            player["ravagers"].append(state["ravager_deck"].pop())
    dealt = {t for p in state["players"] for t in p["grid"] if t is not None}
    state["tiles_in_box"] = sorted(t for t in data.tile_copies["start_tile"] if t not in dealt)
    if setup["neutral_player"]:
        state["neutral"] = {"workstations": {c: 1 for c in data.colors}}
    return state


def robots_of(state: dict, seat: int) -> int:
    """Robots of one player on the table (for the conservation invariant)."""
    p = state["players"][seat]
    count = p["break_room"] + sum(p["workstations"].values()) + p["supply_robots"]
    count += sum(1 for card in state["space"]["cards"].values() if card["robot"] == seat)
    count += sum(seats.count(seat) for seats in state["space"]["ships"].values())
    count += sum(held.count(seat) for a in state["actions"] for held in a["held"].values())
    count += sum(1 for frame in state["stack"] if frame.get("pilot") == seat)
    return count
