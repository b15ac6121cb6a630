"""Ravagers and damage: drawing ravagers, where their damage goes, and the permanent
effect of the ravager on top of an action, which strikes whoever performs it."""

from __future__ import annotations

from ..core_primitives import lose_points
from ..game import Frame
from .dice import supply_dice
from .end import trigger_end
from .tables import Engine


def place_damage(engine: Engine, number: int) -> None:
    """A damage cube on an action; on a full action, on an undamaged die of its colour;
    with no such die the damage is ignored (EN p. 10, step 3; PL and DE the same)."""
    action = engine.state["actions"][number - 1]
    if action["damage"] < engine.data.numbers["board.damage_spaces"]:
        action["damage"] += 1
        engine.log("damage_action", action=number)
        return
    colour = engine.data.actions[number][0]
    for index in supply_dice(engine, colour):
        die = engine.state["dice"][index]
        if not die["damaged"]:
            die["damaged"] = True
            engine.log("damage_die", die=index)
            return
    engine.log("damage_ignored", action=number)


def draw_ravager(engine: Engine) -> str | None:
    """The top ravager; drawing the last one in sequence A triggers the end."""
    state = engine.state
    if not state["ravager_deck"]:
        if not state["ravager_discard"]:
            return None
        state["ravager_deck"].extend(state["ravager_discard"])
        state["ravager_discard"].clear()
        engine.rng.shuffle(state["ravager_deck"])
        engine.log("reshuffle", deck="ravager")
    card = state["ravager_deck"].pop()
    if not state["ravager_deck"] and state["context"].get("sequence") == "a":
        trigger_end(engine, "ravagers")
    return card


def place_ravager(engine: Engine) -> None:
    """Draw a ravager; it attacks its action (1 damage), or is discarded on a full location."""
    limit = engine.data.numbers["board.ravager_stack_limit"]
    # enough draws to see every card after a reshuffle; if all target full locations, stop
    cards = len(engine.state["ravager_deck"]) + len(engine.state["ravager_discard"])
    for _ in range(2 * cards + 1):
        card = draw_ravager(engine)
        if card is None:
            return
        target = engine.data.ravagers[card][0]
        location = engine.state["actions"][target - 1]
        if len(location["ravagers"]) >= limit:
            engine.state["ravager_discard"].append(card)
            engine.log("ravager_overflow", card=card, action=target)
            continue
        location["ravagers"].append(card)
        engine.log("ravager_attacks", card=card, action=target)
        place_damage(engine, target)
        engine.raise_event("ravager_placed", card=card, action=target)
        return


def strike(engine: Engine, seat: int, number: int) -> None:
    """Before an action, the ravager on top of it resolves its permanent effect against the
    player performing it; one that cannot be resolved costs VP instead."""
    location = engine.state["actions"][number - 1]
    if not location["ravagers"]:
        return
    card = location["ravagers"][-1]
    permanent = engine.data.ravagers[card][1]
    ctx = {"action": number, "ravager": card}
    if engine.can(seat, permanent, ctx):
        engine.run_effect(seat, permanent, ctx)
    else:
        lose_points(engine, seat, engine.data.numbers["board.unresolved_ravager_penalty"], "vp")
        engine.log("ravager_unresolved", seat=seat, card=card)


# ---- permanent effects ----------------------------------------------------------------
def next_action(engine: Engine, number: int) -> int:
    """The action after `number`, clockwise (the last is followed by the first)."""
    return number % len(engine.data.actions) + 1


def damage_next_action(engine: Engine, frame: Frame) -> None:
    """Never unresolved: damage that cannot be placed is ignored (`place_damage`)."""
    place_damage(engine, next_action(engine, frame["ctx"]["action"]))
    engine.finish(frame)


def damage_die(engine: Engine, frame: Frame) -> None:
    """A damage cube on an undamaged die of the supply; with none the effect is ignored, as
    the card says (EN appendix, Ravager cards): an effect that is never unresolved."""
    for index in supply_dice(engine, frame["args"][0]):
        die = engine.state["dice"][index]
        if not die["damaged"]:
            die["damaged"] = True
            engine.log("damage_die", die=index)
            break
    engine.finish(frame)


def can_hold_robot(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return engine.state["players"][seat]["break_room"] > 0


def hold_robot(engine: Engine, frame: Frame) -> None:
    """A robot of yours stays on the ravager until it is destroyed."""
    seat = frame["seat"]
    ctx = frame["ctx"]
    engine.state["players"][seat]["break_room"] -= 1
    held = engine.state["actions"][ctx["action"] - 1]["held"]
    held.setdefault(ctx["ravager"], []).append(seat)
    engine.log("robot_held", seat=seat, card=ctx["ravager"])
    engine.finish(frame)
