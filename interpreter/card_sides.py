"""Two-sided cards (dsl/card_sides.py): `turn_over SELECTOR` turns a piece of the grid to
its other side. The piece stays where it is with its damage and its id (a shield's tally
of the current source goes on counting); it now shows the other card: its noun, life,
numbers, marks and effects. If its damage reaches the new side's life, it is defeated
(the new side's `defeat` runs). The copy counted in the decks is always the front: a
piece showing its back is discarded as its front (interpreter/zones.py `_discard`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dsl.card_sides import backs
from ..dsl.i18n import N_
from . import zones
from .game import NO_ANSWER, Frame, Implementation, take_answer

if TYPE_CHECKING:
    from ..dsl.compiler import RuleSet
    from ..dsl.text import TextRenderer
    from .engine import Engine, Seat

TURNED = N_("  {card} in {cell} is turned over: now {side}")


def tables(ruleset: RuleSet) -> tuple[dict[str, str], dict[str, str]]:
    """The other side of every two-sided card (both ways), and the front of each back."""
    fronts = backs(ruleset.of_kind("card"))
    other = {**fronts, **{front: back for back, front in fronts.items()}}
    return other, fronts


def _turnable(engine: Engine, name: str, ctx: dict) -> list[tuple[int, int, dict]]:
    """The pieces the selector may pick that have another side."""
    sides = engine.data.sides
    return [found for found in zones.best(engine, name, ctx) if found[2]["card"] in sides]


def _pick(engine: Engine, frame: Frame) -> Any:
    """The id of the piece to turn (the seat deciding a tie), None when there is none,
    NO_ANSWER while the seat has not answered."""
    answer = take_answer(frame)
    if answer is not NO_ANSWER:
        return answer
    name = frame["args"][0]
    found = _turnable(engine, name, frame["ctx"])
    if not found:
        return None
    text = engine.data.text
    options = [
        (
            f"cell:{zones.label(engine, r, c)}",
            (
                zones.PIECE_OPTION,
                None,
                1,
                (("card", text.word(p["card"])), ("cell", zones.label(engine, r, c))),
            ),
            p["id"],
        )
        for r, c, p in found
    ]
    prompt = (zones.CHOOSE_PIECE, None, 1, (("selector", text.word(name)),))
    return engine.ask_or_force(frame["seat"], "choose_piece", prompt, options)


def turn_over(engine: Engine, frame: Frame) -> None:
    if frame.get("done"):
        engine.finish(frame)
        return
    pid = _pick(engine, frame)
    if pid is NO_ANSWER:
        return
    frame["done"] = True
    found = zones._find(engine, pid) if pid is not None else None
    if found is None:
        engine.finish(frame, False)
        return
    row, column, piece = found
    before, piece["card"] = piece["card"], engine.data.sides[piece["card"]]
    cell = zones.label(engine, row, column)
    engine.log("piece_turned", card=before, cell=cell, side=piece["card"])
    if piece["damage"] >= engine.data.zones.pieces[piece["card"]].life:
        zones._defeat(engine, frame["seat"], pid)


def can_turn_over(engine: Engine, seat: Seat, args: tuple, ctx: dict) -> bool:
    return bool(_turnable(engine, args[0], ctx))


IMPLEMENTATIONS = {"turn_over": Implementation(turn_over, can_turn_over)}


def narrate(event: dict, text: TextRenderer) -> str | None:
    if event["event"] != "piece_turned":
        return None
    values = {
        "card": text.word(event["card"]),
        "cell": text.render(zones.cell_name(event["cell"])),
        "side": text.word(event["side"]),
    }
    return text.fill(TURNED, values)
