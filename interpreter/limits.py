"""Limits raised in play (dsl/limits.py `raise_limit`), for a game written only in the
language: a track's limit goes up for the rest of the game, the table's for a shared
track, else the acting seat's own; every gain and check of the limit reads the limit as
it is now (core_primitives.limit).

State (only when the rules raise a limit): `limits.table[track]` the limit of a shared
track now, `limits.seats[seat][track]` that of a track of each seat's own, for every
track some `raise_limit` names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..dsl.ast import walk_calls
from ..dsl.i18n import N_
from .game import Frame, Implementation

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine
    from .program import Program

RAISED = N_("  the limit of {track} goes up by {amount}: now {limit}")
LIMIT = N_("{track}: limit {limit}")


def raised(ruleset: RuleSet) -> tuple[str, ...]:
    """The tracks some `raise_limit` of the rules names, in declaration order."""
    named = {
        call.values[1]
        for decl in ruleset.decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
        if call.name == "raise_limit" and len(call.values) == 2
    }
    return tuple(t.id for t in ruleset.of_kind("track") if t.id is not None and t.id in named)


def setup(program: Program, state: dict, players: int) -> None:
    if not program.raised:
        return
    own = [n for n in program.raised if not program.tracks[n].shared]
    state["limits"] = {
        "table": {n: program.tracks[n].limit for n in program.raised if program.tracks[n].shared},
        "seats": [{n: program.tracks[n].limit for n in own} for _ in range(players)],
    }


def raise_limit(engine: Engine, frame: Frame) -> None:
    amount, track = frame["args"]
    seat = frame["seat"]
    held = engine.state["limits"]
    record = held["table"] if engine.data.tracks[track].shared else held["seats"][seat]
    record[track] += amount
    engine.log("raise_limit", seat=seat, track=track, amount=amount, limit=record[track])
    engine.finish(frame)


IMPLEMENTATIONS = {"raise_limit": Implementation(raise_limit)}


def invariants(engine: Engine) -> list[str]:
    """A limit is only ever raised."""
    held = engine.state.get("limits")
    if held is None:
        return []
    records = [("the table", held["table"])] + [
        (f"P{seat + 1}", own) for seat, own in enumerate(held["seats"])
    ]
    return [
        f"{who}'s limit of {track} is {limit}, below the rules' {engine.data.tracks[track].limit}"
        for who, record in records
        for track, limit in record.items()
        if limit < engine.data.tracks[track].limit
    ]


def lines(engine: Engine, seat: int | None) -> list[tuple[str, str]]:
    """The raised limits now (the table's, then the seat's own), each line with a key."""
    held = engine.state.get("limits")
    if held is None:
        return []
    text = engine.data.text
    records = [("table", held["table"])]
    if isinstance(seat, int):
        records.append((str(seat), held["seats"][seat]))
    return [
        (
            f"limit:{key}:{track}",
            text.fill(LIMIT, {"track": text.word(track, None, 2), "limit": limit}),
        )
        for key, record in records
        for track, limit in record.items()
    ]


def narrate(event: dict, text: TextRenderer) -> str | None:
    if event["event"] != "raise_limit":
        return None
    values = {"track": text.word(event["track"], None, 2), "amount": event["amount"]}
    return text.fill(RAISED, {**values, "limit": event["limit"]})
