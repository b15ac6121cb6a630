"""What a trigger did: logged when its effect is over, so that the log can say it and the
final score can name it as a source of points.

When a trigger starts, the `triggers` operation notes where the log is and the tracks of
the seat it runs for; when its effect is over, `log_result` logs a `trigger_done` event
with the change of each track. A trigger raised inside another one logs its own result
first, and the outer one leaves that part out, so that each point counts once. Only a
game that keeps its log does this (a bot's look-ahead does not need it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core_primitives import record

if TYPE_CHECKING:
    from .engine import Engine, Seat
    from .game import Frame

DONE = "trigger_done"  # the log event of a trigger whose effect is over


def _tracks(engine: Engine, seat: Seat) -> dict[str, int]:
    return {track: record(engine, seat, track).get(track, 0) for track in engine.data.tracks}


def note_start(engine: Engine, frame: Frame, seat: Seat) -> None:
    """Before a trigger's effect runs: where the log is, and the seat's tracks."""
    if engine.logging:
        frame["before"] = [len(engine.state["log"]), seat, _tracks(engine, seat)]


def log_result(engine: Engine, frame: Frame, name: str, event: str) -> None:
    """After a trigger's effect: log what it changed on the tracks of its seat (the
    changes of the triggers it raised left out: they logged their own)."""
    noted = frame.pop("before", None)
    if noted is None or not engine.logging:
        return
    start, seat, before = noted
    nested: dict[str, int] = {}
    for logged in engine.state["log"][start:]:
        if logged["event"] == DONE and logged["seat"] == seat:
            for track, amount in logged["changes"].items():
                nested[track] = nested.get(track, 0) + amount
    after = _tracks(engine, seat)
    changes = {
        track: change
        for track in after
        if (change := after[track] - before.get(track, 0) - nested.get(track, 0))
    }
    engine.log(DONE, seat=seat, name=name, on=event, changes=changes)


def points(log: list[dict], seat: int, track: str) -> dict[str, int]:
    """The points each trigger gave a seat on a track over a game (net; none left out),
    in the order the triggers first changed it."""
    found: dict[str, int] = {}
    for logged in log:
        if logged["event"] == DONE and logged["seat"] == seat and track in logged["changes"]:
            found[logged["name"]] = found.get(logged["name"], 0) + logged["changes"][track]
    return {name: amount for name, amount in found.items() if amount}
