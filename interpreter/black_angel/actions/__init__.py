"""The six actions of the Black Angel board: four kinds, each in its own module.

`ACTION_CAN[kind]` says whether a die of some value could do anything there;
`ACTION_OPS` are the frame operations that carry an action out.
"""

from __future__ import annotations

from . import command, destroy, discover, repair
from .activations import action_value

__all__ = ["ACTION_CAN", "ACTION_OPS", "action_value"]


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
