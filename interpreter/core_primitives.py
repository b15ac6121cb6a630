"""The core primitives every game has (dsl/core.py): tracks, phases and events.

A track is a number per player, kept at `players[seat][track]` (or in the record the
game's `holder` names, for an automated opponent). How low it may go is the game's to
say (`Game.track_floor`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game import Frame, Implementation

if TYPE_CHECKING:
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat


def gain(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    engine.data.game.holder(engine.state, frame["seat"])[track] += amount
    engine.log("gain_vp", seat=frame["seat"], amount=amount, track=track)
    engine.finish(frame)


def lose_points(engine: Engine, seat: Seat, amount: int, track: str) -> None:
    """Move a player down a track, no lower than the game's floor for it."""
    player = engine.data.game.holder(engine.state, seat)
    floor = engine.data.game.track_floor(engine, track)
    player[track] -= amount
    if floor is not None and player[track] < floor:
        player[track] = floor
    engine.log("lose_vp", seat=seat, amount=amount, track=track)


def lose(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    lose_points(engine, frame["seat"], amount, track)
    engine.finish(frame)


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
    "gain": Implementation(gain),
    "lose": Implementation(lose),
    "run": Implementation(run_phase, can_run, phase_label, phase_option_id),
    "emit": Implementation(emit),
}
