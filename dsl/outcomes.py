"""The words of a cooperative game and of a round made of phases, for a game written only
in the language (the engine's own procedure reads them: interpreter/procedure.py and
interpreter/outcomes.py).

A `shared` track has one value for the whole table, whoever moves it. In a `cooperative`
game the seats win or lose together: a track's `lose_at` and `win_at` are reached when it
comes to that value or goes beyond it, seen from where it starts; a loss reached in the
same step as a win is a loss; and running out of `rounds` loses, unless the game says
`cooperative survive`. A game's `round` lines list the phases of a round, each carried
out by the round's captain or by each seat in turn from the captain; the captain moves
to the next seat every round.
"""

from __future__ import annotations

from .ast import walk_calls
from .core import PHASE
from .diagnostics import Diagnostic
from .i18n import N_
from .meta import INT, Primitive, keyword, param, words

ROUNDS_END = ("lose", "survive")  # what running out of rounds does in a cooperative game
BY = ("captain", "each")  # who carries out a phase of a round
FIRST_CAPTAIN = ("first", "random")

GAME_FIELDS = (
    keyword(
        "cooperative",
        "The seats play as one team: they all win or all lose together, when a track "
        "reaches its win_at or lose_at (a loss first); running out of rounds loses, or "
        "wins with survive.",
        param("rounds_end", words(*ROUNDS_END), optional=True),
        example="cooperative survive",
    ),
    keyword(
        "round",
        "One phase of a round, carried out by the round's captain or by each seat in turn "
        "from the captain; a round is these lines in order (instead of 'turn').",
        param("phase", PHASE),
        param("by", words(*BY)),
        repeat=True,
        example="round command each",
    ),
    keyword(
        "first_captain",
        "Who leads the first round: the first seat, or a seat drawn at random (the captain "
        "moves to the next seat every round).",
        param("who", words(*FIRST_CAPTAIN)),
        example="first_captain random",
    ),
)

TRACK_FIELDS = (
    keyword(
        "shared",
        "One value for the whole table, not one per seat: whoever gains, loses or pays "
        "moves the same value.",
        example="shared",
    ),
    keyword(
        "win_at",
        "In a cooperative game, the team wins when the track comes to this value or goes "
        "beyond it (seen from its start).",
        param("value", INT),
        example="win_at 0",
    ),
    keyword(
        "lose_at",
        "In a cooperative game, the team loses when the track comes to this value or goes "
        "beyond it (seen from its start); checked before win_at.",
        param("value", INT),
        example="lose_at 4",
    ),
)

PRIMITIVES = (
    Primitive(
        "captain",
        "A condition: the seat is the captain of this round.",
        (),
        N_("you are the captain"),
        condition=True,
        example="draw 1 orders if captain",
    ),
)


def _error(code: str, decl, message: str, **values) -> Diagnostic:
    return Diagnostic.of(code, decl.item.span, message, **values)


def checks(by_kind: dict) -> list[Diagnostic]:
    """What the procedure could not carry out: a threshold outside a cooperative game, a
    threshold reached at set-up, a competitive end in a cooperative game, a team that can
    never win; both `turn` and `round`; a captain in a game without rounds of phases."""
    game = next(iter(by_kind.get("game", [])), None)
    if game is None:
        return []
    tracks = by_kind.get("track", [])
    cooperative = game.first("cooperative") is not None
    out = []
    for track in tracks:
        for key in ("win_at", "lose_at"):
            value = track.value(key)
            if value is None:
                continue
            if not cooperative:
                out.append(
                    _error(
                        "E305",
                        track,
                        N_("'{keyword}' needs a cooperative game: add 'cooperative' to the game"),
                        keyword=key,
                    )
                )
            elif value == track.value("start", default=0):
                out.append(
                    _error(
                        "E305",
                        track,
                        N_("the track '{track}' starts on its '{keyword}': reached at set-up"),
                        track=track.id,
                        keyword=key,
                    )
                )
    if cooperative:
        competitive = [k for k in ("score", "tie_break") if game.first(k) is not None]
        out += [
            _error(
                "E305",
                game,
                N_("a cooperative game has no '{keyword}': its seats win or lose together"),
                keyword=key,
            )
            for key in competitive
        ]
        out += [
            _error(
                "E305",
                track,
                N_("a cooperative game has no '{keyword}': its seats win or lose together"),
                keyword="end_at",
            )
            for track in tracks
            if track.first("end_at") is not None
        ]
        survive = game.value("cooperative", "rounds_end") == "survive"
        if not survive and not any(t.value("win_at") is not None for t in tracks):
            out.append(
                _error(
                    "E305",
                    game,
                    N_(
                        "the team can never win: give a track 'win_at', or say 'cooperative "
                        "survive'"
                    ),
                )
            )
    else:
        shared = {t.id for t in tracks if t.first("shared") is not None}
        out += [
            _error(
                "E305",
                game,
                N_("the track '{track}' is shared: it cannot tell the seats' scores apart"),
                track=game.value(key),
            )
            for key in ("score", "tie_break")
            if game.value(key) in shared
        ]
        if tracks and len(shared) == len(tracks):
            out.append(
                _error(
                    "E305",
                    game,
                    N_("every track is shared: a competitive game needs one of each seat's"),
                )
            )
    out += _round_checks(game, by_kind)
    return out


def _round_checks(game, by_kind: dict) -> list[Diagnostic]:
    """A turn or a round, not both; a captain only in a game of rounds of phases."""
    rounds = game.fields.get("round", [])
    if rounds and game.first("turn") is not None:
        return [
            _error(
                "E306",
                game,
                N_("a game has 'turn' or 'round', not both"),
            )
        ]
    if rounds:
        return []
    out = []
    if game.first("first_captain") is not None:
        out.append(
            _error("E306", game, N_("'first_captain' needs rounds of phases: 'round' lines"))
        )
    for decls in by_kind.values():
        for decl in decls:
            if any(
                call.name == "captain"
                for uses in decl.fields.values()
                for use in uses
                for call in walk_calls(use.effect)
            ):
                out.append(
                    _error(
                        "E306",
                        decl,
                        N_("'captain' needs rounds of phases: the game has no 'round' lines"),
                    )
                )
    return out
