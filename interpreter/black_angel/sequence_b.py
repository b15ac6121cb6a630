"""Sequence B: reroll your dice (B.1), reset your player board (B.2), advance the
Black Angel toward Spes (B.3), which ejects the first strip's cards and recycles it.

The optional paid reservation of B.1 is dice.reserve_die.
"""

from __future__ import annotations

from ..core_primitives import lose_points
from ..game import Frame
from . import space
from .cards import discard_card
from .dice import dice_of, return_die, roll, take_from_supply
from .end import trigger_end
from .layout import hex_key
from .missions import ejection_effects, tuck_ejected
from .neutral import reroll_neutral
from .tables import Engine


def reroll_dice(engine: Engine, frame: Frame) -> None:
    """B.1: unused dice cost their value in VP and go back; then one die per robot in a
    workstation (a damaged one costs VP and is repaired as it is rolled)."""
    seat = frame["seat"]
    state = engine.state
    p = state["players"][seat]
    state["context"]["sequence"] = "b"
    unused = dice_of(engine, seat)
    lost = sum(state["dice"][i]["value"] for i in unused)
    for index in unused:
        return_die(engine, index)
    # logged before the VP it costs, so that the log says why first
    engine.log("reroll", seat=seat, lost=lost)
    if lost:
        lose_points(engine, seat, lost, "vp")
    for colour in engine.data.colors:
        for _ in range(p["workstations"][colour]):
            die = take_from_supply(engine, colour, seat)
            if die is None:
                break
            if die["damaged"]:
                die["damaged"] = False
                lose_points(engine, seat, engine.data.numbers["die.damaged_roll_penalty"], "vp")
            roll(engine, die)
    if state["neutral"] is not None:
        reroll_neutral(engine)
    engine.finish(frame)


def reset_board(engine: Engine, frame: Frame) -> None:
    """B.2: the cards played beside the grid are discarded; debris on tiles goes to storage."""
    p = engine.state["players"][frame["seat"]]
    for slot, card in enumerate(p["slots"]):
        if card is not None:
            discard_card(engine, card[0], card[1])
            p["slots"][slot] = None
    moved = sum(p["debris_on"])
    p["storage"]["debris"] += moved
    p["debris_on"] = [False] * len(p["debris_on"])
    engine.finish(frame)


def advance_black_angel(engine: Engine, frame: Frame) -> None:
    """B.3: move on one strip, eject the first strip's cards (resolving them), recycle the strip."""
    state = engine.state
    sp = state["space"]
    if "stage" not in frame and state["turn"]["end_trigger"] is not None:
        engine.finish(frame)  # once the end is triggered, the Black Angel stays where it is
        return
    stage = frame.setdefault("stage", "move")
    if stage == "move":
        strip, pos = sp["black_angel"]
        order = sp["order"]
        old = hex_key(strip, pos)
        nxt = order[order.index(strip) + 1]
        sp["black_angel"] = [nxt, pos]
        terrain = space.hex_at(engine, nxt, pos).terrain
        engine.log("black_angel_moves", to=hex_key(nxt, pos), terrain=terrain)
        if space.hex_at(engine, strip, pos).terrain == "asteroid":
            # its shield leaves with it: ships still on the asteroid field are destroyed
            space.destroy_ships(engine, old, "asteroids")
        if sp["spes_tile"] == nxt and pos == engine.data.numbers["space.start_hex"]:
            state["turn"]["spes_reached"] = True
            trigger_end(engine, "spes")
            if engine.ruling("spes_arrival") == "stop":
                engine.finish(frame)
                return
        first = order[0]
        frame["ejected"] = sorted(k for k in sp["cards"] if space.split(k)[0] == first)
        frame["resolve"] = ejection_effects(engine, frame["ejected"])
        frame["stage"] = "resolve"
        return
    if stage == "resolve":
        if frame["resolve"]:
            seat, effect, key = frame["resolve"].pop(0)
            engine.run_effect(seat, effect, {"card": key, "ejecting": True})
            return
        frame["stage"] = "recycle"
        return
    order = sp["order"]
    first = order[0]
    tuck_ejected(engine, frame["ejected"])
    for key in [k for k in sp["ships"] if space.split(k)[0] == first]:
        space.destroy_ships(engine, key, "ejected")
    space.lay_last(sp, order.pop(0))
    sp["face"][first] = "b" if sp["face"][first] == "a" else "a"
    if sp["spes_token"] == first:
        sp["spes_token"] = None
        sp["spes_tile"] = first
        engine.log("spes_appears", strip=first)
    engine.finish(frame)
