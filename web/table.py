"""The table of a game in the browser: the game's own drawing when it gives one (its
`table` hook, interpreter/game.py), else a generic one drawn from the state that every
game written in the language has: each seat's tracks, named by their nouns, the round
and the last roll of dice. Every word is escaped and every style is a class of the
style sheet (the page's CSP allows no inline style)."""

from __future__ import annotations

from html import escape

from ..dsl.i18n import N_
from ..interpreter.engine import Decision, Engine
from .changes import piece

ROUND = N_("round {round}")
LAST_ROLL = N_("last roll: {faces}")


def draw(engine: Engine, viewer: int | None, names: list[str]) -> tuple[str, dict[str, dict]]:
    """The whole table as HTML, and the faces of the cards it shows by their ids."""
    own = engine.data.game.table
    if own is not None:
        return own.draw(engine, viewer, names)
    return _generic(engine, names), {}


def targets(decision: Decision, engine: Engine) -> dict[str, str]:
    """Option id -> the drawn element a click on it answers with ({}: none, the generic
    table has no clickable element)."""
    own = engine.data.game.table
    return own.targets(decision) if own is not None else {}


def _generic(engine: Engine, names: list[str]) -> str:
    """Each seat's tracks (a row per seat, a column per track), the round, the last roll;
    each value a piece of the table (web/changes.py)."""
    state, text = engine.state, engine.data.text
    players = [p for p in state.get("players", []) if isinstance(p, dict)]
    tracks = list(players[0]) if players else []
    head = "".join(f"<th>{escape(text.word(track, None, 2))}</th>" for track in tracks)
    rows = "".join(
        f"<tr><th>{escape(names[seat] if seat < len(names) else str(seat + 1))}</th>"
        + "".join(
            piece(f"{seat}:{track}", escape(str(player.get(track, ""))), tag="td")
            for track in tracks
        )
        + "</tr>"
        for seat, player in enumerate(players)
    )
    lines = []
    played = state.get("rounds")
    if isinstance(played, dict) and isinstance(played.get("round"), int):
        lines.append(("round", text.fill(ROUND, {"round": played["round"]})))
    roll = state.get("roll")
    if roll:
        faces = " ".join(text.tr.number(face) for face in roll)
        lines.append(("roll", text.fill(LAST_ROLL, {"faces": faces})))
    caption = "".join(piece(key, escape(line), tag="p") for key, line in lines)
    return (
        f'<figure class="part generic">{caption}'
        f'<table class="tracks"><tr><th></th>{head}</tr>{rows}</table></figure>'
    )
