"""Sequence A, steps 2 and 3: perform an action with one die, then draw a card of its colour.

A.1 (playing a card beside the grid) is in grid.py.
"""

from __future__ import annotations

from ..game import NO_ANSWER, Frame, take_answer
from . import boosts, labels
from .actions import ACTION_CAN, action_value
from .cards import discard_card, draw_mission
from .dice import buy, dice_of, flip, return_die
from .labels import later
from .ravagers import strike
from .tables import Engine, Text


def acting_color(engine: Engine, index: int) -> str:
    """The colour a die acts as: its own, unless a 1x effect changed it for this action."""
    state = engine.state
    context = state["context"]
    if "recoloured" in context and context["recoloured"] == index:
        return str(context["as_color"])
    return str(state["dice"][index]["color"])


def die_uses(
    engine: Engine, seat: int, index: int, color: str | None = None, face: int | None = None
) -> list[tuple[str, Text, tuple]]:
    """What `seat` could do with die `index` (acting as `color` and showing `face`, when
    given): (id, label, use)."""
    uses: list[tuple[str, Text, tuple]] = []
    for use, value in _uses(engine, seat, index, color, face, first=False):
        target = use[1]
        if use[0] == "action":
            kind = engine.data.actions[target][1]
            label = later(
                labels.USE_ON_ACTION, ("number", target), ("kind", kind), ("value", value)
            )
            uses.append((f"action:{target}", label, use))
        else:
            card = engine.state["space"]["cards"][target]["mission"]
            label = later(labels.USE_ON_MISSION, ("card", card), ("hex", target))
            uses.append((f"mission:{target}", label, use))
    return uses


def die_usable(
    engine: Engine, seat: int, index: int, color: str | None = None, face: int | None = None
) -> bool:
    """Whether `die_uses` has any use: stops at the first one and labels nothing."""
    return bool(_uses(engine, seat, index, color, face, first=True))


def _uses(
    engine: Engine, seat: int, index: int, color: str | None, face: int | None, first: bool
) -> list[tuple[tuple, int]]:
    """The uses of a die: (use, the action's value; 0 for a mission), the use being
    ("action", number) or ("mission", hex key); with `first`, only the first one found."""
    found: list[tuple[tuple, int]] = []
    die = engine.state["dice"][index]
    die_color = color or acting_color(engine, index)
    die_value = die["value"] if face is None else face
    for number, kind in engine.data.actions_of_color.get(die_color, ()):
        value = action_value(engine, number, die_value)
        if value == 0 and die_value > 0 and engine.ruling("damaged_to_zero") == "no_action":
            continue
        usable = ACTION_CAN[kind](engine, seat, value, die_color)
        if not usable and kind != "command" and value > 0:
            usable = engine.ruling("empty_action") == "allow"
        if usable:
            found.append((("action", number), value))
            if first:
                return found
    cards = engine.state["space"]["cards"]
    if die_value > 0 and cards:
        missions, ships = engine.data.missions, engine.state["space"]["ships"]
        for key in sorted(cards):
            card = cards[key]
            mission = missions[card["mission"]]
            if mission.activation is None or mission.color != die_color:
                continue
            present = card["robot"] == seat or seat in ships.get(key, [])
            if present and engine.can(seat, mission.activation, {"card": key}):
                found.append((("mission", key), 0))
                if first:
                    return found
    return found


def usable_dice(engine: Engine, seat: int) -> list[tuple[int, bool]]:
    """(die, bought?) for every die the player could use now."""
    return _usable_dice(engine, seat, first=False)


def _usable_dice(engine: Engine, seat: int, first: bool) -> list[tuple[int, bool]]:
    """As `usable_dice`; with `first`, only the first usable die found."""
    found: list[tuple[int, bool]] = []
    price, item = engine.data.die_price
    money = engine.state["players"][seat]["storage"][item]
    known: dict[tuple[str, int], bool] = {}  # what a die can do depends on its colour and face
    for index, die in enumerate(engine.state["dice"]):
        if die["owner"] == seat:
            bought = False
        elif die["owner"] is not None and not die["reserved"] and money >= price:
            bought = True
        else:
            continue
        key = (acting_color(engine, index), die["value"])
        usable = known.get(key)
        if usable is None:
            usable = known[key] = die_usable(engine, seat, index)
        if usable or boosts.offers(engine, seat, die_moment(index)):
            found.append((index, bought))
            if first:
                break
    return found


def die_moment(index: int) -> dict:
    return {"moment": "die", "die": index}


