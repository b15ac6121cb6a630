"""Destroy Ravagers: each activation destroys one ravager, but a location's whole stack
goes at once; destroyed ravagers go to the player's hand and free the robots they held."""

from __future__ import annotations

from ...game import NO_ANSWER, Frame, take_answer
from .. import labels
from ..labels import later
from ..tables import Engine, Text
from .activations import may_stop


def can_destroy(engine: Engine, seat: int, value: int, colour: str) -> bool:
    return value > 0 and any(0 < len(a["ravagers"]) <= value for a in engine.state["actions"])


def action_destroy(engine: Engine, frame: Frame) -> None:
    """The `action_destroy` operation."""
    seat = frame["seat"]
    state = engine.state
    p = state["players"][seat]
    frame.setdefault("left", frame["value"])
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        if answer == "stop":
            engine.finish(frame)
            return
        location = state["actions"][answer - 1]
        frame["left"] -= len(location["ravagers"])
        p["ravagers"].extend(location["ravagers"])
        for seats in location["held"].values():
            for owner in seats:
                state["players"][owner]["break_room"] += 1
        location["held"] = {}
        engine.log("destroy", seat=seat, action=answer, cards=list(location["ravagers"]))
        location["ravagers"] = []
    options: list[tuple[str, Text, int | str]] = [
        (
            f"action:{n}",
            later(
                labels.DESTROY_AT,
                ("count", len(state["actions"][n - 1]["ravagers"])),
                ("number", n),
                n=len(state["actions"][n - 1]["ravagers"]),
            ),
            n,
        )
        for n in sorted(engine.data.actions)
        if 0 < len(state["actions"][n - 1]["ravagers"]) <= frame["left"]
    ]
    if not options:
        engine.finish(frame)
        return
    if frame["left"] < frame["value"] and may_stop(engine):
        options.append(("stop", later(labels.STOP_DESTROYING), "stop"))
    engine.ask(
        seat,
        "destroy",
        later(labels.DESTROY_WHICH, ("left", frame["left"]), n=frame["left"]),
        options,
    )
