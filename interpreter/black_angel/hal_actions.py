"""Hal's four actions, carried out with the die he took (hal.take_die), as the solo rules
give them. Each is a primitive of content/hal.ba's cards, with the mode the card names.

Common to all four: the action is the one of its kind for the die's colour; a fully
damaged action lowers the die by one, as for a player; the Ravager on top of the action
strikes first, but only an effect made of the primitives his automa `resolves` (those
that add damage) is carried out, and he loses nothing for the others. Each action can
be done only when it achieves something (its feasibility check); otherwise the card's
`otherwise hal_fallback 3` gives him the VP instead. He always uses every activation:
that suits him best.

- Discover (advanced_first | tech_only): tiles nearest the end of the display where
  they leave, each paid with its positional cost; `advanced_first` takes an Advanced
  tile first when the die allows. The four Advanced slots count as a display too: he
  takes the last tile (the slot nearest the technology display, taken to be the last
  one), the others shift toward it and the first slot is refilled from the deck.
- Repair (clockwise | counterclockwise): one cube per activation, emptying each action
  in the card's order, the damage space 2 first (cubes are counted, so that is the
  same); the dice in the supplies only once no action is damaged, by colour in the same
  order.
- Destroy (clockwise | counterclockwise): whole stacks, in the card's order, skipping a
  location only when that destroys more cards in all.
- Command: the die's value does not matter; he draws a mission of the die's colour and
  places it on a hex of that colour without a card: a neutralization card on the
  nearest strip that has one, an activation card on the farthest; of two such hexes on
  a strip, the comet one (the ruling hal_comet_bonus says when that scores). Then as for
  a player: his robot on the reward and the reward, Ravagers appear, tiles appear. No
  ship, no pilot.
"""

from __future__ import annotations

from typing import Any

from ...dsl import ast
from ..game import Frame
from . import space
from .actions import action_value
from .boosts import leaves_play
from .cards import draw_mission
from .display import advanced_cost, tile_cost
from .hal import automa, doing, score_items
from .layout import HAL, hex_key
from .tables import Engine


# ---- the die and the action ----------------------------------------------------------------
def action_for(engine: Engine, kind: str, colour: str) -> int:
    """The board action of a kind for a die's colour (any of that kind if none matches)."""
    numbers = [n for n, (c, k) in sorted(engine.data.actions.items()) if k == kind]
    return next((n for n in numbers if engine.data.actions[n][0] == colour), numbers[0])


def hal_die(engine: Engine) -> dict | None:
    index = engine.state["hal"]["die"]
    if index is None or engine.state["dice"][index]["owner"] != HAL:
        return None
    return engine.state["dice"][index]


# the action each of Hal's action primitives performs
KINDS = {
    "hal_discover": "discover",
    "hal_repair": "repair",
    "hal_destroy": "destroy",
    "hal_command": "command",
}


def acting_value(engine: Engine, primitive: str) -> int:
    """The activations Hal's die gives on the action one of his primitives performs,
    after damage; 0 without a die."""
    die = hal_die(engine)
    if die is None:
        return 0
    kind = KINDS.get(primitive)
    if kind is None:
        return int(die["value"])
    return action_value(engine, action_for(engine, kind, die["color"]), die["value"])


def _value(engine: Engine, kind: str) -> tuple[int, int]:
    """(action number, activations) for Hal's die on an action of this kind."""
    die = hal_die(engine)
    if die is None:
        return 0, 0
    number = action_for(engine, kind, die["color"])
    return number, action_value(engine, number, die["value"])


def strike(engine: Engine, number: int) -> None:
    """The Ravager on top of the action Hal performs: only an effect made of the
    primitives his automa resolves is carried out; he loses nothing for the others."""
    location = engine.state["actions"][number - 1]
    if not location["ravagers"]:
        return
    card = location["ravagers"][-1]
    permanent = engine.data.ravagers[card][1]
    ctx = {"action": number, "ravager": card}
    names = {c.name for c in ast.walk_calls(engine.data.nodes[permanent])}
    resolved = names <= automa(engine).resolves and engine.can(HAL, permanent, ctx)
    engine.log("hal_ravager", card=card, action=number, resolved=resolved)
    if resolved:
        engine.run_effect(HAL, permanent, ctx)


def _begin(engine: Engine, frame: Frame, kind: str) -> bool:
    """The first call of an action's frame: note the action, let the Ravager strike.
    True when the action itself may go on now."""
    if "number" in frame:
        return True
    frame["number"], frame["value"] = _value(engine, kind)
    strike(engine, frame["number"])
    return False


def _order(engine: Engine, order: str) -> list[int]:
    numbers = sorted(engine.data.actions)
    return numbers if order == "clockwise" else numbers[::-1]


