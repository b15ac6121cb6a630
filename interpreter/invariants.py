"""Conservation checks that must hold after every step of every game."""

from __future__ import annotations

from collections import Counter

from .engine import Engine
from .state import robots_of

ROBOTS_PER_COLOUR = 16


def problems(engine: Engine) -> list[str]:
    """Every broken invariant, as readable lines (empty when all hold)."""
    state = engine.state
    data = engine.data
    out = []
    for seat, p in enumerate(state["players"]):
        robots = robots_of(state, seat)
        if robots != ROBOTS_PER_COLOUR:
            out.append(f"seat {seat}: {robots} robots instead of {ROBOTS_PER_COLOUR}")
        for item, amount in p["storage"].items():
            if amount < 0:
                out.append(f"seat {seat}: {amount} {item} in storage")
        for name in ("break_room", "supply_robots"):
            if p[name] < 0:
                out.append(f"seat {seat}: {p[name]} robots in {name}")
        if any(v < 0 for v in p["workstations"].values()):
            out.append(f"seat {seat}: negative workstation robots")
    setup = data.setups[len(state["players"])]
    dice = Counter(d["color"] for d in state["dice"])
    if set(dice.values()) != {setup["dice_per_color"]} or len(dice) != len(data.colors):
        out.append(f"dice: {dict(dice)}")
    missions = _missions(state)
    if sorted(missions) != sorted(data.missions):
        extra = [m for m, n in Counter(missions).items() if n > 1]
        out.append(f"missions: {len(missions)} instead of {len(data.missions)}; duplicated {extra}")
    ravagers = _ravagers(state)
    if sorted(ravagers) != sorted(data.ravagers):
        out.append(f"ravagers: {len(ravagers)} instead of {len(data.ravagers)}")
    tiles = _tiles(state)
    if sorted(tiles) != sorted(data.tiles):
        counted = Counter(tiles)
        missing = [t for t in data.tiles if counted[t] == 0]
        twice = [t for t, n in counted.items() if n > 1]
        out.append(f"tiles: missing {missing[:5]}, twice {twice[:5]}")
    for number, action in enumerate(state["actions"], 1):
        if not 0 <= action["damage"] <= data.numbers["board.damage_spaces"]:
            out.append(f"action {number}: {action['damage']} damage cubes")
        if len(action["ravagers"]) > data.numbers["board.ravager_stack_limit"]:
            out.append(f"action {number}: {len(action['ravagers'])} ravagers")
    for key, seats in state["space"]["ships"].items():
        if len(seats) > 2 or len(set(seats)) != len(seats):
            out.append(f"hex {key}: ships {seats}")
    return out


def _missions(state: dict) -> list[str]:
    out = []
    for p in state["players"]:
        out += p["hand"]
        out += [c[1] for c in p["slots"] if c is not None and c[0] == "mission"]
        for cards in p["tucked"].values():
            out += cards
    for pile in (state["mission_deck"], state["mission_discard"]):
        for cards in pile.values():
            out += cards
    out += [c["mission"] for c in state["space"]["cards"].values()]
    for frame in state["stack"]:
        out += frame.get("drawn", [])
    return out


def _ravagers(state: dict) -> list[str]:
    out = list(state["ravager_deck"]) + state["ravager_discard"] + state["ravagers_in_box"]
    for p in state["players"]:
        out += p["ravagers"]
        out += [c[1] for c in p["slots"] if c is not None and c[0] == "ravager"]
    for action in state["actions"]:
        out += action["ravagers"]
    return out


def _tiles(state: dict) -> list[str]:
    out = [t for t in state["display"] if t is not None]
    out += (
        state["tile_discard"]
        + state["spent_tiles"]
        + state["advanced_deck"]
        + state["tiles_in_box"]
    )
    out += [t for t in state["advanced_slots"] if t is not None]
    for stack in state["stacks"].values():
        out += stack
    for p in state["players"]:
        out += [t for t in p["grid"] if t is not None]
        out += p["ejected"] + p["advanced_aside"]
        out += [t for t in p["advanced_spaces"] if t is not None]
    for frame in state["stack"]:
        out += frame.get("taken", [])
        if frame.get("op") == "place_advanced" and "tile" in frame:
            out.append(frame["tile"])
    return out
