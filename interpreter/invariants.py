"""Invariants that must hold after every step of every game.

Each card and tile lies in exactly one pile of the game's state layout (interpreter/
piles.py); the game module adds its own checks (`Game.invariants`).
"""

from __future__ import annotations

from collections import Counter

from .engine import Engine
from .piles import places


def problems(engine: Engine) -> list[str]:
    """Every broken invariant, as readable lines (empty when all hold)."""
    return conservation(engine) + engine.data.game.invariants(engine)


def conservation(engine: Engine) -> list[str]:
    """Every card and tile of the game is in exactly one place."""
    found: dict[str, Counter] = {}
    for _, kind, item, _ in places(engine.state, engine.data.game.piles):
        found.setdefault(kind, Counter())[item] += 1
    out = []
    for kind, everything in engine.data.items().items():
        counted = found.get(kind, Counter())
        missing = [i for i in everything if counted[i] == 0]
        twice = [i for i, n in counted.items() if n > 1]
        unknown = [i for i in counted if i not in set(everything)]
        if missing or twice or unknown:
            out.append(
                f"{kind}: {sum(counted.values())} instead of {len(everything)}; "
                f"missing {missing[:5]}, twice {twice[:5]}, unknown {unknown[:5]}"
            )
    return out
