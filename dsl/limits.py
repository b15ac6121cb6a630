"""Limits raised in play, for a game written only in the language: `raise_limit N TRACK`
lifts a track's `limit` for the rest of the game (the table's for a shared track, else
the acting seat's own); interpreter/limits.py runs it."""

from __future__ import annotations

from .ast import walk_calls
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import COUNT, Primitive, param, ref

PRIMITIVES = (
    Primitive(
        "raise_limit",
        "Raise a track's limit for the rest of the game (the table's for a shared track, "
        "else the seat's own).",
        (param("amount", COUNT, lo=1), param("track", ref("track", "track"))),
        N_("raise the limit of {track} by {amount}"),
        can_fail=False,
        example="raise_limit 1 life",
    ),
)

NO_LIMIT = N_("'raise_limit' of the track '{track}', which has no 'limit' to raise")


def checks(by_kind: dict) -> list[Diagnostic]:
    """A raised limit needs a limit (an unknown track is E106 already)."""
    tracks = {t.id for t in by_kind.get("track", [])}
    limited = {t.id for t in by_kind.get("track", []) if t.value("limit") is not None}
    return [
        Diagnostic.of("E315", call.span, NO_LIMIT, track=call.values[1])
        for decls in by_kind.values()
        for decl in decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
        if call.name == "raise_limit"
        and len(call.values) == 2
        and isinstance(call.values[1], str)
        and call.values[1] not in limited
        and call.values[1] in tracks
    ]
