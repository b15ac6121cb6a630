"""Invariants that must hold after every step of every game.

Each card and tile lies in exactly one pile of the game's state layout (interpreter/
piles.py); the game module adds its own checks (`Game.invariants`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from .piles import items

if TYPE_CHECKING:
    from .engine import Engine


def problems(engine: Engine) -> list[str]:
    """Every broken invariant, as readable lines (empty when all hold)."""
    return conservation(engine) + engine.data.game.invariants(engine)


def conservation(engine: Engine) -> list[str]:
    """Every card and tile of the game is in exactly one place."""
    found: defaultdict[str, Counter] = defaultdict(Counter)
    for kind, item in items(engine.state, engine.data.game.piles):
        found[kind][item] += 1
    out = []
    for kind, everything in engine.data.items().items():
        counted = found[kind]
        if len(counted) == len(everything) and set(counted.values()) <= {1}:
            if counted.keys() == set(everything):
                continue
        known = set(everything)
        missing = [i for i in everything if counted[i] == 0]
        twice = [i for i, n in counted.items() if n > 1]
        unknown = [i for i in counted if i not in known]
        if missing or twice or unknown:
            out.append(
                f"{kind}: {sum(counted.values())} instead of {len(everything)}; "
                f"missing {missing[:5]}, twice {twice[:5]}, unknown {unknown[:5]}"
            )
    return out
