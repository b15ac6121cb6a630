"""Milestones on a track (dsl/milestones.py): the markers on its spaces and the gain that
stops at them, for a game written only in the language.

A gain on a track with markers left comes to the lowest marker, or would pass it: it
stops there, the marker is taken off, the track's `milestone` effect runs (for the
round's captain in a game of rounds with a captain, else for the seat that gains), the
track goes back to its start and the rest of the gain is applied again, maybe up to the
next marker. With no marker left a gain moves the track as any gain does (up to its
limit). The thresholds of a cooperative game are checked after every move.

State (only when a track has milestones): `milestones.table[track]` the spaces of a shared
track that still hold a marker, lowest first; `milestones.seats[seat][track]` the same for
a track of each seat's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl.i18n import N_
from . import core_primitives as core
from . import outcomes
from .game import Frame, Implementation

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat
    from .program import Program

REACHED = N_("  {track}: milestone {number} of {count} reached, on space {space}")
BACK = N_("  {track}: back to {start}")
LEFT = N_("{track}: milestones left on spaces {spaces}")
NONE_LEFT = N_("{track}: no milestone left")


@dataclass(frozen=True)
class Milestones:
    first: int | str  # the first marker's space: a number, or a value by the player count
    count: int
    effect: int  # the number of the track's `milestone` effect


def tables(ruleset: RuleSet, program: Program) -> dict[str, Milestones]:
    """The tracks with milestones, their effects numbered in the program."""
    out = {}
    for decl in ruleset.of_kind("track"):
        use = decl.first("milestone")
        first, count = decl.value("milestones", "first"), decl.value("milestones", "count")
        if decl.id is not None and use is not None and first is not None and count:
            out[decl.id] = Milestones(first, count, program.lower_required(use.effect))
    return out


def spaces(data: Program, track: str, players: int) -> list[int]:
    """The spaces a track's markers lie on at set-up, lowest first."""
    spec = data.milestones[track]
    first = data.count(spec.first, players)
    return list(range(first, first + spec.count))


def setup(program: Program, state: dict, players: int) -> None:
    if not program.milestones:
        return
    shared = {n for n in program.milestones if program.tracks[n].shared}
    state["milestones"] = {
        "table": {n: spaces(program, n, players) for n in program.milestones if n in shared},
        "seats": [
            {n: spaces(program, n, players) for n in program.milestones if n not in shared}
            for _ in range(players)
        ],
    }


def left(engine: Engine, seat: Seat, track: str) -> list[int] | None:
    """The spaces of a track that still hold a marker (the table's, or the seat's); None
    for a track without milestones."""
    if track not in engine.data.milestones:
        return None
    held = engine.state["milestones"]
    if not engine.data.tracks[track].shared:
        return held["seats"][seat][track]
    return held["table"][track]


def gain(engine: Engine, frame: Frame) -> None:
    """`gain` (and `gain_highest`) on a track: up to each marker it comes to, then the
    milestone's effect; back at the start, the rest of the gain."""
    track = frame["args"][-1]
    seat = frame["seat"]
    held = core.record(engine, seat, track)
    if "left" not in frame:
        roll = max(engine.state.get("roll") or [0])
        frame["left"] = frame["args"][0] if len(frame["args"]) == 2 else roll
    elif frame.pop("back", False):  # the milestone's effect is over
        held[track] = engine.data.tracks[track].start
        engine.log("milestone_back", track=track, start=held[track])
        if not frame["left"]:
            engine.finish(frame)
            return
    amount = frame["left"]
    markers = left(engine, seat, track)
    if not markers or held[track] + amount < markers[0]:
        core.gain_points(engine, seat, amount, track)
        outcomes.check(engine)
        engine.finish(frame)
        return
    step = max(0, markers[0] - held[track])
    core.gain_points(engine, seat, step, track)
    space = markers.pop(0)
    frame["left"], frame["back"] = amount - step, True
    spec = engine.data.milestones[track]
    number = spec.count - len(markers)
    engine.log("milestone", track=track, number=number, count=spec.count, space=space)
    outcomes.check(engine)
    if _lost(engine):  # the stack was cut to the procedure and this frame
        engine.finish(frame)
        return
    captain = engine.state["rounds"].get("captain") if engine.data.round_phases else None
    chooser = seat if captain is None else captain
    engine.run_effect(chooser, spec.effect, {"milestone": track})


def _lost(engine: Engine) -> bool:
    """Whether the team has lost: nothing more is carried out."""
    outcome = engine.state["rounds"].get("outcome")
    return outcome is not None and outcome["result"] == "lose"


def can_gain(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """A gain that would stop at a marker can always be made, and so can a gain on a track
    whose limit the rules raise (at the limit it does nothing), so that `raise_limit 1
    life, gain 1 life` can be chosen on a full track; else the limit decides."""
    if left(engine, seat, args[-1]) or args[-1] in engine.data.raised:
        return True
    return core.can_gain(engine, seat, args, ctx)


IMPLEMENTATIONS = {
    "gain": Implementation(gain, can_gain),
    "gain_highest": Implementation(gain),
}


def invariants(engine: Engine) -> list[str]:
    """Each record of markers is what is left of its set-up spaces after the lowest went."""
    held = engine.state.get("milestones")
    if held is None:
        return []
    out = []
    records = [("the table", held["table"])] + [
        (f"P{seat + 1}", own) for seat, own in enumerate(held["seats"])
    ]
    for who, record in records:
        for track, markers in record.items():
            full = spaces(engine.data, track, engine.players)
            if markers != full[len(full) - len(markers) :]:
                out.append(f"{who}'s milestones of {track} are {markers}, not the last of {full}")
    return out


def lines(engine: Engine, seat: int | None) -> list[tuple[str, str]]:
    """What is left of each track's markers (the table's, then the seat's own), each line
    with a key: for the terminal and the web table."""
    held = engine.state.get("milestones")
    if held is None:
        return []
    text = engine.data.text
    records = [("table", held["table"])]
    if isinstance(seat, int):
        records.append((str(seat), held["seats"][seat]))
    out = []
    for key, record in records:
        for track, markers in record.items():
            noun = text.word(track, None, 2)
            if markers:
                shown = text.join([str(space) for space in markers])
                out.append(
                    (f"milestones:{key}:{track}", text.fill(LEFT, {"track": noun, "spaces": shown}))
                )
            else:
                out.append((f"milestones:{key}:{track}", text.fill(NONE_LEFT, {"track": noun})))
    return out


def narrate(event: dict, text: TextRenderer) -> str | None:
    """A line of the log for a milestone reached or a track back at its start."""
    if event["event"] == "milestone":
        values = {**event, "track": text.word(event["track"], None, 2)}
        return text.fill(REACHED, values)
    if event["event"] == "milestone_back":
        return text.fill(
            BACK, {"track": text.word(event["track"], None, 2), "start": event["start"]}
        )
    return None