# ---- when he cannot ------------------------------------------------------------------------
def fallback(engine: Engine, frame: Frame) -> None:
    """Hal scores VP because what his card asks cannot be done; the log says why: no die
    of either colour, a star die, an action damaged down to 0, or nothing to do there."""
    amount = frame["args"][0]
    state = engine.state
    hal = state["hal"]
    index = hal["die"]
    does = []
    if hal["revealed"] and hal["half"]:
        does = doing(engine, engine.data.hal_cards[hal["revealed"][0]][hal["half"]])
    if index is None or state["dice"][index]["owner"] != HAL:
        why = "no_colour"
    elif state["dice"][index]["value"] == 0 and does[:1] != ["hal_command"]:
        why = "star_die"
    elif does and acting_value(engine, does[0]) == 0 and does[0] != "hal_command":
        why = "damaged"
    else:
        why = "nothing_to_do"
    state["hal"]["vp"] += amount
    engine.log("hal_fallback", vp=amount, why=why)
    engine.finish(frame)


# ---- Discover Technology ---------------------------------------------------------------------
def discover_plan(engine: Engine, mode: str, value: int) -> list[tuple[str, int]]:
    """The tiles Hal takes: ("advanced", slot) and ("tile", display space), in order."""
    state = engine.state
    left = value
    plan: list[tuple[str, int]] = []
    slots = [i for i, t in enumerate(state["advanced_slots"]) if t is not None]
    if mode == "advanced_first" and slots and left >= advanced_cost(engine):
        plan.append(("advanced", slots[-1]))
        left -= advanced_cost(engine)
    for index in reversed(range(len(state["display"]))):
        if state["display"][index] is not None and tile_cost(engine, index) <= left:
            plan.append(("tile", index))
            left -= tile_cost(engine, index)
    return plan


