"""Activations: how many a die gives on an action, and whether the player may stop early."""

from __future__ import annotations

from ..tables import Engine


def action_value(engine: Engine, number: int, value: int) -> int:
    """A die's activations on an action: less on a fully damaged action (0 stays 0)."""
    numbers = engine.data.numbers
    damaged = engine.state["actions"][number - 1]["damage"] >= numbers["board.damage_spaces"]
    if damaged and value > 0:
        return max(0, value - numbers["board.damage_penalty"])
    return value


def may_stop(engine: Engine) -> bool:
    """Whether an action may end with activations left (the ruling action_activations)."""
    return engine.ruling("action_activations") == "may_stop"
