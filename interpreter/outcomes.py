"""The outcome of a cooperative game written in the language (dsl/outcomes.py): the seats
win or lose together when a track reaches its `win_at` or `lose_at`.

The thresholds are checked whenever a track moves (the procedure's own lose and pay
here, gain and gain_highest in interpreter/milestones.py). A loss ends the game at once:
what was still to run is dropped. A win waits for the end of the step it was reached in,
so that a loss that the same step brings (the last blow that also overheats) comes
first; a card of a resolution queue is such a step (interpreter/queues.py). Running out of
rounds loses, unless the rules say `cooperative survive`.

State: `rounds.outcome`, set when the game is decided: `result` ("win" or "lose"), and the
`track` and `value` of the threshold that decided it (None when the rounds ran out); a win
reached and waiting for the end of its step is `rounds.won` (the track's name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import core_primitives as core
from .game import Frame, Implementation

if TYPE_CHECKING:
    from .engine import Engine, Seat
    from .program import Track


LOSS_MARGIN = 4.0  # what a lose_at one step away costs a bot's estimate (four steps: 1)
SPARE_POINT = 0.1  # what a point of a shared track without threshold adds to it


def reached(track: Track, value: int, threshold: int | None) -> bool:
    """Whether a value has come to a threshold or gone beyond it, seen from the start."""
    if threshold is None:
        return False
    if threshold < track.start:
        return value <= threshold
    return value >= threshold


def values(engine: Engine, name: str) -> list[int]:
    """A track's values: the table's one for a shared track, else each seat's."""
    if engine.data.tracks[name].shared:
        return [engine.state["shared"][name]]
    return [player[name] for player in engine.state["players"]]


def _first(engine: Engine, which: str) -> tuple[str, int] | None:
    """The first track (in declaration order) at its `win_at` or `lose_at`, and the value."""
    for name, track in engine.data.tracks.items():
        threshold = getattr(track, which)
        if any(reached(track, value, threshold) for value in values(engine, name)):
            return name, threshold
    return None


def progress(engine: Engine) -> float:
    """How well the team does, for bots: the nearer every `win_at`, the better; a `lose_at`
    weighs more the nearer it comes (the seat nearest to it): one step from it costs four
    times what four steps do, so that a bot spends a margin it has and keeps one it lacks.
    A shared track with neither threshold counts a little for each point (an experience or
    upgrade track: more is better)."""
    out = 0.0
    for name, track in engine.data.tracks.items():
        seen = values(engine, name)
        if track.win_at is not None:
            out -= min(abs(value - track.win_at) for value in seen)
        if track.lose_at is not None:
            nearest = min(abs(value - track.lose_at) for value in seen)
            out -= LOSS_MARGIN / max(nearest, 0.5)
        if track.shared and track.win_at is None and track.lose_at is None:
            out += SPARE_POINT * seen[0]
    return out


def decide(engine: Engine, result: str, track: str | None, value: int | None) -> None:
    """The team's fate is sealed (the procedure's `game_end` tells it in the log)."""
    play = engine.state["rounds"]
    play["outcome"] = {"result": result, "track": track, "value": value}
    play["won"] = None


def check(engine: Engine) -> None:
    """After a track moved: a loss ends the game at once; a win waits for its step's end.
    The stack is cut to the procedure's own frame and the running primitive's, which
    finishes as usual and hands back to the procedure."""
    if engine.data.cooperative is None or engine.state["rounds"]["outcome"] is not None:
        return
    lost = _first(engine, "lose_at")
    if lost is not None:
        decide(engine, "lose", *lost)
        stack = engine.state["stack"]
        del stack[1:-1]
        engine.state["triggered"] = []
        return
    won = _first(engine, "win_at")
    if won is not None and engine.state["rounds"]["won"] is None:
        engine.state["rounds"]["won"] = won[0]


def settle(engine: Engine) -> bool:
    """A win reached and waiting is decided now, when the card of a queue it was reached
    in is over (a queue's cards are the steps of its resolution): the stack is cut as for
    a loss. Whether the game was decided."""
    play = engine.state["rounds"]
    if engine.data.cooperative is None or play["won"] is None or play["outcome"] is not None:
        return False
    track = play["won"]
    decide(engine, "win", track, engine.data.tracks[track].win_at)
    del engine.state["stack"][1:-1]
    engine.state["triggered"] = []
    return True


def step(engine: Engine, frame: Frame) -> None:
    """The `step` operation: a phase carried out by a seat at the top of a cooperative game,
    as the `phase` operation does, deciding a win reached in a step once the step is over
    (and its triggers have run)."""
    play = engine.state["rounds"]
    if frame["pc"] and play["won"] is not None and play["outcome"] is None:
        track = play["won"]
        decide(engine, "win", track, engine.data.tracks[track].win_at)
        engine.finish(frame)
        return
    steps = engine.data.phases[frame["phase"]]
    if frame["pc"] < len(steps):
        name, effect = steps[frame["pc"]]
        frame["pc"] += 1
        engine.run_effect(frame["seat"], effect, {"step": name})
        return
    engine.finish(frame)


def rounds_out(engine: Engine) -> None:
    """The last round is over: the team survived it, or ran out of time."""
    result = "win" if engine.data.cooperative == "survive" else "lose"
    decide(engine, result, None, None)


def _lose(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    core.lose_points(engine, frame["seat"], amount, track)
    check(engine)
    engine.finish(frame)


def _pay(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    core.pay_points(engine, frame["seat"], amount, track)
    check(engine)
    engine.finish(frame)


def _captain(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return seat == engine.state["rounds"].get("captain")


# the core's track primitives that move a track down, each checking the thresholds once
# it has moved it (the gains, which may stop at milestones, are interpreter/milestones.py's);
# and the condition `captain`
IMPLEMENTATIONS = {
    "lose": Implementation(_lose),
    "pay": Implementation(_pay, core.can_pay),
    "captain": Implementation(core.nothing, _captain),
}
