"""Milestones on a track, for a game written only in the language
(interpreter/milestones.py runs them).

A track with `milestones FIRST COUNT` has COUNT markers on its spaces FIRST, FIRST+1, ...
A gain that comes to the lowest space still holding a marker, or would pass it, stops
there: the marker is taken off, the track's `milestone` effect runs, the track goes back
to its start and the rest of the gain is applied again. With no marker left, a gain just
moves the track.
"""

from __future__ import annotations

from .diagnostics import Diagnostic
from .i18n import N_
from .meta import COUNT, keyword, param
from .values import COUNT_OR_VALUE, table

TRACK_FIELDS = (
    keyword(
        "milestones",
        "Markers on the track's spaces FIRST, FIRST+1, ... (COUNT of them; FIRST a number "
        "or a value by the player count): a gain that comes to or would pass the lowest "
        "marker left stops there, takes it off, runs 'milestone', goes back to the start "
        "and applies the rest of the gain again.",
        param("first", COUNT_OR_VALUE),
        param("count", COUNT, lo=1),
        example="milestones first_upgrade 8",
    ),
    keyword(
        "milestone",
        "What reaching a marker of 'milestones' does (the choices are the acting seat's, "
        "the captain's in a game of rounds with a captain).",
        effect=True,
        frames={None: N_("When a milestone is reached: {effect}")},
        example="milestone: run upgrade",
    ),
)

NO_EFFECT = N_("the track '{track}' has 'milestones' but no 'milestone' effect")
NO_MARKERS = N_("the track '{track}' has a 'milestone' effect but no 'milestones'")
FIRST_LOW = N_(
    "the first milestone of '{track}' is on space {first}: it must lie above the track's "
    "start {start}, and on space 1 at the least"
)
FIRST_LOW_FOR = N_(
    "the first milestone of '{track}' is on space {first} with {players} players: it must "
    "lie above the track's start {start}, and on space 1 at the least"
)
BEYOND = N_("the milestones of '{track}' reach space {last}, beyond the track's limit {limit}")
BEYOND_FOR = N_(
    "the milestones of '{track}' reach space {last} with {players} players, beyond the "
    "track's limit {limit}"
)


def _firsts(track, values: dict, counts: range) -> list[tuple[int, int | None]]:
    """The first marker's space with each player count: (space, players), players None
    when the number does not depend on them."""
    first = track.value("milestones", "first")
    if isinstance(first, int):
        return [(first, None)]
    table = values.get(first, {})
    return [(table[n], n) for n in counts if n in table]


def checks(by_kind: dict) -> list[Diagnostic]:
    """Milestones need their effect and the effect its markers; every marker lies above
    the start (space 1 at the least) and within the limit, with every player count."""
    game = next(iter(by_kind.get("game", [])), None)
    span = game.value("players") if game is not None else None
    counts = range(span[0], span[1] + 1) if isinstance(span, tuple) else range(1, 2)
    values = {v.id: table(v) for v in by_kind.get("value", []) if v.id is not None}
    out = []
    for track in by_kind.get("track", []):
        has_markers = track.first("milestones") is not None
        has_effect = track.first("milestone") is not None
        if has_markers != has_effect:
            message = NO_EFFECT if has_markers else NO_MARKERS
            out.append(Diagnostic.of("E315", track.item.span, message, track=track.id))
        count = track.value("milestones", "count")
        if not has_markers or not isinstance(count, int):
            continue
        start, limit = track.value("start", default=0), track.value("limit")
        for first, players in _firsts(track, values, counts):
            told = (
                {"track": track.id} if players is None else {"track": track.id, "players": players}
            )
            if first < 1 or first <= start:
                low = FIRST_LOW if players is None else FIRST_LOW_FOR
                out.append(
                    Diagnostic.of("E315", track.item.span, low, first=first, start=start, **told)
                )
                break
            if limit is not None and first + count - 1 > limit:
                beyond = BEYOND if players is None else BEYOND_FOR
                last = first + count - 1
                out.append(
                    Diagnostic.of("E315", track.item.span, beyond, last=last, limit=limit, **told)
                )
                break
    return out
