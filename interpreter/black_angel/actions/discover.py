"""Discover Technology: take tiles from the display or the advanced slots, paying
activations (positional costs), then inject them into the grid one by one."""

from __future__ import annotations

from ...game import NO_ANSWER, Frame, take_answer
from .. import labels
from ..display import advanced_cost, tile_cost
from ..grid import inject
from ..labels import later
from ..tables import Engine, Text
from .activations import may_stop


def can_discover(engine: Engine, seat: int, value: int, colour: str) -> bool:
    if value <= 0:
        return False
    display = engine.state["display"]
    cheapest = min(
        (tile_cost(engine, i) for i, t in enumerate(display) if t is not None), default=value + 1
    )
    if any(engine.state["advanced_slots"]):
        cheapest = min(cheapest, advanced_cost(engine))
    return cheapest <= value


def action_discover(engine: Engine, frame: Frame) -> None:
    """The `action_discover` operation."""
    seat = frame["seat"]
    state = engine.state
    frame.setdefault("left", frame["value"])
    frame.setdefault("taken", [])
    answer = take_answer(frame)
    if not frame.get("injecting"):
        if answer is not NO_ANSWER:
            kind, index = answer
            if kind == "stop":
                frame["injecting"] = True
            elif kind == "tile":
                frame["taken"].append(state["display"][index])
                state["display"][index] = None
                frame["left"] -= tile_cost(engine, index)
            else:
                frame["taken"].append(state["advanced_slots"][index])
                state["advanced_slots"][index] = (
                    state["advanced_deck"].pop() if state["advanced_deck"] else None
                )
                frame["left"] -= advanced_cost(engine)
            if kind != "stop":
                engine.log("discover", seat=seat, tile=frame["taken"][-1])
            answer = NO_ANSWER
        if not frame.get("injecting"):
            options = take_options(engine, frame["left"])
            if not options:
                frame["injecting"] = True
            else:
                if frame["taken"] and may_stop(engine):
                    options.append(("stop", later(labels.NO_MORE_TILES), ("stop", 0)))
                engine.ask(
                    seat,
                    "discover",
                    later(labels.TAKE_TILE, ("left", frame["left"]), n=frame["left"]),
                    options,
                )
                return
    # injection, one tile at a time
    if answer is not NO_ANSWER:
        line, number = answer
        tile = frame["taken"].pop(0)
        inject(engine, seat, tile, line, number)
        return
    if not frame["taken"]:
        engine.finish(frame)
        return
    tile = frame["taken"][0]
    enters = "advanced" if engine.data.tiles[tile].kind == "advanced" else "technology"
    options = [
        (
            f"{line}:{number}",
            later(labels.INJECT_INTO, ("tile", tile), ("line", line), ("number", number)),
            (line, number),
        )
        for line, number, kind in engine.data.arrows
        if kind == enters
    ]
    engine.ask(seat, "inject", later(labels.INJECT_WHERE, ("tile", tile)), options)


def take_options(engine: Engine, left: int) -> list[tuple[str, Text, tuple]]:
    """The tiles that `left` activations can still pay for."""
    state = engine.state
    options = [
        (
            f"tile:{i}",
            later(labels.DISPLAY_TILE, ("tile", t), ("cost", tile_cost(engine, i))),
            ("tile", i),
        )
        for i, t in enumerate(state["display"])
        if t is not None and tile_cost(engine, i) <= left
    ]
    cost = advanced_cost(engine)
    if left >= cost:
        options += [
            (
                f"advanced:{i}",
                later(labels.ADVANCED_TILE, ("tile", t), ("cost", cost)),
                ("advanced", i),
            )
            for i, t in enumerate(state["advanced_slots"])
            if t is not None
        ]
    return options
