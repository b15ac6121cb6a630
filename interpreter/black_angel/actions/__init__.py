"""The six actions of the Black Angel board: four kinds, each in its own module.

`ACTION_CAN[kind]` says whether a die of some value could do anything there;
`ACTION_OPS` are the frame operations that carry an action out.
"""

from __future__ import annotations

from ..tables import Engine
from . import command, destroy, discover, repair


def action_value(engine: Engine, number: int, value: int) -> int:
    """A die's activations on an action: less on a fully damaged action (0 stays 0)."""
    numbers = engine.data.numbers
    damaged = engine.state["actions"][number - 1]["damage"] >= numbers["board.damage_spaces"]
    if damaged and value > 0:
        return max(0, value - numbers["board.damage_penalty"])
    return value


ACTION_CAN = {
    "discover": discover.can_discover,
    "repair": repair.can_repair,
    "destroy": destroy.can_destroy,
    "command": command.can_command,
}

ACTION_OPS = {
    "action_discover": discover.action_discover,
    "action_repair": repair.action_repair,
    "action_destroy": destroy.action_destroy,
    "action_command": command.action_command,
}
