"""Dice: rolling, the supplies, flipping with debris, buying another player's die, reserving.

A die is `{color, value, damaged, owner, reserved}`; its owner is a seat, the
neutral player, or None when it lies in its colour's supply.
"""

from __future__ import annotations

from ..game import Frame
from . import labels
from .labels import later
from .layout import HAL, NEUTRAL
from .stock import pay, stock
from .tables import Engine


def roll(engine: Engine, die: dict) -> None:
    faces = engine.data.die_faces
    die["value"] = faces[engine.rng.below(len(faces))]


def dice_of(engine: Engine, owner: object) -> list[int]:
    return [i for i, d in enumerate(engine.state["dice"]) if d["owner"] == owner]


def supply_dice(engine: Engine, colour: str) -> list[int]:
    return [
        i for i, d in enumerate(engine.state["dice"]) if d["owner"] is None and d["color"] == colour
    ]


def take_from_supply(engine: Engine, colour: str, owner: object) -> dict | None:
    """A die of the colour from its supply for `owner`, an undamaged one first (B.1: a
    robot in a workstation rolls one); None when the supply is empty."""
    damaged = None  # the first damaged die of the supply, if no undamaged one comes
    for die in engine.state["dice"]:
        if die["owner"] is None and die["color"] == colour:
            if not die["damaged"]:
                die["owner"] = owner
                return die
            if damaged is None:
                damaged = die
    if damaged is not None:
        damaged["owner"] = owner
    return damaged


def return_die(engine: Engine, index: int) -> None:
    die = engine.state["dice"][index]
    die["owner"] = None
    die["reserved"] = False


# ---- things done to a die ---------------------------------------------------------
def flip(engine: Engine, seat: int, index: int) -> None:
    """Turn one of your dice to its opposite face, paying the flip cost."""
    die = engine.state["dice"][index]
    cost, item = engine.data.flip_cost
    engine.state["players"][seat]["storage"][item] -= cost
    offset = engine.data.flip_offset
    die["value"] = die["value"] + offset if die["value"] < offset else die["value"] - offset
    engine.log("flip_die", seat=seat, die=index, value=die["value"])


def buy(engine: Engine, seat: int, index: int) -> None:
    """Pay a die's owner for it (the neutral player's price goes to the supply; Hal
    discards it and gets his `paid` reward instead)."""
    owner = engine.state["dice"][index]["owner"]
    price, item = engine.data.die_price
    engine.state["players"][seat]["storage"][item] -= price
    engine.log("buy_die", seat=seat, die=index, owner=owner)
    if owner == HAL:
        engine.log("hal_paid", seat=seat, amount=price, item=item)
        paid = engine.data.automata[engine.state["hal"]["automa"]].paid
        if paid is not None:
            engine.run_effect(HAL, paid, {})
    elif owner != NEUTRAL:
        engine.state["players"][owner]["storage"][item] += price


def unreserved(engine: Engine, seat: int, colour: str | None = None) -> list[int]:
    """The player's dice not in their high-security area (of one colour, if given)."""
    dice = engine.state["dice"]
    return [
        i
        for i in dice_of(engine, seat)
        if not dice[i]["reserved"] and colour in (None, dice[i]["color"])
    ]


def can_free_reserve(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    """B4 fits sequence B, after the paid reservation, with an unreserved die of its colour."""
    return ctx.get("moment") == "reserve" and bool(unreserved(engine, seat, args[0]))


def free_reserve(engine: Engine, frame: Frame) -> None:
    """B4: reserve a die of the tile's colour for free, besides the paid reservation."""
    seat = frame["seat"]
    if "answer" in frame:
        index = frame.pop("answer")
        engine.state["dice"][index]["reserved"] = True
        engine.log("reserve", seat=seat, die=index, free=True)
        engine.finish(frame)
        return
    options = []
    for i in unreserved(engine, seat, frame["args"][0]):
        die = engine.state["dice"][i]
        label = later(labels.DIE, ("color", die["color"]), ("value", die["value"]))
        options.append((f"die:{i}", label, i))
    engine.ask(seat, "reserve", later(labels.FREE_RESERVE_WHICH), options)


def can_reserve_die(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    amount, item = args
    unreserved = [i for i in dice_of(engine, seat) if not engine.state["dice"][i]["reserved"]]
    return bool(unreserved) and stock(engine.state["players"][seat], item) >= amount


def can_reserve_free(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return any(not engine.state["dice"][i]["reserved"] for i in dice_of(engine, seat))


def reserve_die(engine: Engine, frame: Frame) -> None:
    """Move one of your dice to the high-security area (paying, for `reserve_die`)."""
    seat = frame["seat"]
    if "answer" in frame:
        index = frame.pop("answer")
        engine.state["dice"][index]["reserved"] = True
        if frame["args"]:
            amount, item = frame["args"]
            pay(engine.state["players"][seat], amount, item)
        engine.log("reserve", seat=seat, die=index)
        engine.finish(frame)
        return
    dice = [i for i in dice_of(engine, seat) if not engine.state["dice"][i]["reserved"]]
    if not dice:
        engine.finish(frame, False)
        return
    options = []
    for i in dice:
        die = engine.state["dice"][i]
        label = later(labels.DIE, ("color", die["color"]), ("value", die["value"]))
        options.append((f"die:{i}", label, i))
    engine.ask(seat, "reserve", later(labels.RESERVE_WHICH), options)
