"""Sequence A, steps 2 and 3: perform an action with one die, then draw a card of its colour.

A.1 (playing a card beside the grid) is in grid.py.
"""

from __future__ import annotations

from ..engine import NO_ANSWER, take_answer
from ..game import Frame
from . import labels
from .actions import ACTION_CAN, action_value
from .cards import discard_card, draw_mission
from .dice import buy, dice_of, flip, return_die
from .labels import say
from .ravagers import strike
from .tables import Engine


def die_uses(engine: Engine, seat: int, index: int) -> list[tuple[str, str, tuple]]:
    """What `seat` could do with die `index`: (id, label, use)."""
    die = engine.state["dice"][index]
    uses = []
    for number, (colour, kind) in sorted(engine.data.actions.items()):
        if colour != die["color"]:
            continue
        value = action_value(engine, number, die["value"])
        if value == 0 and die["value"] > 0 and engine.ruling("damaged_to_zero") == "no_action":
            continue
        usable = ACTION_CAN[kind](engine, seat, value, die["color"])
        if not usable and kind != "command" and value > 0:
            usable = engine.ruling("empty_action") == "allow"
        if usable:
            label = say(engine, labels.USE_ON_ACTION, number=number, kind=kind, value=value)
            uses.append((f"action:{number}", label, ("action", number)))
    if die["value"] > 0:
        for key, card in sorted(engine.state["space"]["cards"].items()):
            mission = engine.data.missions[card["mission"]]
            if mission.activation is None or mission.color != die["color"]:
                continue
            present = card["robot"] == seat or seat in engine.state["space"]["ships"].get(key, [])
            if present and engine.can(seat, mission.activation, {"card": key}):
                label = say(engine, labels.USE_ON_MISSION, card=card["mission"], hex=key)
                uses.append((f"mission:{key}", label, ("mission", key)))
    return uses


def usable_dice(engine: Engine, seat: int) -> list[tuple[int, bool]]:
    """(die, bought?) for every die the player could use now."""
    out = []
    price, item = engine.data.die_price
    money = engine.state["players"][seat]["storage"][item]
    for index, die in enumerate(engine.state["dice"]):
        if die["owner"] == seat:
            bought = False
        elif die["owner"] is not None and not die["reserved"] and money >= price:
            bought = True
        else:
            continue
        if die_uses(engine, seat, index):
            out.append((index, bought))
    return out