def can_perform_action(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    return bool(_usable_dice(engine, seat, first=True))


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
                if boosts.advanced(engine):
                    # 1x effects that improve the die (a die usable only thanks to one
                    # must take one)
                    needed = not die_usable(engine, seat, index)
                    boosts.offer(engine, seat, "die", required=needed, die=index)
                else:
                    perform_action(engine, frame)
                return
        options = die_options(engine, seat)
        if not any(o[2][0] != "flip" for o in options):
            # A.1 used up what made a die usable (rare): the action step is lost
            engine.log("no_usable_die", seat=seat)
            engine.finish(frame, False)
            return
        engine.ask(seat, "choose_die", later(labels.CHOOSE_DIE), options)
        return
    if stage == "use":
        index = frame["die"]
        if answer is NO_ANSWER:
            uses = die_uses(engine, seat, index)
            answer = engine.ask_or_force(seat, "choose_use", later(labels.USE_FOR), uses)
            if answer is NO_ANSWER:
                return
        die = state["dice"][index]
        if frame["bought"]:
            buy(engine, seat, index)
        die["owner"] = seat
        die["reserved"] = False
        state["context"]["die"] = index
        state["context"]["die_color"] = die["color"]  # A.3 draws the die's own colour
        frame["use"] = list(answer)
        frame["stage"] = "ravager" if answer[0] == "action" else "mission"
        engine.log("use_die", seat=seat, die=index, use=list(answer))
        return
    if stage == "ravager":
        frame["stage"] = "ravager_done"
        strike(engine, seat, frame["use"][1])
        return
    if stage == "ravager_done":
        frame["stage"] = "action"
        boosts.offer(engine, seat, "action", action=frame["use"][1])
        return
    if stage == "action":
        number = frame["use"][1]
        colour, kind = engine.data.actions[number]
        value = action_value(engine, number, state["dice"][frame["die"]]["value"])
        frame["stage"] = "done"
        engine.raise_event("action_performed", seat, action=number)
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


def die_options(engine: Engine, seat: int) -> list[tuple[str, Text, tuple]]:
    """The dice a player may choose in A.2, and the flips they may make first."""
    state = engine.state
    options = []
    count, item = engine.data.die_price
    price = labels.amount(engine, count, item, slot="BUY_DIE.price")
    for index, bought in usable_dice(engine, seat):
        die = state["dice"][index]
        if bought:
            seller = labels.seat_name(die["owner"])
            label = later(
                labels.BUY_DIE,
                ("color", die["color"]),
                ("value", die["value"]),
                ("seller", seller),
                ("price", price),
            )
            options.append((f"buy:{index}", label, ("buy", index)))
        else:
            label = later(labels.USE_OWN_DIE, ("color", die["color"]), ("value", die["value"]))
            options.append((f"die:{index}", label, ("own", index)))
    return options + flip_options(engine, seat)


def flip_options(engine: Engine, seat: int) -> list[tuple[str, Text, tuple]]:
    """Flipping each die in the player's compartment, if they can pay for it."""
    cost, item = engine.data.flip_cost
    if engine.state["players"][seat]["storage"][item] < cost:
        return []
    options = []
    for index in dice_of(engine, seat):
        die = engine.state["dice"][index]
        label = later(
            labels.FLIP_DIE,
            ("cost", labels.amount(engine, cost, item, slot="FLIP_DIE.cost")),
            ("color", die["color"]),
            ("value", die["value"]),
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
    options.append(("done", later(labels.FLIP_NO_MORE), None))
    engine.ask(seat, "flip", later(labels.FLIP_ANOTHER), options)


# ---- 1x effects on the chosen die (the advanced rules) --------------------------------
def can_set_die_value(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    """B2 fits a chosen die of its colour that the new value leaves usable."""
    colour, value = args
    if ctx.get("moment") != "die":
        return False
    index = ctx["die"]
    return acting_color(engine, index) == colour and die_usable(engine, seat, index, face=value)


def set_die_value(engine: Engine, frame: Frame) -> None:
    index = frame["ctx"]["die"]
    engine.state["dice"][index]["value"] = frame["args"][1]
    engine.log("set_die", seat=frame["seat"], die=index, value=frame["args"][1])
    engine.finish(frame)


def recolourings(engine: Engine, seat: int, index: int) -> list[str]:
    """The colours a die could act as with uses left."""
    current = acting_color(engine, index)
    return [
        c for c in engine.data.colors if c != current and die_usable(engine, seat, index, color=c)
    ]


def can_set_die_color(engine: Engine, seat: int, args: tuple, ctx: dict) -> bool:
    """B3 fits a chosen die of its colour that some other colour leaves usable."""
    if ctx.get("moment") != "die":
        return False
    index = ctx["die"]
    return acting_color(engine, index) == args[0] and bool(recolourings(engine, seat, index))


def set_die_color(engine: Engine, frame: Frame) -> None:
    index = frame["ctx"]["die"]
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        engine.state["context"].update(recoloured=index, as_color=answer)
        engine.log("recolour_die", seat=frame["seat"], die=index, color=answer)
        engine.finish(frame)
        return
    options = [(f"color:{c}", c, c) for c in recolourings(engine, frame["seat"], index)]
    engine.ask(frame["seat"], "as_color", later(labels.AS_COLOR), options)


# ---- A.3 and the hand limit ---------------------------------------------------------
def draw_for_die(engine: Engine, frame: Frame) -> None:
    """A.3: draw a mission card of the used die's colour (its own colour, even if a 1x
    effect changed the colour it acted as), and the die goes back. With the advanced
    rules: draw two, keep one, discard the other."""
    ctx = engine.state["context"]
    seat = frame["seat"]
    if "die" not in ctx:
        engine.finish(frame, False)
        return
    hand = engine.state["players"][seat]["hand"]
    if "drawn" not in frame:
        draw = 1
        if boosts.advanced(engine):
            draw = engine.data.numbers["game.advanced_draw"]
        cards = [draw_mission(engine, ctx["die_color"]) for _ in range(draw)]
        frame["drawn"] = [c for c in cards if c is not None]
        engine.log("draw", seat=seat, cards=list(frame["drawn"]), color=ctx["die_color"])
        return_die(engine, ctx["die"])
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        frame["drawn"].remove(answer)
        hand.append(answer)
        for card in frame["drawn"]:
            discard_card(engine, "mission", card)
        frame["drawn"] = []
    if len(frame["drawn"]) > 1:
        engine.ask(
            seat,
            "keep",
            later(labels.KEEP_WHICH),
            [(f"card:{c}", labels.card(engine, c), c) for c in frame["drawn"]],
        )
        return
    hand.extend(frame["drawn"])
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
        later(labels.HAND_LIMIT),
        [(f"card:{c}", labels.card(engine, c), c) for c in sorted(set(hand))],
    )
