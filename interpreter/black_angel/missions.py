"""Mission cards in space: placing one (its reward, the ravagers it draws, the tiles it
reveals), activating one with a die (and its owner's free activation), and what
happens when the first strip's cards are ejected. Cards of the solo game's Hal (owner
"hal") take his rules at both ends (hal.py): he always takes his free activation, and
an ejected card of his gives him his `ejected` reward instead of its effects."""

from __future__ import annotations

from ...dsl.ast import Trade
from ..game import NO_ANSWER, Frame, take_answer
from . import hal, labels, space
from .display import display_push
from .labels import later
from .layout import HAL
from .ravagers import place_ravager
from .tables import Engine


def place_mission(engine: Engine, seat: int, mission_id: str, key: str) -> None:
    """Command, step 2: place a card with a robot on its reward, and take the reward;
    steps 3 and 4 (`mission_appears`) follow once the reward is taken."""
    state = engine.state
    p = state["players"][seat]
    p["hand"].remove(mission_id)
    p["break_room"] -= 1
    state["space"]["cards"][key] = {"mission": mission_id, "owner": seat, "robot": seat}
    mission = engine.data.missions[mission_id]
    engine.log("place_mission", seat=seat, card=mission_id, at=key)
    engine.push({"op": "mission_appears", "seat": seat, "key": key})
    engine.run_effect(seat, mission.reward_effect, {"card": key})


def mission_appears(engine: Engine, frame: Frame) -> None:
    """The `mission_appears` operation, Command steps 3 and 4: a ravager for each ravager
    icon visible around the card, then the card's technology tiles enter the display."""
    state = engine.state
    mission = engine.data.missions[state["space"]["cards"][frame["key"]]["mission"]]
    strip, pos = space.split(frame["key"])
    visible, covered = space.icons_around(engine, strip, pos)
    engine.log("ravager_icons", at=frame["key"], visible=visible, covered=covered)
    for _ in range(visible):
        place_ravager(engine)
    for colour in mission.reveals:
        if state["stacks"][colour]:
            display_push(engine, state["stacks"][colour].pop())
    engine.finish(frame)


def activate_mission(engine: Engine, frame: Frame) -> None:
    """The `activate_mission` operation: the card's effect per activation; then its owner
    may activate it once for free."""
    seat = frame["seat"]
    key = frame["key"]
    card = engine.state["space"]["cards"][key]
    mission = engine.data.missions[card["mission"]]
    assert mission.activation is not None
    ctx = {"card": key}
    frame.setdefault("left", frame["value"])
    answer = take_answer(frame)
    if frame.get("owner_turn"):
        owner = card["owner"]
        if frame.get("owner_done"):
            engine.finish(frame)
            return
        if answer is NO_ANSWER and owner == HAL:
            answer = engine.can(owner, mission.activation, ctx)  # Hal always takes it
        if answer is NO_ANSWER:
            if owner == seat or not engine.can(owner, mission.activation, ctx):
                engine.finish(frame)
                return
            engine.ask(
                owner,
                "free_activation",
                later(labels.FREE_ACTIVATION, ("card", card["mission"])),
                [("yes", later(labels.YES), True), ("no", later(labels.NO), False)],
            )
            return
        frame["owner_done"] = True
        if answer:
            engine.log("free_activation", seat=owner, card=card["mission"])
            if owner != HAL:  # events concern the seats; Hal is none
                engine.raise_event("mission_activated", owner, card=card["mission"])
            engine.run_effect(owner, mission.activation, ctx)
        return
    if answer is False or frame["left"] <= 0 or not engine.can(seat, mission.activation, ctx):
        frame["owner_turn"] = True
        return
    activation = engine.data.nodes[mission.activation]
    count = engine.ruling("activation_count")
    may_stop = count == "at_most" or (count == "costs_optional" and isinstance(activation, Trade))
    if answer is NO_ANSWER and may_stop and frame["left"] < frame["value"]:
        engine.ask(
            seat,
            "activate_again",
            later(
                labels.ACTIVATE_AGAIN,
                ("card", card["mission"]),
                ("left", frame["left"]),
                n=frame["left"],
            ),
            [("yes", later(labels.YES), True), ("no", later(labels.NO), False)],
        )
        return
    frame["left"] -= 1
    engine.log("activate_mission", seat=seat, card=card["mission"])
    engine.raise_event("mission_activated", seat, card=card["mission"])
    engine.run_effect(seat, mission.activation, ctx)


# ---- ejection ---------------------------------------------------------------------
def ejection_effects(engine: Engine, keys: list[str]) -> list[list]:
    """[seat, effect, hex] for every ejection effect of the cards at `keys`: the owner's
    part, each passenger's part, or the shared part once per player."""
    out: list[list] = []
    sp = engine.state["space"]
    for key in keys:
        card = sp["cards"][key]
        if card["owner"] == HAL:
            out.extend(hal.ejection_effects(engine, key))
            continue
        mission = engine.data.missions[card["mission"]]
        ships = sp["ships"].get(key, [])
        for who, effect in sorted(mission.ejection.items()):
            beneficiaries = {
                "owner": [card["owner"]],
                "passengers": list(ships),
                "everyone": [card["owner"]] + [s for s in ships if s != card["owner"]],
            }[who]
            out.extend([seat, effect, key] for seat in beneficiaries)
    return out


def tuck_ejected(engine: Engine, keys: list[str]) -> None:
    """Ejected cards go back to their owners, tucked by colour; the reward robots go to the
    supply."""
    sp = engine.state["space"]
    for key in keys:
        card = sp["cards"].pop(key)
        if card["owner"] == HAL:
            hal.card_ejected(engine, card)
            continue
        owner = engine.state["players"][card["owner"]]
        owner["tucked"][engine.data.missions[card["mission"]].color].append(card["mission"])
        owner["supply_robots"] += 1
        engine.log("mission_ejected", card=card["mission"], owner=card["owner"])
        engine.raise_event("mission_ejected", card["owner"], card=card["mission"])
