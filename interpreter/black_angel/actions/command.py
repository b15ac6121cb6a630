"""Command Your Ships: move one ship (launching a new one from the Black Angel's hex),
then maybe place a mission card of the die's colour where it stops (missions.py).

A star die (value 0) moves nothing and must place a card under a ship already there.
"""

from __future__ import annotations

from ...engine import NO_ANSWER, take_answer
from ...game import Frame
from .. import labels, space
from ..labels import say
from ..layout import hex_key
from ..missions import place_mission
from ..tables import Engine


def command_ships(engine: Engine, seat: int, value: int) -> list[tuple[str, str]]:
    """Ships that can be commanded: ("launch", label) or (hex key, label)."""
    p = engine.state["players"][seat]
    out = []
    star_launch = engine.ruling("star_die_launch") == "allow"
    if p["storage"]["ship"] > 0 and p["break_room"] > 0 and (value > 0 or star_launch):
        out.append(("launch", say(engine, labels.LAUNCH)))
    for key, seats in sorted(engine.state["space"]["ships"].items()):
        if seat in seats:
            out.append((key, say(engine, labels.YOUR_SHIP, hex=key)))
    return out


def can_place_at(engine: Engine, seat: int, key: str, colour: str) -> bool:
    strip, pos = space.split(key)
    if space.hex_at(engine, strip, pos).terrain != colour or key in engine.state["space"]["cards"]:
        return False
    p = engine.state["players"][seat]
    return p["break_room"] > 0 and any(engine.data.missions[m].color == colour for m in p["hand"])


def can_command(engine: Engine, seat: int, value: int, colour: str) -> bool:
    ships = command_ships(engine, seat, value)
    if value > 0:
        return bool(ships)
    # a star die: no movement, but a card must be placed under one of your ships
    return any(key != "launch" and can_place_at(engine, seat, key, colour) for key, _ in ships)


def action_command(engine: Engine, frame: Frame) -> None:
    """The `action_command` operation: ship, move, place."""
    seat = frame["seat"]
    state = engine.state
    p = state["players"][seat]
    ships = state["space"]["ships"]
    value, colour = frame["value"], frame["color"]
    stage = frame.setdefault("stage", "ship")
    answer = take_answer(frame)
    if stage == "ship":
        if answer is NO_ANSWER:
            options = [(f"ship:{k}", label, k) for k, label in command_ships(engine, seat, value)]
            if value == 0:
                options = [
                    o
                    for o in options
                    if o[2] != "launch" and can_place_at(engine, seat, o[2], colour)
                ]
            if not options:
                # the ravager's effect took what the action needed (e.g. the last robot)
                engine.log("action_impossible", seat=seat, action=frame["action"])
                engine.finish(frame, False)
                return
            answer = engine.ask_or_force(seat, "ship", say(engine, labels.WHICH_SHIP), options)
            if answer is NO_ANSWER:
                return
        if answer == "launch":
            p["storage"]["ship"] -= 1
            p["break_room"] -= 1
            strip, pos = state["space"]["black_angel"]
            start = hex_key(strip, pos)
            frame["from"] = None
            frame["pilot"] = seat  # the robot is in the cockpit until the ship lands
            engine.log("launch", seat=seat)
        else:
            start = answer
            frame["from"] = answer
        frame["start"] = start
        frame["stage"] = "move"
        answer = NO_ANSWER
    if frame["stage"] == "move":
        if answer is NO_ANSWER:
            targets = space.destinations(
                engine, seat, space.split(frame["start"]), value, frame["from"]
            )
            if value == 0:
                targets = [frame["start"]]
            answer = engine.ask_or_force(
                seat,
                "move",
                say(engine, labels.MOVE_WHERE),
                [
                    (
                        f"hex:{t}",
                        say(
                            engine,
                            labels.HEX,
                            hex=t,
                            terrain=space.hex_at(engine, *space.split(t)).terrain,
                        ),
                        t,
                    )
                    for t in targets
                ],
            )
            if answer is NO_ANSWER:
                return
        if frame["from"] is not None:
            ships[frame["from"]].remove(seat)
            if not ships[frame["from"]]:
                del ships[frame["from"]]
        ships.setdefault(answer, []).append(seat)
        frame.pop("pilot", None)
        engine.log("move_ship", seat=seat, to=answer)
        frame["at"] = answer
        frame["stage"] = "place"
        answer = NO_ANSWER
    if frame["stage"] == "place":
        if answer is NO_ANSWER:
            if not can_place_at(engine, seat, frame["at"], colour):
                engine.finish(frame)
                return
            options = [
                (f"place:{m}", say(engine, labels.PLACE_CARD, card=m), m)
                for m in sorted(set(p["hand"]))
                if engine.data.missions[m].color == colour
            ]
            if value > 0:
                options.append(("skip", say(engine, labels.PLACE_NO_CARD), None))
            engine.ask(seat, "place_card", say(engine, labels.PLACE_HERE), options)
            return
        if answer is None:  # the player places no card: the action ends with the move
            engine.finish(frame)
            return
        frame["stage"] = "reward"
        place_mission(engine, seat, answer, frame["at"])
        return
    engine.finish(frame)
