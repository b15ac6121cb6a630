"""The core primitives every game has (dsl/core.py): tracks, phases, events, dice and
conditions.

A track is a number per player, kept at `players[seat][track]` (or in the record the
game's `holder` names, for an automated opponent); a `shared` track is one number for the
table, kept at `shared[track]`, whoever moves it. How low it may go is its `min`, else
the game's to say (`Game.track_floor`); how high, its `limit`, and what a gain beyond that
does, its `past_limit` rule. The last roll of dice is `state["roll"]`, a list of faces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game import Frame, Implementation

if TYPE_CHECKING:
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat
    from .program import Track


def rule(engine: Engine, value: str, words: tuple[str, ...]) -> str:
    """A rule given as one of `words` or as the name of a ruling whose option is one."""
    return value if value in words else engine.ruling(value)


def record(engine: Engine, seat: Seat, track: str) -> dict:
    """The record that holds a seat's value of a track: the table's for a shared track."""
    if engine.data.tracks[track].shared:
        shared: dict = engine.state["shared"]
        return shared
    return engine.data.game.holder(engine.state, seat)


def _table(engine: Engine, track: str, held: dict) -> dict:
    """For the log of a move on a shared track: the table's value after it."""
    return {"shared": held[track]} if engine.data.tracks[track].shared else {}


def limit(engine: Engine, seat: Seat, track: str) -> int | None:
    """A track's limit now: the rules' `limit`, or higher once `raise_limit` raised it
    (the table's for a shared track, else the seat's; interpreter/limits.py)."""
    bounds = engine.data.tracks[track]
    raised = engine.state.get("limits")
    if raised is None or bounds.limit is None:
        return bounds.limit
    held = raised["table"] if bounds.shared else raised["seats"][seat]
    return held.get(track, bounds.limit)


def past_limit(engine: Engine, track: Track, start: int, amount: int, top: int | None) -> int:
    """Where a gain of `amount` from `start` ends on a track whose limit is `top`."""
    target = start + amount
    if top is None or target <= top:
        return target
    how = rule(engine, track.past_limit, ("overshoot", "exact", "bounce"))
    if how == "overshoot":
        return top
    if how == "exact":
        return start
    back = 2 * top - target
    return back if track.min is None else max(track.min, back)


def gain_points(engine: Engine, seat: Seat, amount: int, track: str) -> None:
    """Move a player up a track; on a track with a `limit`, the log says where it ended."""
    player = record(engine, seat, track)
    bounds = engine.data.tracks[track]
    if bounds.limit is None:
        player[track] += amount
        shared = _table(engine, track, player)
        engine.log("gain_vp", seat=seat, amount=amount, track=track, **shared)
        return
    start = player[track]
    player[track] = past_limit(engine, bounds, start, amount, limit(engine, seat, track))
    to = player[track]
    shared = _table(engine, track, player)
    engine.log("gain_vp", seat=seat, amount=amount, track=track, start=start, to=to, **shared)


def gain(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    gain_points(engine, frame["seat"], amount, track)
    engine.finish(frame)


def can_gain(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """A bounded track: not once at its limit; with `exact`, not past it."""
    amount, track = args
    bounds, top = engine.data.tracks[track], limit(engine, seat, track)
    if top is None:
        return True
    value = record(engine, seat, track)[track]
    if rule(engine, bounds.past_limit, ("overshoot", "exact", "bounce")) == "exact":
        return value + amount <= top
    return value < top


def lose_points(engine: Engine, seat: Seat, amount: int, track: str) -> None:
    """Move a player down a track, no lower than its `min` or the game's floor for it."""
    player = record(engine, seat, track)
    floor = engine.data.tracks[track].min
    if floor is None:
        floor = engine.data.game.track_floor(engine, track)
    player[track] -= amount
    if floor is not None and player[track] < floor:
        player[track] = floor
    engine.log("lose_vp", seat=seat, amount=amount, track=track, **_table(engine, track, player))


def lose(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    lose_points(engine, frame["seat"], amount, track)
    engine.finish(frame)


def pay_points(engine: Engine, seat: Seat, amount: int, track: str) -> None:
    """Move a seat down a track as a cost (the check said it has that much)."""
    held = record(engine, seat, track)
    held[track] -= amount
    engine.log("pay", seat=seat, amount=amount, track=track, **_table(engine, track, held))


def pay(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    pay_points(engine, frame["seat"], amount, track)
    engine.finish(frame)


def can_pay(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """Only what the seat has: down to the track's `min` (0 without one)."""
    amount, track = args
    floor = engine.data.tracks[track].min or 0
    return record(engine, seat, track)[track] - amount >= floor


def roll(engine: Engine, frame: Frame) -> None:
    dice, faces = frame["args"]
    rolled = [engine.rng.below(faces) + 1 for _ in range(dice)]
    engine.state["roll"] = rolled
    engine.log("roll", seat=frame["seat"], faces=rolled)
    engine.finish(frame)


def gain_highest(engine: Engine, frame: Frame) -> None:
    (track,) = frame["args"]
    gain_points(engine, frame["seat"], max(engine.state.get("roll") or [0]), track)
    engine.finish(frame)


def nothing(engine: Engine, frame: Frame) -> None:
    """A condition run as an effect (a guard before `->`): its check was the point."""
    engine.finish(frame)


def doubles(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    faces = engine.state.get("roll") or []
    return len(set(faces)) < len(faces)


def at_least(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    amount, track = args
    return record(engine, seat, track)[track] >= amount


def at_most(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    amount, track = args
    return record(engine, seat, track)[track] <= amount


def ruled(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    name, option = args
    return engine.ruling(name) == option


def run_phase(engine: Engine, frame: Frame) -> None:
    if frame.get("started"):
        engine.finish(frame, engine.state["result"])
        return
    frame["started"] = True
    engine.push({"op": "phase", "seat": frame["seat"], "phase": frame["args"][0], "pc": 0})


def can_run(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return all(engine.can(seat, effect, ctx) for _, effect in engine.data.phases[args[0]])


def phase_label(args: tuple, text: TextRenderer) -> str:
    """An option that runs a phase reads as the phase's name ("sequence a")."""
    return text.word(str(args[0]))


def phase_option_id(args: tuple) -> str:
    """An option that runs a phase has the phase's name as its id ("sequence_a")."""
    return str(args[0])


def emit(engine: Engine, frame: Frame) -> None:
    engine.log("event", name=frame["args"][0], seat=frame["seat"])
    engine.raise_event(frame["args"][0], frame["seat"])
    engine.finish(frame)


CORE_IMPLEMENTATIONS = {
    "gain": Implementation(gain, can_gain),
    "lose": Implementation(lose),
    "run": Implementation(run_phase, can_run, phase_label, phase_option_id),
    "emit": Implementation(emit),
    "pay": Implementation(pay, can_pay),
    "roll": Implementation(roll),
    "gain_highest": Implementation(gain_highest),
    "doubles": Implementation(nothing, doubles),
    "at_least": Implementation(nothing, at_least),
    "at_most": Implementation(nothing, at_most),
    "ruled": Implementation(nothing, ruled),
}
