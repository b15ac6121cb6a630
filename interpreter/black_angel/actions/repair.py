"""Repair the Black Angel: each activation turns a damage cube (from an action or a die
in a supply) into debris, which goes to storage or onto a tile's lightning space to
activate that tile at once."""

from __future__ import annotations

from typing import Any

from ...game import NO_ANSWER, Frame, take_answer
from .. import labels
from ..boosts import boost_up, flip
from ..grid import activate_tile
from ..labels import later
from ..tables import Engine, Text
from .activations import may_stop


def can_repair(engine: Engine, seat: int, value: int, colour: str) -> bool:
    return value > 0 and (
        any(a["damage"] for a in engine.state["actions"])
        or any(d["damaged"] and d["owner"] is None for d in engine.state["dice"])
    )


def debris_places(engine: Engine, p: dict) -> list[tuple[str, Text, int]]:
    """The tiles whose lightning space can take the debris and activate them: standard
    side up, no debris yet, not an advanced tile (a boost tile only if the ruling
    debris_on_boost_tiles lets it be flipped for that)."""
    flip_ok = engine.ruling("debris_on_boost_tiles") == "flip"
    out = []
    for cell, tile in enumerate(p["grid"]):
        if tile is None or p["debris_on"][cell] or engine.data.tiles[tile].kind == "advanced":
            continue
        if not boost_up(engine, tile):
            out.append(
                (
                    f"tile:{cell}",
                    later(labels.DEBRIS_ON_TILE, ("tile", tile), ("cell", cell + 1)),
                    cell,
                )
            )
        elif flip_ok:
            label = later(labels.DEBRIS_FLIP_TILE, ("tile", tile), ("cell", cell + 1))
            out.append((f"tile:{cell}", label, cell))
    return out


def action_repair(engine: Engine, frame: Frame) -> None:
    """The `action_repair` operation."""
    seat = frame["seat"]
    state = engine.state
    p = state["players"][seat]
    frame.setdefault("left", frame["value"])
    answer = take_answer(frame)
    options: list[tuple[str, Text, Any]]
    if frame.get("placing"):
        if answer is NO_ANSWER:
            options = [("storage", later(labels.DEBRIS_TO_STORAGE), "storage")]
            options += debris_places(engine, p)
            engine.ask(seat, "debris", later(labels.DEBRIS_WHERE), options)
            return
        frame["placing"] = False
        if answer != "storage":
            if boost_up(engine, p["grid"][answer]):
                flip(engine, seat, p["grid"][answer], "debris")
            p["debris_on"][answer] = True
            activate_tile(engine, seat, answer)
            return
        p["storage"]["debris"] += 1
        answer = NO_ANSWER
    if answer is not NO_ANSWER:
        kind, index = answer
        if kind == "stop":
            engine.finish(frame)
            return
        if kind == "action":
            state["actions"][index - 1]["damage"] -= 1
        else:
            state["dice"][index]["damaged"] = False
        frame["left"] -= 1
        frame["placing"] = True
        engine.log("repair", seat=seat, source=kind, index=index)
        action_repair(engine, frame)
        return
    if frame["left"] <= 0:
        engine.finish(frame)
        return
    options = [
        (f"action:{n}", later(labels.REPAIR_ACTION, ("number", n)), ("action", n))
        for n in sorted(engine.data.actions)
        if state["actions"][n - 1]["damage"] > 0
    ]
    options += [
        (f"die:{i}", later(labels.REPAIR_DIE, ("color", d["color"])), ("die", i))
        for i, d in enumerate(state["dice"])
        if d["damaged"] and d["owner"] is None
    ]
    if not options:
        engine.finish(frame)
        return
    if frame["left"] < frame["value"] and may_stop(engine):
        options.append(("stop", later(labels.STOP_REPAIRING), ("stop", 0)))
    engine.ask(
        seat,
        "repair",
        later(labels.REPAIR_WHAT, ("left", frame["left"]), n=frame["left"]),
        options,
    )
