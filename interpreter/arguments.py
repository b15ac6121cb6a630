"""The Python API checks its arguments: a bad seed, player count, ruling or variant is a
clear exception of the project's own family (dsl/errors.py), raised before anything is
set up, never a crash later or a game played with rules nobody asked for."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..dsl.diagnostics import did_you_mean
from ..dsl.errors import ArgumentError
from .program import Program
from .rulings import RulingError

# The seeds a person types (ba play/simulate --seed, the web's start page): one rule for
# both. The API takes any whole number (the generator folds it to 64 bits).
MAX_SEED = 2**63 - 1
SEEDS = f"a whole number from 0 to {MAX_SEED}"


class VariantError(ArgumentError):
    """A variant the rules do not declare."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_arguments(
    data: Program, players: Any, seed: Any, rulings: Any, variants: Any
) -> list[str]:
    """Raise ArgumentError (RulingError, VariantError) for a bad argument of
    `Engine.new_game`; return the variants, sorted, each once."""
    if not isinstance(data, Program):
        raise ArgumentError(
            f"data must be a built Program (program.build), not {type(data).__name__}"
        )
    if not _whole(seed):
        raise ArgumentError(f"seed must be a whole number, not {seed!r}")
    counts = data.player_counts()
    if not _whole(players) or players not in counts:
        listed = ", ".join(map(str, counts)) or "none"
        raise ArgumentError(f"players={players!r}: these rules can be played by {listed} players")
    if rulings is not None:
        if not isinstance(rulings, Mapping):
            raise RulingError(f"rulings must map ruling names to options, not {rulings!r}")
        for name, option in rulings.items():
            if not isinstance(name, str) or name not in data.rulings:
                hint = did_you_mean(str(name), data.rulings) or "see `ba rulings`"
                raise RulingError(f"unknown ruling {name!r}; {hint}")
            options = data.rulings[name].options
            if not isinstance(option, str) or option not in options:
                hint = did_you_mean(str(option), options) or "options: " + ", ".join(options)
                raise RulingError(f"ruling {name} has no option {option!r}; {hint}")
    if isinstance(variants, (str, bytes)) or not isinstance(variants, Iterable):
        raise VariantError(f"variants must be a list of names, not {variants!r}")
    given = list(variants)
    if not all(isinstance(v, str) for v in given):
        raise VariantError(f"variants must be names, not {given!r}")
    chosen = sorted(set(given))
    for variant in chosen:
        if variant not in data.variants:
            known = ", ".join(data.variants) or "none"
            raise VariantError(f"the rules have no variant '{variant}' (variants: {known})")
    return chosen
