"""The grid of a game written only in the language (dsl/zones.py): its runtime tables,
set-up, primitives, selectors, invariants, observation and log lines.

State (only when the rules declare a grid): `grid.cells[row][column]` (0-based, the first
row the far one) holds None or a piece `{"id", "card", "damage"}`: a card of a deck on
the grid, with the damage marked on it; `grid.above[column]` (only with the grid's
`above`) a piece in the line above the first open row, or None; `grid.tokens[token]` the
column (1-based) a token stands in, below the last row; `grid.closed` how many rows,
from the first, are no longer available; `grid.serial` the last number given to a piece
or a source of damage; `grid.tally` the damage the current source has dealt to each
piece (a shield counts a source's damage together). Everything on the grid is public.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..dsl.i18n import N_
from . import decks
from .game import NO_ANSWER, Frame, Implementation, take_answer

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat
    from .program import Program

CHOOSE_PIECE = N_("Choose {selector}")
CHOOSE_WAY = N_("Move {card} which way?")
PIECE_OPTION = N_("{card} in {cell}")
WAY_OPTION = N_("to column {column}")
ENTERS = N_("  {card} enters {cell}")
LEAVES = N_("  {card} leaves the grid from {cell}")
MOVES = N_("  {card} moves from {cell} to {to}")
TOKEN_MOVES = N_("  {token} moves to column {column}")
HIT = N_("  {card} in {cell} takes {amount} damage ({damage} of {life})")
SHRUGS = N_("  {card} in {cell} ignores {amount} damage (shield)")
DEFEATED = N_("  {card} in {cell} is defeated")
REMOVED = N_("  {card} in {cell} is discarded, without its effects")
ATTACKS = N_("  {card} in {cell} attacks")
SHIFTS = N_("  every piece moves one row down")
CLOSES = N_("  row {row} is closed")
TOKEN_AT = N_("{token} in column {column}")
HEALED = N_("  {card} in {cell} loses {amount} damage ({damage} of {life})")
ACTIVATES = N_("  {card} in {cell} activates")
NO_CELL_BELOW = N_("  {card} has no cell below {cell} and leaves the grid at once")
CHOOSE_COLUMN = N_("Move {token} to which column?")
PIECE_EFFECTS = ("on_leave", "defeat", "attack", "activation")
ABOVE = -1  # the row index of the line above the first open row (a cell's label: "^2")
ABOVE_MARK = "^"  # how a cell's label marks the line above
# TRANSLATORS: a cell of the line above the grid (the boss's field), named where a cell's
# row and column ("b3") stand in the grid's lines
ABOVE_CELL = N_("the field above column {column}")


@dataclass(frozen=True)
class Grid:
    rows: tuple[str, ...]
    columns: int
    pack: int | None  # the row index pieces pack toward (first or last), None: no packing
    above: bool  # a line of cells above the first open row
    effects: dict[str, int]  # its on_leave/defeat/attack effects, for pieces without theirs


@dataclass(frozen=True)
class Piece:
    """The numbers, marks and effects of a kind of card as a piece of the grid."""

    deck: str
    life: int
    values: dict[str, int]
    marks: frozenset[str]
    effects: dict[str, int]


@dataclass(frozen=True)
class Selector:
    place: str | None  # in_column, in_row, in_token_column, beside_token, each_column, itself
    where: Any  # the column, row or token of the place
    orders: tuple[tuple[str, str | None], ...]
    only: frozenset[str]  # marks a piece must have
    without: frozenset[str]  # marks it must not have (`except`)


@dataclass(frozen=True)
class Tables:
    grid: Grid | None
    tokens: dict[str, int]  # start columns
    selectors: dict[str, Selector]
    pieces: dict[str, Piece]


PLACES = ("in_column", "in_row", "in_token_column", "beside_token", "each_column", "itself")


def tables(ruleset: RuleSet, program: Program) -> Tables:
    """The grid, tokens, selectors and piece cards the rules declare."""

    def effects(decl) -> dict[str, int]:
        return {
            key: program.lower_required(decl.first(key).effect)
            for key in PIECE_EFFECTS
            if decl.first(key) is not None
        }

    grid = None
    for decl in ruleset.of_kind("grid"):
        rows = tuple(decl.value("rows") or ())
        pack = decl.first("pack")
        toward = list(pack.args.values())[-1] if pack is not None else None
        index = rows.index(toward) if toward in rows else None
        above = decl.first("above") is not None
        grid = Grid(rows, decl.value("columns"), index, above, effects(decl))
    tokens = {d.id: d.value("column") for d in ruleset.of_kind("token") if d.id is not None}
    selectors = {}
    for decl in ruleset.of_kind("selector"):
        place = next((key for key in PLACES if decl.first(key) is not None), None)
        where = decl.value(place) if place is not None else None
        orders = tuple(
            (str(use.args.get("by")), use.args.get("name")) for use in decl.fields.get("order", [])
        )
        filters = {
            key: frozenset(str(use.args.get("mark")) for use in decl.fields.get(key, []))
            for key in ("only", "except")
        }
        if decl.id is not None:
            selectors[decl.id] = Selector(place, where, orders, filters["only"], filters["except"])
    pieces = {}
    for decl in ruleset.of_kind("card"):
        if decl.id is None:
            continue
        values = {use.args["name"]: use.args["value"] for use in decl.fields.get("value", [])}
        marks = {use.args["name"] for use in decl.fields.get("mark", [])}
        if decl.first("shield") is not None:
            marks.add("shield")
        pieces[decl.id] = Piece(
            decl.value("deck"),
            decl.value("life", default=1),
            values,
            frozenset(marks),
            effects(decl),
        )
    return Tables(grid, tokens, selectors, pieces)


# ---- set-up and places --------------------------------------------------------------
def setup(program: Program, state: dict, players: int) -> None:
    grid = program.zones.grid
    if grid is None:
        return
    state["grid"] = {
        "cells": [[None] * grid.columns for _ in grid.rows],
        "tokens": dict(program.zones.tokens),
        "closed": 0,
        "serial": 0,
        "tally": None,
    }
    if grid.above:
        state["grid"]["above"] = [None] * grid.columns


def label(engine: Engine, row: int, column: int) -> str:
    """A cell as the rules name it: its row and its column (1-based), "b3"; a cell of
    the line above, "^3" (no row's name can start so)."""
    if row == ABOVE:
        return f"{ABOVE_MARK}{column + 1}"
    return f"{engine.data.zones.grid.rows[row]}{column + 1}"


def cell_name(cell: str) -> str | tuple:
    """A cell's label as players name it: "b3" as it is; a cell of the line above
    ("^3"), whose mark is only the label's, as a text to render (the field above
    column 3)."""
    if cell.startswith(ABOVE_MARK):
        return (ABOVE_CELL, None, 1, (("column", int(cell[len(ABOVE_MARK) :])),))
    return cell


def _board(engine: Engine) -> dict:
    return engine.state["grid"]


def _open(engine: Engine) -> range:
    """The rows still available, by index."""
    return range(_board(engine)["closed"], len(engine.data.zones.grid.rows))


def _pieces(engine: Engine) -> list[tuple[int, int, dict]]:
    """Every piece (row, column, piece), in reading order: the line above (row ABOVE),
    then row by row from the far one, each left to right."""
    board = _board(engine)
    above = [(ABOVE, c, p) for c, p in enumerate(board.get("above", ())) if p is not None]
    return above + [
        (r, c, p)
        for r, row in enumerate(board["cells"])
        for c, p in enumerate(row)
        if p is not None
    ]


def _find(engine: Engine, pid: int) -> tuple[int, int, dict] | None:
    return next((found for found in _pieces(engine) if found[2]["id"] == pid), None)


def _entry(engine: Engine, column: int, row: int | None) -> int | None:
    """The row a piece entering `column` takes: with packing, the free open cell nearest
    the packing row; else `row` if it is open and free. None: it cannot enter."""
    cells, pack = _board(engine)["cells"], engine.data.zones.grid.pack
    rows = list(_open(engine))
    if pack is not None:
        order = rows if pack == 0 else rows[::-1]
        return next((r for r in order if cells[r][column] is None), None)
    if row is None or row not in rows or cells[row][column] is not None:
        return None
    return row


def _vacate(engine: Engine, row: int, column: int) -> None:
    """Empty a cell; in a packed column, the pieces beyond it move one cell toward the
    packing row."""
    if row == ABOVE:
        _board(engine)["above"][column] = None
        return
    cells, pack = _board(engine)["cells"], engine.data.zones.grid.pack
    cells[row][column] = None
    if pack is None:
        return
    rows = list(_open(engine))
    if pack != 0:
        rows = rows[::-1]
    beyond = rows[rows.index(row) :]
    for here, there in zip(beyond, beyond[1:]):
        cells[here][column] = cells[there][column]
    cells[beyond[-1]][column] = None


def _put(engine: Engine, row: int, column: int, piece: dict) -> None:
    """A piece into a cell (of the line above for row ABOVE)."""
    if row == ABOVE:
        _board(engine)["above"][column] = piece
    else:
        _board(engine)["cells"][row][column] = piece


def _new_piece(engine: Engine, card: str) -> dict:
    board = _board(engine)
    board["serial"] += 1
    return {"id": board["serial"], "card": card, "damage": 0}


def _discard(engine: Engine, card: str) -> None:
    card = engine.data.fronts.get(card, card)  # a piece showing its back is its front's card
    deck = engine.data.zones.pieces[card].deck
    engine.state["cards"]["discards"][deck].append(card)


def _enter(engine: Engine, seat: Seat, deck: str, row: int, column: int) -> bool:
    """The top card of a deck into a cell; False when the deck has none."""
    card = decks._top(engine, deck, seat)
    if card is None:
        return False
    _board(engine)["cells"][row][column] = _new_piece(engine, card)
    engine.log("piece_enters", card=card, cell=label(engine, row, column))
    return True


# ---- selectors ----------------------------------------------------------------------
def _columns(engine: Engine, selector: Selector) -> set[int] | None:
    """The columns (0-based) a selector looks in; None: every column."""
    tokens = _board(engine)["tokens"]
    if selector.place == "in_column":
        return {selector.where - 1}
    if selector.place == "in_token_column":
        return {tokens[selector.where] - 1}
    if selector.place == "beside_token":
        at = tokens[selector.where] - 1
        return {at - 1, at + 1}
    return None


def _pool(engine: Engine, selector: Selector, ctx: dict) -> list[tuple[int, int, dict]]:
    """The pieces a selector considers, in reading order."""
    pieces = engine.data.zones.pieces
    found = [
        f
        for f in _pieces(engine)
        if selector.only <= pieces[f[2]["card"]].marks
        and not selector.without & pieces[f[2]["card"]].marks
    ]
    if selector.place == "itself":
        return [f for f in found if f[2]["id"] == ctx.get("piece")]
    if selector.place == "in_row":
        row = engine.data.zones.grid.rows.index(selector.where)
        return [f for f in found if f[0] == row]
    columns = _columns(engine, selector)
    return found if columns is None else [f for f in found if f[1] in columns]


def _rank(engine: Engine, selector: Selector, found: tuple[int, int, dict]) -> tuple:
    """Smaller is preferred: one number per `order` of the selector. A piece of the line
    above is the farthest of all (the pieces of its column stand in front of it)."""
    row, _, piece = found
    card = engine.data.zones.pieces[piece["card"]]
    out = []
    for by, name in selector.orders:
        if by in ("nearest", "farthest"):
            out.append(-row if by == "nearest" else row)
            continue
        if by in ("having", "lacking"):
            has = name in card.marks
            out.append(0 if has == (by == "having") else 1)
            continue
        number = _number(card, piece, str(name))
        out.append(-number if by == "strongest" else number)
    return tuple(out)


def _number(card: Piece, piece: dict, name: str) -> int:
    if name == "damaged":
        return piece["damage"]
    if name == "life":
        return card.life
    return card.values.get(name, 0)


def ordered(engine: Engine, name: str, ctx: dict) -> list[tuple[int, int, dict]]:
    """Every piece a selector considers, best first (reading order between equals)."""
    selector = engine.data.zones.selectors[name]
    return sorted(_pool(engine, selector, ctx), key=lambda f: _rank(engine, selector, f))


def best(engine: Engine, name: str, ctx: dict) -> list[tuple[int, int, dict]]:
    """The pieces a selector may pick: those alike at the head of its order (with
    `each_column` or `beside_token`, those of each column, the columns being lines of their
    own); the seat acting chooses among them."""
    selector = engine.data.zones.selectors[name]
    pool = _pool(engine, selector, ctx)
    groups = [[f for f in pool if f[1] == c] for c in range(engine.data.zones.grid.columns)]
    out = []
    for group in groups if selector.place in ("each_column", "beside_token") else [pool]:
        if not group:
            continue
        top = min(_rank(engine, selector, f) for f in group)
        out += [f for f in group if _rank(engine, selector, f) == top]
    return sorted(out, key=lambda f: (f[0], f[1]))


def _pick(engine: Engine, frame: Frame, name: str) -> Any:
    """The id of the piece the selector picks (the seat deciding a tie), None when it has
    none, NO_ANSWER while the seat has not answered."""
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        return answer
    found = best(engine, name, frame["ctx"])
    if not found:
        return None
    text = engine.data.text
    options = [
        (
            f"cell:{label(engine, r, c)}",
            (
                PIECE_OPTION,
                None,
                1,
                (("card", text.word(p["card"])), ("cell", cell_name(label(engine, r, c)))),
            ),
            p["id"],
        )
        for r, c, p in found
    ]
    prompt = (CHOOSE_PIECE, None, 1, (("selector", text.word(name)),))
    return engine.ask_or_force(frame["seat"], "choose_piece", prompt, options)


def can_select(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """A selector (the first argument after any amount) has a piece to pick."""
    name = next(a for a in args if isinstance(a, str))
    return bool(best(engine, name, ctx))


# ---- effects of pieces --------------------------------------------------------------
def _effect(engine: Engine, card: str, key: str) -> int | None:
    own = engine.data.zones.pieces[card].effects.get(key)
    return own if own is not None else engine.data.zones.grid.effects.get(key)


def _run(engine: Engine, seat: Seat, piece: dict, key: str, column: int) -> None:
    """Carry out a piece's effect (its card's, else the grid's), about that piece, which
    stands (or last stood) in `column` (0-based; `facing` reads it once the piece is gone)."""
    effect = _effect(engine, piece["card"], key)
    if effect is not None:
        ctx = {"card": piece["card"], "piece": piece["id"], "column": column}
        engine.run_effect(seat, effect, ctx)


def _defeat(engine: Engine, seat: Seat, pid: int) -> None:
    """Take a piece off the grid to its deck's discard pile, then its `defeat` effect."""
    found = _find(engine, pid)
    if found is None:
        return
    row, column, piece = found
    _vacate(engine, row, column)
    _discard(engine, piece["card"])
    engine.log("piece_defeated", card=piece["card"], cell=label(engine, row, column))
    _run(engine, seat, piece, "defeat", column)


def _tally(engine: Engine, frame: Frame) -> dict:
    """The damage dealt by the source of this hit, by piece: the source is the effect
    being carried out about one thing (a card played, a piece's effect, a step), the
    lowest frame of the stack's top run with this frame's context."""
    stack = engine.state["stack"]
    source = frame
    for below in reversed(stack):
        if below.get("ctx") != frame["ctx"]:
            break
        source = below
    board = _board(engine)
    if "source" not in source:
        board["serial"] += 1
        source["source"] = board["serial"]
    tally = board["tally"]
    if tally is None or tally["source"] != source["source"]:
        tally = board["tally"] = {"source": source["source"], "dealt": {}}
    return tally["dealt"]


def _damage(engine: Engine, frame: Frame, pid: int, amount: int) -> int:
    """Deal damage to a piece; what it did not need to be defeated (its overflow)."""
    found = _find(engine, pid)
    if found is None:
        return amount
    row, column, piece = found
    card = engine.data.zones.pieces[piece["card"]]
    taken = amount
    cell = label(engine, row, column)
    if "shield" in card.marks:
        dealt = _tally(engine, frame)
        before = dealt.get(str(pid), 0)
        dealt[str(pid)] = before + amount
        if before + amount < 2:
            engine.log("piece_shrugs", card=piece["card"], cell=cell, amount=amount)
            return 0
        taken = amount + (before if before < 2 else 0)
    need = card.life - piece["damage"]
    piece["damage"] = min(card.life, piece["damage"] + taken)
    engine.log(
        "piece_hit",
        card=piece["card"],
        cell=cell,
        amount=min(taken, need),
        damage=piece["damage"],
        life=card.life,
    )
    if piece["damage"] < card.life:
        return 0
    _defeat(engine, frame["seat"], pid)
    return max(0, taken - need)


# ---- primitives ---------------------------------------------------------------------
def place(engine: Engine, frame: Frame) -> None:
    deck, row, column = frame["args"]
    index = engine.data.zones.grid.rows.index(row)
    ok = _open_free(engine, index, column - 1)
    engine.finish(frame, ok and _enter(engine, frame["seat"], deck, index, column - 1))


def _open_free(engine: Engine, row: int, column: int) -> bool:
    return row in _open(engine) and _board(engine)["cells"][row][column] is None


def can_place(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    deck, row, column = args
    index = engine.data.zones.grid.rows.index(row)
    return _open_free(engine, index, column - 1) and decks.can_draw(engine, seat, (deck,), ctx)


def fill(engine: Engine, frame: Frame) -> None:
    deck, row = frame["args"]
    index = engine.data.zones.grid.rows.index(row)
    for column in range(engine.data.zones.grid.columns):
        if _open_free(engine, index, column) and not _enter(
            engine, frame["seat"], deck, index, column
        ):
            break
    engine.finish(frame)


def shift(engine: Engine, frame: Frame) -> None:
    """Every piece one row down; those leaving the last row are discarded, then their
    `on_leave` effects are carried out, left to right."""
    leaving = frame.get("leaving")
    if leaving is None:
        cells = _board(engine)["cells"]
        rows = list(_open(engine))
        engine.log("grid_shift")
        leaving = frame["leaving"] = []
        for column in range(engine.data.zones.grid.columns):
            last = cells[rows[-1]][column]
            if last is not None:
                engine.log("piece_leaves", card=last["card"], cell=label(engine, rows[-1], column))
                _discard(engine, last["card"])
                leaving.append([column, last])
            for here, there in zip(rows[::-1], rows[-2::-1]):
                cells[here][column] = cells[there][column]
            cells[rows[0]][column] = None
    if not leaving:
        engine.finish(frame)
        return
    column, piece = leaving.pop(0)
    _run(engine, frame["seat"], piece, "on_leave", column)


def close_row(engine: Engine, frame: Frame) -> None:
    """The first open row closes, if it is empty (a piece that entered it earlier in the
    same effect, after the effect was found possible, keeps it open)."""
    if not can_close(engine, frame["seat"], frame["args"], frame["ctx"]):
        engine.finish(frame, False)
        return
    board = _board(engine)
    engine.log("row_closed", row=engine.data.zones.grid.rows[board["closed"]])
    board["closed"] += 1
    engine.finish(frame)


def can_close(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    rows = list(_open(engine))
    return len(rows) > 1 and not any(_board(engine)["cells"][rows[0]])


def move_token(engine: Engine, frame: Frame) -> None:
    """One column left or right; at an edge (reached earlier in the same effect, after
    the effect was found possible) the token stays and the move is not done."""
    token, way = frame["args"]
    if not can_move_token(engine, frame["seat"], frame["args"], frame["ctx"]):
        engine.finish(frame, False)
        return
    tokens = _board(engine)["tokens"]
    tokens[token] += -1 if way == "left" else 1
    engine.log("token_moves", token=token, column=tokens[token])
    engine.finish(frame)


def can_move_token(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    token, way = args
    at = _board(engine)["tokens"][token]
    return 1 < at if way == "left" else at < engine.data.zones.grid.columns


def _ways(engine: Engine, args: tuple, column: int) -> list[int]:
    """The columns (0-based) a piece in `column` may move to, by the way asked."""
    way = args[1]
    if way in ("left", "right"):
        steps = [-1 if way == "left" else 1]
    else:
        token = _board(engine)["tokens"][args[2]] - 1
        if way == "toward":
            steps = [(token > column) - (token < column)] if token != column else []
        else:
            steps = [(column > token) - (column < token)] if token != column else [-1, 1]
    columns = engine.data.zones.grid.columns
    return [column + s for s in steps if 0 <= column + s < columns]


def _target(engine: Engine, row: int, column: int, to: int) -> int | None:
    """The row a piece in (row, column) takes when it moves to column `to`: in the line
    above, its cell there if free; else the column's entry (None: it cannot)."""
    if row == ABOVE:
        return ABOVE if _board(engine)["above"][to] is None else None
    return _entry(engine, to, row)


def move_piece(engine: Engine, frame: Frame) -> None:
    """Pick the piece, then (when both ways are open) the way; move it."""
    if "piece" not in frame:
        pid = _pick(engine, frame, frame["args"][0])
        if pid is NO_ANSWER:
            return
        frame["piece"] = pid
    found = _find(engine, frame["piece"]) if frame["piece"] is not None else None
    if found is None:
        engine.finish(frame, False)
        return
    row, column, piece = found
    ways = [
        c
        for c in _ways(engine, frame["args"], column)
        if _target(engine, row, column, c) is not None
    ]
    if not ways:
        engine.finish(frame, False)
        return
    to = take_answer(frame)
    if to is NO_ANSWER:
        text = engine.data.text
        options = [
            (f"column:{c + 1}", (WAY_OPTION, None, 1, (("column", str(c + 1)),)), c) for c in ways
        ]
        prompt = (CHOOSE_WAY, None, 1, (("card", text.word(piece["card"])),))
        to = engine.ask_or_force(frame["seat"], "choose_way", prompt, options)
        if to is NO_ANSWER:
            return
    _vacate(engine, row, column)
    at = _target(engine, row, column, to)
    assert at is not None
    _put(engine, at, to, piece)
    engine.log(
        "piece_moves", card=piece["card"], cell=label(engine, row, column), to=label(engine, at, to)
    )
    engine.finish(frame)


def can_move_piece(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return any(
        _target(engine, r, c, to) is not None
        for r, c, _ in best(engine, args[0], ctx)
        for to in _ways(engine, args, c)
    )


def hit(engine: Engine, frame: Frame) -> None:
    """Damage to the piece picked; with overflow, what it did not need goes on to the
    next piece the selector picks, until none is left or the damage is spent."""
    amount, name = frame["args"][:2]
    left = frame.setdefault("left", amount)
    if left <= 0:
        engine.finish(frame)
        return
    pid = _pick(engine, frame, name)
    if pid is NO_ANSWER:
        return
    if pid is None:
        engine.finish(frame)
        return
    spare = _damage(engine, frame, pid, left)
    frame["left"] = spare if len(frame["args"]) > 2 else 0


def each(engine: Engine, frame: Frame) -> None:
    """`hit_all` and `defeat_all`: every piece the selector considers, best first, one
    after another (a piece already gone is passed over)."""
    queue = frame.get("queue")
    if queue is None:
        queue = frame["queue"] = [
            p["id"] for _, _, p in ordered(engine, frame["args"][-1], frame["ctx"])
        ]
    while queue:
        pid = queue.pop(0)
        if _find(engine, pid) is None:
            continue
        if frame["name"] == "hit_all":
            _damage(engine, frame, pid, frame["args"][0])
        else:
            _defeat(engine, frame["seat"], pid)
        return
    engine.finish(frame)


def can_each(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return bool(ordered(engine, args[-1], ctx))


def _on_pick(engine: Engine, frame: Frame, act: Callable[[int, int, dict], None]) -> None:
    """The piece the selector picks (the seat's decision when pieces are alike), acted on
    once: `act(row, column, piece)`; the frame finishes when it is entered again."""
    if frame.get("done"):
        engine.finish(frame)
        return
    pid = _pick(engine, frame, frame["args"][0])
    if pid is NO_ANSWER:
        return
    frame["done"] = True
    found = _find(engine, pid) if pid is not None else None
    if found is not None:
        act(*found)


def defeat(engine: Engine, frame: Frame) -> None:
    _on_pick(engine, frame, lambda row, column, piece: _defeat(engine, frame["seat"], piece["id"]))


def remove(engine: Engine, frame: Frame) -> None:
    """The piece picked is discarded: no `defeat` or `on_leave` effect runs."""

    def discard(row: int, column: int, piece: dict) -> None:
        _vacate(engine, row, column)
        _discard(engine, piece["card"])
        engine.log("piece_removed", card=piece["card"], cell=label(engine, row, column))

    _on_pick(engine, frame, discard)


def attack(engine: Engine, frame: Frame) -> None:
    def carry_out(row: int, column: int, piece: dict) -> None:
        engine.log("piece_attacks", card=piece["card"], cell=label(engine, row, column))
        _run(engine, frame["seat"], piece, "attack", column)

    _on_pick(engine, frame, carry_out)


def token_at(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    token, column = args
    return bool(_board(engine)["tokens"][token] == column)


def its(engine: Engine, seat: Seat, values: tuple, ctx: dict) -> int:
    """A number of the card the effect is about (0 for an effect about no card)."""
    piece = engine.data.zones.pieces.get(ctx.get("card", ""))
    if piece is None:
        return 0
    return piece.life if values[0] == "life" else piece.values.get(values[0], 0)


def place_above(engine: Engine, frame: Frame) -> None:
    deck, token = frame["args"]
    column = _board(engine)["tokens"][token] - 1
    ok = can_place_above(engine, frame["seat"], frame["args"], frame["ctx"])
    card = decks._top(engine, deck, frame["seat"]) if ok else None
    if card is not None:
        _put(engine, ABOVE, column, _new_piece(engine, card))
        engine.log("piece_enters", card=card, cell=label(engine, ABOVE, column))
    engine.finish(frame, card is not None)


def can_place_above(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    deck, token = args
    column = _board(engine)["tokens"][token] - 1
    free = _board(engine)["above"][column] is None
    return free and decks.can_draw(engine, seat, (deck,), ctx)


def _below(engine: Engine, row: int) -> int | None:
    """The row directly below a piece's (the first open row below the line above); None
    below the last row."""
    if row == ABOVE:
        return _open(engine)[0]
    return row + 1 if row + 1 < len(engine.data.zones.grid.rows) else None


def _push_down(engine: Engine, row: int, column: int) -> dict | None:
    """Free (row, column): the pieces from it down to the first free cell move one row
    down; without a free cell, the one in the last row leaves the grid (discarded, and
    returned, to run its `on_leave`)."""
    cells = _board(engine)["cells"]
    rows = list(range(row, len(cells)))
    gap = next((r for r in rows if cells[r][column] is None), None)
    leaving = None
    if gap is None:
        gap = rows[-1]
        last = cells[gap][column]
        engine.log("piece_leaves", card=last["card"], cell=label(engine, gap, column))
        _discard(engine, last["card"])
        leaving = last
    for here in range(gap, row, -1):
        moved = cells[here - 1][column]
        cells[here][column] = moved
        engine.log(
            "piece_moves",
            card=moved["card"],
            cell=label(engine, here - 1, column),
            to=label(engine, here, column),
        )
    cells[row][column] = None
    return leaving


def _settle(engine: Engine, column: int) -> None:
    """Pack a column toward its packing row again (after a piece entered mid-column)."""
    pack, cells = engine.data.zones.grid.pack, _board(engine)["cells"]
    if pack is None:
        return
    rows = list(_open(engine)) if pack == 0 else list(_open(engine))[::-1]
    kept = [cells[r][column] for r in rows if cells[r][column] is not None]
    for r in rows:
        cells[r][column] = kept.pop(0) if kept else None


def place_below(engine: Engine, frame: Frame) -> None:
    """Pick the piece; the new card into the cell below it (pushing, with `push`); a
    piece pushed out (or the new card, below the last row) then runs its `on_leave`."""
    if frame.get("done"):
        engine.finish(frame)
        return
    deck, name = frame["args"][:2]
    pid = _pick(engine, frame, name)
    if pid is NO_ANSWER:
        return
    found = _find(engine, pid) if pid is not None else None
    if found is None:
        engine.finish(frame, False)
        return
    row, column, _ = found
    below, cells = _below(engine, row), _board(engine)["cells"]
    free = below is not None and cells[below][column] is None
    push = len(frame["args"]) > 2
    card = decks._top(engine, deck, frame["seat"]) if free or push else None
    if card is None:
        engine.finish(frame, False)
        return
    piece = _new_piece(engine, card)
    frame["done"] = True
    if below is None:
        engine.log("piece_no_cell", card=card, cell=label(engine, row, column))
        _discard(engine, card)
        _run(engine, frame["seat"], piece, "on_leave", column)
        return
    leaving = None if free else _push_down(engine, below, column)
    cells[below][column] = piece
    engine.log("piece_enters", card=card, cell=label(engine, below, column))
    _settle(engine, column)
    if leaving is not None:
        _run(engine, frame["seat"], leaving, "on_leave", column)


def can_place_below(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    cells = _board(engine)["cells"]

    def room(row: int, column: int) -> bool:
        below = _below(engine, row)
        return len(args) > 2 or (below is not None and cells[below][column] is None)

    found = best(engine, args[1], ctx)
    return any(room(r, c) for r, c, _ in found) and decks.can_draw(engine, seat, args[:1], ctx)


def heal(engine: Engine, frame: Frame) -> None:
    amount, name = frame["args"]
    pid = _pick(engine, frame, name)
    if pid is NO_ANSWER:
        return
    found = _find(engine, pid) if pid is not None else None
    if found is not None:
        row, column, piece = found
        taken = min(amount, piece["damage"])
        piece["damage"] -= taken
        if taken:
            life = engine.data.zones.pieces[piece["card"]].life
            cell = label(engine, row, column)
            engine.log(
                "piece_healed",
                card=piece["card"],
                cell=cell,
                amount=taken,
                damage=piece["damage"],
                life=life,
            )
    engine.finish(frame, found is not None)


def activate(engine: Engine, frame: Frame) -> None:
    """Every piece with an `activation` effect, in reading order as they stood when it
    began: each carries it out once; one gone before its turn is passed over."""
    queue = frame.get("queue")
    if queue is None:
        queue = frame["queue"] = [
            p["id"]
            for _, _, p in _pieces(engine)
            if _effect(engine, p["card"], "activation") is not None
        ]
    while queue:
        found = _find(engine, queue.pop(0))
        if found is None:
            continue
        row, column, piece = found
        engine.log("piece_activates", card=piece["card"], cell=label(engine, row, column))
        _run(engine, frame["seat"], piece, "activation", column)
        return
    engine.finish(frame)


def move_token_to(engine: Engine, frame: Frame) -> None:
    """The seat chooses another column for the token."""
    token = frame["args"][0]
    tokens = _board(engine)["tokens"]
    to = take_answer(frame)
    if to is NO_ANSWER:
        options = [
            (f"column:{c}", (WAY_OPTION, None, 1, (("column", str(c)),)), c)
            for c in range(1, engine.data.zones.grid.columns + 1)
            if c != tokens[token]
        ]
        if not options:
            engine.finish(frame, False)
            return
        prompt = (CHOOSE_COLUMN, None, 1, (("token", engine.data.text.word(token)),))
        to = engine.ask_or_force(frame["seat"], "choose_column", prompt, options)
        if to is NO_ANSWER:
            return
    tokens[token] = to
    engine.log("token_moves", token=token, column=to)
    engine.finish(frame)


def can_move_token_to(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return engine.data.zones.grid.columns > 1


def facing(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    """The piece whose effect runs stands (or last stood) within `distance` columns of
    the token's column; False about no piece."""
    token, distance = args
    found = _find(engine, ctx["piece"]) if "piece" in ctx else None
    column = found[1] if found is not None else ctx.get("column")
    if column is None:
        return False
    return abs(_board(engine)["tokens"][token] - 1 - column) <= distance


def _nothing(engine: Engine, frame: Frame) -> None:
    """A condition run as an effect (a guard before `->`): its check was the point."""
    engine.finish(frame)


IMPLEMENTATIONS = {
    "place": Implementation(place, can_place),
    "fill": Implementation(fill),
    "shift": Implementation(shift),
    "close_row": Implementation(close_row, can_close),
    "move_token": Implementation(move_token, can_move_token),
    "move_piece": Implementation(move_piece, can_move_piece),
    "hit": Implementation(hit, can_select),
    "hit_all": Implementation(each, can_each),
    "defeat": Implementation(defeat, can_select),
    "remove": Implementation(remove, can_select),
    "defeat_all": Implementation(each, can_each),
    "attack": Implementation(attack, can_select),
    "present": Implementation(_nothing, can_select),
    "token_at": Implementation(_nothing, token_at),
    "place_above": Implementation(place_above, can_place_above),
    "place_below": Implementation(place_below, can_place_below),
    "heal": Implementation(heal, can_select),
    "activate": Implementation(activate),
    "move_token_to": Implementation(move_token_to, can_move_token_to),
    "facing": Implementation(_nothing, facing),
}
COUNTERS = {"its": its}


# ---- checks, views, words -----------------------------------------------------------
def opposition(engine: Engine) -> int:
    """The life the pieces on the grid have left, all together (0 without a grid)."""
    if "grid" not in engine.state:
        return 0
    pieces = engine.data.zones.pieces
    return sum(pieces[p["card"]].life - p["damage"] for _, _, p in _pieces(engine))


def on_board(engine: Engine) -> list[str]:
    """The cards on the grid (for the count of every card's copies)."""
    if "grid" not in engine.state:
        return []
    fronts = engine.data.fronts  # a piece showing its back is its front's card
    return [fronts.get(p["card"], p["card"]) for _, _, p in _pieces(engine)]


def invariants(engine: Engine) -> list[str]:
    """No piece in a closed row, damage below life, one id per piece, tokens on the grid,
    the line above exactly when the grid has one, a cell for each column."""
    if "grid" not in engine.state:
        return []
    board, spec, out = _board(engine), engine.data.zones.grid, []
    ids = [p["id"] for _, _, p in _pieces(engine)]
    if len(set(ids)) != len(ids):
        out.append("two pieces share an id")
    for row, column, piece in _pieces(engine):
        cell = label(engine, row, column)
        if 0 <= row < board["closed"]:
            out.append(f"piece {piece['card']} in the closed cell {cell}")
        life = engine.data.zones.pieces[piece["card"]].life
        if not 0 <= piece["damage"] < life:
            out.append(f"piece {piece['card']} in {cell} has {piece['damage']} damage of {life}")
    for token, column in board["tokens"].items():
        if not 1 <= column <= spec.columns:
            out.append(f"token {token} in column {column}, off the grid")
    above = board.get("above")
    if spec.above != (above is not None) or (above is not None and len(above) != spec.columns):
        out.append("the line above is not one cell per column of a grid that declares it")
    return out


def state_shape(data: Program, players: int) -> dict[str, dict]:
    """The schemas of the grid's places whatever set-up left in them: a cell holds a piece
    or nothing, the current source's tally is open."""
    if data.zones.grid is None:
        return {}
    count = {"type": "integer", "minimum": 0}
    piece = {
        "type": "object",
        "properties": {"id": count, "card": {"enum": sorted(data.zones.pieces)}, "damage": count},
        "required": ["id", "card", "damage"],
        "additionalProperties": False,
    }
    cell = {"anyOf": [{"type": "null"}, piece]}
    line = {"type": "array", "items": cell, "minItems": data.zones.grid.columns}
    line["maxItems"] = data.zones.grid.columns
    return {
        "grid.cells": {"type": "array", "items": line},
        "grid.above": line,
        "grid.tally": {"anyOf": [{"type": "null"}, {"type": "object"}]},
    }


def grid_text(engine: Engine) -> str:
    """The grid in lines of text (a person's view at the terminal): each row's cells,
    a piece by its noun and the damage marked on it (the line above, "^", just above the
    first open row), then the tokens' columns."""
    text, board = engine.data.text, _board(engine)

    def shown(row: list) -> str:
        return " | ".join(
            "-"
            if p is None
            else text.word(p["card"]) + (f" ({p['damage']})" if p["damage"] else "")
            for p in row
        )

    lines = []
    for r, (name, row) in enumerate(zip(engine.data.zones.grid.rows, board["cells"])):
        if r == board["closed"] and "above" in board:
            lines.append("\n  ^: " + shown(board["above"]))
        closed = " x" if r < board["closed"] else ""
        lines.append(f"\n  {name}{closed}: " + shown(row))
    for token, column in board["tokens"].items():
        lines.append("\n  " + text.fill(TOKEN_AT, {"token": text.word(token), "column": column}))
    return "".join(lines)


def narrate(event: dict, text: TextRenderer) -> str | None:
    """A line of the log for an event of the grid; None for any other event."""
    kind = event["event"]
    card = text.word(event["card"]) if "card" in event else ""
    values = {**{k: v for k, v in event.items() if k not in ("event", "turn")}, "card": card}
    for key in ("cell", "to"):  # the cells an event names, as players name them
        if isinstance(values.get(key), str):
            values[key] = text.render(cell_name(values[key]))
    templates = {
        "piece_enters": ENTERS,
        "piece_leaves": LEAVES,
        "piece_moves": MOVES,
        "piece_hit": HIT,
        "piece_shrugs": SHRUGS,
        "piece_defeated": DEFEATED,
        "piece_removed": REMOVED,
        "piece_attacks": ATTACKS,
        "piece_healed": HEALED,
        "piece_activates": ACTIVATES,
        "piece_no_cell": NO_CELL_BELOW,
        "grid_shift": SHIFTS,
        "row_closed": CLOSES,
    }
    if kind in templates:
        return text.fill(templates[kind], values)
    if kind == "token_moves":
        return text.fill(
            TOKEN_MOVES, {"token": text.word(event["token"]), "column": event["column"]}
        )
    return None
