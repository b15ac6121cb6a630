"""Stock: ships, resources and debris in storage, robots in the break room and the
workstations. Items never run out; robots are limited to those of the player's colour."""

from __future__ import annotations

from ..game import Frame
from . import labels
from .labels import later
from .neutral import robot_arrives
from .stock import pay, stock
from .tables import Engine


def can_take(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    amount, item = args
    if item != "robot" or engine.ruling("partial_gains") == "take_what_you_can":
        return True
    return engine.state["players"][seat]["supply_robots"] >= amount


def take(engine: Engine, frame: Frame) -> None:
    """Take items from the supply; robots only as far as the player's supply holds them."""
    amount, item = frame["args"]
    player = engine.state["players"][frame["seat"]]
    if item == "robot":
        if not can_take(engine, frame["seat"], frame["args"], frame["ctx"]):
            engine.finish(frame, False)
            return
        amount = min(amount, player["supply_robots"])
        player["supply_robots"] -= amount
        player["break_room"] += amount
    else:
        player["storage"][item] += amount
    engine.log("take", seat=frame["seat"], item=item, amount=amount)
    engine.finish(frame)


def can_spend(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    amount, item = args
    return stock(engine.state["players"][seat], item) >= amount


def spend(engine: Engine, frame: Frame) -> None:
    amount, item = frame["args"]
    player = engine.state["players"][frame["seat"]]
    if stock(player, item) < amount:
        engine.finish(frame, False)
        return
    pay(player, amount, item)
    engine.log("spend", seat=frame["seat"], item=item, amount=amount)
    engine.finish(frame)


def can_move_robot(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    p = engine.state["players"][seat]
    source = args[0]
    return p["break_room"] > 0 if source == "break_room" else sum(p["workstations"].values()) > 0


def move_robot(engine: Engine, frame: Frame) -> None:
    """Shift one of your robots between the break room and a workstation."""
    seat = frame["seat"]
    p = engine.state["players"][seat]
    source, destination = frame["args"]
    if "answer" in frame:
        colour = frame.pop("answer")
        if source == "break_room":
            p["break_room"] -= 1
            p["workstations"][colour] += 1
            robot_arrives(engine, colour)
        else:
            p["workstations"][colour] -= 1
            p["break_room"] += 1
        engine.log("move_robot", seat=seat, source=source, workstation=colour)
        engine.finish(frame)
        return
    if not can_move_robot(engine, seat, frame["args"], frame["ctx"]):
        engine.finish(frame, False)
        return
    colours = list(engine.data.colors)
    if source == "workstation":
        colours = [c for c in colours if p["workstations"][c] > 0]
    engine.ask(
        seat,
        "workstation",
        later(labels.WHICH_WORKSTATION, ("source", source), ("destination", destination)),
        [(f"workstation:{c}", later(labels.WORKSTATION, ("color", c)), c) for c in colours],
    )
