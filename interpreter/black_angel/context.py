"""What a person reads beside a decision, besides its prompt and options: a line of
context (which piece, from where; what sequence A and B are) and, per option, the card
or tile it names, that card's effect in a few words, and the places on the table it
would touch (a card played beside a row or column: the tiles it would activate).
Reached through the game's `explain` hook, so the web table names no game.

The card an option names is read off the option's own text (its `card` and `tile`
values: labels.py), so every decision that names a card shows it, whatever its kind.
"""

from __future__ import annotations

from typing import Any

from ...dsl.i18n import N_
from ..engine import Decision
from . import labels
from .boosts import boost_up
from .faces import effect_words
from .grid import activated_by, line_cells
from .labels import later
from .tables import Engine

SEQUENCES = N_(
    "Your turn is sequence A (play a card, act with a die, draw) or sequence B (reroll, "
    "reset your board, move the Black Angel)."
)
SEQUENCE_A = N_(
    "you may play a card beside your grid, then use a die for an action, then draw a "
    "mission card of the die's colour"
)
SEQUENCE_B = N_(
    "lose VP for the dice you still have, roll one die per robot at a workstation, "
    "discard the cards around your board, and move the Black Angel"
)
SHIP_MOVES = N_("Your ship at {hex} moves with a die of value {value}.")
NEW_SHIP_MOVES = N_("A new ship, launched at {hex}, moves with a die of value {value}.")
PLACE_AT = N_("Your ship landed on hex {hex}.")
ACTIVATES = N_("activates {tiles}")
ACTIVATES_NOTHING = N_("activates no tile")
IF_FLIPPED = N_("{tiles} only if flipped to the standard side first")
SEQUENCE_EFFECTS = {"sequence_a": SEQUENCE_A, "sequence_b": SEQUENCE_B}
# what a die does on each kind of action (its value: activations, hexes, cubes, ravagers)
ACTION_EFFECTS = {
    "discover": N_("take tiles from the display or the advanced tiles, up to {value} activations"),
    "command": N_(
        "launch a ship or move one of yours up to {value} hexes, then you may place a "
        "mission card where it ends"
    ),
    "repair": N_("remove up to {value} damage cubes from actions or dice"),
    "destroy": N_("destroy up to {value} ravagers attacking the actions"),
}
NAMED = ("card", "tile")  # the values of a label that name a card or a tile


def explain(engine: Engine, decision: Decision) -> dict[str, Any]:
    """{"context": a line or None, "options": {option id: {"card", "effect", "marks"}}}:
    the card an option names (None: none), its effect or the option's (None: obvious),
    and the data-targets of the places it touches."""
    data = engine.data
    text = data.text
    pending = engine.state["pending"]
    context = None
    options: dict[str, dict[str, Any]] = {}
    ids = [o[0] for o in pending["options"]]
    if set(SEQUENCE_EFFECTS) <= set(ids):
        context = text._(SEQUENCES)
    elif decision.kind in ("move", "place_card"):
        context = _ship_line(engine)
    named = _named(engine, pending["prompt"])
    for option_id, label, value in pending["options"]:
        card = _named(engine, label)
        if card == named:  # the decision's card, shown once beside the prompt
            card = None
        effect = effect_words(data, card) if card else None
        marks: list[str] = []
        if option_id in SEQUENCE_EFFECTS:
            effect = text._(SEQUENCE_EFFECTS[option_id])
        elif option_id.startswith("action:") and decision.kind == "choose_use":
            effect = _action_effect(engine, int(option_id.split(":")[1]), label)
        elif decision.kind == "play_card":
            (kind, card), slot = value
            effect, marks = _preview(engine, decision.player, kind, card, slot)
            if kind == "mission":
                effect = f"{effect_words(data, card)} · {effect}"
        options[option_id] = {"card": card, "effect": effect, "marks": marks}
    return {"context": context, "card": named, "options": options}


def _action_effect(engine: Engine, number: int, label: Any) -> str | None:
    """What using a die on action `number` does, with the value the option names."""
    kind = engine.data.actions[number][1]
    values = dict(label[3]) if isinstance(label, tuple) and len(label) == 4 else {}
    if kind not in ACTION_EFFECTS or "value" not in values:
        return None
    return engine.data.text.fill(ACTION_EFFECTS[kind], {"value": values["value"]})


def _named(engine: Engine, said: Any) -> str | None:
    """The first card or tile id among a text's values (a text not rendered yet is a
    tuple: template, name, n, (key, value) pairs; see labels.later)."""
    if not isinstance(said, tuple) or len(said) != 4:
        return None
    data = engine.data
    for key, value in said[3]:
        if key in NAMED and isinstance(value, str):
            if value in data.missions or value in data.tiles or value in data.ravagers:
                return value
        found = _named(engine, value)
        if found is not None:
            return found
    return None


def _preview(engine: Engine, seat: int, kind: str, card: str, slot: int) -> tuple[str, list[str]]:
    """What playing `card` beside `slot` would activate (grid.play_card's rule), in words,
    and the cells it marks."""
    data = engine.data
    text = data.text
    grid = engine.state["players"][seat]["grid"]
    colour = data.missions[card].color if kind == "mission" else None
    cells = [
        cell
        for cell in line_cells(data.grid_size, slot)
        if grid[cell] is not None and activated_by(engine, grid[cell], colour)
    ]
    now = [c for c in cells if not boost_up(engine, grid[c])]
    later_ = [c for c in cells if boost_up(engine, grid[c])]
    parts = []
    if now:
        parts.append(text.fill(ACTIVATES, {"tiles": _tiles(engine, grid, now)}))
    if later_:
        parts.append(text.fill(IF_FLIPPED, {"tiles": _tiles(engine, grid, later_)}))
    said = "; ".join(parts) if parts else text._(ACTIVATES_NOTHING)
    return said, [f"cell:{c}" for c in cells]


def _tiles(engine: Engine, grid: list, cells: list[int]) -> str:
    text = engine.data.text
    return text.join(
        [text.render(later(labels.TILE_IN_CELL, ("tile", grid[c]), ("cell", c + 1))) for c in cells]
    )


def _ship_line(engine: Engine) -> str | None:
    """Which ship a command moves, from where; or where it landed (the command frame)."""
    frame = engine.state["stack"][-1]
    if frame.get("stage") == "place" and "at" in frame:
        return engine.data.text.fill(PLACE_AT, {"hex": frame["at"]})
    if "start" not in frame or "value" not in frame:
        return None
    template = NEW_SHIP_MOVES if frame.get("from") is None else SHIP_MOVES
    return engine.data.text.fill(template, {"hex": frame["start"], "value": frame["value"]})
