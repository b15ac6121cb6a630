"""The table of a game in the browser: the game's own drawing when it gives one (its
`table` hook, interpreter/game.py), else a generic one drawn from the state that every
game written in the language has: each seat's tracks, named by their nouns, the shared
tracks (once, the table's), the round and its captain, and the last roll of dice; with
cards, how many each seat holds, each deck's and discard pile's size, the viewer's own
hand (never another's, nor a deck's order), the cards face up on the table and in front
of each seat and how many each laid face down; a grid with its pieces and tokens; each
resolution queue's rows, slot by slot, and its cursor while it is resolved; the markers
left on tracks with milestones and the limits raised in play (the table's and the
viewer's own). Every
word is escaped and every style is a class of the style sheet (the page's CSP allows no
inline style)."""

from __future__ import annotations

from html import escape

from ..dsl.i18n import N_
from ..interpreter import limits, milestones
from ..interpreter.decks import hand_text, places_lines
from ..interpreter.engine import Decision, Engine
from ..interpreter.observation import grid_view
from ..interpreter.queues import rows as queue_rows
from .changes import piece

ROUND = N_("round {round}")
LAST_ROLL = N_("last roll: {faces}")
HAND_SIZE = N_("cards in hand")
DECK_SIZES = N_("{deck}: {left} in the deck, {discarded} discarded")
YOUR_HAND = N_("your hand: {cards}")
PIECE = N_("{card} ({damage} damage)")
SHARED = N_("{track} (the table's): {value}")
CAPTAIN = N_("captain: {who}")


def draw(engine: Engine, viewer: int | None, names: list[str]) -> tuple[str, dict[str, dict]]:
    """The whole table as HTML, and the faces of the cards it shows by their ids."""
    own = engine.data.game.table
    if own is not None:
        return own.draw(engine, viewer, names)
    return _generic(engine, viewer, names), {}


def targets(decision: Decision, engine: Engine) -> dict[str, str]:
    """Option id -> the drawn element a click on it answers with: on the generic table,
    the grid's cells (a piece to choose, `cell:b3`) and the columns of its tokens' line (a
    column to move to, `column:2`)."""
    own = engine.data.game.table
    if own is not None:
        return own.targets(decision)
    return {o.id: o.id for o in decision.options if o.id.startswith(("cell:", "column:"))}


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
    if isinstance(played, dict) and isinstance(played.get("captain"), int):
        captain = played["captain"]
        who = names[captain] if captain < len(names) else str(captain + 1)
        lines.append(("captain", text.fill(CAPTAIN, {"who": who})))
    shared = state.get("shared")
    for track, value in shared.items() if isinstance(shared, dict) else ():
        values = {"track": text.word(track, None, 2), "value": value}
        lines.append((f"shared:{track}", text.fill(SHARED, values)))
    lines += milestones.lines(engine, viewer) + limits.lines(engine, viewer)
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
        if engine.data.card_places:
            lines += places_lines(engine, names)
    lines += queue_rows(engine)
    caption = "".join(piece(key, escape(line), tag="p") for key, line in lines)
    board = _grid(engine) if "grid" in state else ""
    return (
        f'<figure class="part generic">{caption}'
        f'<table class="tracks"><tr><th></th>{head}</tr>{rows}</table>{board}</figure>'
    )


def _grid(engine: Engine) -> str:
    """The grid, public: a row per grid row, each cell its piece's noun and the damage
    marked on it (a closed row marked so; the line above, "^", just above the first open
    row), and below the last row the line of tokens;
    each cell a piece of the table named as the options name it ("cell:b3"), which a
    click chooses when an option names it."""
    text, seen = engine.data.text, grid_view(engine)
    columns = len(seen["cells"][0]) if seen["cells"] else 0
    head = "".join(f"<th>{c + 1}</th>" for c in range(columns))

    def line(name: str, cells: list, css: str) -> str:
        tds = []
        for c, cell in enumerate(cells):
            shown = ""
            if cell is not None:
                values = {"card": text.word(cell["card"]), "damage": cell["damage"]}
                shown = text.fill(PIECE, values) if cell["damage"] else values["card"]
            key = f"cell:{name}{c + 1}"
            inner = f'<span data-target="{escape(key)}">{escape(shown)}</span>'
            tds.append(piece(key, inner, tag="td"))
        return f"<tr{css}><th>{escape(name)}</th>{''.join(tds)}</tr>"

    rows = []
    for r, (name, cells) in enumerate(zip(seen["rows"], seen["cells"])):
        if r == seen["closed"] and "above" in seen:
            rows.append(line("^", seen["above"], ' class="above"'))
        rows.append(line(name, cells, ' class="closed"' if r < seen["closed"] else ""))
    tokens = "".join(
        piece(
            f"column:{c + 1}",
            escape(text.join([text.word(t) for t, at in seen["tokens"].items() if at == c + 1])),
            tag="td",
        )
        for c in range(columns)
    )
    return (
        f'<table class="grid"><tr><th></th>{head}</tr>{"".join(rows)}'
        f"<tr><th></th>{tokens}</tr></table>"
    )
