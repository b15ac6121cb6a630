"""Command Your Ships: move one ship (launching a new one from the Black Angel's hex),
then maybe place a mission card of the die's colour where it stops (missions.py).

A star die (value 0) moves nothing and must place a card: under a ship already there
or, with the ruling star_die_launch = allow, under a new ship launched onto the Black
Angel's hex (the pilot and the card's robot both come from the break room).
"""

from __future__ import annotations

from ...game import NO_ANSWER, Frame, take_answer
from .. import labels, space
from ..labels import later
from ..layout import hex_key
from ..missions import place_mission
from ..tables import Engine, Text


def black_angel_hex(engine: Engine) -> str:
    strip, pos = engine.state["space"]["black_angel"]
    return hex_key(strip, pos)


def launch_targets(engine: Engine, seat: int, value: int) -> list[str]:
    """Where a newly launched ship can end its move: it starts on the Black Angel's hex
    (an asteroid field too, under its shield), and a star die moves it nowhere."""
    strip, pos = engine.state["space"]["black_angel"]
    if value == 0:
        can_stay = space.can_end_at(engine, seat, strip, pos, None)
        return [hex_key(strip, pos)] if can_stay else []
    return space.destinations(engine, seat, (strip, pos), value, None)


def can_launch(engine: Engine, seat: int, value: int, colour: str) -> bool:
    """A ship in storage, a pilot in the break room, and somewhere for the ship to end;
    with a star die, only if the ruling allows it and the card it must place can go on
    the Black Angel's hex (a second robot for the card)."""
    p = engine.state["players"][seat]
    if p["storage"]["ship"] <= 0 or p["break_room"] <= 0:
        return False
    if value == 0 and (
        engine.ruling("star_die_launch") != "allow"
        or p["break_room"] < 2
        or not can_place_at(engine, seat, black_angel_hex(engine), colour)
    ):
        return False
    strip, pos = engine.state["space"]["black_angel"]
    return space.can_end_somewhere(engine, seat, (strip, pos), value, None)


def command_ships(engine: Engine, seat: int, value: int, colour: str) -> list[tuple[str, Text]]:
    """Ships that can be commanded with this die: ("launch", label) or (hex key, label).
    A star die moves nothing, so only a ship where a card can be placed."""
    out = []
    if can_launch(engine, seat, value, colour):
        out.append(("launch", later(labels.LAUNCH)))
    for key, seats in sorted(engine.state["space"]["ships"].items()):
        if seat in seats and (value > 0 or can_place_at(engine, seat, key, colour)):
            out.append((key, later(labels.YOUR_SHIP, ("hex", key))))
    return out


def can_place_at(engine: Engine, seat: int, key: str, colour: str) -> bool:
    """A card of the die's colour on a hex of that colour without a card (the Black Angel
    or a ship there does not prevent it), with a robot in the break room for it."""
    if space.terrain_of(engine, key) != colour or key in engine.state["space"]["cards"]:
        return False
    p = engine.state["players"][seat]
    return p["break_room"] > 0 and any(engine.data.missions[m].color == colour for m in p["hand"])


def can_command(engine: Engine, seat: int, value: int, colour: str) -> bool:
    """Whether `command_ships` has any ship (without labelling them): a ship in space
    first, a launch (which needs a search of where it could go) last."""
    if any(
        seat in seats and (value > 0 or can_place_at(engine, seat, key, colour))
        for key, seats in engine.state["space"]["ships"].items()
    ):
        return True
    return can_launch(engine, seat, value, colour)


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
            ships_now = command_ships(engine, seat, value, colour)
            options = [(f"ship:{k}", label, k) for k, label in ships_now]
            if not options:
                # the ravager's effect took what the action needed (e.g. the last robot)
                engine.log("action_impossible", seat=seat, action=frame["action"])
                engine.finish(frame, False)
                return
            answer = engine.ask_or_force(seat, "ship", later(labels.WHICH_SHIP), options)
            if answer is NO_ANSWER:
                return
        if answer == "launch":
            p["storage"]["ship"] -= 1
            p["break_room"] -= 1
            start = black_angel_hex(engine)
            frame["from"] = None
            frame["pilot"] = seat  # the robot is in the cockpit until the ship lands
            engine.log("launch", seat=seat, at=start)
        else:
            start = answer
            frame["from"] = answer
        frame["start"] = start
        frame["stage"] = "move"
        answer = NO_ANSWER
    if frame["stage"] == "move":
        if answer is NO_ANSWER:
            if frame["from"] is None:
                targets = launch_targets(engine, seat, value)
            elif value == 0:
                targets = [frame["start"]]
            else:
                targets = space.destinations(
                    engine, seat, space.split(frame["start"]), value, frame["from"]
                )
            answer = engine.ask_or_force(
                seat,
                "move",
                later(labels.MOVE_WHERE),
                [
                    (
                        f"hex:{t}",
                        later(
                            labels.HEX,
                            ("hex", t),
                            ("terrain", space.terrain_of(engine, t)),
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
            cards: list[tuple[str, Text, str | None]] = [
                (f"place:{m}", later(labels.PLACE_CARD, ("card", m)), m)
                for m in sorted(set(p["hand"]))
                if engine.data.missions[m].color == colour
            ]
            if value > 0:
                cards.append(("skip", later(labels.PLACE_NO_CARD), None))
            engine.ask(seat, "place_card", later(labels.PLACE_HERE), cards)
            return
        if answer is None:  # the player places no card: the action ends with the move
            engine.finish(frame)
            return
        frame["stage"] = "reward"
        place_mission(engine, seat, answer, frame["at"])
        return
    engine.finish(frame)