def can_perform_action(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return bool(usable_dice(engine, seat))


def perform_action(engine: Engine, frame: Frame) -> None:
    """A.2: choose a die (flipping dice with debris on the way), then what to use it for;
    the ravager on top of that action strikes first, then the action or mission runs."""
    seat = frame["seat"]
    state = engine.state
    stage = frame.setdefault("stage", "die")
    answer = take_answer(frame)
    state["context"]["sequence"] = "a"
    if stage == "die":
        if answer is not NO_ANSWER:
            kind, index = answer
            if kind == "flip":
                flip(engine, seat, index)
            else:
                frame["die"], frame["bought"] = index, kind == "buy"
                frame["stage"] = "use"
                perform_action(engine, frame)
                return
        options = die_options(engine, seat)
        if not any(o[2][0] != "flip" for o in options):
            # A.1 used up what made a die usable (rare): the action step is lost
            engine.log("no_usable_die", seat=seat)
            engine.finish(frame, False)
            return
        engine.ask(seat, "choose_die", say(engine, labels.CHOOSE_DIE), options)
        return
    if stage == "use":
        index = frame["die"]
        if answer is NO_ANSWER:
            uses = die_uses(engine, seat, index)
            answer = engine.ask_or_force(seat, "choose_use", say(engine, labels.USE_FOR), uses)
            if answer is NO_ANSWER:
                return
        die = state["dice"][index]
        if frame["bought"]:
            buy(engine, seat, index)
        die["owner"] = seat
        die["reserved"] = False
        state["context"]["die"] = index
        state["context"]["die_color"] = die["color"]
        frame["use"] = list(answer)
        frame["stage"] = "ravager" if answer[0] == "action" else "mission"
        engine.log("use_die", seat=seat, die=index, use=list(answer))
        return
    if stage == "ravager":
        frame["stage"] = "action"
        strike(engine, seat, frame["use"][1])
        return
    if stage == "action":
        number = frame["use"][1]
        colour, kind = engine.data.actions[number]
        value = action_value(engine, number, state["dice"][frame["die"]]["value"])
        frame["stage"] = "done"
        engine.push(
            {
                "op": f"action_{kind}",
                "seat": seat,
                "value": value,
                "color": colour,
                "action": number,
            }
        )
        return
    if stage == "mission":
        frame["stage"] = "done"
        engine.push(
            {
                "op": "activate_mission",
                "seat": seat,
                "key": frame["use"][1],
                "value": state["dice"][frame["die"]]["value"],
            }
        )
        return
    engine.finish(frame)


def die_options(engine: Engine, seat: int) -> list[tuple[str, str, tuple]]:
    """The dice a player may choose in A.2, and the flips they may make first."""
    state = engine.state
    options = []
    price = labels.amount(engine, *engine.data.die_price)
    for index, bought in usable_dice(engine, seat):
        die = state["dice"][index]
        if bought:
            seller = labels.seat_name(engine, die["owner"])
            label = say(
                engine,
                labels.BUY_DIE,
                color=die["color"],
                value=die["value"],
                seller=seller,
                price=price,
            )
            options.append((f"buy:{index}", label, ("buy", index)))
        else:
            label = say(engine, labels.USE_OWN_DIE, color=die["color"], value=die["value"])
            options.append((f"die:{index}", label, ("own", index)))
    return options + flip_options(engine, seat)


def flip_options(engine: Engine, seat: int) -> list[tuple[str, str, tuple]]:
    """Flipping each die in the player's compartment, if they can pay for it."""
    cost, item = engine.data.flip_cost
    if engine.state["players"][seat]["storage"][item] < cost:
        return []
    options = []
    for index in dice_of(engine, seat):
        die = engine.state["dice"][index]
        label = say(
            engine,
            labels.FLIP_DIE,
            cost=labels.amount(engine, cost, item),
            color=die["color"],
            value=die["value"],
        )
        options.append((f"flip:{index}", label, ("flip", index)))
    return options


def flip_dice(engine: Engine, frame: Frame) -> None:
    """Once the action is done, a player may still flip dice with debris, one at a time
    (EN and DE: at any point of the turn; not with the ruling flip_timing before_use)."""
    seat = frame["seat"]
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        if answer is None:
            engine.finish(frame)
            return
        flip(engine, seat, answer)
    if engine.ruling("flip_timing") != "any_time":
        engine.finish(frame)
        return
    options = [(oid, label, value[1]) for oid, label, value in flip_options(engine, seat)]
    if not options:
        engine.finish(frame)
        return
    options.append(("done", say(engine, labels.FLIP_NO_MORE), None))
    engine.ask(seat, "flip", say(engine, labels.FLIP_ANOTHER), options)


# ---- A.3 and the hand limit ---------------------------------------------------------
def draw_for_die(engine: Engine, frame: Frame) -> None:
    """A.3: draw a mission card of the used die's colour, and the die goes back."""
    ctx = engine.state["context"]
    seat = frame["seat"]
    if "die" not in ctx:
        engine.finish(frame, False)
        return
    card = draw_mission(engine, ctx["die_color"])
    if card is not None:
        engine.state["players"][seat]["hand"].append(card)
    engine.log("draw", seat=seat, card=card)
    return_die(engine, ctx["die"])
    engine.finish(frame)


def hand_limit(engine: Engine, frame: Frame) -> None:
    """At the end of a turn, mission cards above the hand limit are discarded."""
    seat = frame["seat"]
    hand = engine.state["players"][seat]["hand"]
    if "answer" in frame:
        card = frame.pop("answer")
        hand.remove(card)
        discard_card(engine, "mission", card)
        engine.log("discard", seat=seat, card=card)
    if len(hand) <= engine.data.numbers["game.hand_limit"]:
        engine.finish(frame)
        return
    engine.ask(
        seat,
        "hand_limit",
        say(engine, labels.HAND_LIMIT),
        [(f"card:{c}", labels.card(engine, c), c) for c in sorted(set(hand))],
    )
