"""The technology display and the advanced slots: what a tile costs, and new tiles
pushed in at the display's start."""

from __future__ import annotations

from .boosts import comes_into_view, leaves_play
from .tables import Engine


def tile_cost(engine: Engine, position: int) -> int:
    """Activations a display tile costs: more on the first spaces."""
    numbers = engine.data.numbers
    if position < numbers["board.display_expensive"]:
        return numbers["board.expensive_tile_cost"]
    return numbers["board.tile_cost"]


def advanced_cost(engine: Engine) -> int:
    return engine.data.numbers["board.advanced_cost"]


def display_push(engine: Engine, tile: str) -> None:
    """A new tile enters the display at its start; the push stops at the first gap."""
    display = engine.state["display"]
    comes_into_view(engine, tile)
    carried: str | None = tile
    gap_stops = engine.ruling("push_gaps") == "gap_stops"
    for i in range(len(display)):
        carried, display[i] = display[i], carried
        if carried is None and gap_stops:
            break
    if carried is not None:
        leaves_play(engine, carried)
        engine.state["tile_discard"].append(carried)
    engine.log("display_in", tile=tile)
