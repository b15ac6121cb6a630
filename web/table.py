"""The table of a game in the browser: the game's own drawing when it gives one (its
`table` hook, interpreter/game.py), else a generic one drawn from the state that every
game written in the language has: each seat's tracks, named by their nouns, the round
and the last roll of dice; with cards, how many each seat holds, each deck's and discard
pile's size, and the viewer's own hand (never another's, nor a deck's order); each
resolution queue's rows, slot by slot, and its cursor while it is resolved. Every
word is escaped and every style is a class of the style sheet (the page's CSP allows no
inline style)."""

from __future__ import annotations

from html import escape

from ..dsl.i18n import N_
from ..interpreter.decks import hand_text
from ..interpreter.engine import Decision, Engine
from ..interpreter.queues import rows as queue_rows
from .changes import piece

ROUND = N_("round {round}")
LAST_ROLL = N_("last roll: {faces}")
HAND_SIZE = N_("cards in hand")
DECK_SIZES = N_("{deck}: {left} in the deck, {discarded} discarded")
YOUR_HAND = N_("your hand: {cards}")


def draw(engine: Engine, viewer: int | None, names: list[str]) -> tuple[str, dict[str, dict]]:
    """The whole table as HTML, and the faces of the cards it shows by their ids."""
    own = engine.data.game.table
    if own is not None:
        return own.draw(engine, viewer, names)
    return _generic(engine, viewer, names), {}


def targets(decision: Decision, engine: Engine) -> dict[str, str]:
    """Option id -> the drawn element a click on it answers with ({}: none, the generic
    table has no clickable element)."""
    own = engine.data.game.table
    return own.targets(decision) if own is not None else {}


def _generic(engine: Engine, viewer: int | None, names: list[str]) -> str:
    """Each seat's tracks (a row per seat, a column per track) and cards in hand, the
    round, the last roll, the decks, the viewer's hand and the queues; each value a piece of the
    table (web/changes.py)."""
    state, text = engine.state, engine.data.text
    players = [p for p in state.get("players", []) if isinstance(p, dict)]
    tracks = list(players[0]) if players else []
    cards = state.get("cards")
    hands = cards["hands"] if cards else None
    head = "".join(f"<th>{escape(text.word(track, None, 2))}</th>" for track in tracks)
    if hands is not None:
        head += f"<th>{escape(text._(HAND_SIZE))}</th>"
    rows = "".join(
        f"<tr><th>{escape(names[seat] if seat < len(names) else str(seat + 1))}</th>"
        + "".join(
            piece(f"{seat}:{track}", escape(str(player.get(track, ""))), tag="td")
            for track in tracks
        )
        + (piece(f"{seat}:hand", str(len(hands[seat])), tag="td") if hands is not None else "")
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
    if cards:
        for deck in cards["decks"]:
            values = {
                "deck": text.word(deck, None, 2),
                "left": len(cards["decks"][deck]),
                "discarded": len(cards["discards"][deck]),
            }
            lines.append((f"deck:{deck}", text.fill(DECK_SIZES, values)))
        if isinstance(viewer, int):  # the decks of the viewer's own
            own, discards = cards["seat_decks"][viewer], cards["seat_discards"][viewer]
            for deck in own:
                values = {
                    "deck": text.word(deck, None, 2),
                    "left": len(own[deck]),
                    "discarded": len(discards[deck]),
                }
                lines.append((f"own_deck:{deck}", text.fill(DECK_SIZES, values)))
        if isinstance(viewer, int):
            lines.append(("hand", text.fill(YOUR_HAND, {"cards": hand_text(engine, viewer)})))
    lines += queue_rows(engine)
    caption = "".join(piece(key, escape(line), tag="p") for key, line in lines)
    return (
        f'<figure class="part generic">{caption}'
        f'<table class="tracks"><tr><th></th>{head}</tr>{rows}</table></figure>'
    )
