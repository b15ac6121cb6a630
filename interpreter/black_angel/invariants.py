"""Black Angel's invariants, checked after every step: robots conserved per colour (Hal's
too), the dice of the player count with known owners, no stock below zero, damage
cubes, ravager stacks and ships within their limits. (That each card and tile lies in
exactly one pile is checked for every game by interpreter/invariants.py, from the
state layout.)"""

from __future__ import annotations

from collections import Counter

from .layout import HAL, NEUTRAL, hal_robots, robots_of
from .tables import Engine


def sides(engine: Engine) -> list[str]:
    """Advanced rules: every technology tile in view lies on exactly one side, and only
    those; the basic game keeps no sides."""
    state = engine.state
    known = state["sides"]
    if not engine.variant("advanced"):
        return [f"sides kept in a basic game: {sorted(known)[:5]}"] if known else []
    tiles = engine.data.tiles
    in_view = [t for t in state["display"] if t is not None]
    for p in state["players"]:
        in_view += [t for t in p["grid"] if t is not None] + p["ejected"]
    for frame in state["stack"]:
        in_view += frame.get("taken", [])
    in_view = [t for t in in_view if tiles[t].kind == "tech"]
    out = []
    if sorted(in_view) != sorted(known):
        out.append(
            f"sides: {sorted(set(in_view) - set(known))[:5]} without a side, "
            f"{sorted(set(known) - set(in_view))[:5]} out of view"
        )
    wrong = [t for t, side in known.items() if side not in ("boost", "standard")]
    if wrong:
        out.append(f"sides: {wrong[:5]} on no known side")
    return out


def hal_problems(engine: Engine) -> list[str]:
    """The solo game: Hal's robots are conserved, he holds at most one revealed card and
    no negative stock; no die or card belongs to an owner that is not at the table."""
    state = engine.state
    owners: set = set(range(len(state["players"])))
    if state["neutral"] is not None:
        owners.add(NEUTRAL)
    out = []
    hal = state.get("hal")
    if hal is not None:
        owners.add(HAL)
        robots = hal_robots(state)
        if robots != engine.data.robot_limit:
            out.append(f"hal: {robots} robots instead of {engine.data.robot_limit}")
        if hal["break_room"] < 0 or any(v < 0 for v in hal["workstations"].values()):
            out.append(f"hal: negative robots {hal['break_room']} {hal['workstations']}")
        if len(hal["revealed"]) > 1:
            out.append(f"hal: {len(hal['revealed'])} revealed cards")
    strangers = [d["owner"] for d in state["dice"] if d["owner"] not in owners | {None}]
    strangers += [c["owner"] for c in state["space"]["cards"].values() if c["owner"] not in owners]
    if strangers:
        out.append(f"owners not at the table: {strangers[:5]}")
    return out


def space(engine: Engine) -> list[str]:
    """The strips in play, their faces and offsets name the same strips; the Black Angel
    (always in the start hex's row), the Spes token or tile and every card and ship stand
    on a strip in play; the strips in play and the unused ones are the rule set's strips,
    each once."""
    sp = engine.state["space"]
    order = sp["order"]
    out = []
    if set(sp["offset"]) != set(order) or set(sp["face"]) != set(order):
        out.append(f"space: strips {order}, faces of {sorted(sp['face'])}")
    if sorted(order + sp["unused_strips"]) != sorted(engine.data.strips):
        out.append(f"space: strips {order} in play and {sp['unused_strips']} unused")
    size = engine.data.numbers["space.hexes_per_strip"]
    if sp["black_angel"][1] != engine.data.numbers["space.start_hex"]:
        out.append(f"space: the Black Angel off its row, at {sp['black_angel']}")
    places = [sp["black_angel"][0], *[s for s in (sp["spes_token"], sp["spes_tile"]) if s]]
    places += [key.split("/")[0] for key in [*sp["cards"], *sp["ships"]]]
    for key in [*sp["cards"], *sp["ships"]]:
        strip, _, pos = key.partition("/")
        if not pos.isdigit() or not 1 <= int(pos) <= size:
            out.append(f"space: no hex {key}")
    off = [p for p in places if p not in order]
    if off:
        out.append(f"space: {off[:3]} not in play")
    return out


def problems(engine: Engine) -> list[str]:
    state = engine.state
    data = engine.data
    out = []
    for seat, p in enumerate(state["players"]):
        robots = robots_of(state, seat)
        if robots != data.robot_limit:
            out.append(f"seat {seat}: {robots} robots instead of {data.robot_limit}")
        for item, amount in p["storage"].items():
            if amount < 0:
                out.append(f"seat {seat}: {amount} {item} in storage")
        for name in ("break_room", "supply_robots"):
            if p[name] < 0:
                out.append(f"seat {seat}: {p[name]} robots in {name}")
        if any(v < 0 for v in p["workstations"].values()):
            out.append(f"seat {seat}: negative workstation robots")
    out += hal_problems(engine)
    setup = data.setups[len(state["players"])]
    dice = Counter(d["color"] for d in state["dice"])
    if set(dice.values()) != {setup.dice_per_color} or len(dice) != len(data.colors):
        out.append(f"dice: {dict(dice)}")
    for number, action in enumerate(state["actions"], 1):
        if not 0 <= action["damage"] <= data.numbers["board.damage_spaces"]:
            out.append(f"action {number}: {action['damage']} damage cubes")
        if len(action["ravagers"]) > data.numbers["board.ravager_stack_limit"]:
            out.append(f"action {number}: {len(action['ravagers'])} ravagers")
    out += sides(engine)
    out += space(engine)
    limit = data.numbers["space.ships_per_hex"]
    for key, seats in state["space"]["ships"].items():
        if len(seats) > limit or len(set(seats)) != len(seats):
            out.append(f"hex {key}: ships {seats}")
    return out