def can_discover(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    _, value = _value(engine, "discover")
    return value > 0 and bool(discover_plan(engine, args[0], value))


def discover(engine: Engine, frame: Frame) -> None:
    if not _begin(engine, frame, "discover"):
        return
    state = engine.state
    for kind, index in discover_plan(engine, frame["args"][0], frame["value"]):
        if kind == "tile":
            tile = state["display"][index]
            state["display"][index] = None
            leaves_play(engine, tile)
            item = "technology"
        else:
            slots = state["advanced_slots"]
            tile = slots[index]
            slots[1 : index + 1] = slots[:index]
            slots[0] = state["advanced_deck"].pop() if state["advanced_deck"] else None
            item = "advanced"
        state["hal"]["taken"].append(tile)
        engine.log("hal_discovers", tile=tile, source=kind)
        score_items(engine, 1, item)
    engine.finish(frame)


# ---- Repair the Black Angel --------------------------------------------------------------------
def damaged_dice(engine: Engine, order: str) -> list[int]:
    """Damaged dice in the supplies, by colour in the card's order of the actions."""
    colours = list(dict.fromkeys(engine.data.actions[n][0] for n in _order(engine, order)))
    dice = engine.state["dice"]
    found = [i for i, d in enumerate(dice) if d["damaged"] and d["owner"] is None]
    return sorted(found, key=lambda i: (colours.index(dice[i]["color"]), i))


def can_repair(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    _, value = _value(engine, "repair")
    damage = any(a["damage"] for a in engine.state["actions"])
    return value > 0 and (damage or bool(damaged_dice(engine, args[0])))


def repair(engine: Engine, frame: Frame) -> None:
    if not _begin(engine, frame, "repair"):
        return
    state = engine.state
    order = frame["args"][0]
    left = frame["value"]
    repaired = 0
    for number in _order(engine, order):
        action = state["actions"][number - 1]
        while left and action["damage"]:
            action["damage"] -= 1
            left -= 1
            repaired += 1
            engine.log("hal_repairs", source="action", index=number)
    if not any(a["damage"] for a in state["actions"]):
        for index in damaged_dice(engine, order)[:left]:
            state["dice"][index]["damaged"] = False
            repaired += 1
            engine.log("hal_repairs", source="die", index=index)
    score_items(engine, repaired, "debris")
    engine.finish(frame)


# ---- Destroy Ravagers ------------------------------------------------------------------------
def destroy_plan(engine: Engine, order: str, value: int) -> list[int]:
    """The locations whose stacks Hal destroys: in the card's order, skipping one only if
    that lets him destroy more in all."""
    numbers = _order(engine, order)
    sizes = tuple(len(engine.state["actions"][n - 1]["ravagers"]) for n in numbers)
    memo: dict[tuple[int, int], int] = {}
    plan, left = [], value
    for i, number in enumerate(numbers):
        size = sizes[i]
        if not 0 < size <= left:
            continue
        if size + _most(sizes, i + 1, left - size, memo) == _most(sizes, i, left, memo):
            plan.append(number)
            left -= size
    return plan


def _most(sizes: tuple[int, ...], start: int, left: int, memo: dict) -> int:
    """The most cards Hal can destroy from the stacks from `start` on, `left` at most."""
    if start == len(sizes):
        return 0
    known = memo.get((start, left))
    if known is None:
        known = _most(sizes, start + 1, left, memo)
        size = sizes[start]
        if 0 < size <= left:
            known = max(known, size + _most(sizes, start + 1, left - size, memo))
        memo[(start, left)] = known
    return known


def can_destroy(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    _, value = _value(engine, "destroy")
    return value > 0 and bool(destroy_plan(engine, args[0], value))


def destroy(engine: Engine, frame: Frame) -> None:
    """Whole stacks; the cards go to the Ravager discard pile (Hal keeps no hand), robots
    held on them go back to their owners' break rooms."""
    if not _begin(engine, frame, "destroy"):
        return
    state = engine.state
    for number in destroy_plan(engine, frame["args"][0], frame["value"]):
        location = state["actions"][number - 1]
        cards = location["ravagers"]
        for seats in location["held"].values():
            for owner in seats:
                state["players"][owner]["break_room"] += 1
        location["held"] = {}
        location["ravagers"] = []
        state["ravager_discard"].extend(cards)
        engine.log("hal_destroys", action=number, cards=cards)
        score_items(engine, len(cards), "ravager")
    engine.finish(frame)


# ---- Command Your Ships ------------------------------------------------------------------------
def free_hexes(engine: Engine, strip: str, colour: str) -> list[int]:
    """Positions of a strip's hexes of a colour without a card."""
    cards = engine.state["space"]["cards"]
    size = engine.data.numbers["space.hexes_per_strip"]
    return [
        p
        for p in range(1, size + 1)
        if space.hex_at(engine, strip, p).terrain == colour and hex_key(strip, p) not in cards
    ]


def _drawable(engine: Engine, colour: str) -> bool:
    return bool(engine.state["mission_deck"][colour] or engine.state["mission_discard"][colour])


def can_command(engine: Engine, seat: Any, args: tuple, ctx: dict) -> bool:
    """A mission of the die's colour to draw, and a free hex of that colour somewhere (a
    card of either kind then finds one: they only search the strips in other orders)."""
    die = hal_die(engine)
    if die is None:
        return False
    colour = die["color"]
    return _drawable(engine, colour) and any(
        free_hexes(engine, s, colour) for s in engine.state["space"]["order"]
    )


def command(engine: Engine, frame: Frame) -> None:
    if not _begin(engine, frame, "command"):
        return
    if frame.get("placed"):
        engine.finish(frame)
        return
    state = engine.state
    die = hal_die(engine)
    assert die is not None  # checked by can_command
    colour = die["color"]
    mission = draw_mission(engine, colour)
    if mission is None:
        engine.finish(frame, False)
        return
    activation = engine.data.missions[mission].activation is not None
    order = state["space"]["order"]
    for strip in reversed(order) if activation else order:
        free = free_hexes(engine, strip, colour)
        if free:
            break
    else:  # no free hex after all (cannot happen after can_command): discard the card
        state["mission_discard"][colour].append(mission)
        engine.finish(frame, False)
        return
    comets = [p for p in free if space.hex_at(engine, strip, p).comet]
    chose = len(free) >= 2
    pos = comets[0] if chose and comets else free[0]
    on_comet = space.hex_at(engine, strip, pos).comet
    bonus = on_comet and (chose or engine.ruling("hal_comet_bonus") == "any_comet")
    key = hex_key(strip, pos)
    hal = state["hal"]
    robot = HAL if hal["break_room"] > 0 else None
    if robot is not None:
        hal["break_room"] -= 1
    state["space"]["cards"][key] = {"mission": mission, "owner": HAL, "robot": robot}
    engine.log(
        "hal_places",
        card=mission,
        at=key,
        activation=activation,
        strip=order.index(strip) + 1,
        comet=on_comet,
        bonus=bonus,
        reward=list(engine.data.missions[mission].reward),
    )
    frame["placed"] = True
    # in this order: the comet bonus, the reward, then Ravagers and tiles appear
    engine.push({"op": "mission_appears", "seat": HAL, "key": key})
    engine.run_effect(HAL, engine.data.missions[mission].reward_effect, {"card": key})
    comet = automa(engine).comet
    if bonus and comet is not None:
        engine.run_effect(HAL, comet, {"card": key})
