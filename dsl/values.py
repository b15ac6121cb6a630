"""Numbers that depend on the player count, for a game written only in the language: a
`value` declaration gives one number per range of player counts, and its name stands
wherever the rules take such a count (a deck's `deal`, the game's `rounds`, `draw` and
`refill`); the procedure reads the number of the game's player count
(interpreter/program.py `Program.count`)."""

from __future__ import annotations

from .ast import Call, walk_calls
from .core import MAX_PLAYERS
from .diagnostics import Diagnostic
from .i18n import N_, NC_
from .meta import COUNT, RANGE, ParamType, Primitive, keyword, kind, param

# a whole number >= 0, or the name of a `value` declaration (dsl/checker.py checks either)
COUNT_OR_VALUE = ParamType("amount", NC_("type", "value"), refs=("value",))

KINDS = (
    kind(
        "value",
        "A number that depends on the player count: one line per range of player counts. "
        "Its name stands for the number wherever the rules take a count: a deck's deal, "
        "the game's rounds, draw and refill, and after 'times'.",
        keyword(
            "players",
            "The number for this range of player counts.",
            param("players", RANGE, lo=1, hi=MAX_PLAYERS),
            param("number", COUNT),
            required=True,
            repeat=True,
        ),
        referenced=True,
        example="value hand {\n  players 2..3 5\n  players 4..5 4\n}",
    ),
)


PRIMITIVES = (
    Primitive(
        "player_count",
        "A condition: the game has exactly this many players (rules for one player count, "
        "such as solo rules).",
        (param("players", COUNT, lo=1, hi=MAX_PLAYERS),),
        N_("the game has {players} {players:player}"),
        condition=True,
        example="draw 2 orders if player_count 1",
    ),
)


def table(decl) -> dict[int, int]:
    """A value's number by player count (the first line wins where two overlap)."""
    out: dict[int, int] = {}
    for use in decl.fields.get("players", []):
        span, number = use.args.get("players"), use.args.get("number")
        if span is None or number is None:
            continue
        for players in range(span[0], span[1] + 1):
            out.setdefault(players, number)
    return out


def checks(by_kind: dict) -> list[Diagnostic]:
    """Every player count the game allows gets exactly one number of every value; a
    `player_count` names a count the game allows (else it never holds)."""
    game = next(iter(by_kind.get("game", [])), None)
    allowed = game.value("players") if game is not None else None
    if allowed is None:
        return []
    out = [
        Diagnostic.of(
            "E110",
            call.span,
            N_("'player_count {players}' never holds: the game is for {lo} to {hi} players"),
            players=call.values[0],
            lo=allowed[0],
            hi=allowed[1],
        )
        for call in _calls(by_kind, "player_count")
        if call.values
        and isinstance(call.values[0], int)
        and not allowed[0] <= call.values[0] <= allowed[1]
    ]
    for decl in by_kind.get("value", []):
        seen: dict[int, int] = {}
        for use in decl.fields.get("players", []):
            span = use.args.get("players")
            for players in range(span[0], span[1] + 1) if span else ():
                seen[players] = seen.get(players, 0) + 1
        missing = [n for n in range(allowed[0], allowed[1] + 1) if n not in seen]
        twice = sorted(n for n, times in seen.items() if times > 1)
        if missing:
            out.append(
                Diagnostic.of(
                    "E307",
                    decl.item.span,
                    N_("the value '{value}' has no number for {players} players"),
                    value=decl.id,
                    players=", ".join(map(str, missing)),
                )
            )
        if twice:
            out.append(
                Diagnostic.of(
                    "E307",
                    decl.item.span,
                    N_("the value '{value}' has two numbers for {players} players"),
                    value=decl.id,
                    players=", ".join(map(str, twice)),
                )
            )
    return out


def _calls(by_kind: dict, name: str) -> list[Call]:
    """Every call of a primitive in the rules' effects (conditions after `if` too)."""
    return [
        call
        for decls in by_kind.values()
        for decl in decls
        for uses in decl.fields.values()
        for use in uses
        for call in walk_calls(use.effect)
        if call.name == name
    ]
